package org.lossless.experiments.results.ranks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Exact nearest-rank selection over series of a {@link PercentileValues}, memory and disk parts.
 *
 * <p>Keys that fit the store's gather limit (its budget) are gathered into one array, sorted and indexed: what
 * sorting every value gives. More than that (a union of series past the budget) are selected by radix on the key
 * seen as unsigned ({@code key ^ Long.MIN_VALUE}, the signed order): a pass over the keys counts, for each wanted
 * rank, the keys sharing the 16-bit digits already fixed by their next 16-bit digit (a histogram of 65,536 counts,
 * 512 KB), which fixes one more digit of the rank's key and the rank within the keys having it; as soon as the
 * keys having a rank's digits fit the limit, a pass gathers them and sorts them instead. Ranks sharing their digits
 * share a histogram, and every wanted rank advances in the same pass: at most four counting passes and one
 * gathering pass, whatever the number of keys.
 */
final class Selection {
    private static final int DIGIT = 16;
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
        return new Radix(union, ranks, n).run();
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
    private void scanDisk(Series[] union, java.util.function.LongConsumer sink) {
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

    /** Radix selection of several ranks of one union at once. */
    private final class Radix {
        private final Series[] union;
        private final long[] rank;
        /** Per rank: the digits fixed so far (unsigned key space, the rest zero), how many, keys having them. */
        private final long[] fixed;
        private final int[] fixedDigits;
        private final long[] having;
        private final long[] out;
        private final boolean[] done;

        Radix(Series[] union, long[] ranks, long n) {
            this.union = union;
            this.rank = ranks.clone();
            this.fixed = new long[ranks.length];
            this.fixedDigits = new int[ranks.length];
            this.having = new long[ranks.length];
            Arrays.fill(having, n);
            this.out = new long[ranks.length];
            this.done = new boolean[ranks.length];
        }

        long[] run() {
            while (true) {
                List<Group> groups = groups();
                if (groups.isEmpty()) {
                    return out;
                }
                long room = store.gatherMax;
                for (Group g : groups) {
                    if (g.count <= room) {
                        room -= g.count;
                        g.keys = new long[(int) g.count];
                    } else {
                        g.histogram = new long[1 << DIGIT];
                    }
                }
                Group[] gs = groups.toArray(new Group[0]);
                for (Series s : union) {
                    for (int i = 0; i < s.held; i++) {
                        visit(gs, s.values[i]);
                    }
                }
                scanDisk(union, key -> visit(gs, key));
                for (Group g : gs) {
                    g.settle();
                }
            }
        }

        /** The unresolved ranks grouped by their fixed digits, fewest keys first; ranks of 64 fixed bits resolved. */
        private List<Group> groups() {
            List<Group> groups = new ArrayList<>();
            for (int i = 0; i < rank.length; i++) {
                if (done[i]) {
                    continue;
                }
                if (fixedDigits[i] == Long.SIZE / DIGIT) {
                    out[i] = fixed[i] ^ Long.MIN_VALUE;
                    done[i] = true;
                    continue;
                }
                Group g = null;
                for (Group x : groups) {
                    if (x.digits == fixedDigits[i] && x.prefix == fixed[i]) {
                        g = x;
                    }
                }
                if (g == null) {
                    g = new Group(fixedDigits[i], fixed[i], having[i]);
                    groups.add(g);
                }
                g.ranks.add(i);
            }
            groups.sort(Comparator.comparingLong(g -> g.count));
            return groups;
        }

        private void visit(Group[] gs, long key) {
            long u = key ^ Long.MIN_VALUE;
            for (Group g : gs) {
                if (g.digits > 0 && (u ^ g.prefix) >>> (Long.SIZE - DIGIT * g.digits) != 0) {
                    continue;
                }
                if (g.keys != null) {
                    g.keys[g.filled++] = key;
                } else {
                    g.histogram[(int) (u >>> g.shift()) & ((1 << DIGIT) - 1)]++;
                }
            }
        }

        /** Ranks whose keys share their first {@code digits} digits {@code prefix}, {@code count} keys. */
        private final class Group {
            final int digits;
            final long prefix;
            final long count;
            final List<Integer> ranks = new ArrayList<>();
            long[] keys;
            int filled;
            long[] histogram;

            Group(int digits, long prefix, long count) {
                this.digits = digits;
                this.prefix = prefix;
                this.count = count;
            }

            /** Bits right of the next digit. */
            int shift() {
                return Long.SIZE - DIGIT * (digits + 1);
            }

            /** After a pass: the gathered keys sorted and indexed, or one more digit of each rank fixed. */
            void settle() {
                if (keys != null) {
                    Arrays.sort(keys);
                    for (int i : ranks) {
                        out[i] = keys[(int) rank[i] - 1];
                        done[i] = true;
                    }
                    return;
                }
                for (int i : ranks) {
                    long below = 0;
                    int d = 0;
                    while (below + histogram[d] < rank[i]) {
                        below += histogram[d++];
                    }
                    fixed[i] = prefix | (long) d << shift();
                    fixedDigits[i] = digits + 1;
                    rank[i] -= below;
                    having[i] = histogram[d];
                }
            }
        }
    }
}
