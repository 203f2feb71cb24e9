package org.lossless.verbs.model;

/**
 * Goodput of RDMA WRITE messages on a RoCEv2 link that nothing else slows down: every packet carries at
 * most one MTU of payload plus a fixed per-packet overhead on the wire, and the first packet of each
 * message also carries the 16-byte RETH.
 *
 * <p>Per-packet overhead, IPv4 without VLAN: preamble+SFD 8, inter-frame gap 12, Ethernet 14, FCS 4,
 * IPv4 20, UDP 8, BTH 12, ICRC 4 = {@value #ROCEV2_IPV4} bytes; a VLAN tag adds 4, IPv6 adds 20. The
 * simulator charges the same bytes (docs/model.md), so a measurement below this model points at a host
 * limit (PCIe, memory, message rate), not at the network.
 *
 * @param lineRateBps          link rate, bits/s
 * @param mtu                  path MTU payload, bytes (256..4096 for RoCE)
 * @param perPacketBytes       wire overhead per packet, bytes
 * @param firstPacketExtra     extra bytes on a message's first packet (RETH: 16 for WRITE, 0 for SEND)
 */
public record GoodputModel(long lineRateBps, int mtu, int perPacketBytes, int firstPacketExtra) {
    /** RoCEv2 over IPv4, no VLAN: 82 bytes per packet. */
    public static final int ROCEV2_IPV4 = 82;
    /** A VLAN tag. */
    public static final int VLAN = 4;
    /** IPv6 instead of IPv4. */
    public static final int IPV6_EXTRA = 20;
    /** The RDMA extended transport header on a WRITE's first packet. */
    public static final int RETH = 16;

    public GoodputModel {
        if (lineRateBps <= 0 || mtu <= 0 || perPacketBytes < 0 || firstPacketExtra < 0) {
            throw new IllegalArgumentException("goodput model needs a positive rate and MTU and non-negative overheads");
        }
    }

    /** RDMA WRITE over IPv4 without VLAN. */
    public static GoodputModel write(long lineRateBps, int mtu) {
        return new GoodputModel(lineRateBps, mtu, ROCEV2_IPV4, RETH);
    }

    /** Goodput of back-to-back messages of {@code messageBytes}, bits/s. */
    public double goodputBps(long messageBytes) {
        if (messageBytes <= 0) {
            throw new IllegalArgumentException("message size must be > 0, got " + messageBytes);
        }
        long packets = (messageBytes + mtu - 1) / mtu;
        double wire = messageBytes + packets * (double) perPacketBytes + firstPacketExtra;
        return lineRateBps * (messageBytes / wire);
    }

    /** The large-message limit: line rate x M / (M + overhead), bits/s. */
    public double plateauBps() {
        return lineRateBps * ((double) mtu / (mtu + perPacketBytes));
    }

    /**
     * The per-packet overhead a measured goodput implies for messages of {@code messageBytes} (the RETH of the
     * first packet taken as known), bytes. 82 on an unimpeded IPv4 RoCEv2 link; more means a host limit.
     */
    public double impliedPerPacketBytes(long messageBytes, double measuredBps) {
        long packets = (messageBytes + mtu - 1) / mtu;
        double wire = messageBytes * (lineRateBps / measuredBps);
        return (wire - messageBytes - firstPacketExtra) / packets;
    }
}
