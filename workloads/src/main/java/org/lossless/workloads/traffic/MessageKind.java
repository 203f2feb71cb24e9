package org.lossless.workloads.traffic;

import java.util.Locale;

/**
 * What a message carries, for the {@code kind} column of {@code flows.csv} and for every slowdown figure a
 * user reads first (those are over {@link #DATA} messages only).
 *
 * <p>The program that posts a message decides its kind, where it knows why it sends it: a collective's
 * clear-to-send, an NVMe-oF command or completion capsule, a storage acknowledgement are {@link #CONTROL};
 * the bytes the workload was asked to move are {@link #DATA}.
 */
public enum MessageKind {
    /** Bytes a workload posted as payload (a collective's slices, a storage I/O's data, a flow). */
    DATA,
    /** A protocol message: a handshake, a command, a completion or an acknowledgement. */
    CONTROL;

    private final String key = name().toLowerCase(Locale.ROOT);

    /** Lower-case name as in result files ({@code data}, {@code control}). */
    public String key() {
        return key;
    }
}
