package org.lossless.nic.dcqcn;

/**
 * What the first CNP of a QP does in order {@link Order#TIMER_DRIVEN} (the one that starts its
 * timers), when {@code rate_on_first_cnp} is 0 (reference dcqcn.md §3.2, §3.5).
 */
public enum FirstCnpCut {
    /** Cut at once with the initial alpha; later CNPs cut at decrease-window ticks. */
    IMMEDIATE,
    /**
     * No cut now: alpha := initial alpha, and the cut comes at the first decrease tick (profiles mlx5, whose
     * firmware reduces "at the beginning of the next rate_reduce_monitor_period", and hpcc2019).
     */
    NEXT_WINDOW;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
