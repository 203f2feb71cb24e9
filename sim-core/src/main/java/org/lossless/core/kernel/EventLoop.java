package org.lossless.core.kernel;

import java.util.HashMap;
import java.util.Map;

/**
 * One event list and its clock: the loop of a sequential {@link Kernel}, or of one partition of a
 * {@link ParallelEngine}. Events run in (time, {@linkplain SimEvent#tieKey() tie key}) order; the loop is owned by
 * one thread at a time and takes no lock.
 *
 * <p>The events are held in a {@link CalendarQueue} (buckets of 2^{@value #BUCKET_SHIFT} ps over a sliding window, a
 * 4-ary heap beyond it): scheduling is O(1) for the near events of a packet model. Each event knows where it is, so
 * cancelling needs no search and no tombstones.
 */
public final class EventLoop {
    /**
     * log2 of the calendar's bucket width, ps: 2^10 ps = 1.024 ns, a few events per bucket on a busy 100 Gb/s
     * fabric. Measured with the kernel's hold benchmark at 8,000 pending events due within 1 us (the density of
     * the k=16 fat-tree): 256 ps buckets as fast, 4 ns ones 40 % slower (crowded buckets), 16 ns ones 2x slower.
     */
    static final int BUCKET_SHIFT = 10;
    private final CalendarQueue queue;
    /** Current time, ps. */
    long nowPs;
    /** Events executed. */
    long executed;
    /** Set by an event ({@link Kernel#stop()}): the run ends after it. */
    boolean stopRequested;
    private final Map<Integer, Source> sources = new HashMap<>();
    /** This loop's partition number (0 for a sequential kernel or the global loop). */
    final int index;
    /**
     * Where hand-offs to other partitions wait during the current window, by receiving partition; null when every
     * hand-off is delivered at once (a sequential kernel, the global loop of a parallel one).
     */
    Mail[] outbox;
    /** End of the current window (exclusive), ps: a hand-off across partitions must take effect at or after it. */
    long windowEndPs = Long.MAX_VALUE;
    /**
     * Last time the current {@link #run} may reach, ps: its {@code lastPs}, lowered to the current instant by
     * {@link Scheduler#yieldAfterNow()} (the loop then stops once the events of that instant have run).
     */
    long limitPs = Long.MAX_VALUE;

    /** Whether {@link #yieldAfterNow()} stops a run (a partition of a {@link ParallelEngine}; not a {@link Kernel}). */
    boolean yields;

    /**
     * Set by every change of the pending events but a run's own ({@link #add}, {@link #cancel}); cleared by the
     * partition's owner when it notes {@link #nextTime()} ({@link Partitions}): between windows the engine then asks only
     * the partitions whose events changed since (global work posts into a few; a cold calendar queue per partition and
     * question was a seventh of the step between windows at 256 partitions, benchmarks/README.md "Step 21"). One store
     * per schedule; never read by a run.
     */
    boolean touched = true;

    /** Ties in scheduling order ({@link TieOrder#FIFO}), else by source key. */
    final boolean fifo;
    /** Last sequence number given ({@link TieOrder#FIFO}). */
    long seq;

    EventLoop(TieOrder order) {
        this(0, order, false);
    }

    EventLoop(int index, TieOrder order) {
        this(index, order, false);
    }

    /**
     * @param partition a partition's loop of a {@link ParallelEngine}: it holds only its part of the fabric's events,
     *                  in buckets sized for the whole fabric, so its calendar widens them where they stay mostly empty
     *                  ({@link CalendarQueue#coarsen}); a sequential run's keeps the width it was tuned with
     */
    EventLoop(int index, TieOrder order, boolean partition) {
        this.index = index;
        this.fifo = order == TieOrder.FIFO;
        this.queue = new CalendarQueue(BUCKET_SHIFT, partition ? CalendarQueue.MAX_COARSENING : 0);
    }

    /** Which loop holds each source id, shared by the loops of one parallel engine; null for a sequential kernel. */
    java.util.concurrent.ConcurrentMap<Integer, Integer> owners;

