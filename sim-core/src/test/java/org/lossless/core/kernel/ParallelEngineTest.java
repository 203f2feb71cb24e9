package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The parallel engine against the sequential kernel on {@link TokenMesh}: the same trace, byte for byte, whatever the
 * partitions and threads; the lookahead enforced; the rules for global events kept.
 */
class ParallelEngineTest {
    private static final int NODES = 12;
    private static final long DELAY = 1_000;
    private static final long SAMPLE = 2_500;
    private static final long STOP = 150_000;

    private static int[] blocks(int partitions) {
        int[] partOf = new int[NODES];
        for (int i = 0; i < NODES; i++) {
            partOf[i] = i * partitions / NODES;
        }
        return partOf;
    }

    private static String sequential() {
        return sequential(STOP);
    }

    private static String sequential(long stop) {
        Kernel k = new Kernel(7, TieOrder.SOURCE);
        TokenMesh m = new TokenMesh(k, NODES, new int[NODES], DELAY, SAMPLE, 0);
        k.runUntil(stop);
        return m.trace() + "now " + k.now() + " events " + k.eventsExecuted();
    }

    private static String parallel(int partitions, int threads) {
        return parallel(partitions, threads, STOP);
    }

    private static String parallel(int partitions, int threads, long stop) {
        ParallelEngine e = new ParallelEngine(7, partitions, threads, DELAY, null);
        TokenMesh m = new TokenMesh(e, NODES, blocks(partitions), DELAY, SAMPLE, 0);
        e.runUntil(stop);
        return m.trace() + "now " + e.now() + " events " + e.eventsExecuted();
    }

    @Nested
    class SameResults {
        @Test
        void anyPartitioningAndThreadCountGivesTheSequentialTrace() {
            String expected = sequential();
            assertTrue(expected.length() > 10_000, "a model that does something: " + expected.length());
            for (int partitions : new int[] {1, 3, 12}) {
                for (int threads : new int[] {1, 2, 4, 8}) {
                    assertEquals(expected, parallel(partitions, threads), partitions + " partitions, " + threads + " threads");
                }
            }
        }

        @Test
        void twentyRunsAtEightThreadsGiveOneResult() {
            Set<String> results = new HashSet<>();
            for (int i = 0; i < 20; i++) {
                results.add(parallel(12, 8, STOP / 3));
            }
            assertEquals(1, results.size());
            assertEquals(sequential(STOP / 3), results.iterator().next());
        }

        @Test
        void windowsRunOnOneThreadAtTimesGiveTheSequentialTrace() {
            // probes and stretches of one window each: the runs switch between one thread and all at every window
            String expected = sequential();
            for (int threads : new int[] {2, 4}) {
                ParallelEngine e = new ParallelEngine(7, 12, threads, DELAY, null);
                e.pace(true, 0, 0);
                TokenMesh m = new TokenMesh(e, NODES, blocks(12), DELAY, SAMPLE, 0);
                e.runUntil(STOP / 2);
                e.runUntil(STOP);
                assertEquals(expected, m.trace() + "now " + e.now() + " events " + e.eventsExecuted(), threads + " threads");
                long solo = e.stats().soloWindows();
                assertTrue(solo > e.stats().windows() / 4 && solo < e.stats().windows() * 3 / 4,
                        solo + " of " + e.stats().windows() + " windows on one thread");
            }
        }

        @Test
        void aRunInSlicesContinuesLikeOneRun() {
            ParallelEngine e = new ParallelEngine(7, 4, 2, DELAY, null);
            TokenMesh m = new TokenMesh(e, NODES, blocks(4), DELAY, SAMPLE, 0);
            for (long t = 10_000; t < STOP; t += 10_000) {
                e.runUntil(t);
                assertEquals(t, e.now());
            }
            e.runUntil(STOP);
            assertEquals(sequential(), m.trace() + "now " + e.now() + " events " + e.eventsExecuted());
        }
    }

    @Test
    void aHandOffWaitingWhenARunStopsIsDeliveredOnTimeInTheNext() {
        ParallelEngine e = new ParallelEngine(1, 2, 2, 1_000, null);
        java.util.List<String> trace = new java.util.ArrayList<>();
        Scheduler a = e.partition(0).source(1);
        Scheduler b = e.partition(1).source(2);
        SimEvent arrival = new TestEvent("arrived", trace) {
            @Override
            protected void fire() {
                trace.add("arrived at " + b.now());
            }
        };
        a.schedule(new SimEvent() {
            @Override
            protected void fire() {
                a.handOff(b, a.now() + 1_000, (at, p) -> b.schedule(arrival, at), null);
            }
        }, 900); // in the window [900, 1,900): handed off for 1,900
        e.runUntil(1_000); // stops with the hand-off still in the outbox
        assertEquals(java.util.List.of(), trace);
        e.runUntil(5_000);
        assertEquals(java.util.List.of("arrived at 1900"), trace);
    }

