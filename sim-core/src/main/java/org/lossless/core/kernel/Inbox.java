package org.lossless.core.kernel;

import java.util.Arrays;

/**
 * A partition's delivery of what the other partitions handed it in the last window: every entry of their
 * {@link Mail} for it, sorted by (time, sender's key), delivered in that order. The keys are unique (a sender's id
 * and count), so the order is total and does not depend on which partition or thread sent what first.
 */
final class Inbox {
    private long[] times = new long[64];
    private long[] keys = new long[64];
    private Delivery[] deliveries = new Delivery[64];
    private Object[] payloads = new Object[64];
    private int[] order = new int[64];
    private int[] scratch = new int[64];
    private int size;
    /** End of each sender's run in {@link #order} ({@link #sortRuns}). */
    private int[] runEnds = new int[8];

    /** Delivers the entries of {@code boxes} (null entries skipped) in (time, key) order and clears them. */
    int deliver(Mail[] boxes) {
        return deliver(boxes, null, boxes.length);
    }

    /**
     * As {@link #deliver(Mail[])}, looking only at {@code boxes[senders[i]]} for {@code i < n} ({@code senders} null:
     * every box): the boxes known to hold something. The order delivered does not depend on which are looked at first.
     */
    int deliver(Mail[] boxes, int[] senders, int n) {
        size = 0;
        int runs = 0;
        if (runEnds.length < boxes.length) {
            runEnds = new int[boxes.length];
        }
        for (int b = 0; b < n; b++) {
            Mail m = boxes[senders == null ? b : senders[b]];
            if (m == null || m.size == 0) {
                continue;
            }
            ensure(size + m.size);
            System.arraycopy(m.times, 0, times, size, m.size);
            System.arraycopy(m.keys, 0, keys, size, m.size);
            System.arraycopy(m.deliveries, 0, deliveries, size, m.size);
            System.arraycopy(m.payloads, 0, payloads, size, m.size);
            size += m.size;
            runEnds[runs++] = size;
            m.clear();
        }
        int count = size;
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        sortRuns(runs);
        for (int i = 0; i < count; i++) {
            int j = order[i];
            Delivery d = deliveries[j];
            Object p = payloads[j];
            deliveries[j] = null;
            payloads[j] = null;
            d.deliver(times[j], p);
        }
        size = 0;
        return count;
    }

    /**
     * Sorts {@code order[0..n)}: each sender's entries first (a sender hands off in the order of its events, so they are
     * nearly sorted already and their sort is almost linear), then the senders' runs merged pairwise, about log2 of the
     * senders' count of linear passes instead of the log2(n) of a sort of the whole.
     */
    private void sortRuns(int runs) {
        for (int r = 0; r < runs; r++) {
            sort(r == 0 ? 0 : runEnds[r - 1], runEnds[r]);
        }
        for (int width = 1; width < runs; width *= 2) {
            for (int i = 0; i + width < runs; i += 2 * width) {
                int lo = i == 0 ? 0 : runEnds[i - 1];
                int mid = runEnds[i + width - 1];
                int hi = runEnds[Math.min(i + 2 * width, runs) - 1];
                merge(lo, mid, hi);
            }
        }
    }

    private boolean before(int a, int b) {
        return times[a] < times[b] || (times[a] == times[b] && keys[a] < keys[b]);
    }

    /** Merge sort of {@code order[from..to)} (stable, O(n log n), no allocation once grown). */
    private void sort(int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                int x = order[i];
                int j = i - 1;
                while (j >= from && before(x, order[j])) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sort(from, mid);
        sort(mid, to);
        merge(from, mid, to);
    }

    /** Merges the sorted {@code order[from..mid)} and {@code order[mid..to)}. */
    private void merge(int from, int mid, int to) {
        if (!before(order[mid], order[mid - 1])) {
            return;
        }
        System.arraycopy(order, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && !before(scratch[j], scratch[i]))) {
                order[k] = scratch[i++];
            } else {
                order[k] = scratch[j++];
            }
        }
    }

    private void ensure(int n) {
        if (n > times.length) {
            int c = Math.max(n, times.length * 2);
            times = Arrays.copyOf(times, c);
            keys = Arrays.copyOf(keys, c);
            deliveries = Arrays.copyOf(deliveries, c);
            payloads = Arrays.copyOf(payloads, c);
            order = new int[c];
            scratch = new int[c];
        }
    }
}
