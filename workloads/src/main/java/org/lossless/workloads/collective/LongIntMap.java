package org.lossless.workloads.collective;

import java.util.Arrays;

/**
 * Open-addressing map from a message id (&gt;= 0) to an int, without boxing; {@link #remove} uses
 * backward-shift deletion so the table never fills with tombstones.
 */
public final class LongIntMap {
    private static final long EMPTY = -1;
    private long[] keys;
    private int[] values;
    private int size;
    private int mask;

    public LongIntMap() {
        keys = new long[64];
        values = new int[64];
        Arrays.fill(keys, EMPTY);
        mask = 63;
    }

    public void put(long key, int value) {
        if (key < 0) {
            throw new IllegalArgumentException("keys must be >= 0, got " + key);
        }
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int i = slot(key);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            size++;
        }
        keys[i] = key;
        values[i] = value;
    }

    /** The value of {@code key}, or {@code dflt} if absent. */
    public int get(long key, int dflt) {
        int i = slot(key);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        return dflt;
    }

    /** Removes {@code key} and returns its value, or {@code dflt} if absent. */
    public int remove(long key, int dflt) {
        int i = slot(key);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                int out = values[i];
                shiftBack(i);
                size--;
                return out;
            }
            i = (i + 1) & mask;
        }
        return dflt;
    }

    public int size() {
        return size;
    }

    private void shiftBack(int hole) {
        int i = (hole + 1) & mask;
        while (keys[i] != EMPTY) {
            int home = slot(keys[i]);
            // move i into the hole if its home is not in (hole, i] cyclically
            boolean between = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
            if (!between) {
                keys[hole] = keys[i];
                values[hole] = values[i];
                hole = i;
            }
            i = (i + 1) & mask;
        }
        keys[hole] = EMPTY;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
