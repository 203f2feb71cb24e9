package org.lossless.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class SplitMix64Test {
    /** java.util.SplittableRandom is SplitMix64 (same gamma, same finalizer): an independent reference. */
    @Test
    void matchesTheJdksSplittableRandom() {
        for (long seed : new long[] {0, 1, -1, 42, Long.MIN_VALUE, 0x123456789abcdefL}) {
            SplitMix64 ours = new SplitMix64(seed);
            SplittableRandom jdk = new SplittableRandom(seed);
            for (int i = 0; i < 1_000; i++) {
                assertEquals(jdk.nextLong(), ours.next(), "seed " + seed + ", draw " + i);
            }
        }
    }
}
