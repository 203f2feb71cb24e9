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
}
