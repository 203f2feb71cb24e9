package org.lossless.nic.cc;

/**
 * One congestion-control algorithm with its parameters, at one NIC's line rate: makes the per-QP sender
 * and receiver state. The NIC asks for it by name (a {@code org.lossless.nic.CcFactory}) and knows nothing else about it.
 */
public interface CcAlgorithm {
    /** The name as in {@code nic.cc} ({@code dcqcn}, {@code none}, ...). */
    String name();

    /** Sender state for a new QP of a NIC. */
    CongestionControl newSender();

    /**
     * Whether a sender needs its QP's path ({@link #newSender(long, int)}): its base RTT and switch count, which
     * the NIC then computes once per QP from the topology.
     */
    default boolean needsPath() {
        return false;
    }

    /**
     * Sender state for a new QP whose path has base RTT {@code baseRttPs} (a full-MTU packet out and its ACK
     * back in the empty network, ps) and crosses {@code switches} switches; only when {@link #needsPath()}.
     */
    default CongestionControl newSender(long baseRttPs, int switches) {
        return newSender();
    }

    /** Receiver state for a new QP (what its receiver echoes), or null when the receiver echoes nothing. */
    CongestionEcho newEcho();

    /** Whether receivers echo something ({@link #newEcho()} is not null). */
    default boolean echoes() {
        return true;
    }
}
