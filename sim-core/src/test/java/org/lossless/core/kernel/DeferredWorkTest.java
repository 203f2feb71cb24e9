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
 * Work that partition events record and the global level runs between windows ({@link Deferred}):
 * it runs after every partition event of its instant and before any later one, with every clock at that instant.
 * Two partitions, a lookahead of 1,000 ps: partition 0 records work at 500 ps; partition 1 has events at 500 and
 * 501 ps. By hand: the trace is p0@500 and p1@500 (in either order: different partitions), then the work at 500
 * (seeing both clocks at 500), then p1@501.
 */
class DeferredWorkTest {
    /** Records work at its instant and stops its partition after it. */
    static final class Recording extends SimEvent {
        final Scheduler sim;
        final List<Long> recorded;
        final List<String> trace;

        Recording(Scheduler sim, List<Long> recorded, List<String> trace) {
            this.sim = sim;
            this.recorded = recorded;
            this.trace = trace;
        }

        @Override
        protected void fire() {
            trace.add("p0@" + sim.now());
            recorded.add(sim.now());
            sim.yieldAfterNow();
        }
    }

    static List<String> run(int threads, boolean announce) {
        List<String> trace = Collections.synchronizedList(new ArrayList<>());
        List<Long> recorded = new ArrayList<>();
        ParallelEngine e = new ParallelEngine(1, 2, threads, 1_000, null);
        Scheduler p0 = e.partition(0).source(1);
        Scheduler p1 = e.partition(1).source(2);
        p0.schedule(new Recording(p0, recorded, trace), 500);
        p1.schedule(new TestEvent("p1@500", trace), 500);
        p1.schedule(new TestEvent("p1@501", trace), 501);
        e.defer(new RecordedWork(recorded) {
            @Override
            void act(long atPs) {
                trace.add("work@" + atPs + " clocks " + e.now() + "," + p0.now() + "," + p1.now());
            }

            @Override
            public long horizonPs(long fromPs) {
                return announce && fromPs <= 500 ? 500 : Long.MAX_VALUE;
            }
        });
        e.runUntil(10_000);
        return trace;
    }

    @Nested
    class Announced {
        @Test
        void theWorkRunsAfterEveryEventOfItsInstantAndBeforeTheNext() {
            for (int threads : new int[] {1, 2}) {
                List<String> t = run(threads, true);
                assertEquals(4, t.size(), t.toString());
                assertTrue(t.subList(0, 2).containsAll(List.of("p0@500", "p1@500")), t.toString());
                assertEquals("work@500 clocks 500,500,500", t.get(2));
                assertEquals("p1@501", t.get(3));
            }
        }
    }

    @Nested
    class NotAnnounced {
        @Test
        void workThatOtherPartitionsRanPastFailsTheRun() {
            IllegalStateException x = assertThrows(IllegalStateException.class, () -> run(2, false));
            assertTrue(x.getMessage().contains("did not announce"), x.getMessage());
        }
    }
    /**
     * The window's hand-offs and deferred work: partition 0 at 500 ps records work and hands a frame to partition 1,
     * arriving at 1,500 ps (the lookahead ahead). The work at 500 ps reads nothing the hand-off changes, so it runs
     * while the frame still waits in the mail (partition 1 takes it at its next window's start); the frame arrives at
     * 1,500 ps all the same. When the work stops the run at 500 ps, the frame is delivered before the run returns (the
     * run's end state holds it, as when it was delivered before the work).
     */
    @Nested
    class HandOffs {
        static List<String> run(int threads, boolean stop) {
            List<String> trace = Collections.synchronizedList(new ArrayList<>());
            List<Long> recorded = new ArrayList<>();
            ParallelEngine e = new ParallelEngine(1, 2, threads, 1_000, null);
            Scheduler p0 = e.partition(0).source(1);
            Scheduler p1 = e.partition(1).source(2);
            Delivery arrives = (atPs, payload) -> {
                trace.add("delivered " + payload);
                p1.schedule(new TestEvent("p1 got " + payload + "@" + atPs, trace), atPs);
            };
            p0.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    recorded.add(p0.now());
                    p0.handOff(p1, p0.now() + 1_000, arrives, "frame");
                    p0.yieldAfterNow();
                }
            }, 500);
            e.defer(new RecordedWork(recorded) {
                @Override
                void act(long atPs) {
                    trace.add("work@" + atPs);
                    if (stop) {
                        e.stop();
                    }
                }

                @Override
                public long horizonPs(long fromPs) {
                    return fromPs <= 500 ? 500 : Long.MAX_VALUE;
                }
            });
            e.runUntil(10_000);
            trace.add("end@" + e.now());
            return trace;
        }

        @Test
        void theWorkRunsBeforeTheWindowsHandOffsAreDelivered() {
            for (int threads : new int[] {1, 2}) {
                assertEquals(List.of("work@500", "delivered frame", "p1 got frame@1500", "end@10000"),
                        run(threads, false));
            }
        }

        @Test
        void aRunTheWorkEndsHoldsItsHandOffs() {
            for (int threads : new int[] {1, 2}) {
                assertEquals(List.of("work@500", "delivered frame", "end@500"), run(threads, true));
            }
        }
    }
}
