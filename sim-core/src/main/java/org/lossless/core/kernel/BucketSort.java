package org.lossless.core.kernel;

/**
 * Sorts the entries of one {@link CalendarQueue} bucket by key, in place and without allocating: events in
 * {@code items[0..n)} and their keys in {@code keys[0..2n)} (time, order; two longs per entry), compared on
 * the keys only so the (usually cold) event objects are not read. Keys are distinct (orders are unique).
 * Insertion sort, which is linear on the nearly sorted crowds of a fabric in lockstep (many events due at the same
 * instant are listed in scheduling order, which is their order); a crowd that turns out to be far from sorted
 * (over 8 moves per entry) is finished by heapsort, so no bucket costs more than O(n log n).
 */
final class BucketSort {
    private BucketSort() {
    }

    /** Sorts; up to {@code insertionMax} entries by insertion sort whatever the cost. */
    static void sort(SimEvent[] items, long[] keys, int n, int insertionMax) {
        if (!insertion(items, keys, n, n <= insertionMax ? Long.MAX_VALUE : 8L * n)) {
            heap(items, keys, n);
        }
    }

    /** Insertion sort; false if it stopped (entries permuted, not sorted) after more than {@code budget} moves. */
    private static boolean insertion(SimEvent[] items, long[] keys, int n, long budget) {
        long moves = 0;
        for (int i = 1; i < n; i++) {
            long t = keys[2 * i];
            long o = keys[2 * i + 1];
            SimEvent e = items[i];
            int j = i - 1;
            while (j >= 0 && (keys[2 * j] > t || (keys[2 * j] == t && keys[2 * j + 1] > o))) {
                keys[2 * j + 2] = keys[2 * j];
                keys[2 * j + 3] = keys[2 * j + 1];
                items[j + 1] = items[j];
                j--;
            }
            keys[2 * j + 2] = t;
            keys[2 * j + 3] = o;
            items[j + 1] = e;
            moves += i - 1 - j;
            if (moves > budget) {
                return false;
            }
        }
        return true;
    }

    private static void heap(SimEvent[] items, long[] keys, int n) {
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(items, keys, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(items, keys, 0, end);
            siftDown(items, keys, 0, end);
        }
    }

    /** Max-heap sift over {@code [0, n)}. */
    private static void siftDown(SimEvent[] items, long[] keys, int i, int n) {
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                return;
            }
            if (c + 1 < n && greater(keys, c + 1, c)) {
                c++;
            }
            if (!greater(keys, c, i)) {
                return;
            }
            swap(items, keys, i, c);
            i = c;
        }
    }

    private static boolean greater(long[] keys, int a, int b) {
        long ta = keys[2 * a];
        long tb = keys[2 * b];
        return ta > tb || (ta == tb && keys[2 * a + 1] > keys[2 * b + 1]);
    }

    private static void swap(SimEvent[] items, long[] keys, int a, int b) {
        SimEvent e = items[a];
        items[a] = items[b];
        items[b] = e;
        long t = keys[2 * a];
        keys[2 * a] = keys[2 * b];
        keys[2 * b] = t;
        long o = keys[2 * a + 1];
        keys[2 * a + 1] = keys[2 * b + 1];
        keys[2 * b + 1] = o;
    }
}
