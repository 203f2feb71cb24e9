package org.lossless.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class Xoshiro256StarStarTest {
    /** Significance of the uniformity tests: a correct generator fails one in 1,000 seeds. */
    private static final double ALPHA = 0.001;

    @Test
    void matchesTheReferenceAlgorithmFromStateOneTwoThreeFour() {
        // First outputs of Blackman and Vigna's xoshiro256starstar.c from s = {1, 2, 3, 4}. The
        // first two by hand: rotl(2 * 5, 7) * 9 = 1280 * 9 = 11520; after one step s[1] = 0.
        Xoshiro256StarStar x = Xoshiro256StarStar.ofState(1, 2, 3, 4);
        long[] expected = {11520L, 0L, 1509978240L, 1215971899390074240L, 1216172134540287360L, 607988272756665600L};
        long[] got = new long[expected.length];
        for (int i = 0; i < got.length; i++) {
            got[i] = x.nextLong();
        }
        assertArrayEquals(expected, got);
    }

    @Test
    void theSeedIsExpandedWithSplitMix64() {
        SplitMix64 sm = new SplitMix64(77);
        Xoshiro256StarStar expected = Xoshiro256StarStar.ofState(sm.next(), sm.next(), sm.next(), sm.next());
        Xoshiro256StarStar x = new Xoshiro256StarStar(77);
        for (int i = 0; i < 100; i++) {
            assertEquals(expected.nextLong(), x.nextLong());
        }
    }

    @Nested
    class DsolStreamContract {
        @Test
        void resetRestartsFromTheCurrentSeedAndSetSeedChangesIt() {
            Xoshiro256StarStar x = new Xoshiro256StarStar(5);
            long a = x.nextLong();
            x.nextLong();
            x.reset();
            assertEquals(a, x.nextLong());
            x.setSeed(6);
            assertEquals(6, x.getSeed());
            assertEquals(5, x.getOriginalSeed());
            assertEquals(new Xoshiro256StarStar(6).nextLong(), new Xoshiro256StarStar(6).nextLong());
            assertNotEquals(a, x.nextLong());
        }

        @Test
        void nextIntIsInclusiveOnBothEnds() {
            Xoshiro256StarStar x = new Xoshiro256StarStar(9);
            boolean sawLow = false;
            boolean sawHigh = false;
            for (int i = 0; i < 10_000; i++) {
                int v = x.nextInt(-2, 2);
                assertTrue(v >= -2 && v <= 2, "out of range: " + v);
                sawLow |= v == -2;
                sawHigh |= v == 2;
            }
            assertTrue(sawLow && sawHigh);
            assertEquals(7, x.nextInt(7, 7));
            assertThrows(IllegalArgumentException.class, () -> x.nextInt(3, 2));
        }

        @Test
        void fullIntRangeDoesNotOverflow() {
            Xoshiro256StarStar x = new Xoshiro256StarStar(3);
            boolean negative = false;
            boolean positive = false;
            for (int i = 0; i < 1_000; i++) {
                int v = x.nextInt(Integer.MIN_VALUE, Integer.MAX_VALUE);
                negative |= v < 0;
                positive |= v > 0;
            }
            assertTrue(negative && positive);
        }

        @Test
        void unitIntervalDrawsStayInZeroOne() {
            Xoshiro256StarStar x = new Xoshiro256StarStar(11);
            for (int i = 0; i < 100_000; i++) {
                double d = x.nextDouble();
                float f = x.nextFloat();
                assertTrue(d >= 0 && d < 1);
                assertTrue(f >= 0 && f < 1);
            }
        }
    }

    @Nested
    class Uniformity {
        private final ChiSquareTest chi = new ChiSquareTest();

        private void assertUniform(long[] counts, String what) {
            double[] expected = new double[counts.length];
            long n = 0;
            for (long c : counts) {
                n += c;
            }
            java.util.Arrays.fill(expected, (double) n / counts.length);
            double p = chi.chiSquareTest(expected, counts);
            assertFalse(chi.chiSquareTest(expected, counts, ALPHA), what + " not uniform: p = " + p);
        }

        @Test
        void nextDoubleFillsOneHundredBinsEvenly() {
            Xoshiro256StarStar x = new Xoshiro256StarStar(2024);
            long[] bins = new long[100];
            for (int i = 0; i < 200_000; i++) {
                bins[(int) (x.nextDouble() * 100)]++;
            }
            assertUniform(bins, "nextDouble");
        }

        @Test
        void nextIntOverANonPowerOfTwoRangeHasNoModuloBias() {
            Xoshiro256StarStar x = new Xoshiro256StarStar(31337);
            long[] bins = new long[37];
            for (int i = 0; i < 200_000; i++) {
                bins[x.nextInt(0, 36)]++;
            }
            assertUniform(bins, "nextInt(0, 36)");
        }

        @Test
        void pairsOfConsecutiveDrawsAreIndependent() {
            Xoshiro256StarStar x = new Xoshiro256StarStar(8);
            long[] cells = new long[16 * 16];
            for (int i = 0; i < 200_000; i++) {
                int a = (int) (x.nextLong() >>> 60);
                int b = (int) (x.nextLong() >>> 60);
                cells[a * 16 + b]++;
            }
            assertUniform(cells, "consecutive pairs");
        }

        @Test
        void theTestDetectsABiasedSource() {
            // Sanity check of the check: a generator that favours the low half must be rejected.
            Xoshiro256StarStar x = new Xoshiro256StarStar(1);
            long[] bins = new long[100];
            for (int i = 0; i < 200_000; i++) {
                double d = x.nextDouble();
                bins[(int) ((d < 0.5 && x.nextInt(0, 19) == 0 ? d / 2 : d) * 100)]++; // 5 % of the low half moved lower
            }
            double[] expected = new double[100];
            java.util.Arrays.fill(expected, 2_000.0);
            assertTrue(chi.chiSquareTest(expected, bins, ALPHA));
        }
    }
}
