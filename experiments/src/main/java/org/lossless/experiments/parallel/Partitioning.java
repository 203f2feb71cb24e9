package org.lossless.experiments.parallel;

import java.util.Arrays;

/**
 * A cut of a fabric into partitions.
 *
 * @param partOf      partition of each node, by node id
 * @param partitions  number of partitions (at least 1)
 * @param useful      how many partitions the fabric allows at most (its units: a switch with its hosts, more
 *                    when links too short for a window join their ends)
 * @param lookaheadPs the longest window: the smallest delay plus smallest-frame time of a cut link, ps
 *                    ({@code Long.MAX_VALUE} with one partition)
 * @param weights     expected load of each partition (port bandwidth, Gb/s)
 * @param note        why there are fewer partitions than asked for, or empty
 */
public record Partitioning(int[] partOf, int partitions, int useful, long lookaheadPs, long[] weights, String note) {
    public Partitioning {
        if (partitions < 1 || partitions > useful) {
            throw new IllegalArgumentException(partitions + " partitions of at most " + useful);
        }
        if (weights.length != partitions || lookaheadPs < 1) {
            throw new IllegalArgumentException(weights.length + " weights for " + partitions + " partitions, lookahead "
                    + lookaheadPs + " ps");
        }
        for (int p : partOf) {
            if (p < 0 || p >= partitions) {
                throw new IllegalArgumentException("partition " + p + " outside 0.." + (partitions - 1));
            }
        }
        partOf = partOf.clone();
        weights = weights.clone();
    }

    @Override
    public int[] partOf() {
        return partOf.clone();
    }

    @Override
    public long[] weights() {
        return weights.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Partitioning p && partitions == p.partitions && useful == p.useful
                && lookaheadPs == p.lookaheadPs && Arrays.equals(partOf, p.partOf) && Arrays.equals(weights, p.weights)
                && note.equals(p.note);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(partOf) * 31 + partitions;
    }

    @Override
    public String toString() {
        return partitions + " partitions of " + useful + " possible, lookahead " + lookaheadPs + " ps, loads "
                + Arrays.toString(weights) + (note.isEmpty() ? "" : ": " + note);
    }
}
