package org.lossless.workloads.collective;

import java.util.Arrays;

/**
 * How many bytes each rank of an all-to-all sends to each other rank.
 *
 * <p>Uniform (skew 0): S/n to every rank, as nccl-tests does (the rank's own share stays local).
 * Skewed (MoE routing imbalance): rank {@code j} (position in the job) receives the weight
 * {@code 1/(j+1)^skew}, so the first ranks are the "hot experts"; rank i sends
 * {@code floor(S * w_j / sum_k w_k)} bytes to each j != i. Explicit: an n x n matrix of bytes (the
 * diagonal must be 0).
 */
public final class PairSizes {
    private final double skew;
    private final long[][] matrix;

    private PairSizes(double skew, long[][] matrix) {
        this.skew = skew;
        this.matrix = matrix;
    }

    /** Uniform (0) or Zipf-skewed destinations with exponent {@code skew} (&gt;= 0, finite). */
    public static PairSizes skewed(double skew) {
        if (!(skew >= 0) || Double.isInfinite(skew)) {
            throw new IllegalArgumentException("skew must be a finite number >= 0, got " + skew);
        }
        return new PairSizes(skew, null);
    }

    /** Explicit bytes: {@code matrix[i][j]} from job rank i to job rank j. */
    public static PairSizes explicit(long[][] matrix) {
        int n = matrix.length;
        long[][] copy = new long[n][];
        for (int i = 0; i < n; i++) {
            if (matrix[i].length != n) {
                throw new IllegalArgumentException("all-to-all pair sizes must be a " + n + " x " + n + " matrix; row " + i
                        + " has " + matrix[i].length + " entries");
            }
            copy[i] = matrix[i].clone();
            for (int j = 0; j < n; j++) {
                if (copy[i][j] < 0) {
                    throw new IllegalArgumentException("pair size [" + i + "][" + j + "] must be >= 0 bytes");
                }
            }
            if (copy[i][i] != 0) {
                throw new IllegalArgumentException("pair size [" + i + "][" + i + "] must be 0: a rank does not send to itself");
            }
        }
        return new PairSizes(0, copy);
    }

    public boolean isExplicit() {
        return matrix != null;
    }

    public double skew() {
        return skew;
    }

    /** The explicit matrix (a copy), or null. */
    public long[][] matrix() {
        if (matrix == null) {
            return null;
        }
        long[][] out = new long[matrix.length][];
        for (int i = 0; i < matrix.length; i++) {
            out[i] = matrix[i].clone();
        }
        return out;
    }

    /** Bytes from job rank i to job rank j among {@code n} ranks with send buffer {@code sizeBytes}. */
    public long[][] resolve(int n, long sizeBytes) {
        if (matrix != null) {
            if (matrix.length != n) {
                throw new IllegalArgumentException("all-to-all pair sizes are " + matrix.length + " x " + matrix.length
                        + " but the job has " + n + " ranks");
            }
            return matrix();
        }
        double[] w = new double[n];
        double sum = 0;
        for (int j = 0; j < n; j++) {
            w[j] = Math.pow(j + 1, -skew);
            sum += w[j];
        }
        long[][] out = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                out[i][j] = i == j ? 0 : skew == 0 ? sizeBytes / n : (long) Math.floor(sizeBytes * w[j] / sum);
            }
        }
        return out;
    }

    /** The size nccl-tests would report for these pairs: the busiest sender's bytes x n/(n-1). */
    public static long ncclTestsSize(long[][] pairs) {
        int n = pairs.length;
        long max = 0;
        for (long[] row : pairs) {
            max = Math.max(max, Arrays.stream(row).sum());
        }
        return n < 2 ? max : Math.round(max * (double) n / (n - 1));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PairSizes p && p.skew == skew && Arrays.deepEquals(p.matrix, matrix);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(skew) * 31 + Arrays.deepHashCode(matrix);
    }
}
