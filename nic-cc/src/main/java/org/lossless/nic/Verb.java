package org.lossless.nic;

/**
 * The RDMA operation a message is posted as and a {@link Flow} is (the NIC's view of a work request): what goes
 * on the wire and who sends the payload. Workloads post with it too (one enum from the traffic program to the
 * wire). For WRITE and SEND the payload crosses from the requester (the connection's source) to its destination;
 * for READ the requester sends a small request and the payload comes back from the destination.
 */
public enum Verb {
    /** RDMA WRITE: payload from the requester; the first packet of each QP's part carries a 16 B RETH. */
    WRITE,
    /** SEND: payload from the requester, no RETH. */
    SEND,
    /**
     * RDMA READ: the requester sends one request packet (78 B frame, RETH, no payload); the responder sends
     * the payload back as read-response packets (AETH on the first and the last), paced by its own QP.
     */
    READ;

    /** Lower-case name as in result files ({@code write}, {@code send}, {@code read}). */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
