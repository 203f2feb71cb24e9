package org.lossless.core.kernel;

import java.util.Arrays;

/**
 * A 4-ary min-heap of {@link SimEvent}s by {@code (timePs, order)}: the far part of {@link CalendarQueue}
 * (events beyond its window of buckets, such as retransmission timers and pause expiries). Each event keeps its
 * index in {@link SimEvent#pos} while {@link SimEvent#where} is {@link SimEvent#FAR}, so removing one is
 * O(log n) with no tombstones.
 */
final class EventHeap implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private SimEvent[] heap = new SimEvent[64];
    private int size;

    int size() {
        return size;
    }

    /** The earliest event, or null when empty. */
    SimEvent peek() {
        return size == 0 ? null : heap[0];
    }

    /** The event at heap index {@code i} (for snapshots), {@code 0 <= i < size()}. */
    SimEvent at(int i) {
        return heap[i];
    }

    void add(SimEvent e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        e.where = SimEvent.FAR;
        heap[size] = e;
        e.pos = size;
        size++;
        siftUp(size - 1);
    }

    /** Removes and returns the earliest event ({@code size() > 0}). */
    SimEvent poll() {
        SimEvent top = heap[0];
        removeAt(0);
        return top;
    }

    /** Removes {@code e}, which is in this heap. */
    void remove(SimEvent e) {
        removeAt(e.pos);
    }

    /** Empties the heap; the events' positions are left to the caller. */
    void clear() {
        Arrays.fill(heap, 0, size, null);
        size = 0;
    }

    static boolean less(SimEvent a, SimEvent b) {
        return a.timePs < b.timePs || (a.timePs == b.timePs && a.order < b.order);
    }

    private void removeAt(int i) {
        SimEvent removed = heap[i];
        removed.where = SimEvent.NOWHERE;
        size--;
        if (i == size) {
            heap[size] = null;
            return;
        }
        SimEvent last = heap[size];
        heap[size] = null;
        heap[i] = last;
        last.pos = i;
        if (i > 0 && less(last, heap[(i - 1) >>> 2])) {
            siftUp(i);
        } else {
            siftDown(i);
        }
    }

    private void siftUp(int i) {
        SimEvent e = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            SimEvent p = heap[parent];
            if (!less(e, p)) {
                break;
            }
            heap[i] = p;
            p.pos = i;
            i = parent;
        }
        heap[i] = e;
        e.pos = i;
    }

    private void siftDown(int i) {
        SimEvent e = heap[i];
        while (true) {
            int first = (i << 2) + 1;
            if (first >= size) {
                break;
            }
            int best = first;
            int end = Math.min(first + 4, size);
            for (int c = first + 1; c < end; c++) {
                if (less(heap[c], heap[best])) {
                    best = c;
                }
            }
            if (!less(heap[best], e)) {
                break;
            }
            heap[i] = heap[best];
            heap[i].pos = i;
            i = best;
        }
        heap[i] = e;
        e.pos = i;
    }
}
