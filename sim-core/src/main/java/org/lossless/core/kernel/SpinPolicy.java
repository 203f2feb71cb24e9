package org.lossless.core.kernel;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * How many times a waiter at a {@link SpinBarrier} spins ({@link Thread#onSpinWait()}, about 27 ns each on this VM)
 * before it yields and parks: fixed, or adapted to how the recent waits of its kind ended, as HotSpot's adaptive
 * spinning on monitors or glibc's adaptive mutex do. A wait that ended before the waiter parked (within the spin or
 * the yields after it) doubles the budget, up to {@link #MAX}; one that ran out and parked halves it, and below
 * {@link #MIN} it becomes 0 (park once the yields are over). A budget of 0 grows again when a wait ends within the
 * yields (the probe that lets it recover). So each budget settles where about half of its waits end before the park:
 * spinning where waits are short (one thread's window while the other runs its own), parking where they are long
 * (the other thread runs the windows and the serial step alone, and a vCPU spinning next to it slows it down,
 * benchmarks/README.md, step 17).
 *
 * <p>One budget per arrival slot of the barrier (the first to arrive waits longest) and kind of wait: from the arrival,
 * and after an early {@link SpinBarrier#wake()} (then the rest of the wait is the action's length, not the others'
 * windows). Each budget is read and written by the thread that holds its slot in a window; another thread may hold it
 * in the next one and then reads the value with opaque access (no fence on the path; a late value only delays the
 * adaptation by a window). O(1) per wait, no allocation.
 */
final class SpinPolicy {
    /** The longest spin (about 55 us on this VM): the fixed spin of the barrier before it adapted. */
    static final int MAX = 2_000;
    /** The shortest spin but none (1/32 of {@link #MAX}): a halved budget below it is 0, a grown 0 starts here. */
    static final int MIN = MAX >> 5;

    /** At least 0: every wait spins this many times (no adaptation); negative: adaptive. */
    private final int fixed;
    /** Budgets by {@link #budget}, each starting at {@link #MAX}; unused when {@link #fixed}. */
    private final AtomicIntegerArray limits;

    /**
     * @param slots the barrier's arrival slots that wait (parties - 1)
     * @param fixed spins of every wait, at least 0; negative for adaptive budgets
     */
    SpinPolicy(int slots, int fixed) {
        this.fixed = fixed;
        this.limits = new AtomicIntegerArray(fixed >= 0 ? 0 : 2 * Math.max(1, slots));
        for (int i = 0; i < limits.length(); i++) {
            limits.set(i, MAX);
        }
    }

    /** Which budget a wait spins by: slot {@code slot} (0: the first to arrive), from the arrival or after a wake. */
    static int budget(int slot, boolean afterWake) {
        return 2 * slot + (afterWake ? 1 : 0);
    }

    /** The spins of the next wait by budget {@code b}. */
    int limit(int b) {
        return fixed >= 0 ? fixed : limits.getOpaque(b);
    }

    /** A wait by budget {@code b} that spun up to {@code limit} times ended: parked, or released before it parked. */
    void ended(int b, int limit, boolean parked) {
        if (fixed < 0) {
            int next = next(limit, parked);
            if (next != limit) {
                limits.setOpaque(b, next);
            }
        }
    }

    /** The rule: the budget after a wait that spun up to {@code limit} times ended parked or not. */
    static int next(int limit, boolean parked) {
        if (parked) {
            int half = limit >> 1;
            return half < MIN ? 0 : half;
        }
        return limit == 0 ? MIN : (int) Math.min(MAX, 2L * limit);
    }
}
