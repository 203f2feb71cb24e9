package org.lossless.nic.dcqcn;

/**
 * Order of the reaction point's operations on congestion (reference dcqcn.md §3.5).
 */
public enum Order {
    /** CoNEXT'16 Eq. 1: R_T := R_C, cut with the current alpha, then alpha := (1-g)alpha + g; alpha decays every tau' without CNP. */
    PAPER,
    /** DCQCN authors' ns-3: alpha updated first, then the cut with the new alpha. */
    ALPHA_FIRST,
    /** Mellanox firmware / HPCC simulator: alpha on its own periodic timer, cuts at decrease-window ticks. */
    TIMER_DRIVEN;

    /** The scenario spelling, e.g. {@code timer_driven}. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
