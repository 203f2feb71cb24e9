package org.lossless.experiments.results.ranks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.core.stats.Percentiles;

/**
 * Exact selection whatever the budget: the values at nearest ranks equal those of {@link Arrays#sort} over all the
 * values (doubles through {@link Percentiles#nearestRank}), for budgets of one value up to none.
 */
class PercentileValuesTest {
    private static final double[] PS = {0.5, 20, 50, 95, 99, 99.9, 100};
    /** Budgets in bytes: 1, 2, 3, 5, 17, 64 and 1,000 values, then the store that never spills (-1). */
    private static final long[] BUDGETS = {8, 16, 24, 40, 136, 512, 8000, -1};

    private static PercentileValues store(long budget, Path dir) {
        return budget < 0 ? PercentileValues.inMemory() : new PercentileValues(budget, dir);
    }

    private static List<Path> spills(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".spill")).toList();
        }
    }

    @Nested
    class ByHand {
        /** 5, 1, 4, 2, 3 with room for two: p50 rank ceil(2.5) = 3 -> 3, p99 rank ceil(4.95) = 5 -> 5, max 5. */
        @Test
        void fiveValuesWithRoomForTwo(@TempDir Path dir) throws IOException {
            try (PercentileValues v = new PercentileValues(16, dir)) {
                Series s = v.series();
                for (double x : new double[] {5, 1, 4, 2, 3}) {
                    s.add(Keys.ofDouble(x));
                }
                assertTrue(v.spilled());
                assertFalse(spills(dir).isEmpty(), "values past the budget are on disk");
                long[] at = v.select(new double[] {50, 99, 100}, s);
                assertEquals(3.0, Keys.toDouble(at[0]));
                assertEquals(5.0, Keys.toDouble(at[1]));
                assertEquals(5.0, Keys.toDouble(at[2]));
            }
            assertTrue(spills(dir).isEmpty(), "closed: the files are gone");
        }

        /**
         * 2.5, -1, 2.5, 0.0, -0.0, 7 sorted: -1, -0.0, 0.0, 2.5, 2.5, 7. p20 rank ceil(1.2) = 2 -> -0.0,
         * p50 rank 3 -> 0.0, p70 rank ceil(4.2) = 5 -> 2.5, p99 rank ceil(5.94) = 6 -> 7.
         */
        @Test
        void signedZerosAndDuplicatesWithRoomForTwo(@TempDir Path dir) {
            try (PercentileValues v = new PercentileValues(16, dir)) {
                Series a = v.series();
                Series b = v.series();
                a.add(Keys.ofDouble(2.5));
                b.add(Keys.ofDouble(-1));
                a.add(Keys.ofDouble(2.5));
                b.add(Keys.ofDouble(0.0));
                a.add(Keys.ofDouble(-0.0));
                b.add(Keys.ofDouble(7));
                long[] at = v.select(new double[] {20, 50, 70, 99}, a, b);
                assertEquals(Double.doubleToLongBits(-0.0), Double.doubleToLongBits(Keys.toDouble(at[0])));
                assertEquals(Double.doubleToLongBits(0.0), Double.doubleToLongBits(Keys.toDouble(at[1])));
                assertEquals(2.5, Keys.toDouble(at[2]));
                assertEquals(7.0, Keys.toDouble(at[3]));
                // a alone: -0.0, 2.5, 2.5: p50 rank 2 -> 2.5; b alone: -1, 0, 7: p20 rank 1 -> -1
                assertEquals(2.5, Keys.toDouble(v.select(new double[] {50}, a)[0]));
                long[][] each = v.selectEach(new double[] {20, 100}, List.of(a, b, v.series()));
                assertEquals(-0.0, Keys.toDouble(each[0][0]));
                assertEquals(2.5, Keys.toDouble(each[0][1]));
                assertEquals(-1.0, Keys.toDouble(each[1][0]));
                assertEquals(7.0, Keys.toDouble(each[1][1]));
                assertNull(each[2], "an empty series has no percentile");
            }
        }

        /** A union asked again (with an empty series, or after more keys) is answered from its keys as they are. */
        @Test
        void aUnionAskedAgainSeesItsKeysAsTheyAre(@TempDir Path dir) {
            try (PercentileValues v = new PercentileValues(16, dir)) {
                Series a = v.series();
                Series none = v.series();
                for (long x : new long[] {4, 1, 3}) {
                    a.add(x);
                }
                double[] median = {50};
                long[] first = v.select(median, a);
                assertArrayEquals(new long[] {3}, first);
                first[0] = 99;
                assertArrayEquals(new long[] {3}, v.select(median, a, none));
                a.add(0);
                a.add(-5);
                // -5, 0, 1, 3, 4: rank 3 -> 1
                assertArrayEquals(new long[] {1}, v.select(median, none, a));
            }
        }

        @Test
        void keysOrderDoublesAsArraysSortDoes() {
            double[] ds = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1, -Double.MIN_VALUE, -0.0, 0.0,
                Double.MIN_VALUE, 1e-300, 1, Double.MAX_VALUE, Double.POSITIVE_INFINITY};
            for (int i = 0; i + 1 < ds.length; i++) {
                assertTrue(Keys.ofDouble(ds[i]) < Keys.ofDouble(ds[i + 1]), ds[i] + " before " + ds[i + 1]);
                assertEquals(Double.doubleToLongBits(ds[i]), Double.doubleToLongBits(Keys.toDouble(
                        Keys.ofDouble(ds[i]))));
            }
        }

        @Test
        void aStoreWithoutADirectoryIsRefusedAndAClosedOneSelectsNothingFromDisk(@TempDir Path dir) {
            assertThrows(NullPointerException.class, () -> new PercentileValues(16, null));
            PercentileValues v = new PercentileValues(8, dir);
            Series s = v.series();
            s.add(1);
            s.add(2);
            v.close();
            assertThrows(IllegalStateException.class, () -> v.select(new double[] {50}, s));
        }
    }

    /** Random series against the sort of all their values. */
    @Nested
    class AgainstSorting {
        /** A double from a mix: duplicates, negatives, signed zeros, tiny and huge magnitudes, infinities. */
        private static double randomDouble(Random r) {
            switch (r.nextInt(8)) {
                case 0:
                    return r.nextInt(5) - 2.0;
                case 1:
                    return r.nextBoolean() ? 0.0 : -0.0;
                case 2:
                    return (r.nextBoolean() ? 1 : -1) * Double.MIN_VALUE * (1 + r.nextInt(3));
                case 3:
                    return (r.nextBoolean() ? 1 : -1) * r.nextDouble() * 1e300;
                case 4:
                    return r.nextInt(20) == 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                default:
                    return 1 + r.nextDouble() * 10;
            }
        }

        private static long randomLong(Random r) {
            switch (r.nextInt(5)) {
                case 0:
                    return r.nextInt(7) - 3;
                case 1:
                    return r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
                case 2:
                    return r.nextLong();
                default:
                    return 1_000_000L + r.nextInt(1000);
            }
        }

        @ParameterizedTest
        @ValueSource(ints = {1, 2, 3, 4, 5})
        void doublesOfSeveralSeriesAndTheirUnions(int seed, @TempDir Path dir) throws IOException {
            for (long budget : BUDGETS) {
                check(seed, budget, dir, true);
            }
            assertTrue(spills(dir).isEmpty());
        }

        @ParameterizedTest
        @ValueSource(ints = {6, 7, 8})
        void longsOfSeveralSeriesAndTheirUnions(int seed, @TempDir Path dir) throws IOException {
            for (long budget : BUDGETS) {
                check(seed, budget, dir, false);
            }
            assertTrue(spills(dir).isEmpty());
        }

        /**
         * 300 series of up to 30 values, so that several share each spill file (64): those that fit the budget
         * are gathered several at a pass of their file, the others selected by radix.
         */
        @ParameterizedTest
        @ValueSource(ints = {9, 10})
        void manySeriesSharingTheirFiles(int seed, @TempDir Path dir) throws IOException {
            Random r = new Random(seed);
            int[] sizes = new int[300];
            Arrays.setAll(sizes, i -> r.nextInt(31));
            for (long budget : BUDGETS) {
                check(seed, budget, dir, seed % 2 == 0, sizes);
            }
            assertTrue(spills(dir).isEmpty());
        }

        private void check(int seed, long budget, Path dir, boolean doubles) {
            Random r = new Random(seed);
            check(seed, budget, dir, doubles, new int[] {0, 1, 300, 2, r.nextInt(300), r.nextInt(60), 150,
                r.nextInt(10), 80});
        }

        /** Series of {@code sizes} filled in a random interleaving, then selected each and in unions. */
        private void check(int seed, long budget, Path dir, boolean doubles, int[] sizes) {
            Random r = new Random(seed * 31L + budget);
            try (PercentileValues v = store(budget, dir)) {
                List<Series> series = new ArrayList<>();
                List<List<Long>> added = new ArrayList<>();
                for (int i = 0; i < sizes.length; i++) {
                    series.add(v.series());
                    added.add(new ArrayList<>());
                }
                int left = Arrays.stream(sizes).sum();
                while (left > 0) {
                    int i = r.nextInt(sizes.length);
                    if (added.get(i).size() == sizes[i]) {
                        continue;
                    }
                    long key = doubles ? Keys.ofDouble(randomDouble(r)) : randomLong(r);
                    series.get(i).add(key);
                    added.get(i).add(key);
                    left--;
                }
                String at = "seed " + seed + ", budget " + budget;
                assertEquals(budget > 0 && budget < 8 * left(sizes), v.spilled(), at + ": spilled");
                long[][] each = v.selectEach(PS, series);
                for (int i = 0; i < sizes.length; i++) {
                    assertArrayEquals(expected(added.subList(i, i + 1), doubles), each[i], at + ", series " + i);
                    assertArrayEquals(expected(added.subList(i, i + 1), doubles),
                            v.select(PS, series.get(i)), at + ", series " + i + " alone");
                }
                int[][] unions = {{0, 1}, {2, 3, 4}, {0, 2, 4, 6, 8}, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {5, 7}, {0}};
                for (int[] u : unions) {
                    List<List<Long>> values = new ArrayList<>();
                    Series[] union = new Series[u.length];
                    for (int j = 0; j < u.length; j++) {
                        values.add(added.get(u[j]));
                        union[j] = series.get(u[j]);
                    }
                    assertArrayEquals(expected(values, doubles), v.select(PS, union),
                            at + ", union " + Arrays.toString(u));
                }
            }
        }

        private static int left(int[] sizes) {
            return Arrays.stream(sizes).sum();
        }

        /** The oracle: every value sorted ({@code Arrays.sort}), the nearest ranks read off; null when none. */
        private static long[] expected(List<List<Long>> values, boolean doubles) {
            int n = values.stream().mapToInt(List::size).sum();
            if (n == 0) {
                return null;
            }
            long[] out = new long[PS.length];
            if (doubles) {
                double[] all = values.stream().flatMap(List::stream).mapToDouble(Keys::toDouble).toArray();
                Arrays.sort(all);
                for (int i = 0; i < PS.length; i++) {
                    out[i] = Keys.ofDouble(Percentiles.nearestRank(all, PS[i]));
                }
            } else {
                long[] all = values.stream().flatMap(List::stream).mapToLong(Long::longValue).toArray();
                Arrays.sort(all);
                // the nearest rank of Percentiles' definition: that of the sorted ranks 1..n themselves
                double[] ranks = new double[n];
                Arrays.setAll(ranks, i -> i + 1);
                for (int i = 0; i < PS.length; i++) {
                    out[i] = all[(int) Percentiles.nearestRank(ranks, PS[i]) - 1];
                }
            }
            return out;
        }
    }
}
