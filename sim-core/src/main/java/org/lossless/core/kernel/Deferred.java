package org.lossless.core.kernel;

/**
 * Work that partition events record and the run's global level does ({@link ParallelEngine#defer}: a traffic
 * program's reaction to a completion in some partition): it runs between windows, on one thread with every partition
 * stopped, after every partition event at its instant and before any later one, whatever the partitioning. A partition event that records work
 * calls {@link Scheduler#yieldAfterNow()}; with several partitions the others must not pass that instant either,
 * so the model says beforehand when work may be recorded ({@link #horizonPs}).
 */
public interface Deferred {
    /** Earliest time of the work recorded so far, or {@code Long.MAX_VALUE}; asked between windows. */
    long pendingPs();

    /**
     * Runs the work recorded at {@code atPs} (= {@link #pendingPs()}), as global events at that instant. It must
     * read nothing that the window's hand-offs change when delivered (the frames in flight on cut links, the
     * receivers' pending events): they may still wait in the mail, delivered by each partition at its next
     * window's start; it may schedule global events, which see every hand-off delivered.
     */
    void run(long atPs);

    /**
     * Last instant, at or after {@code fromPs}, a window may reach before recorded work must run ({@code
     * Long.MAX_VALUE}: none known): the earliest time at which a partition event may record work, plus {@link
     * #reactionDelayPs()} - 1 when that is positive; a window then ends right after it. Asked between windows, only when there are several
     * partitions. A window holds at most {@link ParallelEngine#lookaheadPs()}, so it need only know of what was set in motion
     * before {@code fromPs}.
     */
    long horizonPs(long fromPs);

    /**
     * The least time, ps, between the instant of recorded work and anything that work schedules or changes in a
     * partition (0: it may act at that very instant; {@code Long.MAX_VALUE}: it never does, and may only stop the
     * run, at an instant where the model stopped every partition). With {@code d > 0} a partition that records work at {@code t}
     * may run on to {@code t + d - 1} ({@link Scheduler#yieldAfter}) and {@link #horizonPs} may say so; if the work
     * stops the run, every partition still runs to {@code t + d - 1} (whatever the partitioning), and the run ends
     * at {@code t}. Asked between windows; it must not change during a run.
     */
    default long reactionDelayPs() {
        return 0;
    }

    /** Called after every window (one thread, every partition stopped), before the run's global level acts. */
    default void windowEnded() {
    }
}
