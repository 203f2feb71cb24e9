package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What {@link ParallelStats} says of a run's windows and its serial steps, on a run whose windows are worked out by
 * hand: the simulated time each window ran (from its start to its end), the lookahead, and the step's two kinds.
 */
class ParallelStatsWindowsTest {
    @Test
    void threeWindowsOfAHandWorkedRun() {
        // 2 partitions, 2 threads, lookahead 1,000 ps; partition 0 has an event at 900, partition 1 at 5,000 and 5,500,
        // and a global event at 5,300. Windows: [900, 1,900) (a full lookahead); [5,000, 5,300) (cut by the global
        // event); the global event runs; [5,500, 6,500); then nothing is pending: 3 windows of 1,000 + 300 + 1,000 ps.
        // Nothing is pending in [1,900, 5,000) and [5,300, 5,500): no window.
        ParallelEngine e = new ParallelEngine(1, 2, 2, 1_000, null);
        List<String> trace = new ArrayList<>();
        Scheduler a = e.partition(0).source(1);
        Scheduler b = e.partition(1).source(2);
        a.schedule(new TestEvent("a900", trace), 900);
        b.schedule(new TestEvent("b5000", trace), 5_000);
        b.schedule(new TestEvent("b5500", trace), 5_500);
        e.schedule(new TestEvent("g5300", trace), 5_300);
        e.runUntil(10_000);
        assertEquals(List.of("a900", "b5000", "g5300", "b5500"), trace);
        ParallelStats s = e.stats();
        assertEquals(3, s.windows());
        assertEquals(2_300, s.windowPs());
        assertEquals(1_000, s.lookaheadPs());
        assertEquals(2, s.partitions());
        assertEquals(2, s.threads());
        // no hand-offs, so no delivery phase: every step follows a window
        assertEquals(0, s.deliveryPhases());
        assertEquals(0, s.stepAfterDeliveryNs());
        assertEquals(s.stepAfterWindowNs(), s.stepNs());
        assertTrue(s.stepNs() <= s.wallNs(), s.stepNs() + " of " + s.wallNs() + " ns");
    }

    @Test
    void onePartitionHasNoLookahead() {
        ParallelEngine e = new ParallelEngine(1, 1, 4, Long.MAX_VALUE, null);
        e.partition(0).source(1).schedule(new TestEvent("x", new ArrayList<>()), 100);
        e.runUntil(1_000);
        // one window, from the event at 100 to the stop time's end (1,001, exclusive)
        assertEquals(1, e.stats().windows());
        assertEquals(901, e.stats().windowPs());
        assertEquals(Long.MAX_VALUE, e.stats().lookaheadPs());
        assertEquals(1, e.stats().threads());
    }
}
