package org.lossless.experiments.results.ranks;

import java.util.Arrays;

/**
 * One series of keys ({@link Keys}) of a {@link PercentileValues}: those added since its store last spilled, in
 * memory (8 B a key, up to half as much again unused while the array grows), and a count of those on disk.
 * Made by {@link PercentileValues#series()}; not thread-safe.
 */
public final class Series {
    private static final long[] NONE = {};
    private final PercentileValues store;
    /** Index in its store, written with each block of its keys on disk. */
    final int id;
    long[] values = NONE;
    /** Keys in {@code values}. */
    int held;
    /** Keys written to disk. */
    long spilled;
    /** Index of this series in the selection under way, -1 when it takes no part. */
    int slot = -1;

    Series(PercentileValues store, int id) {
        this.store = store;
        this.id = id;
    }

    /** Adds {@code key}. */
    public void add(long key) {
        if (held == values.length) {
            values = Arrays.copyOf(values, Math.max(8, held + (held >> 1)));
        }
        values[held++] = key;
        store.added();
    }

    /** Keys added, in memory and on disk. */
    public long size() {
        return held + spilled;
    }

    /** Empties the memory part after it was written to disk, its array given back. */
    void spilledAll() {
        spilled += held;
        held = 0;
        values = NONE;
    }
}
