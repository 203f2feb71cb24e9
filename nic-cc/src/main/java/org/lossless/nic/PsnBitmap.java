package org.lossless.nic;

/**
 * One bit per PSN over a sliding range of at most {@link #capacity()} PSNs, as a ring of {@code long} words:
 * PSN n lives at bit {@code n mod capacity}. The owner guarantees that the PSNs it marks at any time lie in
 * one window of {@code capacity} consecutive PSNs and clears a PSN's bit before the window slides past it
 * ({@link #clear(long)}, {@link #clearRange}), so the ring never needs shifting. Sized once (to the QP's
 * BDP cap, rounded up to 64); nothing is allocated afterwards.
 */
final class PsnBitmap {
    private final long[] words;
    private final long capacity;

    /** A bitmap for at least {@code psns} PSNs (rounded up to whole 64-bit words). */
    PsnBitmap(long psns) {
        if (psns < 1 || psns > (1L << 30)) {
            throw new IllegalArgumentException("a PSN bitmap needs 1..2^30 PSNs, got " + psns);
        }
        this.words = new long[(int) ((psns + 63) >>> 6)];
        this.capacity = (long) words.length << 6;
    }

    /** PSNs the ring can hold at once (a multiple of 64). */
    long capacity() {
        return capacity;
    }

    private int word(long psn) {
        return (int) ((psn % capacity) >>> 6);
    }

    boolean get(long psn) {
        return (words[word(psn)] & (1L << psn)) != 0;
    }

    void set(long psn) {
        words[word(psn)] |= 1L << psn;
    }

    void clear(long psn) {
        words[word(psn)] &= ~(1L << psn);
    }

    /** Clears PSNs {@code from .. to} inclusive (nothing when {@code to < from}); the whole ring when the range is as long. */
    void clearRange(long from, long to) {
        if (to < from) {
            return;
        }
        if (to - from + 1 >= capacity) {
            java.util.Arrays.fill(words, 0);
            return;
        }
        for (long p = from; p <= to; p++) {
            clear(p);
        }
    }

    /** Whether no bit is set (tests and invariant checks; O(words)). */
    boolean isEmpty() {
        for (long w : words) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }
}
