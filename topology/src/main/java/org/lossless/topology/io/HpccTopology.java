package org.lossless.topology.io;

import java.util.Arrays;
import java.util.List;
import org.lossless.topology.Topology;

/**
 * An HPCC topology file read into a {@link Topology}, with what the graph does not hold: the
 * per-link packet error rate, and the warnings the import produced. Node ids are the file's ids.
 */
public final class HpccTopology {
    private final Topology topology;
    private final double[] errorRates;
    private final List<String> warnings;

    HpccTopology(Topology topology, double[] errorRates, List<String> warnings) {
        this.topology = topology;
        this.errorRates = errorRates.clone();
        this.warnings = List.copyOf(warnings);
    }

    public Topology topology() {
        return topology;
    }

    /** Receive-side packet loss probability of cable {@code cableIndex} (the file's {@code error_rate}). */
    public double errorRate(int cableIndex) {
        return errorRates[cableIndex];
    }

    /** Per-cable error rates, in cable order (a copy). */
    public double[] errorRates() {
        return errorRates.clone();
    }

    /** True if some link has a non-zero error rate. */
    public boolean hasLossyLinks() {
        return Arrays.stream(errorRates).anyMatch(e -> e > 0);
    }

    /** Things the file does that are legal for HPCC but worth telling the user. */
    public List<String> warnings() {
        return warnings;
    }
}
