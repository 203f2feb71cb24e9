package org.lossless.plots.data;

import java.util.Arrays;

/**
 * Reduces a time series to at most two points per pixel column while it is read: the time range
 * [t0, t1] is cut into {@code bins} equal columns and each column keeps only its minimum and its maximum
 * sample (with their times), emitted in time order. A chart drawn from the result shows every peak and
 * every trough of the full series (a line through min and max of each column covers exactly the pixels
 * the full series would), with memory {@code O(bins)} whatever the number of samples.
 *
 * <p>Samples outside [t0, t1] go to the first or last column. Ties keep the earliest sample.
 */
public final class Downsampler {
    private final long t0;
    private final long span;
    private final int bins;
    private final long[] minT;
    private final double[] minV;
    private final long[] maxT;
    private final double[] maxV;
    private final boolean[] used;
    private long samples;

    /**
     * @param t0   start of the time range, ps
     * @param t1   end of the time range, ps (&gt; t0; a degenerate range is widened to 1 ps)
     * @param bins pixel columns, &gt; 0
     */
    public Downsampler(long t0, long t1, int bins) {
        if (bins <= 0) {
            throw new IllegalArgumentException("bins must be > 0, got " + bins);
        }
        this.t0 = t0;
        this.span = Math.max(1, t1 - t0);
        this.bins = bins;
        this.minT = new long[bins];
        this.minV = new double[bins];
        this.maxT = new long[bins];
        this.maxV = new double[bins];
        this.used = new boolean[bins];
    }

    /** The start of the time range, ps. */
    public long start() {
        return t0;
    }

    /** The column of time {@code t}. */
    int bin(long t) {
        if (t <= t0) {
            return 0;
        }
        long b = (long) ((double) (t - t0) * bins / span);
        return (int) Math.min(bins - 1, b);
    }

    /** Adds one sample. */
    public void add(long t, double v) {
        samples++;
        int b = bin(t);
        if (!used[b]) {
            used[b] = true;
            minT[b] = t;
            minV[b] = v;
            maxT[b] = t;
            maxV[b] = v;
            return;
        }
        if (v < minV[b]) {
            minV[b] = v;
            minT[b] = t;
        }
        if (v > maxV[b]) {
            maxV[b] = v;
            maxT[b] = t;
        }
    }

    /** Samples added so far. */
    public long samples() {
        return samples;
    }

    /** The kept points as {@code [times, values]}, in time order; at most {@code 2 * bins} of them. */
    public Points points() {
        long[] t = new long[2 * bins];
        double[] v = new double[2 * bins];
        int n = 0;
        for (int b = 0; b < bins; b++) {
            if (!used[b]) {
                continue;
            }
            boolean minFirst = minT[b] <= maxT[b];
            long ta = minFirst ? minT[b] : maxT[b];
            double va = minFirst ? minV[b] : maxV[b];
            long tb = minFirst ? maxT[b] : minT[b];
            double vb = minFirst ? maxV[b] : minV[b];
            t[n] = ta;
            v[n++] = va;
            if (tb != ta || vb != va) {
                t[n] = tb;
                v[n++] = vb;
            }
        }
        return new Points(Arrays.copyOf(t, n), Arrays.copyOf(v, n));
    }

    /** Kept samples: times in ps and values, the same length, times ascending. */
    public record Points(long[] times, double[] values) {
        public int size() {
            return times.length;
        }
    }
}
