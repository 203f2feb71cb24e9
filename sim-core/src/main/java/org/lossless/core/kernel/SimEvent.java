package org.lossless.core.kernel;

import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * A reusable simulation event. Models keep one instance per recurring action (a port's
 * "transmission done", a link's "head packet arrives") and re-arm it with
 * {@link Scheduler#schedule(SimEvent, long)} instead of allocating a new event per packet.
 *
 * <p>The time is held as a primitive {@code long} (picoseconds); the DSOL interface method
 * {@link #getAbsoluteExecutionTime()} boxes it and is not used on the hot path.
 *
 * <p>Order, identical to DSOL's {@link SimEventInterface#compareTo}: earlier time first; at equal
 * time higher {@linkplain #getPriority() priority} first; then the order of scheduling (FIFO).
 *
 * <p>Invariant: an event is in at most one event list at a time; {@link #isScheduled()} tells
 * whether it is pending.
 */
public abstract class SimEvent implements SimEventInterface<Long> {
    private static final long serialVersionUID = 1L;
    /** Bits of {@link #order} that hold the scheduling sequence number. */
    static final int SEQ_BITS = 55;
    static final long SEQ_MASK = (1L << SEQ_BITS) - 1;
    /** Largest priority the order key can hold (DSOL uses 1..10 for models, 0 and 11 internally). */
    static final int MAX_KEY_PRIORITY = 255;

    /** Absolute execution time, ps. Valid while scheduled. */
    long timePs;
    /**
     * Tie-break key at equal time: {@code (255 - priority) << 55 | sequence number}, so one
     * {@code long} comparison gives "higher priority first, then FIFO".
     */
    long order;
    /** {@link #where}: not pending. */
    static final int NOWHERE = -1;
    /** {@link #where}: pending in the far heap of a {@link CalendarQueue}. */
    static final int FAR = -2;
    /** {@link #where}: pending in the sorted current bucket of a {@link CalendarQueue}. */
    static final int CURRENT = -3;
    /**
     * Where the pending event is: {@link #NOWHERE}, {@link #FAR}, {@link #CURRENT}, or the bucket slot of a
     * {@link CalendarQueue}.
     * Maintained by the queue.
     */
    int where = NOWHERE;
    /** Index in the far heap, or place in the bucket (-1 in its overflow list). Maintained by the queue. */
    int pos;
    /** Next event of a calendar bucket's overflow list (a singly linked list through the events). */
    SimEvent bucketNext;
    /** DSOL's own bookkeeping event (warmup, end of replication): not counted as a model event. */
    boolean internal;
    private final short priority;

    /** An event with DSOL's normal priority (5). */
    protected SimEvent() {
        this(NORMAL_PRIORITY);
    }

    /**
     * An event with a DSOL priority: at equal time, higher priorities run first.
     *
     * @param priority between {@link #MIN_PRIORITY} (1) and {@link #MAX_PRIORITY} (10)
     */
    protected SimEvent(short priority) {
        this(priority, MIN_PRIORITY, MAX_PRIORITY);
    }

    /** For {@link ForeignEvent}: DSOL's internal events use priorities just outside 1..10. */
    SimEvent(short priority, int min, int max) {
        if (priority < min || priority > max) {
            throw new IllegalArgumentException("event priority " + priority + " outside [" + min + ", " + max + "]");
        }
        this.priority = priority;
    }

    /** What the event does when it fires. Runs at {@link #timePs()}. */
    protected abstract void fire();

    /** Absolute execution time of the pending event, ps. */
    public final long timePs() {
        return timePs;
    }

    /** Whether the event is pending in an event list. */
    public final boolean isScheduled() {
        return where != NOWHERE;
    }

    @Override
    public final void execute() {
        fire();
    }

    @Override
    public final Long getAbsoluteExecutionTime() {
        return timePs;
    }

    @Override
    public final short getPriority() {
        return priority;
    }

    /** The scheduling sequence number: FIFO rank among events of equal time and priority. */
    @Override
    public final long getId() {
        return order & SEQ_MASK;
    }

    @Override
    public final int compareTo(SimEventInterface<Long> other) {
        if (other instanceof SimEvent o) {
            int c = Long.compare(timePs, o.timePs);
            return c != 0 ? c : Long.compare(order, o.order);
        }
        int c = Long.compare(timePs, other.getAbsoluteExecutionTime());
        if (c != 0) {
            return c;
        }
        if (priority != other.getPriority()) {
            return priority > other.getPriority() ? -1 : 1;
        }
        return Long.compare(getId(), other.getId());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[t=" + timePs + " ps, priority=" + priority + "]";
    }
}
