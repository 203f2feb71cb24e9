package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link Csv#appendFixed}: the same text as rounding the exact binary value half-up with BigDecimal. */
class CsvFixedTest {
    private static String fast(double v, int decimals) {
        return Csv.appendFixed(new StringBuilder(), v, decimals).toString();
    }

    private static String exact(double v, int decimals) {
        return new BigDecimal(v).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    @Test
    void handWorkedValues() {
        assertEquals("1.000000", fast(1.0, 6));
        assertEquals("0.000000", fast(0.0, 6));
        assertEquals("0.000000", fast(-0.0, 6));
        assertEquals("0.000005", fast(0.000005, 6));
        assertEquals("12.500000", fast(12.5, 6));
        assertEquals("3.000000", fast(2.9999996, 6));
        assertEquals("2.999999", fast(2.9999994, 6));
        assertEquals("100.123457", fast(100.1234567, 6));
        assertEquals("0.3", fast(0.25, 1));   // 2.5 exactly: a tie, half-up
        assertEquals("0.1", fast(0.1, 1));
    }

    @Test
    void exactTiesRoundUp() {
        // 1/128 = 0.0078125 exactly: 7812.5 millionths, a true tie, half-up gives 0.007813
        assertEquals("0.007813", fast(1.0 / 128, 6));
        // 3/64 = 0.046875 exactly: 46875 at 6 decimals (no rounding), 0.04688 at 5 (tie, up)
        assertEquals("0.046875", fast(3.0 / 64, 6));
        assertEquals("0.04688", fast(3.0 / 64, 5));
    }

    @Test
    void valuesOutsideTheFastRangeAsBefore() {
        assertEquals("-1.500000", fast(-1.5, 6));
        assertEquals("12345678.900000", fast(12345678.9, 6));
        // 1.45 is 1.4499999999999999556 in binary; 1.45 x 10 rounds to 14.5 exactly, a seeming tie: BigDecimal decides
        assertEquals("1.4", fast(1.45, 1));
        assertEquals("1.2346", fast(1.23456, 4));
        assertEquals("2", fast(1.5, 0));
    }

    @Test
    void randomValuesMatchBigDecimal() {
        SplittableRandom rnd = new SplittableRandom(17);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 4) {
                case 0 -> rnd.nextDouble() * 20;                            // slowdowns
                case 1 -> 1 + rnd.nextInt(1_000_000) / 1e6;                 // near 6-decimal grid points
                case 2 -> (rnd.nextInt(2_000_000) + 0.5) / 1e6;             // near ties
                default -> Math.scalb(rnd.nextDouble(), rnd.nextInt(-30, 20)); // any magnitude
            };
            int decimals = i % 7 == 0 ? rnd.nextInt(0, 10) : 6;
            assertEquals(exact(v, decimals), fast(v, decimals), () -> v + " at " + decimals);
        }
    }
}
