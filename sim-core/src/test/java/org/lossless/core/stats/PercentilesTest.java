package org.lossless.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The three definitions against hand counts (values 1..n, so a percentile's value is its rank). */
class PercentilesTest {
    private static long[] oneTo(int n) {
        long[] v = new long[n + 3]; // longer than n: only the first n count
        for (int i = 0; i < n; i++) {
            v[i] = i + 1;
        }
        return v;
    }

    @Nested
    class PerMille {
        @Test
        void ranksAreCeilingsComputedInIntegers() {
            long[] thousand = oneTo(1000);
            assertEquals(999, Percentiles.nearestRankPerMille(thousand, 1000, 999)); // rank 999, not 1,000
            assertEquals(500, Percentiles.nearestRankPerMille(thousand, 1000, 500));
            assertEquals(1000, Percentiles.nearestRankPerMille(thousand, 1000, 1000));
            long[] three = oneTo(3);
            assertEquals(2, Percentiles.nearestRankPerMille(three, 3, 500)); // ceil(1.5) = 2
            assertEquals(3, Percentiles.nearestRankPerMille(three, 3, 990)); // ceil(2.97) = 3
            assertEquals(1, Percentiles.nearestRankPerMille(three, 3, 1));   // ceil(0.003) = 1
        }

        @Test
        void refusesOutOfRange() {
            assertThrows(IllegalArgumentException.class, () -> Percentiles.nearestRankPerMille(oneTo(3), 3, 0));
            assertThrows(IllegalArgumentException.class, () -> Percentiles.nearestRankPerMille(oneTo(3), 3, 1001));
            assertThrows(IllegalArgumentException.class, () -> Percentiles.nearestRankPerMille(oneTo(3), 0, 500));
        }
    }

    @Nested
    class FloorRank {
        @Test
        void elementFloorOfNq() {
            List<Double> ten = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0);
            assertEquals(6.0, Percentiles.floorRank(ten, 0.5));  // element 5 (0-based): above nearest rank's 5
            assertEquals(10.0, Percentiles.floorRank(ten, 0.95)); // element 9
            assertEquals(10.0, Percentiles.floorRank(ten, 1.0));  // clamped to the last
            assertEquals(1.0, Percentiles.floorRank(ten, 0.0));
        }

        @Test
        void emptyIsNaN() {
            assertTrue(Double.isNaN(Percentiles.floorRank(List.of(), 0.5)));
        }
    }
}
