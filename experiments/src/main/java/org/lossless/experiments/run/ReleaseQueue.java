package org.lossless.experiments.run;

import java.util.Arrays;

/**
 * Posted messages waiting for their release, in (release time, message id) order: a binary heap whose comparisons are
 * written out (no call through a comparator: the JDK's {@code PriorityQueue} that it replaces in the releasers was
 * about 4 % of the serial step between windows of the k=8 all-reduce on 2 threads, benchmarks/README.md "Step 16").
 * One reference per waiting message, as that queue held: a version that copied the two keys into {@code long} arrays
 * beside it cost a run that posts its messages up front 48-104 B more per message ({@code MessageAllocationBenchmark}).
 * Ids are unique, so the order is total and the heap's shape never shows.
 */
final class ReleaseQueue {
    private Posted[] heap = new Posted[16];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The first message's release time, ps; only when not empty. */
    long peekTime() {
        return heap[0].message.postPs();
    }

    void add(Posted p) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size + (size >> 1)); // grows by half, as the queue it replaces did past 64
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Posted q = heap[parent];
            if (!before(p, q)) {
                break;
            }
            heap[i] = q;
            i = parent;
        }
        heap[i] = p;
    }

    /** Removes and returns the first message; only when not empty. */
    Posted poll() {
        Posted out = heap[0];
        Posted last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            int i = 0;
            while (true) {
                int c = 2 * i + 1;
                if (c >= size) {
                    break;
                }
                if (c + 1 < size && before(heap[c + 1], heap[c])) {
                    c++;
                }
                if (!before(heap[c], last)) {
                    break;
                }
                heap[i] = heap[c];
                i = c;
            }
            heap[i] = last;
        }
        return out;
    }

    private static boolean before(Posted a, Posted b) {
        long ta = a.message.postPs();
        long tb = b.message.postPs();
        return ta < tb || ta == tb && a.message.id() < b.message.id();
    }
}
