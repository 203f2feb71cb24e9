package org.lossless.workloads.support;

import java.util.Arrays;

import org.lossless.core.stats.Percentiles;

/**
 * Latencies (ps) of one operation type, collected one by one; percentiles by nearest rank (the value at
 * 1-based rank ceil(p·n), computed in integers so that p99.9 of 1,000 values is the 999th, not the
 * 1,000th); no interpolation, so a percentile is always one of the values.
 */
public final class LatencySample {
    private long[] values = new long[16];
    private int n;
    private boolean sorted = true;

    public void add(long latencyPs) {
        if (latencyPs < 0) {
            throw new IllegalArgumentException("latency must be >= 0 ps, got " + latencyPs);
        }
        if (n == values.length) {
            values = Arrays.copyOf(values, n * 2);
        }
        if (n > 0 && latencyPs < values[n - 1]) {
            sorted = false;
        }
        values[n++] = latencyPs;
    }

    public int count() {
        return n;
    }

    /**
     * The nearest-rank percentile for {@code perMille}/1000 (500 = median, 990 = p99, 999 = p99.9, 1000 =
     * max), ps; -1 when empty.
     */
    public long perMille(int perMille) {
        if (n == 0) {
            if (perMille < 1 || perMille > 1000) {
                throw new IllegalArgumentException("per-mille must be 1..1000, got " + perMille);
            }
            return -1;
        }
        sort();
        return Percentiles.nearestRankPerMille(values, n, perMille);
    }

    /** Mean latency, ps (rounded down); -1 when empty. */
    public long meanPs() {
        if (n == 0) {
            return -1;
        }
        // sum in two parts so that a million latencies of seconds cannot overflow
        long q = 0;
        long r = 0;
        for (int i = 0; i < n; i++) {
            q += values[i] / n;
            r += values[i] % n;
        }
        return q + r / n;
    }

    private void sort() {
        if (!sorted) {
            Arrays.sort(values, 0, n);
            sorted = true;
        }
    }
}
