package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Planned claiming ({@link Claims}): partitions ordered by their last window's cost, largest first, dealt to the threads
 * by the longest-processing-time rule, kept on the thread that ran them last when that keeps the rule's busiest
 * thread; a thread runs its own plan first and then takes other threads' unstarted partitions, smallest first.
 */
class ClaimsTest {
    /** Each thread's planned cost: the sum of {@code cost} over its plan. */
    private static long[] loads(Claims c, long[] cost, int threads) {
        long[] load = new long[threads];
        for (int t = 0; t < threads; t++) {
            for (int p : c.planOf(t)) {
                load[t] += cost[p];
            }
        }
        return load;
    }

    private static Claims withCosts(long[] cost, int threads) {
        Claims c = new Claims(cost.length, threads, null);
        for (int p = 0; p < cost.length; p++) {
            c.record(p, cost[p]);
        }
        c.reset();
        return c;
    }

    @Nested
    class Order {
        /**
         * Weights 1, 5, 3, 5, first owners p mod 2. By hand, the rule alone: p1 (5) -> t0 (both empty, lower thread); p3
         * (5) -> t1; p2 (3) -> t0 (tie at 5, tie in count: lower thread), 8; p0 (1) -> t1, 6: busiest 8. Kept where it can
         * be (bound 8): p1 stays on t1 (5); p3 would make t1 10 > 8 -> t0 (5); p2 stays on t0 (8); p0 would make t0 9 ->
         * t1 (6). Busiest 8, so that plan is taken.
         */
        @Test
        void theFirstWindowFollowsTheWeightsThenEachWindowTheLastCosts() {
            Claims c = new Claims(4, 2, new long[] {1, 5, 3, 5});
            assertArrayEquals(new int[] {1, 3, 2, 0}, c.order(), "by weight, ties to the lower partition");
            assertArrayEquals(new int[] {3, 2}, c.planOf(0));
            assertArrayEquals(new int[] {1, 0}, c.planOf(1));
            c.record(0, 40);
            c.record(1, 0);
            c.record(2, 7);
            c.record(3, 7);
            c.reset();
            assertArrayEquals(new int[] {0, 2, 3, 1}, c.order());
        }

        @Test
        void eachPartitionIsClaimedOncePerWindow() {
            Claims c = new Claims(3, 1, null);
            assertEquals(0, c.claim(0));
            assertEquals(1, c.claim(0));
            assertEquals(2, c.claim(0));
            assertEquals(-1, c.claim(0));
            assertEquals(-1, c.claim(0));
            c.reset();
            assertEquals(0, c.claim(0), "equal costs: by partition number");
        }
    }

    @Nested
    class Stealing {
        /** Equal costs, first owners p mod 2: t0 plans p0, p2 and t1 p1, p3. */
        @Test
        void aThreadRunsItsOwnPlanFirstThenTakesTheOthersUnstartedPartitionsFromTheEnd() {
            Claims c = new Claims(4, 2, null);
            assertArrayEquals(new int[] {0, 2}, c.planOf(0));
            assertArrayEquals(new int[] {1, 3}, c.planOf(1));
            assertEquals(1, c.claim(1), "t1 starts its own");
            assertEquals(0, c.claim(0));
            assertEquals(2, c.claim(0));
            assertEquals(3, c.claim(0), "t1's last, not yet started, goes to t0");
            assertEquals(-1, c.claim(0));
            assertEquals(-1, c.claim(1), "nothing left for t1");
        }

        @Test
        void aLateThreadFindsItsPlanTakenOnlyAfterTheOthersRanTheirOwn() {
            Claims c = new Claims(4, 2, null);
            int[] got = new int[4];
            for (int i = 0; i < 4; i++) {
                got[i] = c.claim(0);
            }
            assertArrayEquals(new int[] {0, 2, 3, 1}, got, "its own first, then t1's from the end");
            assertEquals(-1, c.claim(1));
            c.reset();
            assertEquals(1, c.claim(1), "a new window: the plan again");
        }
    }

