package org.lossless.experiments.results.ranks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Exact selection of several nearest ranks of a union of series at once, by radix on the key seen as unsigned
 * ({@code key ^ Long.MIN_VALUE}, the signed order), for unions past the gather limit (the budget): a pass over the
 * keys (memory and disk) counts, for each wanted rank, the keys sharing the 16-bit digits already fixed by their
 * next 16-bit digit (a histogram of 65,536 counts, 512 KB), which fixes one more digit of the rank's key and the
 * rank within the keys having it; as soon as the keys having a rank's digits fit the limit (with those of the other
 * ranks gathered in the same pass), a pass gathers them and sorts them instead. Ranks sharing their digits share a
 * histogram, and every wanted rank advances in each pass: at most four counting passes and one gathering pass,
 * whatever the number of keys; a rank whose four digits are fixed is its key.
 */
final class Radix {
    private static final int DIGIT = 16;
    private final Selection selection;
    private final long gatherMax;
    private final Series[] union;
    private final long[] rank;
    /** Per rank: the digits fixed so far (unsigned key space, the rest zero), how many, keys having them. */
    private final long[] fixed;
    private final int[] fixedDigits;
    private final long[] having;
    private final long[] out;
    private final boolean[] done;

    Radix(Selection selection, long gatherMax, Series[] union, long[] ranks, long n) {
        this.selection = selection;
        this.gatherMax = gatherMax;
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
            long room = gatherMax;
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
            selection.scanDisk(union, key -> visit(gs, key));
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
