package org.lossless.plots.data;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Mean and 95 % confidence interval of a few replications (seeds): mean +- t(0.975, n-1) s / sqrt(n), with
 * s the sample standard deviation. One value has no interval (half-width NaN).
 *
 * @param mean      arithmetic mean
 * @param halfWidth half the interval's width; NaN for n &lt; 2
 * @param n         values
 */
public record Ci95(double mean, double halfWidth, int n) {
    public static Ci95 of(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new Ci95(Double.NaN, Double.NaN, 0);
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n < 2) {
            return new Ci95(mean, Double.NaN, n);
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = new TDistribution(n - 1).inverseCumulativeProbability(0.975);
        return new Ci95(mean, t * sd / Math.sqrt(n), n);
    }

    public double low() {
        return Double.isNaN(halfWidth) ? mean : mean - halfWidth;
    }

    public double high() {
        return Double.isNaN(halfWidth) ? mean : mean + halfWidth;
    }

    /** Whether the two intervals do not overlap (a difference beyond the seeds' spread). */
    public boolean separatedFrom(Ci95 o) {
        return high() < o.low() || o.high() < low();
    }
}
