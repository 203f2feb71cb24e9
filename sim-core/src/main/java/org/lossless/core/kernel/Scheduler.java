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

    /**
     * This scheduler as seen by source {@code id} (1 .. {@link SimEvent#MAX_SOURCE}; 0 is the run's global events):
     * an event first scheduled through the view gets the source's next tie key ({@link SimEvent}), so that ties at
     * one instant break by what the source did, whatever partition or thread runs it. A model gives each of its
     * components (a node, a link) the view of its own id; the same id always gives the same view. Schedulers that
     * do not key events return themselves.
     */
    default Scheduler source(int id) {
        return this;
    }

    /**
     * A view of this partition whose events run first at their instant, before any component's there, as the run's
     * global events do: for an instrument that reads the partition's state at an instant (telemetry sampled in each
     * partition). Only a partition's view ({@link Engine#partition}) has one; its events' tie keys are the view's own
     * count, as a global event's, so they do not depend on the partitioning. Each call makes a new view with a count of
     * its own: take one per partition (two with events at one instant would tie on their keys).
     *
     * @throws UnsupportedOperationException elsewhere
     */
    default Scheduler instantStart() {
        throw new UnsupportedOperationException("only a partition's view has a scheduler first at its instants");
    }

    /**
     * Hands {@code payload} to a component that schedules through {@code to}, taking effect at {@code atPs}: when
     * {@code to} runs in the same partition (always, in a sequential run), {@code d} is called at once; otherwise the
     * hand-off waits in this partition's outbox and is delivered in the receiver's partition at the end of the window,
     * in (time, sender, sender's count) order. A hand-off across partitions must take effect no sooner than the
     * engine's lookahead after now: the engine rejects one inside the current window.
     */
    default void handOff(Scheduler to, long atPs, Delivery d, Object payload) {
        d.deliver(atPs, payload);
    }

    /**
     * Asks the engine to stop this partition once the events due at the current instant have run, so that the run's
     * deferred work ({@link Deferred}: a traffic program's reaction to a completion recorded now) runs
     * before anything later happens here. The sequential {@link Kernel} has no deferred work and ignores it.
     */
    default void yieldAfterNow() {
    }

    /**
     * As {@link #yieldAfterNow()}, but this partition may run on until {@code lastPs} (at or after now): the deferred
     * work recorded now cannot affect anything before {@code lastPs + 1} (a traffic program that reacts to a completion
     * no sooner than a fixed delay after it). The sequential {@link Kernel} ignores it.
     */
    default void yieldAfter(long lastPs) {
    }
}
