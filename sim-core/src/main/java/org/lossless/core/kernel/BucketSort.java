package org.lossless.core.kernel;

/**
 * Sorts the entries of one {@link CalendarQueue} bucket by key, in place: events in {@code items[0..n)} and their keys
 * in {@code keys[0..2n)} (time, order; two longs per entry), compared on the keys only so the (usually cold) event
 * objects are not read. Keys are distinct (orders are unique), so any correct sort gives the one order.
 *
 * <p>A small bucket is sorted by insertion. A larger one is the crowd of a large, fast fabric (a 1,024-GPU fabric at
 * 400 Gb/s puts some 75 events into a 1.024 ns bucket): its entries are listed in scheduling order, i.e. a few nearly
 * sorted runs one after the other, one per delay that led to the bucket (the arrivals scheduled a link's delay
 * before, the ends of transmission a frame's time before, ...). Insertion sort costs the square of a run's length
 * there, and the heapsort that used to finish such a crowd reads all over it; instead blocks of {@value #BLOCK} are
 * sorted by insertion and merged pairwise, a merge skipped when its halves are already in order and starting where
 * they first overlap: about linear on such a crowd, O(n log n) at worst, no allocation once the scratch has grown.
 */
final class BucketSort implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Entries per block sorted by insertion before the merges. */
    static final int BLOCK = 16;
    /**
     * The left half of a merge (events and keys), grown as needed; what it held stays until overwritten (a few hundred
     * references at most, to events the run keeps anyway: clearing it would cost a pass per merge).
     */
    private SimEvent[] itemScratch = new SimEvent[64];
    private long[] keyScratch = new long[128];

    /** Sorts; up to {@code insertionMax} entries by insertion sort alone. */
    void sort(SimEvent[] items, long[] keys, int n, int insertionMax) {
        if (n <= insertionMax) {
            insertion(items, keys, 0, n);
            return;
        }
        for (int lo = 0; lo < n; lo += BLOCK) {
            insertion(items, keys, lo, Math.min(n, lo + BLOCK));
        }
        for (int width = BLOCK; width < n; width *= 2) {
            for (int lo = 0; lo + width < n; lo += 2 * width) {
                merge(items, keys, lo, lo + width, Math.min(n, lo + 2 * width));
            }
        }
    }

    /** Insertion sort of {@code [from, to)}. */
    private static void insertion(SimEvent[] items, long[] keys, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long t = keys[2 * i];
            long o = keys[2 * i + 1];
            SimEvent e = items[i];
            int j = i - 1;
            while (j >= from && (keys[2 * j] > t || (keys[2 * j] == t && keys[2 * j + 1] > o))) {
                keys[2 * j + 2] = keys[2 * j];
                keys[2 * j + 3] = keys[2 * j + 1];
                items[j + 1] = items[j];
                j--;
            }
            keys[2 * j + 2] = t;
            keys[2 * j + 3] = o;
            items[j + 1] = e;
        }
    }

    /** Merges the sorted {@code [from, mid)} and {@code [mid, to)}. */
    private void merge(SimEvent[] items, long[] keys, int from, int mid, int to) {
        if (!greater(keys, mid - 1, mid)) {
            return; // already in order
        }
        int start = from;
        while (!greater(keys, start, mid)) { // the left entries before the right's first stay where they are
            start++;
        }
        int len = mid - start;
        if (itemScratch.length < len) {
            itemScratch = new SimEvent[Math.max(len, 2 * itemScratch.length)];
            keyScratch = new long[2 * itemScratch.length];
        }
        System.arraycopy(items, start, itemScratch, 0, len);
        System.arraycopy(keys, 2 * start, keyScratch, 0, 2 * len);
        int i = 0; // next of the left half (in the scratch)
        int j = mid; // next of the right half (in place)
        int k = start;
        while (i < len && j < to) {
            long ti = keyScratch[2 * i];
            long tj = keys[2 * j];
            if (ti < tj || (ti == tj && keyScratch[2 * i + 1] < keys[2 * j + 1])) {
                items[k] = itemScratch[i];
                keys[2 * k] = ti;
                keys[2 * k + 1] = keyScratch[2 * i + 1];
                i++;
            } else {
                items[k] = items[j];
                keys[2 * k] = tj;
                keys[2 * k + 1] = keys[2 * j + 1];
                j++;
            }
            k++;
        }
        if (i < len) { // the right half ran out: the rest of the left goes to the end
            System.arraycopy(itemScratch, i, items, k, len - i);
            System.arraycopy(keyScratch, 2 * i, keys, 2 * k, 2 * (len - i));
        }
    }

    private static boolean greater(long[] keys, int a, int b) {
        long ta = keys[2 * a];
        long tb = keys[2 * b];
        return ta > tb || (ta == tb && keys[2 * a + 1] > keys[2 * b + 1]);
    }
}