    @Nested
    class Affinity {
        @Test
        void aPartitionStaysWithTheThreadThatRanItWhenThatKeepsTheBalance() {
            long[] cost = {10, 10, 10, 10};
            Claims c = withCosts(cost, 2);
            assertArrayEquals(new int[] {0, 2}, c.planOf(0));
            c.reset(new int[] {1, 0, 1, 0});
            assertArrayEquals(new int[] {1, 3}, c.planOf(0), "where they ran");
            assertArrayEquals(new int[] {0, 2}, c.planOf(1));
        }

        /** Equal costs of 10, all four run by t0: the rule's busiest is 20, so t0 keeps p0 and p1 and t1 gets p2, p3. */
        @Test
        void aThreadThatRanEverythingKeepsOnlyItsShare() {
            Claims c = withCosts(new long[] {10, 10, 10, 10}, 2);
            c.reset(new int[] {0, 0, 0, 0});
            assertArrayEquals(new int[] {0, 1}, c.planOf(0));
            assertArrayEquals(new int[] {2, 3}, c.planOf(1));
        }
    }

    /**
     * Eight partitions, costs 7, 1, 1, 1, 1, 1, 1, 3 (16 in all, 8 per thread on two), first owners p mod 2. By hand, the
     * rule alone: p0 (7) -> t0; p7 (3) -> t1; p1..p4 -> t1 (4, 5, 6, 7); p5: tie at 7, t0 has fewer -> t0 (8); p6 -> t1
     * (8): busiest 8. Kept where it can be (bound 8): p0 t0 (7); p7 t1 (3); p1 t1 (4); p2 t0 (8); p3 t1 (5); p4 would
     * make t0 9 -> t1 (6); p5 t1 (7); p6 would make t0 9 -> t1 (8): 8 and 8. Two partitions of four each (the static
     * split of two threads): 7+1+1+1 = 10 against 6.
     */
    @Test
    void aSkewedLoadIsSplitEvenlyWhereAStaticSplitIsNot() {
        long[] cost = {7, 1, 1, 1, 1, 1, 1, 3};
        Claims c = withCosts(cost, 2);
        assertArrayEquals(new int[] {0, 7, 1, 2, 3, 4, 5, 6}, c.order());
        assertArrayEquals(new int[] {0, 2}, c.planOf(0));
        assertArrayEquals(new int[] {7, 1, 3, 4, 5, 6}, c.planOf(1));
        assertArrayEquals(new long[] {8, 8}, loads(c, cost, 2));
        long staticBusiest = Math.max(7 + 1 + 1 + 1, 1 + 1 + 1 + 3);
        assertEquals(10, staticBusiest);
    }

    /**
     * The engine with real threads: 8 partitions on 2 threads, 10 windows of 100 ps; partition 5 runs 14 events per
     * window, the others 2 (28 in all, 14 per thread). Partition 5's first event of each window waits until the seven
     * light partitions have run theirs (as if its events took that long), so the thread that holds it can take nothing
     * else. From the second window on, partition 5 cost the most in the last window, so the plan puts it alone on one
     * thread and the seven light ones on the other; the first window's plan (equal weights) is p mod 2. A static split
     * would leave partition 5 with three light ones on one thread (and here wait for ever). The plans replayed on the
     * event counts ({@link ParallelStats#plannedBusiestEvents()}) are computed by hand; as run, a thread that is late
     * may leave its unstarted partitions to the other, so only a lower bound is certain there.
     */
    @Test
    void theEnginePlansTheHeaviestPartitionAloneOnOneThread() {
        long window = 100;
        int windows = 10;
        int heavy = 5;
        ParallelEngine e = new ParallelEngine(3, 8, 2, window, null);
        e.pace(false, 0, 0); // both threads in every window: the heavy partition waits for the light ones' thread
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
        assertTrue(st.busiestThreadEvents() >= 14L * windows, st.toString());
        assertEquals(heavy, e.claimOrder()[0]);
        // the plans replayed by hand: window 0 (equal weights) p mod 2, t0 p0, p2, p4, p6 and t1 p1, p3, p5, p7; the
        // thread free first takes next (t0 on ties): t0 p0 (2), t1 p1 (2), t0 p2 (4), t1 p3 (4), t0 p4 (6), t1 p5 (18),
        // t0 p6 (8), t0 takes t1's unstarted p7 (10): 18. Then p5 (14) alone on one thread, the seven light ones (14)
        // on the other: 14
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
