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

    /** Delivers the entries of {@code boxes} (null entries skipped) in (time, key) order and clears them. */
    int deliver(Mail[] boxes) {
        size = 0;
        for (Mail m : boxes) {
            if (m == null || m.size == 0) {
                continue;
            }
            ensure(size + m.size);
            System.arraycopy(m.times, 0, times, size, m.size);
            System.arraycopy(m.keys, 0, keys, size, m.size);
            System.arraycopy(m.deliveries, 0, deliveries, size, m.size);
            System.arraycopy(m.payloads, 0, payloads, size, m.size);
            size += m.size;
            m.clear();
        }
        int n = size;
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        sort(0, n);
        for (int i = 0; i < n; i++) {
            int j = order[i];
            Delivery d = deliveries[j];
            Object p = payloads[j];
            deliveries[j] = null;
            payloads[j] = null;
            d.deliver(times[j], p);
        }
        size = 0;
        return n;
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
