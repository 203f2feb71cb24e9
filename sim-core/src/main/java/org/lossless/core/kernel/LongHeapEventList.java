package org.lossless.core.kernel;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

import nl.tudelft.simulation.dsol.eventlists.EventListInterface;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * DSOL's event list for {@link SimEvent}s keyed by primitive {@code long} time, then priority (higher
 * first), then a sequence number (FIFO): the same order as DSOL's {@code RedBlackTree}. The events are held in a
 * {@link CalendarQueue} (buckets of 2^{@value #BUCKET_SHIFT} ps over a sliding window, a 4-ary
 * heap beyond it): scheduling is O(1) for the near events of a packet model. Each event knows where it is, so
 * {@link #contains} and {@link #remove} need no search and cancelling needs no lazy tombstones. (The name is
 * historical: the list was a plain 4-ary heap.)
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
    /**
     * log2 of the calendar's bucket width, ps: 2^10 ps = 1.024 ns, a few events per bucket on a busy 100 Gb/s
     * fabric. Measured with the kernel's hold benchmark at 8,000 pending events due within 1 us (the density of
     * the k=16 fat-tree): 256 ps buckets as fast, 4 ns ones 40 % slower (crowded buckets), 16 ns ones 2x slower.
     */
    static final int BUCKET_SHIFT = 10;
    private final CalendarQueue queue = new CalendarQueue(BUCKET_SHIFT);
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
        if (e.where != SimEvent.NOWHERE) {
            queue.remove(e);
        }
        e.timePs = timePs;
        e.order = ((long) (SimEvent.MAX_KEY_PRIORITY - e.getPriority()) << SimEvent.SEQ_BITS) | nextSeq++;
        queue.add(e);
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
            removed(old);
            queue.remove(old);
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
        SimEvent e = queue.peek();
        return e == null ? null : unwrap(e);
    }

    /** The earliest entry as stored (a {@link ForeignEvent} for a foreign event), or null. */
    SimEvent peek() {
        return queue.peek();
    }

    /** Time of the earliest event, or {@code Long.MAX_VALUE} when empty. */
    public long firstTime() {
        SimEvent e = queue.peek();
        return e == null ? Long.MAX_VALUE : e.timePs;
    }

    @Override
    public SimEventInterface<Long> removeFirst() {
        SimEvent top = poll();
        return top == null ? null : unwrap(top);
    }

    /** Removes and returns the earliest entry as stored, or null when empty. */
    SimEvent poll() {
        SimEvent top = queue.poll();
        if (top instanceof ForeignEvent f) {
            removed(f);
        }
        return top;
    }

    /** Removes {@code e}, which {@link #peek()} has just returned (nothing added or removed since): the run loop's poll. */
    void removePeeked(SimEvent e) {
        queue.removePeeked(e);
        if (e instanceof ForeignEvent f) {
            removed(f);
        }
    }

    @Override
    public boolean remove(SimEventInterface<Long> event) {
        SimEvent e = stored(event);
        if (e != null) {
            if (e instanceof ForeignEvent f) {
                removed(f);
            }
            queue.remove(e);
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
        queue.clear();
        internalCount = 0;
        if (foreign != null) {
            foreign.clear();
        }
    }

    @Override
    public boolean isEmpty() {
        return queue.size() == 0;
    }

    /** Number of pending events, DSOL's bookkeeping events included. */
    @Override
    public int size() {
        return queue.size();
    }

    /** Number of pending events without DSOL's warmup and end-of-replication events. */
    public int modelEventCount() {
        return queue.size() - internalCount;
    }

    /**
     * Moves every event of this list into {@code target}, in order, leaving this list empty. The
     * moved events get sequence numbers after those already in {@code target}: they count as
     * scheduled later, which is how {@link FastDevsSimulator} carries pending events over from
     * one replication to the next.
     */
    void transferTo(LongHeapEventList target) {
        for (SimEvent e = poll(); e != null; e = poll()) {
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
        SimEvent[] snapshot = queue.snapshot().toArray(new SimEvent[0]);
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
        if (e != null && queue.holds(e)) {
            return e;
        }
        return null;
    }

    private static int order(SimEvent a, SimEvent b) {
        int c = Long.compare(a.timePs, b.timePs);
        return c != 0 ? c : Long.compare(a.order, b.order);
    }

    /** Bookkeeping for a foreign event leaving the list. */
    private void removed(ForeignEvent f) {
        foreign.remove(f.delegate);
        if (f.internal) {
            internalCount--;
        }
    }
}
