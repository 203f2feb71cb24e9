package org.lossless.core.kernel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The barrier at the end of each window of a {@link ParallelEngine}: the last thread to arrive runs the action
 * (collect the window's results, choose the next window) and releases the others. Waiting threads spin briefly
 * (a window is often a few microseconds of work), then yield, then park for short slices, so that more threads than
 * cores (8 threads on a 2-core machine) still make progress. One atomic increment per thread per window; nothing per
 * event.
 */
final class SpinBarrier {
    private static final int SPINS = 2_000;
    private static final int YIELDS = 50;
    private static final long PARK_NS = 20_000;
    private final int parties;
    /** Spins before yielding: none when there are more parties than cores (a spinning waiter would hold a core). */
    private final int spins;
    private final AtomicInteger arrived = new AtomicInteger();
    private volatile long generation;

    SpinBarrier(int parties) {
        this.parties = parties;
        this.spins = parties <= Runtime.getRuntime().availableProcessors() ? SPINS : 0;
    }

    /** Waits for all parties; the last one runs {@code action} first. */
    void await(Runnable action) {
        long g = generation;
        if (arrived.incrementAndGet() == parties) {
            try {
                action.run();
            } finally {
                arrived.set(0);
                generation = g + 1;
            }
            return;
        }
        int n = 0;
        while (generation == g) {
            if (n < spins) {
                Thread.onSpinWait();
            } else if (n < spins + YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(PARK_NS);
            }
            n++;
        }
    }
}
