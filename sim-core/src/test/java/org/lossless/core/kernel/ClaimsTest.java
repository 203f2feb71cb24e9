package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Load-adaptive claiming ({@link Claims}): partitions ordered by their last window's cost, largest first, and taken by
 * whichever thread is free; a skewed load that a static split leaves unbalanced is split evenly.
 */
class ClaimsTest {
    /**
     * Two threads claiming in the order given, each as soon as it is free (ties: the lower thread), every partition
     * taking its cost in time: the loads of the threads.
     */
    private static long[] listSchedule(Claims c, long[] cost, int threads) {
        long[] load = new long[threads];
        for (int p = c.claim(); p >= 0; p = c.claim()) {
            int free = 0;
            for (int t = 1; t < threads; t++) {
                if (load[t] < load[free]) {
                    free = t;
                }
            }
            load[free] += cost[p];
        }
        return load;
    }

    @Nested
    class Order {
        @Test
        void theFirstWindowFollowsTheWeightsThenEachWindowTheLastCosts() {
            Claims c = new Claims(4, new long[] {1, 5, 3, 5});
            assertArrayEquals(new int[] {1, 3, 2, 0}, c.order(), "by weight, ties to the lower partition");
            c.record(0, 40);
            c.record(1, 0);
            c.record(2, 7);
            c.record(3, 7);
            c.reset();
            assertArrayEquals(new int[] {0, 2, 3, 1}, c.order());
        }

        @Test
        void eachPartitionIsClaimedOncePerWindow() {
            Claims c = new Claims(3, null);
            assertEquals(0, c.claim());
            assertEquals(1, c.claim());
            assertEquals(2, c.claim());
            assertEquals(-1, c.claim());
            assertEquals(-1, c.claim());
            c.reset();
            assertEquals(0, c.claim(), "equal costs: by partition number");
        }
    }

    /**
     * Eight partitions, costs 7, 1, 1, 1, 1, 1, 1, 3 (16 in all, 8 per thread on two). By hand, largest first: thread 0
     * takes p0 (7); thread 1 takes p7 (3), then p1..p4 (free at 4, 5, 6, 7); both free at 7: thread 0 takes p5, thread 1
     * p6: 8 and 8. Two partitions of four each (the static split of two threads): 7+1+1+1 = 10 against 6.
     */
    @Test
    void aSkewedLoadIsSplitEvenlyWhereAStaticSplitIsNot() {
        long[] cost = {7, 1, 1, 1, 1, 1, 1, 3};
        Claims c = new Claims(8, null);
        for (int p = 0; p < 8; p++) {
            c.record(p, cost[p]);
        }
        c.reset();
        assertArrayEquals(new int[] {0, 7, 1, 2, 3, 4, 5, 6}, c.order());
        long[] load = listSchedule(c, cost, 2);
        assertArrayEquals(new long[] {8, 8}, load);
        long staticBusiest = Math.max(7 + 1 + 1 + 1, 1 + 1 + 1 + 3);
        assertEquals(10, staticBusiest);
    }

    /**
     * The engine with real threads: 8 partitions on 2 threads, 10 windows of 100 ps; partition 5 runs 14 events per
     * window, the others 2 (28 in all, 14 per thread). Partition 5's first event of each window waits until the seven
     * light partitions have run theirs (as if its events took that long), so the thread that holds it can take nothing
     * else: a window's busiest thread runs exactly 14 events if partition 5 is claimed first, 14 + 2k if its thread
     * first ran k light ones. From the second window on, partition 5 cost the most in the last, so it is claimed first:
     * only the first window (ordered by the equal weights: partition 5 sixth, k at most 5) may be unbalanced. A static
     * split would leave partition 5 with three light ones on one thread (and here wait for ever). The replay of the
     * claims on the event counts ({@link ParallelStats#plannedBusiestEvents()}) is computed by hand.
     */
    @Test
    void theEngineClaimsTheHeaviestPartitionFirstAndItsThreadTakesNothingElse() {
        long window = 100;
        int windows = 10;
        int heavy = 5;
        ParallelEngine e = new ParallelEngine(3, 8, 2, window, null);
        AtomicInteger lightsDone = new AtomicInteger();
        for (int p = 0; p < 8; p++) {
            int part = p;
            int perWindow = p == heavy ? 14 : 2;
            Scheduler s = e.partition(p).source(1 + p);
            s.schedule(new SimEvent() {
                private int k;
                private int w;

                @Override
                protected void fire() {
                    if (part == heavy && k == 0) {
                        awaitAtLeast(lightsDone, 7 * (w + 1));
                    }
                    k++;
                    if (k < perWindow) {
                        s.schedule(this, s.now() + 1);
                        return;
                    }
                    if (part != heavy) {
                        lightsDone.incrementAndGet();
                    }
                    k = 0;
                    w++;
                    s.schedule(this, w * window);
                }
            }, 0);
        }
        e.runUntil(windows * window - 1);
        ParallelStats st = e.stats();
        assertEquals(windows, st.windows());
        assertEquals(14 * windows, st.events(heavy));
        assertEquals(2 * windows, st.events(0));
        long excess = st.busiestThreadEvents() - 14L * windows;
        assertTrue(excess >= 0 && excess <= 2 * 5 && excess % 2 == 0, "only the first window may be unbalanced, by "
                + "k light partitions of 2 events, k <= 5: " + excess);
        assertTrue(st.imbalance() <= (14.0 * windows + 10) / (14.0 * windows), st.toString());
        assertEquals(heavy, e.claimOrder()[0]);
        // replayed by hand: window 0 in partition order, 2 events each but 14 in p5: thread 0 takes p0, p2, p4, p6, p7
        // (10), thread 1 p1, p3 and p5 (18); then p5 first: 14 and 7 x 2
        assertEquals(18 + 9 * 14, st.plannedBusiestEvents());
        assertEquals(14 * windows, st.leastBusiestEvents());
    }

    private static void awaitAtLeast(AtomicInteger n, int target) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (n.get() < target) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the light partitions did not run beside the heavy one: " + n.get()
                        + " of " + target);
            }
            Thread.yield();
        }
    }
}
