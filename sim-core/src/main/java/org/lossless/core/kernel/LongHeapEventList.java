package org.lossless.core.kernel;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

import nl.tudelft.simulation.dsol.eventlists.EventListInterface;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * DSOL's event list as a 4-ary min-heap of {@link SimEvent}s keyed by primitive {@code long}
 * time, then priority (higher first), then a sequence number (FIFO): the same order as DSOL's
 * {@code RedBlackTree}. Each event stores its heap index, so {@link #contains} is O(1) and
 * {@link #remove} is O(log n): cancelling needs no lazy tombstones.
 *
 * <p>Other DSOL events (its warmup and end-of-replication events, a model's lambda events) are
 * accepted too: they travel in a {@link ForeignEvent} wrapper, and the {@link EventListInterface}
 * methods hand back the original event. The fast run loop uses {@link #peek()} and {@link #poll()}
 * which return the wrapper.
 *
 * <p>Not thread-safe: DSOL's simulator lock, or a single thread, guards it.
 */
public final class LongHeapEventList implements EventListInterface<Long> {
    private static final long serialVersionUID = 1L;
    private SimEvent[] heap = new SimEvent[1024];
    private int size;
    /** Next sequence number; below 2^55 for any run shorter than a century at 10 M events/s. */
    private long nextSeq;
    /** Pending DSOL bookkeeping events (warmup, end of replication). */
    private int internalCount;
    /** Original event to its wrapper, for the few non-{@link SimEvent} events; created on demand. */
    private Map<SimEventInterface<Long>, ForeignEvent> foreign;

    @Override
    public void add(SimEventInterface<Long> event) {
        if (event instanceof SimEvent e) {
            add(e, e.timePs);
        } else {
            addForeign(event, false);
        }
    }

    /** Adds {@code e} at {@code timePs}, or moves it there if already present. */
    public void add(SimEvent e, long timePs) {
        if (e.heapIndex >= 0) {
            removeAt(e.heapIndex);
        }
        e.timePs = timePs;
        e.order = ((long) (SimEvent.MAX_KEY_PRIORITY - e.getPriority()) << SimEvent.SEQ_BITS) | nextSeq++;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = e;
        e.heapIndex = size;
        size++;
        siftUp(size - 1);
    }

    /**
     * Adds a DSOL event that is not a {@link SimEvent}; {@code internal} marks DSOL's own
     * bookkeeping events, which {@link #modelEventCount()} leaves out.
     */
    void addForeign(SimEventInterface<Long> event, boolean internal) {
        if (foreign == null) {
            foreign = new IdentityHashMap<>();
        }
        ForeignEvent old = foreign.get(event);
        if (old != null) {
            removeAt(old.heapIndex);
        }
        ForeignEvent w = new ForeignEvent(event);
        w.internal = internal;
        foreign.put(event, w);
        if (internal) {
            internalCount++;
        }
        add(w, event.getAbsoluteExecutionTime());
    }

    /** The earliest event (the original object for a foreign event), or null when empty. */
    @Override
    public SimEventInterface<Long> first() {
        return size == 0 ? null : unwrap(heap[0]);
    }

    /** The earliest entry as stored (a {@link ForeignEvent} for a foreign event), or null. */
    SimEvent peek() {
        return size == 0 ? null : heap[0];
    }

    /** Time of the earliest event, or {@code Long.MAX_VALUE} when empty. */
    public long firstTime() {
        return size == 0 ? Long.MAX_VALUE : heap[0].timePs;
    }

    @Override
    public SimEventInterface<Long> removeFirst() {
        SimEvent top = poll();
        return top == null ? null : unwrap(top);
    }

    /** Removes and returns the earliest entry as stored, or null when empty. */
    SimEvent poll() {
        if (size == 0) {
            return null;
        }
        SimEvent top = heap[0];
        removeAt(0);
        return top;
    }

    @Override
    public boolean remove(SimEventInterface<Long> event) {
        SimEvent e = stored(event);
        if (e != null) {
            removeAt(e.heapIndex);
            return true;
        }
        return false;
    }

    @Override
    public boolean contains(SimEventInterface<Long> event) {
        return stored(event) != null;
    }

    @Override
    public void clear() {
        for (int i = 0; i < size; i++) {
            heap[i].heapIndex = -1;
            heap[i] = null;
        }
        size = 0;
        internalCount = 0;
        if (foreign != null) {
            foreign.clear();
        }
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** Number of pending events, DSOL's bookkeeping events included. */
    @Override
    public int size() {
        return size;
    }

    /** Number of pending events without DSOL's warmup and end-of-replication events. */
    public int modelEventCount() {
        return size - internalCount;
    }

    /**
     * Moves every event of this list into {@code target}, in order, leaving this list empty. The
     * moved events get sequence numbers after those already in {@code target}: they count as
     * scheduled later, which is how {@link FastDevsSimulator} carries pending events over from
     * one replication to the next.
     */
    void transferTo(LongHeapEventList target) {
        while (size > 0) {
            SimEvent e = poll();
            if (e instanceof ForeignEvent f) {
                target.addForeign(f.delegate, f.internal);
            } else {
                target.add(e, e.timePs);
            }
        }
    }

    /** Pending events in execution order (a snapshot). */
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
                return unwrap(snapshot[i++]);
            }
        };
    }

    private static SimEventInterface<Long> unwrap(SimEvent e) {
        return e instanceof ForeignEvent f ? f.delegate : e;
    }

    /** The stored entry for {@code event} if it is pending in this list, else null. */
    private SimEvent stored(SimEventInterface<Long> event) {
        SimEvent e = event instanceof SimEvent s ? s : (foreign == null ? null : foreign.get(event));
        if (e != null && e.heapIndex >= 0 && e.heapIndex < size && heap[e.heapIndex] == e) {
            return e;
        }
        return null;
    }

    private static int order(SimEvent a, SimEvent b) {
        int c = Long.compare(a.timePs, b.timePs);
        return c != 0 ? c : Long.compare(a.order, b.order);
    }

    private static boolean less(SimEvent a, SimEvent b) {
        return a.timePs < b.timePs || (a.timePs == b.timePs && a.order < b.order);
    }

    private void removeAt(int i) {
        SimEvent removed = heap[i];
        removed.heapIndex = -1;
        if (removed instanceof ForeignEvent f) {
            foreign.remove(f.delegate);
            if (f.internal) {
                internalCount--;
            }
        }
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
