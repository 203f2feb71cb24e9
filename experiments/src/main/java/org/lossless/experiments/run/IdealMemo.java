package org.lossless.experiments.run;

import java.util.Arrays;

/**
 * The last ideal times worked out, by the message's shape: a direct-mapped table of {@link #SLOTS} entries, each an
 * exact key of two longs and its value. The ideal of a message depends only on its shape (verb, hosts, bytes, QPs) on
 * the fabric as built, and a run's messages come in few shapes (a ring all-reduce of 1,024 GPUs posts 8.4 M messages
 * of a handful of sizes between 2,048 pairs of hosts), while working one out walks the path's ports and cables, cold in
 * a large run's caches: about 5 us a message on the 1,024-GPU ring, 6 % of its run (benchmarks/README.md, "The ideal of
 * a message by its shape"). A hit returns the value stored for the same key, so the answer is the same as without the
 * table; a miss overwrites the slot. Not thread-safe: a run's messages are made into rows on one thread at a time.
 */
final class IdealMemo {
    /** Entries: 4,096 (96 KiB). */
    static final int SLOTS = 1 << 12;
    /** No key: a first key word never has all bits set (its verb takes 2 bits, values 0-2). */
    private static final long EMPTY = -1L;

    private final long[] first = new long[SLOTS];
    private final long[] second = new long[SLOTS];
    private final long[] value = new long[SLOTS];
    /** The slot {@link #has} found last. */
    private int found;
    private long hits;

    IdealMemo() {
        Arrays.fill(first, EMPTY);
    }

    /**
     * The first key word of a message's shape, or {@link #EMPTY} when it does not fit (hosts of 2^24 or more, QPs of
     * 2^14 or more: then the caller works the value out every time).
     */
    static long key(int verb, int src, int dst, int qps) {
        if (verb < 0 || verb > 2 || src < 0 || dst < 0 || src >= 1 << 24 || dst >= 1 << 24 || qps < 0 || qps >= 1 << 14) {
            return EMPTY;
        }
        return (long) verb << 62 | (long) qps << 48 | (long) src << 24 | dst;
    }

    /** The slot of a key: both words mixed (SplitMix64's finalizer), the top 12 bits. */
    private static int slot(long a, long b) {
        long z = a * 0x9E3779B97F4A7C15L + b;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (int) ((z ^ (z >>> 31)) >>> (64 - 12));
    }

    /** Whether (a, b) is held; its value is then {@link #last}. */
    boolean has(long a, long b) {
        int s = slot(a, b);
        if (first[s] == a && second[s] == b && a != EMPTY) {
            hits++;
            found = s;
            return true;
        }
        return false;
    }

    /** The value of the key {@link #has} found last. */
    long last() {
        return value[found];
    }

    /** Holds {@code v} for (a, b) (nothing for a key that does not fit); returns {@code v}. */
    long put(long a, long b, long v) {
        if (a != EMPTY) {
            int s = slot(a, b);
            first[s] = a;
            second[s] = b;
            value[s] = v;
        }
        return v;
    }

    /** Keys found so far (for tests). */
    long hits() {
        return hits;
    }
}
