package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link EventLoop#next(long)}, the look the parallel engine takes at the global loop before each window to run the
 * model's timers ahead ({@link Ahead#run}): it must not move the calendar past the window's end, or every timer a
 * completion re-arms just after that end rebuilds the whole calendar (an O(buckets) step; seen in a profile of the k=8
 * all-reduce on 2 threads, where a collective re-arms its timer at nearly every completion).
 */
class EventLoopNextTest {
    private final List<String> trace = new ArrayList<>();

    @Test
    void aLookBeforeAWindowEndLeavesRoomForATimerReArmedAfterIt() {
        EventLoop loop = new EventLoop(TieOrder.FIFO);
        TestEvent far = new TestEvent("far", trace);
        loop.add(far, 5_000_000, 0); // the next global event, far beyond the window
        assertNull(loop.next(10_000)); // nothing due before the window's end at 10,000 ps
        TestEvent timer = new TestEvent("timer", trace);
        loop.add(timer, 10_000, 1); // a timer re-armed at the window's end, before far
        assertEquals(0, loop.rebuilds());
        assertSame(timer, loop.next(Long.MAX_VALUE));
    }

    @Test
    void anUnboundedLookWouldHaveMovedTheCalendarPastTheTimer() {
        // the contrast: the same sequence with a look that is not bounded costs one rebuild (what next(endPs) avoids)
        EventLoop loop = new EventLoop(TieOrder.FIFO);
        loop.add(new TestEvent("far", trace), 5_000_000, 0);
        assertEquals(5_000_000, loop.next(Long.MAX_VALUE).timePs);
        loop.add(new TestEvent("timer", trace), 10_000, 1);
        assertEquals(1, loop.rebuilds());
    }
}