    @Nested
    class Lookahead {
        @Test
        void aCutWireExactlyAsLongAsTheLookaheadIsAllowed() {
            Kernel k = new Kernel(7, TieOrder.SOURCE);
            TokenMesh seq = new TokenMesh(k, NODES, new int[NODES], DELAY, SAMPLE, 400);
            k.runUntil(STOP);
            ParallelEngine e = new ParallelEngine(7, 4, 4, 400, null); // windows as short as the shortest wire
            TokenMesh par = new TokenMesh(e, NODES, blocks(4), DELAY, SAMPLE, 400);
            e.runUntil(STOP);
            assertEquals(seq.trace(), par.trace());
            assertTrue(e.stats().windows() > STOP / 400 / 2, "windows of at most 400 ps: " + e.stats().windows());
        }

        @Test
        void aCutWireShorterThanTheLookaheadFailsTheRunWithAClearMessage() {
            ParallelEngine e = new ParallelEngine(7, 4, 2, DELAY, null);
            new TokenMesh(e, NODES, blocks(4), DELAY, SAMPLE, 400); // wire 0 -> 1 in 400 ps; node 11 -> 0 is cut
            // node 0 and 1 share partition 0; the cut ones (2 -> 3 ...) are 1,000 ps: the short wire is not cut, fine
            e.runUntil(STOP);
            ParallelEngine cut = new ParallelEngine(7, 12, 2, DELAY, null);
            new TokenMesh(cut, NODES, blocks(12), DELAY, SAMPLE, 400); // now wire 0 -> 1 crosses a cut
            IllegalStateException x = assertThrows(IllegalStateException.class, () -> cut.runUntil(STOP));
            assertTrue(x.getMessage().contains("lookahead"), x.getMessage());
        }
    }

    @Nested
    class Rules {
        @Test
        void aPartitionEventMayNeitherScheduleGlobalEventsNorStopTheRun() {
            ParallelEngine e = new ParallelEngine(1, 2, 2, 100, null);
            Scheduler s = e.partition(1).source(5);
            s.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    e.schedule(new TestEvent("x", new java.util.ArrayList<>()), s.now() + 1_000);
                }
            }, 50);
            IllegalStateException x = assertThrows(IllegalStateException.class, () -> e.runUntil(1_000));
            assertTrue(x.getMessage().contains("only global events"), x.getMessage());
        }

        @Test
        void aSourceLivesInOnePartition() {
            ParallelEngine e = new ParallelEngine(1, 2, 1, 100, null);
            e.partition(0).source(9);
            assertThrows(IllegalArgumentException.class, () -> e.partition(1).source(9));
            assertThrows(UnsupportedOperationException.class,
                    () -> e.partition(0).schedule(new TestEvent("x", new java.util.ArrayList<>()), 1));
        }

        @Test
        void moreThreadsThanPartitionsRunOnePerPartition() {
            assertEquals(3, new ParallelEngine(1, 3, 8, 100, null).threads());
            assertThrows(IllegalArgumentException.class, () -> new ParallelEngine(1, 3, 0, 100, null));
            assertThrows(IllegalArgumentException.class, () -> new ParallelEngine(1, 3, 2, 0, null));
        }

        @Test
        void aGlobalStopEndsTheRunAtItsTime() {
            ParallelEngine e = new ParallelEngine(1, 2, 2, DELAY, null);
            TokenMesh m = new TokenMesh(e, NODES, blocks(2), DELAY, SAMPLE, 0);
            e.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    e.stop();
                }
            }, 20_001);
            e.runUntil(STOP);
            assertEquals(20_001, e.now());
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            TokenMesh s = new TokenMesh(k, NODES, new int[NODES], DELAY, SAMPLE, 0);
            k.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    k.stop();
                }
            }, 20_001);
            k.runUntil(STOP);
            assertEquals(s.globalTrace.toString(), m.globalTrace.toString());
        }
    }

    @Nested
    class Split {
        @Test
        void theHeaviestPartitionsGoFirstToTheLeastLoadedThread() {
            // LPT by hand: 0 (5) -> t0; 1 (3) -> t1; 2 (3) -> t1 (3 < 5); 3 (1) -> t0 (5 < 6)
            int[][] a = Assignment.of(new long[] {5, 3, 3, 1}, 2);
            assertArrayEquals(new int[] {0, 3}, a[0]);
            assertArrayEquals(new int[] {1, 2}, a[1]);
        }
    }
}
