package org.lossless.core.kernel;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which thread runs which partition in a window of a {@link ParallelEngine}: load-adaptive scheduling as in Unison
 * (EuroSys'24). Between windows the partitions are ordered by the cost they had in their last window, largest first;
 * during a window each thread claims the next partition of that order with one atomic increment, runs its window, and
 * claims again until none is left, then waits at the barrier. A thread that drew light partitions claims more of them,
 * so a window's threads finish close together even when the partitions' loads move from window to window (a static
 * split of two partitions on two threads leaves one thread waiting whenever its partition had less to do).
 *
 * <p>Largest first is the longest-processing-time rule applied online: with costs as predicted, the busiest thread's
 * load exceeds the mean by at most one partition's cost (the last one it claimed; it started that one no later than
 * any other thread became free). Cost: the events a partition ran in its last window plus the hand-offs delivered to
 * it at that window's start, counted, not timed, so that the order does not follow the machine's preemptions (Unison
 * times it; on a shared machine a window's wall time is mostly whether the thread had a core). Ties go to the lower
 * partition number. Before the first window the order is the partitions' expected weights.
 *
 * <p>Threads only read the order during a window; it is rewritten between windows by the one thread that runs the
 * barrier's action, after every other thread arrived and before any is released (the barrier orders the memory).
 * Nothing is locked; one atomic increment per claim (a few per window), nothing per event.
 */
final class Claims {
    /** Partitions, largest cost of their last window first. */
    private final int[] order;
    /** Cost of each partition in its last window. */
    private final long[] cost;
    private final AtomicInteger next = new AtomicInteger();

    /** @param weights expected load of each partition (the first window's order), or null for equal loads */
    Claims(int partitions, long[] weights) {
        order = new int[partitions];
        cost = new long[partitions];
        for (int p = 0; p < partitions; p++) {
            order[p] = p;
            cost[p] = weights == null ? 0 : weights[p];
        }
        sort();
    }

    /** The next partition to run in this window, or -1 when every partition was claimed. */
    int claim() {
        int i = next.getAndIncrement();
        return i < order.length ? order[i] : -1;
    }

    /** Partition {@code p}'s cost in the window it just ran (by the thread that ran it). */
    void record(int p, long c) {
        cost[p] = c;
    }

    /** Between windows: orders the partitions by their last cost and opens the next window's claims. */
    void reset() {
        sort();
        next.set(0);
    }

    /** Partitions in the current window's claim order. */
    int size() {
        return order.length;
    }

    /** The {@code i}-th partition of the current window's claim order. */
    int at(int i) {
        return order[i];
    }

    /** The claim order of the next window (for tests). */
    int[] order() {
        return order.clone();
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
