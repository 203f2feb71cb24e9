package org.lossless.workloads.support;

import java.util.PriorityQueue;

import org.lossless.workloads.traffic.TrafficContext;

/**
 * Many timers of one program behind the single timer its context gives it: actions ordered by (time,
 * order of scheduling), and the context's timer always armed at the earliest one. Call {@link #runDue}
 * from {@code onTimer}; scheduling from any callback re-arms the context when needed.
 *
 * <p>Invariant: outside {@link #runDue}, the context's pending timer is at {@link #nextPs()} exactly
 * when the agenda is not empty, and there is none when it is empty.
 */
public final class Agenda {
    private final PriorityQueue<Entry> heap = new PriorityQueue<>();
    private TrafficContext ctx;
    private long seq;
    /** Time the context's timer is armed at, or -1 for none. */
    private long armedPs = -1;
    private boolean running;

    /** Binds the agenda to the program's context; call once from {@code start}. */
    public void bind(TrafficContext context) {
        if (ctx != null) {
            throw new IllegalStateException("agenda already bound");
        }
        ctx = context;
    }

    /** Runs {@code action} at {@code timePs} (&gt;= now), after the actions scheduled earlier for that time. */
    public void at(long timePs, Runnable action) {
        if (timePs < ctx.nowPs()) {
            throw new IllegalArgumentException("action at " + timePs + " ps is in the past (now " + ctx.nowPs() + ")");
        }
        heap.add(new Entry(timePs, seq++, action));
        if (!running && (armedPs < 0 || timePs < armedPs)) {
            armedPs = timePs;
            ctx.wakeAt(timePs);
        }
    }

    /** Runs every action due at or before {@code nowPs}, those it schedules for now included; re-arms. */
    public void runDue(long nowPs) {
        running = true;
        try {
            while (!heap.isEmpty() && heap.peek().timePs <= nowPs) {
                heap.poll().action.run();
            }
        } finally {
            running = false;
        }
        armedPs = -1;
        if (heap.isEmpty()) {
            ctx.cancelTimer();
        } else {
            armedPs = heap.peek().timePs;
            ctx.wakeAt(armedPs);
        }
    }

    public boolean isEmpty() {
        return heap.isEmpty();
    }

    /** Time of the earliest pending action, ps, or -1 if none. */
    public long nextPs() {
        return heap.isEmpty() ? -1 : heap.peek().timePs;
    }

    private record Entry(long timePs, long seq, Runnable action) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry o) {
            int c = Long.compare(timePs, o.timePs);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }
}
