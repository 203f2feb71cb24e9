package org.lossless.core.kernel;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Which thread runs which partition in a window of a {@link ParallelEngine}: a plan per window, with stealing of what
 * a late thread has not started. Between windows the partitions are ordered by the cost they had in their last window,
 * largest first, and dealt to the threads by the longest-processing-time rule (each to the thread with the least
 * planned cost so far), except that a partition stays with the thread that ran it last whenever that keeps the plan's
 * busiest thread at the rule's (its event list and components stay in that core's caches). In a window each thread
 * runs its own partitions, largest first; when it has none left it takes, from another thread's plan, the smallest
 * partition that thread has not started yet, until none is left anywhere, then waits at the barrier.
 *
 * <p>Why a plan and not one shared queue (Unison's atomic index over the order, this class until 2026-12-06): with a
 * shared queue the thread that leaves the barrier first claims partition after partition while the other is still
 * waking up, and on a machine where a parked thread takes 50-150 us to run again (this 2-core VM) the k=8 all-reduce's
 * windows of about 100 us of work ran entirely on one thread in 98 % of them (benchmarks/README.md, "Step 9"); a thread
 * cannot now take another's partitions before it has run its own share. Stealing keeps what the shared queue was for:
 * a thread that is slowed (preempted, a compiler thread on its core) leaves its unstarted partitions to the others.
 *
 * <p>Cost: the events a partition ran in its last window plus the hand-offs delivered to it at that window's start,
 * counted, not timed, so that the plan does not follow the machine's preemptions. Before the first window the costs
 * are the partitions' expected weights and partition {@code p} was "last run" by thread {@code p mod threads}. Ties go
 * to the lower partition number, then to the thread with fewer partitions, then the lower thread.
 *
 * <p>The plan is written between windows by the one thread that runs the barrier's action, after every other thread
 * arrived and before any is released (the barrier orders the memory); in a window a partition is taken with one
 * compare-and-set on its flag (a few per window), nothing per event. Which thread runs a partition never changes a
 * result: a window's partitions do not see each other.
 */
final class Claims {
    /** Partitions, largest cost of their last window first. */
    private final int[] order;
    /** Cost of each partition in its last window. */
    private final long[] cost;
    /** Thread that a partition is planned on in the current window. */
    private final int[] owner;
    /** The partitions of each thread's plan, thread by thread, each thread's largest first. */
    private final int[] plan;
    /** Where thread t's partitions start in {@link #plan}; {@code start[threads]} = partitions. */
    private final int[] start;
    /** Scratch: planned cost per thread, and partitions per thread. */
    private final long[] load;
    private final int[] count;
    /** Scratch: the plan by the rule alone, to bound the one with partitions kept in place. */
    private final int[] lpt;
    /** Window number at which each partition was taken ({@link #claim}); a partition is free if below it. */
    private final AtomicIntegerArray taken;
    private int window = 1;
    /** With one thread: the window {@link #next} counts in, and the next place in the plan. */
    private int lastWindow;
    private int next;
    private final int threads;
    /**
     * Benchmark only: with the system property {@code lossless.parallel.noSteal=true} a thread runs only its own plan
     * and never takes another's unstarted partitions (benchmarks/README.md, "Step 12d": every partition then stays on
     * its thread when the costs are equal). Not for runs: a preempted thread then holds up the window.
     */
    private final boolean noSteal = Boolean.getBoolean("lossless.parallel.noSteal");

    /**
     * @param threads threads that claim (at least 1)
     * @param weights expected load of each partition (the first window's order), or null for equal loads
     */
    Claims(int partitions, int threads, long[] weights) {
        this.threads = threads;
        order = new int[partitions];
        cost = new long[partitions];
        owner = new int[partitions];
        plan = new int[partitions];
        start = new int[threads + 1];
        load = new long[threads];
        count = new int[threads];
        lpt = new int[partitions];
        taken = new AtomicIntegerArray(partitions);
        for (int p = 0; p < partitions; p++) {
            order[p] = p;
            cost[p] = weights == null ? 0 : weights[p];
            owner[p] = p % threads;
        }
        replan();
    }

    /**
     * The next partition {@code thread} runs in this window, or -1 when every partition was taken: its own plan's next
     * one not yet taken, else the last untaken one of another thread's plan (the next thread's first).
     */
    int claim(int thread) {
        int w = window;
        if (threads == 1) { // no other thread to race: the next partition not yet run in this window, in plan order
            int i = next;
            if (i < plan.length && lastWindow == w) {
                next = i + 1;
                return plan[i];
            }
            if (lastWindow != w) {
                lastWindow = w;
                next = 1;
                return plan[0];
            }
            return -1;
        }
        for (int i = start[thread]; i < start[thread + 1]; i++) {
            int p = plan[i];
            if (taken.get(p) != w && take(p, w)) {
                return p;
            }
        }
        if (noSteal) {
            return -1;
        }
        for (int k = 1; k < threads; k++) {
            int v = (thread + k) % threads;
            for (int i = start[v + 1] - 1; i >= start[v]; i--) {
                int p = plan[i];
                if (taken.get(p) != w && take(p, w)) {
                    return p;
                }
            }
        }
        return -1;
    }

    private boolean take(int p, int w) {
        int was = taken.get(p);
        return was != w && taken.compareAndSet(p, was, w);
    }

    /** Partition {@code p}'s cost in the window it just ran (by the thread that ran it). */
    void record(int p, long c) {
        cost[p] = c;
    }

    /**
     * Between windows: {@code ran[p]} is the thread that ran partition p in the window that ended (or -1: its planned
     * one); orders the partitions by their last cost, plans the next window and opens its claims.
     */
    void reset(int[] ran) {
        if (threads == 1) { // one thread runs every partition: no plan to make (nor an order to keep)
            window++;
            return;
        }
        for (int p = 0; p < owner.length; p++) {
            if (ran != null && ran[p] >= 0) {
                owner[p] = ran[p];
            }
        }
        replan();
        window++;
    }

    /** As {@link #reset(int[])}, every partition having run where it was planned. */
    void reset() {
        reset(null);
    }

    /** Partitions in the current window's cost order. */
    int size() {
        return order.length;
    }

    /** The {@code i}-th partition of the current window's cost order. */
    int at(int i) {
        return order[i];
    }

    /** The thread partition {@code p} is planned on in the current window. */
    int plannedThread(int p) {
        return owner[p];
    }

    /** The cost order of the next window (for tests; with one thread it stays the first window's). */
    int[] order() {
        return order.clone();
    }

    /** Where {@code thread}'s partitions start in the current plan ({@link #planned(int)}); {@code thread} = threads: its end. */
    int planStart(int thread) {
        return start[thread];
    }

    /** The {@code i}-th partition of the current plan (threads' partitions one after the other). */
    int planned(int i) {
        return plan[i];
    }

    /** Threads the plans are for. */
    int threads() {
        return threads;
    }

    /** The partitions planned on {@code thread} in the next window, largest first (for tests). */
    int[] planOf(int thread) {
        return java.util.Arrays.copyOfRange(plan, start[thread], start[thread + 1]);
    }

    private void replan() {
        sort();
        long bound = deal(lpt, -1);
        if (deal(owner, bound) > bound) {
            System.arraycopy(lpt, 0, owner, 0, lpt.length);
        }
        java.util.Arrays.fill(start, 0);
        for (int p : order) {
            start[owner[p] + 1]++;
        }
        for (int t = 0; t < threads; t++) {
            start[t + 1] += start[t];
        }
        int[] at = count; // reused: the next place of each thread's partitions in the plan
        System.arraycopy(start, 0, at, 0, threads);
        for (int p : order) {
            plan[at[owner[p]]++] = p;
        }
    }

    /**
     * Deals the partitions in cost order into {@code into}: each to the least loaded thread (on ties the one with fewer
     * partitions, then the lower thread), or, with {@code bound >= 0}, to the thread it is on in {@code into} already
     * (the one that ran it last) if that thread's load stays within {@code bound}. Returns the busiest thread's load.
     */
    private long deal(int[] into, long bound) {
        java.util.Arrays.fill(load, 0);
        java.util.Arrays.fill(count, 0);
        for (int p : order) {
            int t = bound >= 0 && load[into[p]] + cost[p] <= bound ? into[p] : leastLoaded();
            into[p] = t;
            load[t] += cost[p];
            count[t]++;
        }
        long max = 0;
        for (long l : load) {
            max = Math.max(max, l);
        }
        return max;
    }

    private int leastLoaded() {
        int best = 0;
        for (int t = 1; t < threads; t++) {
            if (load[t] < load[best] || (load[t] == load[best] && count[t] < count[best])) {
                best = t;
            }
        }
        return best;
    }

    /** Insertion sort by descending cost, then ascending partition: the order changes little between windows. */
    private void sort() {
        for (int i = 1; i < order.length; i++) {
            int x = order[i];
            int j = i - 1;
            while (j >= 0 && before(x, order[j])) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
    }

    private boolean before(int a, int b) {
        return cost[a] > cost[b] || (cost[a] == cost[b] && a < b);
    }
}
