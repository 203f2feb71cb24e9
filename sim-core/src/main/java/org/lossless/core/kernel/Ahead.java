package org.lossless.core.kernel;

/**
 * The run's global events that go ahead of the partitions: before a window {@code [t, end)} is run, the global
 * events due before {@code end} that the model lets go ahead ({@link AheadWork#runsAhead}) run, in their (time, key)
 * order, each at its own time, while the partitions still stand at {@code t}; the window then ends at the first global
 * event that did not run, instead of at the first one. Such an event reaches a partition only through {@link
 * #scheduleFirst}: an event of that partition at the same instant, placed where the run's global events are at an
 * instant (before every partition event), so the partition sees it exactly where it saw the global event before.
 *
 * <p>What this keeps: a traffic program whose timer falls every few hundred nanoseconds (a collective's step and
 * clear-to-send timers) no longer ends a window at each; what decides it (its reaction delay) is the model's to
 * guarantee ({@link AheadWork}).
 */
public final class Ahead {
    private final EventLoop global;
    private final EventLoop[] loops;
    private AheadWork work;
    /** Whether an event is running ahead now. */
    private boolean running;
    /** Events run ahead so far. */
    private long events;

    Ahead(EventLoop global, EventLoop[] loops) {
        this.global = global;
        this.loops = loops;
    }

    void work(AheadWork w) {
        this.work = w;
    }

    /**
     * Whether the global event now running runs ahead of the partitions: they may not have reached its time yet, so it
     * must reach them through {@link #scheduleFirst}, not act on them at once.
     */
    public boolean running() {
        return running;
    }

    /** Global events run ahead of the partitions so far. */
    public long events() {
        return events;
    }

    /**
     * Schedules {@code event} in partition {@code p} at {@code atPs}, first among that partition's events at that
     * instant (the place of the run's global events at an instant): a global event's action handed to the partition
     * it acts on. Only from the run's global level between windows, or from an event of partition {@code p} itself;
     * at most one such event per partition may be pending.
     */
    public void scheduleFirst(int p, Handed event, long atPs) {
        event.loop = loops[p];
        loops[p].add(event, atPs, 0);
    }

    /**
     * An action a global event hands to a partition ({@link #scheduleFirst}). It is not counted among the run's events
     * (the global event that handed it was, and how many partitions it is handed to depends on the partitioning).
     */
    public abstract static class Handed extends SimEvent {
        private EventLoop loop;

        /** What the event does, in its partition, at its time. */
        protected abstract void act();

        @Override
        protected final void fire() {
            act();
            loop.executed--;
        }
    }

    /**
     * Runs the events that may go ahead and are due before {@code endPs}; returns the window's end: {@code endPs}, or
     * the time of the event after which the model holds the partitions ({@link AheadWork#holdsAt}).
     */
    long run(long endPs) {
        AheadWork w = work;
        if (w == null) {
            return endPs;
        }
        while (true) {
            SimEvent e = global.next(endPs);
            if (e == null || e.timePs >= endPs || !w.runsAhead(e)) {
                return endPs;
            }
            long at = e.timePs;
            running = true;
            try {
                global.run(at, 1);
            } finally {
                running = false;
            }
            events++;
            if (global.stopRequested) {
                throw new IllegalStateException("a global event run ahead of the partitions stopped the run at " + at
                        + " ps (the model must end such a run through AheadWork.stopsAtPs)");
            }
            if (w.holdsAt(at)) {
                return at;
            }
        }
    }

    /**
     * The global events due at {@code tg}, before every partition event, that the model lets go ahead (a traffic
     * program's timer) run as they would at the start of a window there ({@link #run}), not as global events: without
     * every hand-off delivered first, which global events need and these do not (they reach the partitions only
     * through {@link #scheduleFirst}). Before this a timer due at a window's start cost a serial delivery of the
     * window's hand-offs, or a delivery phase of the threads (benchmarks/README.md, "Step 21"). If one holds the
     * partitions there ({@link AheadWork#holdsAt}), they stand there already. Returns whether any ran.
     */
    boolean runAt(long tg, Deferred deferred) {
        global.nowPs = tg;
        deferred.horizonPs(tg); // what may go ahead depends on the earliest completion that may come
        long ran = events;
        run(saturatedAdd(tg, 1));
        return events != ran;
    }

    /** {@link AheadWork#stopsAtPs()}, or {@code Long.MAX_VALUE} without such work. */
    long stopsAtPs() {
        return work == null ? Long.MAX_VALUE : work.stopsAtPs();
    }

    static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
