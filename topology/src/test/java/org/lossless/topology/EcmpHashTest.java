package org.lossless.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EcmpHashTest {
    /** Pearson chi-square statistic of {@code counts} against a uniform expectation. */
    static double chiSquare(long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        double expected = (double) total / counts.length;
        double x2 = 0;
        for (long c : counts) {
            x2 += (c - expected) * (c - expected) / expected;
        }
        return x2;
    }

    /** The chi-square value a uniform sample exceeds with probability 0.001 (99.9 % confidence). */
    static double critical999(int bins) {
        return new ChiSquaredDistribution(bins - 1).inverseCumulativeProbability(0.999);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 8, 16, 64})
    void tenThousandFlowsSpreadUniformly(int n) {
        for (long seed = 1; seed <= 20; seed++) {
            EcmpHash hash = EcmpHash.forSwitch(seed, 42);
            long[] counts = new long[n];
            // 10,000 QPs between one host pair: only the UDP source port differs, as for RDMA QPs
            for (int qp = 0; qp < 10_000; qp++) {
                counts[hash.select(3, 11, 49152 + qp, n)]++;
            }
            double x2 = chiSquare(counts);
            assertTrue(x2 < critical999(n), "seed " + seed + " n " + n + " chi2 " + x2);
        }
    }

    @Test
    void pairsSpreadUniformlyToo() {
        EcmpHash hash = EcmpHash.forSwitch(1, 0);
        long[] counts = new long[4];
        for (int src = 0; src < 100; src++) {
            for (int dst = 0; dst < 100; dst++) {
                counts[hash.select(src, dst, 4791, 4)]++;
            }
        }
        assertTrue(chiSquare(counts) < critical999(4), java.util.Arrays.toString(counts));
    }

    @Test
    void sameSeedSameChoiceAndTheSeedMatters() {
        EcmpHash a = EcmpHash.forSwitch(5, 17);
        EcmpHash b = EcmpHash.forSwitch(5, 17);
        EcmpHash c = EcmpHash.forSwitch(6, 17);
        int differ = 0;
        for (int qp = 0; qp < 1000; qp++) {
            assertEquals(a.select(1, 2, qp, 8), b.select(1, 2, qp, 8));
            if (a.select(1, 2, qp, 8) != c.select(1, 2, qp, 8)) {
                differ++;
            }
        }
        // independent choices among 8 differ with probability 7/8
        assertTrue(differ > 800 && differ < 950, "differ " + differ);
    }

    @Test
    void switchSeedsAreDistinct() {
        Set<Long> seeds = new HashSet<>();
        for (long scenario = 0; scenario < 10; scenario++) {
            for (int sw = 0; sw < 1000; sw++) {
                seeds.add(EcmpHash.switchSeed(scenario, sw));
            }
        }
        assertEquals(10_000, seeds.size());
    }

    @Test
    void everyFieldOfTheTupleMatters() {
        EcmpHash h = new EcmpHash(99);
        int[] changed = new int[5];
        for (int i = 0; i < 10_000; i++) {
            int base = h.hash(i, i + 1, i + 2, 4791, 17);
            changed[0] += base != h.hash(i ^ 1, i + 1, i + 2, 4791, 17) ? 1 : 0;
            changed[1] += base != h.hash(i, (i + 1) ^ 1, i + 2, 4791, 17) ? 1 : 0;
            changed[2] += base != h.hash(i, i + 1, (i + 2) ^ 1, 4791, 17) ? 1 : 0;
            changed[3] += base != h.hash(i, i + 1, i + 2, 4792, 17) ? 1 : 0;
            changed[4] += base != h.hash(i, i + 1, i + 2, 4791, 6) ? 1 : 0;
        }
        for (int f = 0; f < 5; f++) {
            assertEquals(10_000, changed[f], "field " + f);
        }
        // and a one-bit change in the source port flips a 2-way choice about half the time
        int flips = 0;
        for (int i = 0; i < 10_000; i++) {
            flips += h.select(1, 2, 2 * i, 2) != h.select(1, 2, 2 * i + 1, 2) ? 1 : 0;
        }
        assertTrue(flips > 4_700 && flips < 5_300, "flips " + flips);
    }

    @Test
    void roceDefaultsAreUdp4791() {
        EcmpHash h = new EcmpHash(3);
        assertEquals(h.hash(5, 6, 50000, 4791, 17), h.hash(5, 6, 50000));
        assertEquals(EcmpHash.select(3, 5, 6, 50000, 7), h.select(5, 6, 50000, 7));
    }

    @Test
    void reduceStaysInRange() {
        for (int n = 1; n <= 64; n++) {
            assertEquals(0, EcmpHash.reduce(0, n));
            assertEquals(n - 1, EcmpHash.reduce(-1, n));
        }
    }

    @Test
    void perPacketSprayingSpreadsOneFlow() {
        EcmpHash h = EcmpHash.forSwitch(1, 3);
        long[] counts = new long[8];
        for (long psn = 0; psn < 10_000; psn++) {
            counts[h.selectPerPacket(1, 2, 50000, psn, 8)]++;
        }
        assertTrue(chiSquare(counts) < critical999(8), java.util.Arrays.toString(counts));
        assertNotEquals(h.selectPerPacket(1, 2, 50000, 0, 1 << 20), h.selectPerPacket(1, 2, 50000, 1, 1 << 20));
    }
}
