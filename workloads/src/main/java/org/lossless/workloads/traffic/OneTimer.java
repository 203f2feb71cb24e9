package org.lossless.workloads.traffic;

/**
 * A program's one engine timer kept at the earliest time the program needs, for programs with their own
 * list of pending times: {@link #set} calls {@link TrafficContext#wakeAt} or {@link TrafficContext#cancelTimer}
 * only when that time changes.
 */
public final class OneTimer {
    private long armedAt = -1;

    /** The timer fired (call from {@link TrafficProgram#onTimer}). */
    public void fired() {
        armedAt = -1;
    }

    /** Asks for the timer at {@code timePs} (&gt;= now), or cancels it when {@code timePs} is negative. */
    public void set(TrafficContext ctx, long timePs) {
        if (timePs < 0) {
            if (armedAt >= 0) {
                ctx.cancelTimer();
                armedAt = -1;
            }
        } else if (timePs != armedAt) {
            armedAt = timePs;
            ctx.wakeAt(timePs);
        }
    }
}
