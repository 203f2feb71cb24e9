package org.lossless.experiments.run;

import java.util.Arrays;

/**
 * The last ideal times worked out, by the message's shape: a set-associative table of {@link #SLOTS} entries in sets
 * of {@link #WAYS}, each an exact key of two longs and its value. The ideal of a message depends only on its shape
 * (verb, hosts, bytes, QPs) on the fabric as built, and a run's messages come in few shapes (a ring all-reduce of
 * 1,024 GPUs posts 8.4 M messages of a handful of sizes between 2,048 pairs of hosts: about 2,100 receivers' shapes and
 * 2,050 senders'), while working one out walks the path's ports and cables, cold in a large run's caches: about 1-5 us
 * a message on the 1,024-GPU ring (benchmarks/README.md, "The ideal of a message by its shape"). A key has two sets of
 * {@link #WAYS} slots, chosen by its hash: a miss fills the first set's free slot, else the second's, else overwrites
 * the first set's slots in turn. (The table was direct-mapped, 4,096 slots: keys that shared a slot evicted each other,
 * and the ring found 77 % of its 942,380 lookups. One set per key still lost some of 3,072 shapes to full sets:
 * {@code IdealMemoTest}.) A hit returns the value stored for the same key, so the
 * answer is the same as without the table. Not thread-safe: a run's messages are made into rows on one thread at a
 * time.
 */
final class IdealMemo {
    /** Entries: 8,192 (192 KiB). */
    static final int SLOTS = 1 << 13;
    /** Slots per set: a key lives in one set, in any of its slots. */
    static final int WAYS = 8;
    private static final int SET_BITS = Integer.numberOfTrailingZeros(SLOTS / WAYS);
    /** {@link #find}'s answers without the key: its set has a free slot (so the key is nowhere), or it is full. */
    private static final int FREE = -1;
    private static final int FULL = -2;
    /** No key: a first key word never has all bits set (its verb takes 2 bits, values 0-2). */
    private static final long EMPTY = -1L;

    private final long[] first = new long[SLOTS];
    private final long[] second = new long[SLOTS];
    private final long[] value = new long[SLOTS];
    /** Per set, the slot (0 to {@link #WAYS} - 1) the next miss overwrites once the set is full. */
    private final byte[] victim = new byte[SLOTS / WAYS];
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

    /** The mixed key (SplitMix64's finalizer over both words): its top bits choose the first set, its low bits the second. */
    private static long mix(long a, long b) {
        long z = a * 0x9E3779B97F4A7C15L + b;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static int firstSet(long z) {
        return (int) (z >>> (64 - SET_BITS)) * WAYS;
    }

    private static int secondSet(long z) {
        return (int) (z & (SLOTS / WAYS - 1)) * WAYS;
    }

    /** Whether (a, b) is held; its value is then {@link #last}. */
    boolean has(long a, long b) {
        if (a == EMPTY) {
            return false;
        }
        long z = mix(a, b);
        int i = find(firstSet(z), a, b);
        if (i == FULL) { // a key goes to its second set only when its first is full, and a full set stays full
            i = find(secondSet(z), a, b);
        }
        if (i < 0) {
            return false;
        }
        hits++;
        found = i;
        return true;
    }

    /** Slot of (a, b) in the set from slot {@code s}; else {@link #FREE} (the set has a free slot) or {@link #FULL}. */
    private int find(int s, long a, long b) {
        for (int i = s; i < s + WAYS; i++) {
            if (first[i] == a && second[i] == b) {
                return i;
            }
            if (first[i] == EMPTY) {
                return FREE; // a set fills from its first slot, and nothing is ever removed
            }
        }
        return FULL;
    }

    /** The value of the key {@link #has} found last. */
    long last() {
        return value[found];
    }

    /**
     * Holds {@code v} for (a, b), which {@link #has} did not find (nothing for a key that does not fit): in the first
     * free slot of its first set, else of its second, else in turn over its first set's slots. Returns {@code v}.
     */
    long put(long a, long b, long v) {
        if (a != EMPTY) {
            long z = mix(a, b);
            int s = firstSet(z);
            int at = free(s);
            if (at < 0) {
                at = free(secondSet(z));
            }
            if (at < 0) {
                int set = s / WAYS;
                at = s + victim[set];
                victim[set] = (byte) ((victim[set] + 1) % WAYS);
            }
            first[at] = a;
            second[at] = b;
            value[at] = v;
        }
        return v;
    }

    /** The first free slot of the set from slot {@code s}, or -1. */
    private int free(int s) {
        for (int i = s; i < s + WAYS; i++) {
            if (first[i] == EMPTY) {
                return i;
            }
        }
        return -1;
    }

    /** Keys found so far (for tests). */
    long hits() {
        return hits;
    }
}
