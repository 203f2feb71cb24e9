package org.lossless.core.kernel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The barrier at the end of each window of a {@link ParallelEngine}: the last thread to arrive runs the action
 * (collect the window's results, choose the next window) and releases the others. Waiting threads spin briefly
 * (a window is often a few microseconds of work), then yield, then park, so that more threads than cores (8 threads
 * on a 2-core machine) still make progress. A parked thread is woken by the thread that releases the barrier
 * ({@link LockSupport#unpark}: about 10 us on this 2-core VM, where a timed park of 20 us returned after 74 us), or
 * earlier by {@link #wake()}, before a long action, so that it is spinning again when the action ends. One atomic
 * increment per thread per window; nothing per event. The spin is fixed: a spin adapted per waiter to how its recent
 * waits ended (doubled when one ended before the park, halved when it parked) was measured and not adopted
 * (benchmarks/README.md, step 18: on the k=8 all-reduce the waits end within the yields, so it kept the full spin), and
 * neither was a spin chosen by the engine (none after a step between windows that ran global work, and no early wake
 * then; step 20: not faster on the all-reduce by the rule's rounds, 7-9 % slower on the others, within this VM's
 * noise).
 */
final class SpinBarrier {
    /** Spins before yielding (about 55 us on this VM at 26-28 ns each); {@code -Dlossless.spins=N} for benchmarks. */
    private static final int SPINS = Integer.getInteger("lossless.spins", 2_000);
    private static final int YIELDS = 50;
    /** Longest park before a waiter looks again by itself (it is normally unparked long before). */
    private static final long PARK_NS = 1_000_000;
    private final int parties;
    /** Spins before yielding: none when there are more parties than cores (a spinning waiter would hold a core). */
    private final int spins;
    private final AtomicInteger arrived = new AtomicInteger();
    private volatile long generation;
    /** When the last release happened ({@link System#nanoTime()}), for the waiters' wake-up delay. */
    private volatile long releasedNs;
    /**
     * Set while the releasing thread runs windows alone ({@link Pacer}): the waiters then park at once, for up to
     * {@link #SLEEP_NS} at a time, instead of spinning; {@link #wake()} at the release ends their sleep.
     */
    private volatile boolean asleep;
    private static final long SLEEP_NS = 20_000_000;
    /** The waiters that are parked or about to park, by arrival (slot i: the (i+1)-th to arrive). */
    private final AtomicReferenceArray<Thread> parked;

    SpinBarrier(int parties) {
        this.parties = parties;
        this.spins = parties <= Runtime.getRuntime().availableProcessors() ? SPINS : 0;
        this.parked = new AtomicReferenceArray<>(Math.max(1, parties - 1));
    }

    /**
     * Waits for all parties; the last one runs {@code action} first. Returns 0 for that one, else how long this thread
     * took to leave after the release, ns (its wake-up delay).
     */
    long await(Runnable action) {
        long g = generation;
        int arrival = arrived.incrementAndGet();
        if (arrival == parties) {
            try {
                action.run();
            } finally {
                arrived.set(0);
                if (parties > 1) {
                    releasedNs = System.nanoTime();
                }
                generation = g + 1;
                wake();
            }
            return 0;
        }
        int n = 0;
        while (generation == g) {
            boolean awake = !asleep;
            if (n < spins && awake) {
                Thread.onSpinWait();
            } else if (n < spins + YIELDS && awake) {
                Thread.yield();
            } else {
                parked.set(arrival - 1, Thread.currentThread());
                if (generation == g) { // else released in between: the releaser's unpark, if any, is a spare permit
                    LockSupport.parkNanos(awake ? PARK_NS : SLEEP_NS);
                }
                n = -1; // woken: spin again (released, or woken early before a long action)
            }
            n++;
        }
        return Math.max(0, System.nanoTime() - releasedNs);
    }

    /**
     * While {@code on}, the waiters sleep (park at once) rather than spin: set by the barrier's action before it runs a
     * long stretch of windows alone, cleared before it ends (the release then unparks them).
     */
    void sleep(boolean on) {
        asleep = on;
    }

    /**
     * Unparks the waiters that are parked (each then spins and yields again before it parks anew): by the releasing
     * thread after the action, and by the action itself before work that keeps the others waiting a while, so that they
     * are awake when it ends.
     */
    void wake() {
        for (int i = 0; i < parked.length(); i++) {
            Thread t = parked.get(i) == null ? null : parked.getAndSet(i, null);
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }
}
