package org.lossless.nic.dcqcn;

/**
 * How the notification point turns CE marks into CNPs (reference dcqcn.md §2).
 */
public enum CnpMode {
    /** NP coalescing: a CE packet yields a CNP at once unless one was sent for the QP in the last interval. */
    NP,
    /** NP coalescing, sampled: one CNP at the end of each interval window that saw a CE packet (authors' ns-3). */
    NP_SAMPLED,
    /** RP coalescing: every CE packet is reported (a CNP, or the CNP flag of its per-packet ACK). */
    RP;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
