package org.lossless.experiments.metrics;

/**
 * The Ultra Ethernet and link-level retry counters of one run, summed over the fabric ({@code summary.json}
 * {@code uet} and {@code llr}, the console's fabric line, the report's key figures).
 *
 * @param uet              whether the run used the UET transport or trimming (the {@code uet} section is written)
 * @param trimsLastHop     frames trimmed at switch ports facing a host (incast at the receiver's link)
 * @param trimsInNetwork   frames trimmed at switch ports facing a switch (fabric congestion)
 * @param trimNacks        NACKs receivers sent for trimmed packets (one per trimmed header that arrived)
 * @param creditGrants     RCCC credit grants receivers sent
 * @param creditStalls     times a sending QP spent its last RCCC credit with data left, and so waited for a grant
 * @param llr              whether links run frame errors or link-level retry (the {@code llr} section is written)
 * @param llrCorrupted     frames corrupted on the wire (summed over link directions)
 * @param llrReplayed      frames delivered late by a link-level retry (the bad one and those behind it)
 * @param llrMaxRecoveryPs longest time from a bad frame's first arrival to its good copy, over all links, ps
 * @param cbfc             credit-based flow control's counters, or null when no class ran it
 */
public record UetCounters(boolean uet, long trimsLastHop, long trimsInNetwork, long trimNacks, long creditGrants,
                          long creditStalls, boolean llr, long llrCorrupted, long llrReplayed, long llrMaxRecoveryPs,
                          CbfcCounters cbfc) {
    /** Neither UET nor LLR in the run: nothing written. */
    public static final UetCounters NONE = new UetCounters(false, 0, 0, 0, 0, 0, false, 0, 0, 0);

    /** Without CBFC. */
    public UetCounters(boolean uet, long trimsLastHop, long trimsInNetwork, long trimNacks, long creditGrants,
                       long creditStalls, boolean llr, long llrCorrupted, long llrReplayed, long llrMaxRecoveryPs) {
        this(uet, trimsLastHop, trimsInNetwork, trimNacks, creditGrants, creditStalls, llr, llrCorrupted, llrReplayed,
                llrMaxRecoveryPs, null);
    }

    public UetCounters {
        if (trimsLastHop < 0 || trimsInNetwork < 0 || trimNacks < 0 || creditGrants < 0 || creditStalls < 0
                || llrCorrupted < 0 || llrReplayed < 0 || llrMaxRecoveryPs < 0) {
            throw new IllegalArgumentException("UET and LLR counters are never negative");
        }
    }

    /** Trims at every switch port. */
    public long trims() {
        return trimsLastHop + trimsInNetwork;
    }
}
