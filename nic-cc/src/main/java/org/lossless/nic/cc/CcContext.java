package org.lossless.nic.cc;

/**
 * What an algorithm may know of the NIC it runs on when it is made.
 *
 * @param lineRateBps     the NIC's line rate, bps (&gt; 0)
 * @param mtu             RDMA payload per full packet, bytes (&gt; 0)
 * @param packetWireBytes a full-MTU packet's bytes on the wire (headers, FCS, preamble and gap), &ge; mtu
 */
public record CcContext(long lineRateBps, int mtu, int packetWireBytes) {
    public CcContext {
        if (lineRateBps <= 0 || mtu <= 0 || packetWireBytes < mtu) {
            throw new IllegalArgumentException("bad NIC context: rate " + lineRateBps + " bps, mtu " + mtu
                    + " B, packet " + packetWireBytes + " B on the wire");
        }
    }
}
