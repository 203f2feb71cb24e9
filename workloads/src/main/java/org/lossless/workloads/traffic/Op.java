package org.lossless.workloads.traffic;

/**
 * The RDMA operation a message is posted as. For {@link #WRITE} and {@link #SEND} the payload crosses
 * the connection from its source (the requester) to its destination; for {@link #READ} the requester
 * (the connection's source) sends a small read request and the payload comes back from the destination.
 */
public enum Op {
    /** RDMA WRITE: a RETH on the first packet, no receive WQE consumed. */
    WRITE,
    /** SEND: consumes a receive WQE at the destination (e.g. an NVMe-oF capsule or completion). */
    SEND,
    /** RDMA READ: request from the source, response data from the destination. */
    READ;

    /** Lower-case name as in result files ({@code write}, {@code send}, {@code read}). */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
