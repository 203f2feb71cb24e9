package org.lossless.experiments.run;

import java.util.Arrays;

/**
 * A binary min-heap whose order is a method of the subclass ({@link #before}), for the queues of the serial step
 * between windows: the recorded completions ({@link Completions.DueHeap}) and the messages waiting for their release
 * ({@link ReleaseQueue}). Written out rather than a JDK {@code PriorityQueue} with a comparator, whose comparisons go
 * through the heap code that every priority queue of the run shares (a call through the comparator that the compiler
 * may not inline when several comparators use that code): the two queues' add and poll were about 9 % and 4 % of the
 * samples of that step on the k=8 all-reduce on 2 threads (benchmarks/README.md, "Step 16"). Each subclass's order
 * must be total, so that the heap's shape never shows in what it hands out. It grows by half, as the queue it replaced
 * did past 64 entries; one reference per entry.
 *
 * @param <T> what it holds
 */
abstract class OrderedHeap<T> {
    private Object[] heap;
    private int size;

    /** @param capacity entries before the first growth, at least 2 */
    OrderedHeap(int capacity) {
        heap = new Object[capacity];
    }

    /** Whether {@code a} is handed out before {@code b} (a total order: never both ways, never neither for a != b). */
    protected abstract boolean before(T a, T b);

    final boolean isEmpty() {
        return size == 0;
    }

    final int size() {
        return size;
    }

    /** The first entry; only when not empty. */
    @SuppressWarnings("unchecked")
    final T peek() {
        return (T) heap[0];
    }

    @SuppressWarnings("unchecked")
    final void add(T x) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size + (size >> 1));
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            T p = (T) heap[parent];
            if (!before(x, p)) {
                break;
            }
            heap[i] = p;
            i = parent;
        }
        heap[i] = x;
    }

    /** Removes and returns the first entry; only when not empty. */
    @SuppressWarnings("unchecked")
    final T poll() {
        T out = (T) heap[0];
        T last = (T) heap[--size];
        heap[size] = null;
        if (size > 0) {
            int i = 0;
            while (true) {
                int c = 2 * i + 1;
                if (c >= size) {
                    break;
                }
                if (c + 1 < size && before((T) heap[c + 1], (T) heap[c])) {
                    c++;
                }
                if (!before((T) heap[c], last)) {
                    break;
                }
                heap[i] = heap[c];
                i = c;
            }
            heap[i] = last;
        }
        return out;
    }
}
