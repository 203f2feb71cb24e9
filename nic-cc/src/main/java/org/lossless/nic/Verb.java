package org.lossless.nic;

/**
 * The RDMA operation a {@link Flow} is (the NIC's view of a work request): what goes on the wire and who
 * sends the payload.
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
    READ
}
