package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

/**
 * {@link Partitions#next()} keeps each partition's earliest event as noted at its window's end and asks again only
 * the partitions whose events changed since: it must answer as a look at every queue would, whatever is scheduled or
 * cancelled between windows.
 */
class PartitionsNextTest {
    private final List<String> trace = new ArrayList<>();
    private final Partitions parts = new Partitions(3, new ConcurrentHashMap<>());
    private final Scheduler[] src = {parts.loops[0].source(1), parts.loops[1].source(2), parts.loops[2].source(3)};

    private TestEvent at(int p, long t) {
        TestEvent e = new TestEvent("p" + p + "@" + t, trace);
        src[p].schedule(e, t);
        return e;
    }

    /** Each partition's window [0, endPs), as the engine runs them. */
    private void window(long endPs) {
        for (int p = 0; p < 3; p++) {
            parts.run(p, endPs);
        }
        parts.flip();
    }

    @Test
    void nextFollowsWhatIsScheduledAndCancelledBetweenWindows() {
        at(0, 100);
        at(0, 5_000);
        at(1, 3_000);
        at(2, 4_000);
        assertEquals(100, parts.next(), "before any window: every queue is asked");
        window(1_000);
        assertEquals(List.of("p0@100"), trace);
        assertEquals(3_000, parts.next(), "noted at the windows' ends: 5,000, 3,000, 4,000");
        TestEvent early = at(2, 2_000); // between windows: global work posts into partition 2
        assertEquals(2_000, parts.next());
        parts.loops[2].cancel(early);
        assertEquals(3_000, parts.next(), "cancelled again");
        TestEvent p1 = new TestEvent("p1", trace);
        src[1].schedule(p1, 3_500);
        parts.loops[1].cancel(findPending(1, 3_000));
        assertEquals(3_500, parts.next(), "partition 1's first event cancelled, another scheduled");
        window(4_500);
        assertEquals(List.of("p0@100", "p1", "p2@4000"), trace);
        assertEquals(5_000, parts.next());
        window(10_000);
        assertEquals(Long.MAX_VALUE, parts.next(), "every queue empty");
    }

    private SimEvent findPending(int p, long t) {
        SimEvent e = parts.loops[p].next(t + 1);
        assertEquals(t, e.timePs());
        return e;
    }
}
