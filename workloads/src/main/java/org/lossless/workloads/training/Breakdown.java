package org.lossless.workloads.training;

import java.util.Arrays;

/**
 * Where an iteration's time went on a rank's GPU (or the mean over ranks): compute, communication that held the
 * GPU up (exposed: the compute stream was idle waiting for it) per {@link CommKind}, and bubble (the compute stream
 * was idle waiting for another rank: pipeline fill and drain, a slower member of a collective, the end of the
 * iteration on other ranks). The parts add up to the iteration's duration.
 *
 * @param computePs  time the compute stream was busy, ps
 * @param exposedPs  exposed communication per kind (indexed by {@link CommKind#ordinal()}), ps
 * @param bubblePs   idle time waiting for other ranks, ps
 */
public record Breakdown(long computePs, long[] exposedPs, long bubblePs) {
    public Breakdown {
        exposedPs = exposedPs.clone();
        if (exposedPs.length != CommKind.values().length) {
            throw new IllegalArgumentException("one exposed time per communication kind expected");
        }
        if (computePs < 0 || bubblePs < 0 || Arrays.stream(exposedPs).anyMatch(v -> v < 0)) {
            throw new IllegalArgumentException("times must be >= 0 ps: compute " + computePs + ", exposed "
                    + Arrays.toString(exposedPs) + ", bubble " + bubblePs);
        }
    }

    /** Exposed communication of kind {@code k}, ps. */
    public long exposedPs(CommKind k) {
        return exposedPs[k.ordinal()];
    }

    @Override
    public long[] exposedPs() {
        return exposedPs.clone();
    }

    /** Exposed communication of every kind, ps. */
    public long exposedTotalPs() {
        return Arrays.stream(exposedPs).sum();
    }

    /** compute + exposed + bubble, ps. */
    public long totalPs() {
        return computePs + exposedTotalPs() + bubblePs;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Breakdown b && b.computePs == computePs && b.bubblePs == bubblePs
                && Arrays.equals(b.exposedPs, exposedPs);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(computePs) * 31 + Long.hashCode(bubblePs) * 17 + Arrays.hashCode(exposedPs);
    }

    @Override
    public String toString() {
        return "Breakdown[compute " + computePs + ", exposed " + Arrays.toString(exposedPs) + ", bubble " + bubblePs + "]";
    }
}
