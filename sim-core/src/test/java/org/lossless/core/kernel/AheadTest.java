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
 * Global events that run ahead of the partitions ({@link Ahead}). Two partitions, lookahead 1,000 ps: partition 0 has
 * its own events at 100, 400 and 700 ps, partition 1 at 150, 400 and 650 ps; two global "timers" at 300 and 400 ps
 * each hand a release to partition 0 at their own time ({@link Ahead#scheduleFirst}). By hand, whether or not the
 * timers run ahead: partition 0 runs p0@100, rel@300, rel@400 (first at its instant, as a global event was),
 * p0@400, p0@700; partition 1 p1@150, p1@400, p1@650; the timers at 300 and 400 ps. In time order the timers end
 * windows at 300 and 400 ps (windows [100, 300), [300, 400), [400, 1,100): 3); run ahead, one window [100, 1,100).
 */
class AheadTest {
    /** What a run did: per partition and global traces, windows, events run ahead, the final clock. */
    record Run(List<String> p0, List<String> p1, List<String> global, long windows, long ahead, long endPs,
               long events) {
    }

    static Run run(boolean ahead, long holdAtPs, long stopsAtPs, int threads) {
        List<String> t0 = Collections.synchronizedList(new ArrayList<>());
        List<String> t1 = Collections.synchronizedList(new ArrayList<>());
        List<String> g = new ArrayList<>();
        ParallelEngine e = new ParallelEngine(1, 2, threads, 1_000, null);
        Scheduler p0 = e.partition(0).source(1);
        Scheduler p1 = e.partition(1).source(2);
        for (long t : new long[] {100, 400, 700}) {
            p0.schedule(new TestEvent("p0@" + t, t0), t);
        }
        for (long t : new long[] {150, 400, 650}) {
            p1.schedule(new TestEvent("p1@" + t, t1), t);
        }
        List<SimEvent> timers = timers(e, p0, t0, g, 300, 400);
        e.defer(new Work() {
            @Override
            public boolean runsAhead(SimEvent next) {
                assertTrue(timers.contains(next), "only the timers are global events here");
                return ahead;
            }

            @Override
            public boolean holdsAt(long atPs) {
                return atPs == holdAtPs;
            }

            @Override
            public long stopsAtPs() {
                return stopsAtPs;
            }
        });
        e.runUntil(10_000);
        return new Run(t0, t1, g, e.stats().windows(), e.ahead().events(), e.now(), e.eventsExecuted());
    }

    /**
     * Global "timers" at {@code times}, each tracing itself into {@code global} ("timer@T", " ahead" when it ran ahead)
     * and handing a release to partition 0 at its own time, traced into {@code p0Trace} ("rel@T").
     */
    static List<SimEvent> timers(ParallelEngine e, Scheduler p0, List<String> p0Trace, List<String> global,
                                 long... times) {
        List<SimEvent> timers = new ArrayList<>();
        for (long t : times) {
            Ahead.Handed release = new Ahead.Handed() {
                @Override
                protected void act() {
                    p0Trace.add("rel@" + p0.now());
                }
            };
            SimEvent timer = new SimEvent() {
                @Override
                protected void fire() {
                    global.add("timer@" + e.now() + (e.ahead().running() ? " ahead" : ""));
                    e.ahead().scheduleFirst(0, release, e.now());
                }
            };
            timers.add(timer);
            e.schedule(timer, t);
        }
        return timers;
    }

    /** Deferred work that records nothing and lets events run ahead as told. */
    interface Work extends Deferred, AheadWork {
        @Override
        default long pendingPs() {
            return Long.MAX_VALUE;
        }

        @Override
        default void run(long atPs) {
        }

        @Override
        default long horizonPs(long fromPs) {
            return Long.MAX_VALUE;
        }
    }

    private static final List<String> P0 = List.of("p0@100", "rel@300", "rel@400", "p0@400", "p0@700");
    private static final List<String> P1 = List.of("p1@150", "p1@400", "p1@650");

    @Nested
    class InTimeOrder {
        @Test
        void theTimersEndTheWindowsAndTheirReleasesComeFirstAtTheirInstant() {
            Run r = run(false, -1, Long.MAX_VALUE, 2);
            assertEquals(P0, r.p0());
            assertEquals(P1, r.p1());
            assertEquals(List.of("timer@300", "timer@400"), r.global());
            assertEquals(3, r.windows(), "[100, 300), [300, 400), [400, 1,100)");
            assertEquals(0, r.ahead());
            assertEquals(8, r.events(), "6 partition events and 2 timers: a release handed on is not counted");
        }
    }

    @Nested
    class RunAhead {
        @Test
        void theSameEventsAtTheSamePicosecondsInTheSameOrderInOneWindow() {
            for (int threads : new int[] {1, 2}) {
                Run r = run(true, -1, Long.MAX_VALUE, threads);
                assertEquals(P0, r.p0(), threads + " threads");
                assertEquals(P1, r.p1(), threads + " threads");
                assertEquals(List.of("timer@300 ahead", "timer@400 ahead"), r.global());
                assertEquals(1, r.windows(), "[100, 1,100)");
                assertEquals(2, r.ahead());
                assertEquals(10_000, r.endPs());
                assertEquals(8, r.events(), threads + " threads");
            }
        }

        @Test
        void aHoldEndsTheWindowAtTheEventThatAskedAndTheRestRunsAheadInTheNext() {
            Run r = run(true, 300, Long.MAX_VALUE, 2);
            assertEquals(P0, r.p0());
            assertEquals(P1, r.p1());
            assertEquals(2, r.windows(), "[100, 300), then [300, 1,300) with the timer at 400 ahead");
            assertEquals(2, r.ahead());
        }

        /** The run ends at 650 ps: every event before it ran, none at or after it (p1@650, p0@700). */
        @Test
        void anEndAnnouncedByTheModelStopsEveryPartitionThere() {
            Run r = run(true, -1, 650, 2);
            assertEquals(List.of("p0@100", "rel@300", "rel@400", "p0@400"), r.p0());
            assertEquals(List.of("p1@150", "p1@400"), r.p1());
            assertEquals(650, r.endPs());
        }
    }

    @Test
    void anEventRunAheadMayNotStopTheRunItself() {
        ParallelEngine e = new ParallelEngine(1, 2, 1, 1_000, null);
        e.partition(0).source(1).schedule(new TestEvent("p0", new ArrayList<>()), 100);
        e.schedule(new SimEvent() {
            @Override
            protected void fire() {
                e.stop();
            }
        }, 300);
        e.defer(new Work() {
            @Override
            public boolean runsAhead(SimEvent next) {
                return true;
            }

            @Override
            public boolean holdsAt(long atPs) {
                return false;
            }

            @Override
            public long stopsAtPs() {
                return Long.MAX_VALUE;
            }
        });
        IllegalStateException x = assertThrows(IllegalStateException.class, () -> e.runUntil(10_000));
        assertTrue(x.getMessage().contains("run ahead"), x.getMessage());
    }
}
