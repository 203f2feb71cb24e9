package org.lossless.experiments.results;

/**
 * Nearest-rank percentiles: the p-th percentile of n sorted values is the value at rank
 * ceil(p/100 * n) (1-based), i.e. the smallest value such that at least p % of the values are &lt;= it.
 * It is always one of the values (no interpolation); p = 100 gives the maximum.
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
}
