package org.lossless.core.kernel;

/**
 * The run loop behind {@link Scheduler}. This first version drives the heap directly; the
 * DSOL-backed simulator replaces the loop while keeping this API.
 */
public final class Kernel implements Scheduler {
    private final LongHeapEventList events = new LongHeapEventList();
    private long now;
    private long executed;
    private boolean stopRequested;

    @Override
    public long now() {
        return now;
    }

    @Override
    public void schedule(SimEvent event, long atPs) {
        if (atPs < now) {
            throw new IllegalArgumentException("event scheduled in the past: " + atPs + " < " + now);
        }
        events.add(event, atPs);
    }

    @Override
    public boolean cancel(SimEvent event) {
        return events.remove(event);
    }

    /** Runs events until none is left, {@link #stop()} is called, or the next is after {@code stopPs}. */
    public void runUntil(long stopPs) {
        stopRequested = false;
        while (!stopRequested) {
            SimEvent e = events.first();
            if (e == null || e.timePs > stopPs) {
                break;
            }
            events.removeFirst();
            now = e.timePs;
            executed++;
            e.fire();
        }
    }

    /** Ends the run after the current event. */
    public void stop() {
        stopRequested = true;
    }

    /** Events executed so far. */
    public long eventsExecuted() {
        return executed;
    }

    /** Events pending. */
    public int pending() {
        return events.size();
    }
}
