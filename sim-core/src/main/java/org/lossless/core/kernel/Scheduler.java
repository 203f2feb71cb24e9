package org.lossless.core.kernel;

/**
 * What a model sees of the kernel: the clock and a way to schedule and cancel reusable events.
 * All times are absolute picoseconds.
 */
public interface Scheduler {
    /** Current simulated time, ps. */
    long now();

    /**
     * Schedules {@code event} at absolute time {@code atPs} (not before {@link #now()}). If the
     * event is already pending it is moved to the new time.
     */
    void schedule(SimEvent event, long atPs);

    /** Removes a pending event; returns false if it was not pending. */
    boolean cancel(SimEvent event);
}
