package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Deferred work with a reaction delay ({@link Deferred#reactionDelayPs()}): partition 0 records work at
 * 500 ps that acts no sooner than 300 ps later and stops the run; partition 1 has events at 600, 799, 800 and 900 ps.
 * By hand: every partition runs to 500 + 300 - 1 = 799 ps (p1@600 and p1@799 run, p1@800 and p1@900 never do), the
 * work runs at 500 ps, and the run's clock ends there; the same whether the windows reach 799 ps themselves (lookahead
 * 1,000 ps) or stop earlier and the engine drains the partitions to it (lookahead 200 ps), on 1 or 2 partitions.
 */
class ReactionDelayWorkTest {
    static List<String> run(int partitions, int threads, long lookaheadPs, long delayPs, boolean announce) {
        List<String> trace = Collections.synchronizedList(new ArrayList<>());
        List<Long> recorded = new ArrayList<>();
        ParallelEngine e = new ParallelEngine(1, partitions, threads, lookaheadPs, null);
        Scheduler p0 = e.partition(0).source(1);
        Scheduler p1 = e.partition(partitions - 1).source(2);
        long reach = delayPs == Long.MAX_VALUE ? 500 : 500 + delayPs - 1;
        p0.schedule(new SimEvent() {
            @Override
            protected void fire() {
                trace.add("p0@" + p0.now());
                recorded.add(p0.now());
                if (delayPs == Long.MAX_VALUE) {
                    p0.yieldAfterNow();
                } else {
                    p0.yieldAfter(reach);
                }
            }
        }, 500);
        for (long t : new long[] {600, 799, 800, 900}) {
            p1.schedule(new TestEvent("p1@" + t, trace), t);
        }
        e.defer(new RecordedWork(recorded) {
            @Override
            void act(long atPs) {
                trace.add("work@" + atPs);
                e.stop();
            }

            @Override
            public long horizonPs(long fromPs) {
                return announce && fromPs <= 500 ? reach : Long.MAX_VALUE;
            }

            @Override
            public long reactionDelayPs() {
                return delayPs;
            }
        });
        e.runUntil(10_000);
        trace.add("end@" + e.now());
        return trace;
    }

    @Nested
    class Delayed {
        @Test
        void everyPartitionRunsToTheReachOfTheWorkThatStoppedTheRunAndTheClockEndsAtIt() {
            for (int partitions : new int[] {1, 2}) {
                for (long lookahead : new long[] {1_000, 200}) {
                    List<String> t = run(partitions, partitions, lookahead, 300, true);
                    String where = partitions + " partitions, lookahead " + lookahead + ": " + t;
                    assertTrue(t.containsAll(List.of("p0@500", "p1@600", "p1@799", "work@500", "end@500")), where);
                    assertEquals(5, t.size(), where);
                    assertEquals("end@500", t.get(4), where);
                }
            }
        }
    }

    @Nested
    class NeverReacts {
        @Test
        void aStopAtAnAnnouncedInstantFindsEveryPartitionThere() {
            List<String> t = run(2, 2, 1_000, Long.MAX_VALUE, true);
            assertEquals(List.of("p0@500", "work@500", "end@500"), t);
        }

        @Test
        void aStopThatOtherPartitionsRanPastFailsTheRun() {
            IllegalStateException x = assertThrows(IllegalStateException.class,
                    () -> run(2, 2, 1_000, Long.MAX_VALUE, false));
            assertTrue(x.getMessage().contains("did not announce the stop"), x.getMessage());
        }
    }
}
