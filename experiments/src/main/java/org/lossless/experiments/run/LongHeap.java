package org.lossless.experiments.run;

import java.util.Arrays;

/** A binary min-heap of {@code long}s that grows and is reused: no allocation once large enough, no boxing. */
final class LongHeap {
    private long[] a = new long[16];
    private int size;

    void add(long v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (a[parent] <= v) {
                break;
            }
            a[i] = a[parent];
            i = parent;
        }
        a[i] = v;
    }

    /** The smallest value, or {@code Long.MAX_VALUE} when empty. */
    long min() {
        return size == 0 ? Long.MAX_VALUE : a[0];
    }

    /** Removes the smallest value (the heap must not be empty). */
    void poll() {
        long last = a[--size];
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            if (c + 1 < size && a[c + 1] < a[c]) {
                c++;
            }
            if (last <= a[c]) {
                break;
            }
            a[i] = a[c];
            i = c;
        }
        if (size > 0) {
            a[i] = last;
        }
    }

    int size() {
        return size;
    }
}
