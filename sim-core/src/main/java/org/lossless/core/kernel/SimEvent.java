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
 * <p>Invariant: an event is in at most one event list at a time; {@link #isScheduled()} tells
 * whether it is pending.
 */
public abstract class SimEvent implements SimEventInterface<Long> {
    private static final long serialVersionUID = 1L;

    /** Absolute execution time, ps. Valid while scheduled. */
    long timePs;
    /** Scheduling sequence number: FIFO order among events with equal time. */
    long seq;
    /** Position in the heap, or -1 when not scheduled. Maintained by {@link LongHeapEventList}. */
    int heapIndex = -1;

    /** What the event does when it fires. Runs at {@link #timePs()}. */
    protected abstract void fire();

    /** Absolute execution time of the pending event, ps. */
    public final long timePs() {
        return timePs;
    }

    /** Whether the event is pending in an event list. */
    public final boolean isScheduled() {
        return heapIndex >= 0;
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
    public short getPriority() {
        return NORMAL_PRIORITY;
    }

    @Override
    public final long getId() {
        return seq;
    }

    @Override
    public final int compareTo(SimEventInterface<Long> other) {
        if (other instanceof SimEvent o) {
            int c = Long.compare(timePs, o.timePs);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
        int c = Long.compare(timePs, other.getAbsoluteExecutionTime());
        return c != 0 ? c : Long.compare(seq, other.getId());
    }
}
