package org.lossless.experiments.results.ranks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Exact nearest-rank selection over series of a {@link PercentileValues}, memory and disk parts.
 *
 * <p>Keys that fit the store's gather limit (its budget) are gathered into one array, sorted and indexed: what
 * sorting every value gives. More than that (a union of series past the budget) are selected by {@link Radix}.
 * The series of flows_summary.csv ({@link #selectEach}) are read a spill file at a time, as many series of it at
 * a pass as the limit holds.
 */
final class Selection {
    private final PercentileValues store;

    Selection(PercentileValues store) {
        this.store = store;
    }

    long[] select(double[] percentiles, Series... union) {
        long n = 0;
        for (Series s : union) {
            n += s.size();
        }
        if (n == 0) {
            return null;
        }
        long[] ranks = new long[percentiles.length];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = Keys.rank(percentiles[i], n);
        }
        if (n <= store.gatherMax) {
            return pick(gather(union, n), ranks);
        }
        return new Radix(this, store.gatherMax, union, ranks, n).run();
    }

    long[][] selectEach(double[] percentiles, List<Series> each) {
        long[][] out = new long[each.size()][];
        List<List<Integer>> byBucket = new ArrayList<>();
        for (int b = 0; b < SpillBuckets.COUNT; b++) {
            byBucket.add(new ArrayList<>());
        }
        for (int i = 0; i < out.length; i++) {
            Series s = each.get(i);
            if (s.spilled == 0 || s.size() > store.gatherMax) {
                out[i] = select(percentiles, s);
            } else {
                byBucket.get(SpillBuckets.of(s)).add(i);
            }
        }
        for (int b = 0; b < SpillBuckets.COUNT; b++) {
            List<Integer> wanted = byBucket.get(b);
            for (int from = 0; from < wanted.size(); ) {
                // as many series as the limit holds, one pass over the bucket for them
                int to = from;
                long keys = 0;
                while (to < wanted.size() && keys + each.get(wanted.get(to)).size() <= store.gatherMax) {
                    keys += each.get(wanted.get(to++)).size();
                }
                List<Integer> part = wanted.subList(from, to);
                long[][] arrays = new long[part.size()][];
                int[] filled = new int[part.size()];
                for (int j = 0; j < arrays.length; j++) {
                    Series s = each.get(part.get(j));
                    arrays[j] = new long[(int) s.size()];
                    System.arraycopy(s.values, 0, arrays[j], 0, s.held);
                    filled[j] = s.held;
                    s.slot = j;
                }
                try {
                    disk().scan(b, store.series, (slot, key) -> arrays[slot][filled[slot]++] = key);
                } finally {
                    part.forEach(i -> each.get(i).slot = -1);
                }
                for (int j = 0; j < arrays.length; j++) {
                    long[] ranks = new long[percentiles.length];
                    for (int r = 0; r < ranks.length; r++) {
                        ranks[r] = Keys.rank(percentiles[r], arrays[j].length);
                    }
                    out[part.get(j)] = pick(arrays[j], ranks);
                }
                from = to;
            }
        }
        return out;
    }

    /** Sorts {@code keys} and returns those at {@code ranks} (1-based). */
    private static long[] pick(long[] keys, long[] ranks) {
        Arrays.sort(keys);
        long[] out = new long[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = keys[(int) ranks[i] - 1];
        }
        return out;
    }

    /** The {@code n} keys of {@code union}, those in memory copied, those on disk read a bucket at a time. */
    private long[] gather(Series[] union, long n) {
        long[] all = new long[(int) n];
        int[] at = {0};
        for (Series s : union) {
            System.arraycopy(s.values, 0, all, at[0], s.held);
            at[0] += s.held;
        }
        scanDisk(union, key -> all[at[0]++] = key);
        return all;
    }

    /** Every key on disk of {@code union} to {@code sink}, a pass over each bucket holding some. */
    void scanDisk(Series[] union, java.util.function.LongConsumer sink) {
        boolean[] buckets = new boolean[SpillBuckets.COUNT];
        boolean any = false;
        for (Series s : union) {
            if (s.spilled > 0) {
                buckets[SpillBuckets.of(s)] = true;
                any = true;
            }
        }
        if (!any) {
            return;
        }
        SpillBuckets disk = disk();
        for (Series s : union) {
            s.slot = 0;
        }
        try {
            for (int b = 0; b < buckets.length; b++) {
                if (buckets[b]) {
                    disk.scan(b, store.series, (slot, key) -> sink.accept(key));
                }
            }
        } finally {
            for (Series s : union) {
                s.slot = -1;
            }
        }
    }

    private SpillBuckets disk() {
        return store.buckets();
    }
}
