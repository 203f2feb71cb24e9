package org.lossless.core.kernel;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

import nl.tudelft.simulation.dsol.eventlists.EventListInterface;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * A 4-ary min-heap of {@link SimEvent}s keyed by primitive {@code long} time with a sequence number
 * for FIFO ties, usable as DSOL's event list. Each event stores its heap index, so
 * {@link #contains} is O(1) and {@link #remove} is O(log n): cancelling needs no lazy tombstones.
 *
 * <p>Only {@link SimEvent}s are accepted; DSOL's own lambda or reflective events are rejected
 * because they would box time on every comparison.
 */
public final class LongHeapEventList implements EventListInterface<Long> {
    private static final long serialVersionUID = 1L;
    private SimEvent[] heap = new SimEvent[1024];
    private int size;
    private long nextSeq;

    @Override
    public void add(SimEventInterface<Long> event) {
        if (!(event instanceof SimEvent e)) {
            throw new IllegalArgumentException("LongHeapEventList takes only SimEvent instances");
        }
        add(e, e.timePs);
    }

    /** Adds {@code e} at {@code timePs}, or moves it there if already present. */
    public void add(SimEvent e, long timePs) {
        if (e.heapIndex >= 0) {
            removeAt(e.heapIndex);
        }
        e.timePs = timePs;
        e.seq = nextSeq++;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = e;
        e.heapIndex = size;
        size++;
        siftUp(size - 1);
    }

    @Override
    public SimEvent first() {
        return size == 0 ? null : heap[0];
    }

    /** Time of the earliest event, or {@code Long.MAX_VALUE} when empty. */
    public long firstTime() {
        return size == 0 ? Long.MAX_VALUE : heap[0].timePs;
    }

    @Override
    public SimEvent removeFirst() {
        if (size == 0) {
            return null;
        }
        SimEvent top = heap[0];
        removeAt(0);
        return top;
    }

    @Override
    public boolean remove(SimEventInterface<Long> event) {
        if (event instanceof SimEvent e && e.heapIndex >= 0 && e.heapIndex < size && heap[e.heapIndex] == e) {
            removeAt(e.heapIndex);
            return true;
        }
        return false;
    }

    @Override
    public boolean contains(SimEventInterface<Long> event) {
        return event instanceof SimEvent e && e.heapIndex >= 0 && e.heapIndex < size && heap[e.heapIndex] == e;
    }

    @Override
    public void clear() {
        for (int i = 0; i < size; i++) {
            heap[i].heapIndex = -1;
            heap[i] = null;
        }
        size = 0;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Iterator<SimEventInterface<Long>> iterator() {
        SimEvent[] snapshot = Arrays.copyOf(heap, size);
        Arrays.sort(snapshot, LongHeapEventList::order);
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i < snapshot.length;
            }

            @Override
            public SimEventInterface<Long> next() {
                if (i >= snapshot.length) {
                    throw new NoSuchElementException();
                }
                return snapshot[i++];
            }
        };
    }

    private static int order(SimEvent a, SimEvent b) {
        int c = Long.compare(a.timePs, b.timePs);
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    }

    private static boolean less(SimEvent a, SimEvent b) {
        return a.timePs < b.timePs || (a.timePs == b.timePs && a.seq < b.seq);
    }

    private void removeAt(int i) {
        SimEvent removed = heap[i];
        removed.heapIndex = -1;
        size--;
        if (i == size) {
            heap[size] = null;
            return;
        }
        SimEvent last = heap[size];
        heap[size] = null;
        heap[i] = last;
        last.heapIndex = i;
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
            p.heapIndex = i;
            i = parent;
        }
        heap[i] = e;
        e.heapIndex = i;
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
            heap[i].heapIndex = i;
            i = best;
        }
        heap[i] = e;
        e.heapIndex = i;
    }
}
