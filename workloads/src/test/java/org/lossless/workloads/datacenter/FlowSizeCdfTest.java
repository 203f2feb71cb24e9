package org.lossless.workloads.datacenter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.core.random.Xoshiro256StarStar;

class FlowSizeCdfTest {
    /**
     * Points, mean, median, p99 and max of the four shipped distributions, as published with them (the
     * table of the data set's README; its rounding sets the tolerances).
     */
    @Test
    void theBuiltInDistributionsHaveThePublishedFigures() {
        check("websearch", 12, 1_711_250, 0.5, 73_077, 23.3e6, 0.05e6, 30e6);
        check("fbhdp", 20, 120_421, 0.5, 700, 2.0e6, 0.05e6, 10e6);
        check("alistorage", 9, 40_870, 0.5, 6_340, 1.29e6, 0.005e6, 2e6);
        check("googlerpc", 843, 2_892, 0.5, 257, 30.6e3, 0.05e3, 15.2e6);
    }

    private static void check(String name, int points, double mean, double meanTol, double median, double p99,
                              double p99Tol, double max) {
        FlowSizeCdf c = FlowSizeCdf.builtIn(name);
        assertEquals(points, c.points(), name);
        assertEquals(mean, c.meanBytes(), meanTol, name);
        assertEquals(median, c.sizeAtPercent(50), 0.5, name);
        assertEquals(p99, c.sizeAtPercent(99), p99Tol, name);
        assertEquals(max, c.sizeAtPercent(100), 0.05e6, name);
    }

    @Test
    void aDrawIsInterpolatedTruncatedAndAtLeastOneByte() {
        // sizes 0..100 over percents 0..100: a draw is max(floor(u), 1) for u uniform in [0, 100),
        // mean (1 + 1 + 2 + ... + 99) / 100 = 49.51, standard deviation about 28.9
        FlowSizeCdf c = FlowSizeCdf.parse("lin", "0 0\n100 100\n", "lin.txt");
        Xoshiro256StarStar rng = new Xoshiro256StarStar(5);
        int n = 100_000;
        double sum = 0;
        long min = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            long s = c.sample(rng);
            min = Math.min(min, s);
            sum += s;
        }
        assertEquals(1, min);
        assertEquals(49.51, sum / n, 3 * 28.9 / Math.sqrt(n));
        assertEquals(50.0, c.meanBytes(), 1e-12);
    }

    @Test
    void filesThatTheHpccGeneratorWouldRejectAreRefusedWithTheLine() {
        assertMessage("0 5\n10 100\n", "first point must be at percent 0");
        assertMessage("0 0\n10 90\n", "last point must be at percent 100");
        assertMessage("0 0\n10 50\n10 100\n", "x.txt line 3: sizes and percents must both increase");
        assertMessage("0 0\n10 50\n20 50\n30 100\n", "x.txt line 3");
        assertMessage("0 0\nten 100\n", "x.txt line 2: size 'ten' is not a number");
        assertMessage("0 0 1\n", "x.txt line 1: expected '<size bytes> <cumulative percent>'");
        assertMessage("\n", "at least two points");
        assertThrows(IllegalArgumentException.class, () -> FlowSizeCdf.builtIn("websarch"));
    }

    private static void assertMessage(String text, String part) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FlowSizeCdf.parse("x", text, "x.txt"));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
