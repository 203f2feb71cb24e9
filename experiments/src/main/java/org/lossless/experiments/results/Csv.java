package org.lossless.experiments.results;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** CSV text helpers: RFC 4180 quoting, "\n" line ends, fixed number formats independent of the locale. */
final class Csv {
    /** Decimals of {@code slowdown} in flows.csv and of the slowdown figures in summary.json. */
    static final int SLOWDOWN_DECIMALS = 6;

    private Csv() {
    }

    /** A field, quoted only if it holds a comma, quote or line break. */
    static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** A double rounded half-up to {@code decimals} places, written in plain notation with exactly that many. */
    static BigDecimal fixed(double v, int decimals) {
        return new BigDecimal(v).setScale(decimals, RoundingMode.HALF_UP);
    }

    /** Powers of ten that a long holds exactly, 10^0 .. 10^9 (the decimals {@link #appendFixed} computes itself). */
    private static final long[] POW10 = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
        100_000_000L, 1_000_000_000L};
    /** Largest magnitude the fast path of {@link #appendFixed} takes: v x 10^9 stays below 2^53 (1 ulp <= 1). */
    private static final double FAST_MAX = 1e6;

    /**
     * Appends the text of {@code fixed(v, decimals).toPlainString()}, the same characters, without a BigDecimal
     * for the common case (flows.csv writes one per flow): a non-negative v below 10^6 with at most 9 decimals
     * whose scaled value {@code v x 10^decimals} is not within 4 ulps of a rounding tie (x.5) is rounded from the
     * double product, whose error (half an ulp) cannot then cross the tie; anything else goes through BigDecimal.
     */
    static StringBuilder appendFixed(StringBuilder sb, double v, int decimals) {
        if (decimals >= 1 && decimals < POW10.length && v >= 0 && v < FAST_MAX) {
            double scaled = v * POW10[decimals];
            double floor = Math.floor(scaled);
            double frac = scaled - floor;   // exact: scaled and floor share their high bits
            if (Math.abs(frac - 0.5) > 4 * Math.ulp(scaled)) {
                long units = (long) floor + (frac > 0.5 ? 1 : 0);
                long whole = units / POW10[decimals];
                long part = units % POW10[decimals];
                sb.append(whole).append('.');
                for (int d = decimals - 1; d > 0 && part < POW10[d]; d--) {
                    sb.append('0');
                }
                return sb.append(part);
            }
        }
        return sb.append(fixed(v, decimals).toPlainString());
    }
}
