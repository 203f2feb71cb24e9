package org.lossless.experiments.run;

import java.util.Arrays;

/**
 * Posted messages waiting for their release, in (release time, message id) order: a binary heap
 * whose keys are copied into primitive arrays, so a comparison reads two {@code long}s side by side instead of two
 * messages through their {@link Posted} (and no call through a comparator: the JDK's {@code PriorityQueue} that it
 * replaces in the releasers was about 4 % of the serial step between windows of the k=8 all-reduce on 2 threads,
 * benchmarks/README.md "Step 16"). Ids are unique, so the order is total and the heap's shape never shows.
 */
final class ReleaseQueue {
    private long[] time = new long[16];
    private long[] id = new long[16];
    private Posted[] item = new Posted[16];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The first message's release time, ps; only when not empty. */
    long peekTime() {
        return time[0];
    }

    void add(Posted p) {
        if (size == item.length) {
            time = Arrays.copyOf(time, size * 2);
            id = Arrays.copyOf(id, size * 2);
            item = Arrays.copyOf(item, size * 2);
        }
        long t = p.message.postPs();
        long k = p.message.id();
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(t, k, time[parent], id[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, k, p);
    }

    /** Removes and returns the first message; only when not empty. */
    Posted poll() {
        Posted out = item[0];
        size--;
        long t = time[size];
        long k = id[size];
        Posted last = item[size];
        item[size] = null;
        if (size > 0) {
            int i = 0;
            while (true) {
                int c = 2 * i + 1;
                if (c >= size) {
                    break;
                }
                if (c + 1 < size && before(time[c + 1], id[c + 1], time[c], id[c])) {
                    c++;
                }
                if (!before(time[c], id[c], t, k)) {
                    break;
                }
                move(c, i);
                i = c;
            }
            set(i, t, k, last);
        }
        return out;
    }

    private static boolean before(long t1, long k1, long t2, long k2) {
        return t1 < t2 || t1 == t2 && k1 < k2;
    }

    private void move(int from, int to) {
        time[to] = time[from];
        id[to] = id[from];
        item[to] = item[from];
    }

    private void set(int i, long t, long k, Posted p) {
        time[i] = t;
        id[i] = k;
        item[i] = p;
    }
}
