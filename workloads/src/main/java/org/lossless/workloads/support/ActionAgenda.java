package org.lossless.workloads.support;

import java.util.Arrays;

import org.lossless.workloads.traffic.TrafficContext;

/**
 * Many timers of one program behind the single timer its context gives it: actions ordered by (time,
 * order of scheduling), and the context's timer always armed at the earliest one. Call {@link #runDue}
 * from {@code onTimer}; scheduling from any callback re-arms the context when needed.
 *
 * <p>Invariant: outside {@link #runDue}, the context's pending timer is at {@link #nextPs()} exactly
 * when the agenda is not empty, and there is none when it is empty.
 *
 * <p>One timer heap for the whole module: the entries are kept in {@link org.lossless.workloads.collective.Agenda}
 * (a primitive (time, order) min-heap, same-time entries in scheduling order), whose code is a slot in
 * {@link #actions}; freed slots are reused, so an action costs no allocation beyond its {@code Runnable}. That
 * heap stays a class of its own because the collective and training programs keep long codes in it, not
 * actions, and arm their context themselves (a rank's step, an NVLink transfer: no object per timer).
 */
public final class ActionAgenda {
    private final org.lossless.workloads.collective.Agenda heap = new org.lossless.workloads.collective.Agenda();
    /** The pending actions by slot (the heap's code); null in a free slot. */
    private Runnable[] actions = new Runnable[16];
    /** Free slots, a stack: {@code free[0..freeCount)}. */
    private int[] free = new int[16];
    private int freeCount;
    /** Slots ever handed out: {@code 0..slots)}. */
    private int slots;
    private TrafficContext ctx;
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
        heap.add(timePs, slot(action));
        if (!running && (armedPs < 0 || timePs < armedPs)) {
            armedPs = timePs;
            ctx.wakeAt(timePs);
        }
    }

    /** Runs every action due at or before {@code nowPs}, those it schedules for now included; re-arms. */
    public void runDue(long nowPs) {
        running = true;
        try {
            while (!heap.isEmpty() && heap.peekTime() <= nowPs) {
                int slot = (int) heap.poll();
                Runnable action = actions[slot];
                actions[slot] = null;
                free[freeCount++] = slot;
                action.run();
            }
        } finally {
            running = false;
        }
        armedPs = -1;
        if (heap.isEmpty()) {
            ctx.cancelTimer();
        } else {
            armedPs = heap.peekTime();
            ctx.wakeAt(armedPs);
        }
    }

    public boolean isEmpty() {
        return heap.isEmpty();
    }

    /** Time of the earliest pending action, ps, or -1 if none. */
    public long nextPs() {
        return heap.isEmpty() ? -1 : heap.peekTime();
    }

    /** A slot holding {@code action}: a freed one, else a new one. */
    private int slot(Runnable action) {
        int slot;
        if (freeCount > 0) {
            slot = free[--freeCount];
        } else {
            if (slots == actions.length) {
                actions = Arrays.copyOf(actions, slots * 2);
                free = Arrays.copyOf(free, slots * 2);
            }
            slot = slots++;
        }
        actions[slot] = action;
        return slot;
    }
}
