package org.lossless.nic.fluid;

/**
 * Past values of the delayed state (queue and each flow's R_C) for X(t - tau*): a ring of the
 * integrator's accepted steps, read with linear interpolation (exact on the step grid when tau* is
 * a multiple of the step). Before the first sample the constant initial history applies.
 */
final class DelayHistory {
    private final int width;
    private final double[] times;
    private final double[] values;
    private final double[] initial;
    private int start;
    private int size;
    // result of the last locate(): row indices and weight of the later row; lo = -1 means "initial"
    private int lo;
    private int hi;
    private double w;

    /**
     * @param initial  the history for t &le; 0 (one value per column)
     * @param capacity rows kept; must cover tau* / step plus a few steps
     */
    DelayHistory(double[] initial, int capacity) {
        this.width = initial.length;
        this.initial = initial.clone();
        this.times = new double[capacity];
        this.values = new double[capacity * width];
    }

    /** Appends the state at time {@code t} (non-decreasing); {@code state[0..width)} are the columns. */
    void record(double t, double[] state, int[] columns) {
        int row;
        if (size < times.length) {
            row = (start + size) % times.length;
            size++;
        } else {
            row = start;
            start = (start + 1) % times.length;
        }
        times[row] = t;
        for (int c = 0; c < width; c++) {
            values[row * width + c] = state[columns[c]];
        }
    }

    /** Positions the reader at time {@code t}. */
    void locate(double t) {
        if (size == 0 || t <= times[start] && t <= 0) {
            lo = -1;
            return;
        }
        int last = (start + size - 1) % times.length;
        if (t >= times[last]) {
            lo = hi = last;
            w = 0;
            return;
        }
        if (t <= times[start]) {
            lo = hi = start;
            w = 0;
            return;
        }
        int a = 0;
        int b = size - 1; // times[row(a)] <= t < times[row(b)]
        while (b - a > 1) {
            int m = (a + b) >>> 1;
            if (times[(start + m) % times.length] <= t) {
                a = m;
            } else {
                b = m;
            }
        }
        lo = (start + a) % times.length;
        hi = (start + b) % times.length;
        w = (t - times[lo]) / (times[hi] - times[lo]);
    }

    /** Column {@code c} at the located time. */
    double value(int c) {
        if (lo < 0) {
            return initial[c];
        }
        double a = values[lo * width + c];
        return w == 0 ? a : a + w * (values[hi * width + c] - a);
    }
}
