package org.lossless.experiments.results.ranks;

/**
 * The long keys series hold and the nearest rank of a percentile. A long value is its own key; a double's key is
 * the sign-flip transform of {@link Double#doubleToLongBits}: the magnitude bits of a negative double inverted, so
 * that keys compared as longs order like {@link java.util.Arrays#sort(double[])} orders the doubles (-infinity
 * first, -0.0 before 0.0, +infinity then NaN last) and the transform is its own inverse.
 */
public final class Keys {
    private Keys() {
    }

    /** The key of double {@code v}. */
    public static long ofDouble(double v) {
        long bits = Double.doubleToLongBits(v);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** The double whose key is {@code key}. */
    public static double toDouble(long key) {
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    /**
     * The nearest rank (1-based) of percentile {@code p} (0 &lt; p &lt;= 100) among {@code n} values:
     * {@code ceil(p/100 * n)}, at least 1, the arithmetic of
     * {@link org.lossless.core.stats.Percentiles#nearestRank} (the same rank for every n below 2^31).
     */
    public static long rank(double p, long n) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + p);
        }
        return Math.max(1, (long) Math.ceil(p / 100.0 * n));
    }
}
