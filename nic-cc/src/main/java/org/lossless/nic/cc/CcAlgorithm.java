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

    /** Receiver state for a new QP (what its receiver echoes), or null when the receiver echoes nothing. */
    CongestionEcho newEcho();

    /** Whether receivers echo something ({@link #newEcho()} is not null). */
    default boolean echoes() {
        return true;
    }
}
