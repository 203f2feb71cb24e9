package org.lossless.workloads.training;

import java.util.Locale;

/**
 * Which parallelism a communication node serves, for the iteration's breakdown (exposed time and busbw per
 * kind). A trace reader that cannot tell uses {@link #OTHER}.
 */
public enum CommKind {
    /** Tensor parallelism: all-reduce (or reduce-scatter + all-gather) inside a layer. */
    TP,
    /** Pipeline parallelism: activations and gradients between stages. */
    PP,
    /** Data parallelism: gradient reduction, ZeRO parameter all-gathers. */
    DP,
    /** Expert parallelism: MoE all-to-all dispatch and combine. */
    EP,
    /** Anything else a trace holds. */
    OTHER;

    /** Lower-case name as in result files ({@code tp}, {@code pp}, ...). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
