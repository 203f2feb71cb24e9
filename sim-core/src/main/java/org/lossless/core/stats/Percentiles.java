package org.lossless.core.stats;

import java.util.List;

/**
 * Percentiles of sorted values, in the three definitions Lossless's figures use; each is kept exactly as the
 * files that print it have always computed it, so results stay byte-identical.
 *
 * <ul>
 *   <li>{@link #nearestRank}: the p-th percentile of n values is the value at rank ceil(p/100 * n) (1-based), the
 *       smallest value such that at least p % of the values are &lt;= it; always one of the values (no
 *       interpolation), p = 100 the maximum. summary.json, the job and step summaries, the flow figures and the
 *       charts.</li>
 *   <li>{@link #nearestRankPerMille}: the same definition for a whole number of per-mille, in integer arithmetic
 *       (rank ceil(perMille * n / 1000) exactly, no floating-point rounding of p/100 * n): the operations'
 *       latencies of the storage and datacenter programs.</li>
 *   <li>{@link #floorRank}: element floor(n q) (0-based) of the sorted list, HPCC's {@code fct_analysis.py}
 *       definition: only for comparing with that paper's numbers, which were computed so.</li>
 * </ul>
 *
 * <p>Apache Commons Math's {@code Percentile} (estimation type R_1 is nearest rank) is not used: it copies and
 * sorts its input on each call and computes the rank in floating point in another order, so its answer could
 * differ in the last rank from the files already written.
 */
public final class Percentiles {
    private Percentiles() {
    }

    /**
     * @param sorted values in ascending order, at least one
     * @param p      percentile, 0 &lt; p &lt;= 100
     */
    public static double nearestRank(double[] sorted, double p) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + p);
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }

    /**
     * The nearest-rank percentile for {@code perMille}/1000 of the first {@code n} values (500 = median, 990 = p99,
     * 999 = p99.9, 1000 = max).
     *
     * @param sorted   {@code sorted[0..n)} in ascending order
     * @param n        how many values, at least one
     * @param perMille 1..1000
     */
    public static long nearestRankPerMille(long[] sorted, int n, int perMille) {
        if (perMille < 1 || perMille > 1000) {
            throw new IllegalArgumentException("per-mille must be 1..1000, got " + perMille);
        }
        if (n < 1 || n > sorted.length) {
            throw new IllegalArgumentException("need 1.." + sorted.length + " values, got " + n);
        }
        long rank = ((long) perMille * n + 999) / 1000;
        return sorted[(int) Math.max(rank, 1) - 1];
    }

    /**
     * HPCC's {@code fct_analysis.py} percentile: element floor(n q) of the sorted list (the last one for q = 1).
     *
     * @param q fraction, 0 &lt;= q &lt;= 1
     * @return NaN when empty
     */
    public static double floorRank(List<Double> sorted, double q) {
        return sorted.isEmpty() ? Double.NaN : sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * q)));
    }
}
