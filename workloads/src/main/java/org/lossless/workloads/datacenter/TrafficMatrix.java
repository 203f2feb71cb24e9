package org.lossless.workloads.datacenter;

import org.lossless.core.random.Xoshiro256StarStar;

/**
 * Relative traffic between the hosts of a workload: weight[i][j] &gt;= 0 for source i and destination j
 * (positions in the workload's host list), zero on the diagonal. A source's destinations are drawn with
 * probability weight / row sum; a source whose row is all zero sends nothing.
 */
public final class TrafficMatrix {
    private final double[][] cumulative;

    public TrafficMatrix(double[][] weights) {
        int n = weights.length;
        if (n < 2) {
            throw new IllegalArgumentException("a traffic matrix needs at least 2 hosts, got " + n);
        }
        cumulative = new double[n][];
        for (int i = 0; i < n; i++) {
            if (weights[i].length != n) {
                throw new IllegalArgumentException("traffic matrix row " + i + " has " + weights[i].length
                        + " entries, expected " + n);
            }
            double[] c = new double[n];
            double sum = 0;
            for (int j = 0; j < n; j++) {
                double w = weights[i][j];
                if (!(w >= 0) || Double.isInfinite(w)) {
                    throw new IllegalArgumentException("traffic matrix row " + i + ", column " + j + ": weight must be "
                            + ">= 0, got " + w);
                }
                if (i == j && w != 0) {
                    throw new IllegalArgumentException("traffic matrix row " + i + ": a host does not send to itself "
                            + "(the diagonal must be 0)");
                }
                sum += w;
                c[j] = sum;
            }
            cumulative[i] = c;
        }
    }

    public int size() {
        return cumulative.length;
    }

    /** Whether source {@code i} sends at all. */
    public boolean sends(int i) {
        return cumulative[i][cumulative.length - 1] > 0;
    }

    /** A destination position for source {@code i}, drawn with one uniform number. */
    public int destination(int i, Xoshiro256StarStar rng) {
        double[] c = cumulative[i];
        double u = rng.nextDouble() * c[c.length - 1];
        for (int j = 0; j < c.length; j++) {
            if (u < c[j]) {
                return j;
            }
        }
        // u == total only through rounding: the last destination with a weight
        for (int j = c.length - 1; j > 0; j--) {
            if (c[j] > c[j - 1]) {
                return j;
            }
        }
        return 0;
    }

    /** Row i as weights (for writing the scenario back out). */
    public double[] row(int i) {
        double[] c = cumulative[i];
        double[] w = new double[c.length];
        for (int j = 0; j < c.length; j++) {
            w[j] = c[j] - (j == 0 ? 0 : c[j - 1]);
        }
        return w;
    }
}
