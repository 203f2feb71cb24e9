package org.lossless.switchmodel.mmu;

/**
 * How much of the shared pool one priority group (or egress queue) may hold.
 *
 * <ul>
 *   <li><b>dynamic</b>: T = α · (pool size − pool shared in use), α = 2^{@code dynamicTh} (SAI
 *       {@code SHARED_DYNAMIC_TH}); recomputed on every admission;</li>
 *   <li><b>static</b>: T = {@code staticBytes}, a fixed limit (SAI {@code SHARED_STATIC_TH}).</li>
 * </ul>
 *
 * @param dynamic     true for a dynamic threshold
 * @param dynamicTh   the exponent n of α = 2^n, in [{@value #MIN_DYNAMIC_TH}, {@value #MAX_DYNAMIC_TH}] (used when
 *                    {@code dynamic})
 * @param staticBytes the fixed limit in bytes, &gt;= 0 (used when not {@code dynamic})
 */
public record Threshold(boolean dynamic, int dynamicTh, long staticBytes) {
    /**
     * The one dynamic_th range, used by the scenario reader and the SONiC importer too (through
     * {@code PfcSchema.DYNAMIC_TH}): SONiC's YANG model ({@code sonic-buffer-profile}) declares
     * {@code dynamic_th} an int32 in -8..7, and Mellanox SAI clamps to it (-8 or less meaning α = 0, 7 "no
     * limit"); SAI itself types the attribute int8 without a range. Here -8 is α = 1/256 and 7 is α = 128.
     */
    public static final int MIN_DYNAMIC_TH = -8;
    public static final int MAX_DYNAMIC_TH = 7;

    public Threshold {
        if (dynamic && (dynamicTh < MIN_DYNAMIC_TH || dynamicTh > MAX_DYNAMIC_TH)) {
            throw new IllegalArgumentException("dynamic_th must be in [" + MIN_DYNAMIC_TH + ", " + MAX_DYNAMIC_TH
                    + "] (alpha = 2^dynamic_th), got " + dynamicTh);
        }
        if (!dynamic && staticBytes < 0) {
            throw new IllegalArgumentException("static_th must be >= 0 bytes, got " + staticBytes);
        }
    }

    /** A dynamic threshold with α = 2^{@code n}. */
    public static Threshold dynamic(int n) {
        return new Threshold(true, n, 0);
    }

    /** A static threshold of {@code bytes}. */
    public static Threshold fixed(long bytes) {
        return new Threshold(false, 0, bytes);
    }

    /** α = 2^dynamicTh (dynamic thresholds only). */
    public double alpha() {
        return Math.scalb(1.0, dynamicTh);
    }

    /**
     * The threshold for {@code free} units left in the pool (dynamic), or {@code staticUnits} (static).
     * Exact integer arithmetic: α·free is a shift, rounded down.
     */
    static long limit(boolean dynamic, int dynamicTh, long staticUnits, long free) {
        if (!dynamic) {
            return staticUnits;
        }
        if (free <= 0) {
            return 0;
        }
        return dynamicTh >= 0 ? free << dynamicTh : free >> -dynamicTh;
    }

    @Override
    public String toString() {
        return dynamic ? "dynamic_th=" + dynamicTh : "static_th=" + staticBytes + "B";
    }
}
