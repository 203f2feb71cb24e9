package org.lossless.core.settings;

/**
 * The range of a number-like {@link Key} (a {@link Kind#NUMBER}, {@link Kind#RATE}, {@link Kind#TIME},
 * {@link Kind#SIZE} or {@link Kind#INT}) in canonical units, each end open or closed; an infinite end is none.
 * The docs' type column shows it ({@code number in (0, 1]}, {@code rate > 0}) and a key's defaults must lie in
 * it. A key read by its own {@link TextForm} is range-checked by its settings record (the model's own
 * invariant, with the record's message); a test of that section checks that the two agree.
 *
 * @param lo     the lower end, or {@link Double#NEGATIVE_INFINITY}
 * @param loOpen whether {@code lo} itself is excluded
 * @param hi     the upper end, or {@link Double#POSITIVE_INFINITY}
 * @param hiOpen whether {@code hi} itself is excluded
 */
public record Bounds(double lo, boolean loOpen, double hi, boolean hiOpen) {
    public Bounds {
        if (Double.isNaN(lo) || Double.isNaN(hi) || lo > hi) {
            throw new IllegalArgumentException("bad bounds " + lo + ".." + hi);
        }
    }

    /** (lo, ∞): {@code > lo}. */
    public static Bounds above(double lo) {
        return new Bounds(lo, true, Double.POSITIVE_INFINITY, true);
    }

    /** [lo, ∞): {@code ≥ lo}. */
    public static Bounds atLeast(double lo) {
        return new Bounds(lo, false, Double.POSITIVE_INFINITY, true);
    }

    /** [lo, hi]. */
    public static Bounds closed(double lo, double hi) {
        return new Bounds(lo, false, hi, false);
    }

    /** (lo, hi]. */
    public static Bounds openClosed(double lo, double hi) {
        return new Bounds(lo, true, hi, false);
    }

    /** (lo, hi). */
    public static Bounds open(double lo, double hi) {
        return new Bounds(lo, true, hi, true);
    }

    public boolean contains(double v) {
        return (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi);
    }

    /** True when the upper end is infinite. */
    public boolean unboundedAbove() {
        return hi == Double.POSITIVE_INFINITY;
    }
}
