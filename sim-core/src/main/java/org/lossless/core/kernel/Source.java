package org.lossless.core.kernel;

/**
 * One source's view of an {@link EventLoop} ({@link Scheduler#source(int)}): under {@link TieOrder#SOURCE} it gives
 * the events first scheduled through it its id and its own count and computes their tie key at every schedule
 * ({@link SimEvent}); under {@link TieOrder#FIFO} it takes the loop's next sequence number. It schedules on its loop. Owned by one thread at a time (the thread running its loop): the count needs no lock.
 */
final class Source implements Scheduler {
    private final EventLoop loop;
    /**
     * Its loop's partition number ({@link EventLoop#index}), copied: a hand-off from another partition reads it here, not
     * in the loop, whose clock and count its own thread writes at every event.
     */
    private final int loopIndex;
    private final int id;
    /** Events keyed through this source so far. */
    private long count;
    /** {@link #place}: the span last asked for (-1: none) and this source's place in it. */
    private long placeSpan = -1;
    private long placeOfId;
    /** Hand-offs to other partitions so far (their merge key). */
    private long handoffs;

    Source(EventLoop loop, int id) {
        if (id < 0 || id > SimEvent.MAX_SOURCE) {
            throw new IllegalArgumentException("source id " + id + " outside 0.." + SimEvent.MAX_SOURCE);
        }
        this.loop = loop;
        this.loopIndex = loop.index;
        this.id = id;
    }

    @Override
    public long now() {
        return loop.nowPs;
    }

    @Override
    public void schedule(SimEvent event, long atPs) {
        EventLoop l = loop;
        if (l.fifo) {
            if (event.sourceId == 0) {
                event.sourceId = id; // who scheduled it first: for measurements (ParallelForecast), not for order
            }
            l.add(event, atPs, ++l.seq);
            return;
        }
        long n = event.count;
        if (n == 0) {
            if (count == SimEvent.MAX_COUNT) {
                throw new IllegalStateException("source " + id + " keyed more than 2^40 events");
            }
            n = ++count;
            event.count = n;
            event.sourceId = id;
        }
        int src = event.sourceId;
        l.add(event, atPs, src == 0 ? n : SimEvent.NOT_GLOBAL | (place(src, atPs) << SimEvent.COUNT_BITS) | n);
    }

    /**
     * {@link SimEvent#place} of {@code src} at {@code atPs}: remembered for this source's own id, whose place changes
     * only once per span (about a microsecond) while it schedules an event per frame.
     */
    private long place(int src, long atPs) {
        long span = atPs >>> SimEvent.PERMUTATION_SHIFT;
        if (src != id) {
            return SimEvent.place(src, span);
        }
        if (span != placeSpan) {
            placeSpan = span;
            placeOfId = SimEvent.place(id, span);
        }
        return placeOfId;
    }

    @Override
    public boolean cancel(SimEvent event) {
        return loop.cancel(event);
    }

    @Override
    public void handOff(Scheduler to, long atPs, Delivery d, Object payload) {
        if (!(to instanceof Source target)) {
            throw new IllegalArgumentException("a hand-off goes to a component's source view, not " + to);
        }
        EventLoop dst = target.loop;
        if (dst == loop || loop.outbox == null) {
            d.deliver(atPs, payload);
            return;
        }
        if (target.loopIndex < 0) {
            throw new IllegalStateException("source " + id + " hands off to the run's global events from a partition");
        }
        if (atPs < loop.windowEndPs) {
            throw new IllegalStateException("a hand-off from source " + id + " to source " + target.id + " takes effect at "
                    + atPs + " ps, inside the current window (until " + loop.windowEndPs + " ps): the engine's lookahead "
                    + "is longer than this cut's delay");
        }
        if (handoffs == SimEvent.MAX_COUNT) {
            throw new IllegalStateException("source " + id + " handed off more than 2^40 payloads");
        }
        loop.outbox[target.loopIndex].add(atPs, ((long) id << SimEvent.COUNT_BITS) | ++handoffs, d, payload);
    }

    @Override
    public void yieldAfterNow() {
        loop.yieldAfterNow();
    }

    @Override
    public void yieldAfter(long lastPs) {
        loop.yieldAfter(lastPs);
    }

    EventLoop loop() {
        return loop;
    }

    @Override
    public Scheduler source(int other) {
        return loop.source(other);
    }

    int id() {
        return id;
    }
}