    /** The view of source {@code id} on this loop (made once per id; an id lives in one loop only). */
    Source source(int id) {
        Source s = sources.get(id);
        if (s == null) {
            if (owners != null) {
                Integer prev = owners.putIfAbsent(id, index);
                if (prev != null && prev != index) {
                    throw new IllegalArgumentException("source " + id + " is already in partition " + prev
                            + ", asked for in partition " + index);
                }
            }
            s = new Source(this, id);
            sources.put(id, s);
        }
        return s;
    }

    /** Adds {@code e} at {@code atPs} with tie key {@code key}, or moves it there if already pending here. */
    void add(SimEvent e, long atPs, long key) {
        if (atPs < nowPs) {
            throw new IllegalArgumentException("event scheduled in the past: at " + atPs + " ps < now " + nowPs + " ps");
        }
        if (e.where != SimEvent.NOWHERE) {
            queue.remove(e);
        }
        e.timePs = atPs;
        e.order = key;
        queue.add(e);
        touched = true;
    }

    /** Removes {@code e} if pending here; false if it was not. */
    boolean cancel(SimEvent e) {
        if (e.where == SimEvent.NOWHERE || !queue.holds(e)) {
            return false;
        }
        queue.remove(e);
        touched = true;
        return true;
    }

    /**
     * Runs events due at or before {@code lastPs}, in order, at most {@code max} of them, or until one asks to stop;
     * returns how many ran. The clock is left at the last event's time. An exception thrown by an event propagates
     * (that event is not counted).
     */
    int run(long lastPs, int max) {
        final CalendarQueue q = queue;
        limitPs = lastPs;
        for (int n = 0; n < max; n++) {
            SimEvent e = q.peek(limitPs);
            if (e == null || e.timePs > limitPs) {
                return n;
            }
            q.removePeeked(e);
            nowPs = e.timePs;
            e.fire();
            executed++;
            if (stopRequested) {
                return n + 1;
            }
        }
        return max;
    }

    /** As {@link #run(long, int)}, telling {@code observer} of every event after it ran (for measurements). */
    int runObserved(long lastPs, int max, java.util.function.Consumer<SimEvent> observer) {
        final CalendarQueue q = queue;
        limitPs = lastPs;
        for (int n = 0; n < max; n++) {
            SimEvent e = q.peek(limitPs);
            if (e == null || e.timePs > limitPs) {
                return n;
            }
            q.removePeeked(e);
            nowPs = e.timePs;
            e.fire();
            executed++;
            observer.accept(e);
            if (stopRequested) {
                return n + 1;
            }
        }
        return max;
    }

    /** Ends the current run after the events due at the current instant ({@link Scheduler#yieldAfterNow()}). */
    void yieldAfterNow() {
        if (yields && nowPs < limitPs) {
            limitPs = nowPs;
        }
    }

    /** Ends the current run after the events due at or before {@code lastPs} ({@link Scheduler#yieldAfter}). */
    void yieldAfter(long lastPs) {
        if (lastPs < nowPs) {
            throw new IllegalArgumentException("yield after " + lastPs + " ps, before now " + nowPs + " ps");
        }
        if (yields && lastPs < limitPs) {
            limitPs = lastPs;
        }
    }

    /** Time of the earliest pending event, or {@code Long.MAX_VALUE} when none is. */
    long nextTime() {
        return queue.firstTime();
    }

    /**
     * The earliest pending event (not removed) if one is due before {@code endPs}, else null or a later one. The queue's
     * current bucket moves no further than {@code endPs}'s, so that an event scheduled later at or after {@code endPs}
     * (a timer re-armed by a completion) costs no rebuild of the calendar ({@link CalendarQueue#peek(long)}).
     */
    SimEvent next(long endPs) {
        return queue.peek(endPs - 1);
    }

    /** Rebuilds of the calendar so far (for tests: looking ahead must not cause them). */
    int rebuilds() {
        return queue.rebuilds;
    }

    /** Pending events. */
    int pending() {
        return queue.size();
    }
}
