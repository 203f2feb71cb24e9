package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A global event that may go ahead, due before every partition event ({@link Ahead#runAt}): it runs ahead there, before
 * the last window's hand-offs are delivered, instead of as a global event after their delivery; the partitions see the
 * same events at the same picoseconds in the same order.
 *
 * <p>Two partitions, lookahead 1,000 ps. Partition 0 has events at 100 and 1,600 ps; partition 1 at 150 ps, which hands
 * a frame to partition 0 arriving at 1,300 ps. Global timers at 50 and 1,200 ps each hand a release to partition 0 at
 * their own time. By hand: the timer at 50 ps comes before every event (the first window's start); after the window
 * [50, 1,050) the next partition event is the hand-off at 1,300 ps, so the timer at 1,200 ps comes first again.
 * Partition 0 runs rel@50, p0@100, rel@1200, frame@1300, p0@1600; partition 1 p1@150. In time order the frame is
 * delivered (at the step before the timer at 1,200 ps) before that timer runs; ahead, after it, at partition 0's next
 * window start.
 */
class AheadAtWindowStartTest {
    private static final List<String> P0 = List.of("rel@50", "p0@100", "rel@1200", "frame@1300", "p0@1600");

    record Run(List<String> p0, List<String> steps, long ahead) {
    }

    static Run run(boolean ahead, long holdAtPs, int threads) {
        List<String> t0 = Collections.synchronizedList(new ArrayList<>());
        List<String> t1 = Collections.synchronizedList(new ArrayList<>());
        List<String> steps = Collections.synchronizedList(new ArrayList<>());
        ParallelEngine e = new ParallelEngine(1, 2, threads, 1_000, null);
        Scheduler p0 = e.partition(0).source(1);
        Scheduler p1 = e.partition(1).source(2);
        for (long t : new long[] {100, 1_600}) {
            p0.schedule(new TestEvent("p0@" + t, t0), t);
        }
        TestEvent frame = new TestEvent("frame@1300", t0);
        p1.schedule(new SimEvent() {
            @Override
            protected void fire() {
                t1.add("p1@150");
                p1.handOff(p0, 1_300, (at, payload) -> {
                    steps.add("delivered");
                    p0.schedule(frame, at);
                }, null);
            }
        }, 150);
        List<SimEvent> timers = AheadTest.timers(e, p0, t0, steps, 50, 1_200);
        e.defer(new AheadTest.Work() {
            @Override
            public boolean runsAhead(SimEvent next) {
                return ahead && timers.contains(next);
            }

            @Override
            public boolean holdsAt(long atPs) {
                return atPs == holdAtPs;
            }

            @Override
            public long stopsAtPs() {
                return Long.MAX_VALUE;
            }
        });
        e.runUntil(10_000);
        assertEquals(List.of("p1@150"), t1);
        return new Run(t0, steps, e.ahead().events());
    }

    @Test
    void inTimeOrderTheHandOffIsDeliveredBeforeTheTimerThatComesFirst() {
        Run r = run(false, -1, 2);
        assertEquals(P0, r.p0());
        assertEquals(List.of("timer@50", "delivered", "timer@1200"), r.steps());
        assertEquals(0, r.ahead());
    }

    @Test
    void aheadTheTimerRunsBeforeTheDeliveryAndThePartitionsSeeTheSame() {
        for (int threads : new int[] {1, 2}) {
            Run r = run(true, -1, threads);
            assertEquals(P0, r.p0(), threads + " threads");
            assertEquals(List.of("timer@50 ahead", "timer@1200 ahead", "delivered"), r.steps(), threads + " threads");
            assertEquals(2, r.ahead());
        }
    }

    /** A hold at the timer's own instant: the partitions stand there already; the next window starts there. */
    @Test
    void aHoldAtTheWindowStartChangesNothingThePartitionsSee() {
        Run r = run(true, 1_200, 2);
        assertEquals(P0, r.p0());
        assertEquals(List.of("timer@50 ahead", "timer@1200 ahead", "delivered"), r.steps());
    }
}
