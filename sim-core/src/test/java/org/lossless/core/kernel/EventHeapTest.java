package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * The far heap on its own: it must give the earliest event by (time, order) after any mix of additions, removals
 * from the middle and polls, with many equal times.
 */
class EventHeapTest {
    private final EventHeap heap = new EventHeap();
    private final List<String> trace = new ArrayList<>();
    private long seq;

    private void add(TestEvent e, long t, TreeSet<SimEvent> ref) {
        e.timePs = t;
        e.order = seq++;
        heap.add(e);
        ref.add(e);
    }

    @Test
    void pollsInTimeThenOrderAfterRandomAddsAndRemovals() {
        Random rnd = new Random(5);
        TreeSet<SimEvent> ref = new TreeSet<>(Comparator.comparingLong((SimEvent e) -> e.timePs)
                .thenComparingLong(e -> e.order));
        TestEvent[] events = new TestEvent[300];
        for (int i = 0; i < events.length; i++) {
            events[i] = new TestEvent("e" + i, trace);
        }
        for (int step = 0; step < 50_000; step++) {
            TestEvent e = events[rnd.nextInt(events.length)];
            int op = rnd.nextInt(10);
            if (op < 5) {
                if (e.where == SimEvent.FAR) {
                    heap.remove(e);
                    ref.remove(e);
                }
                add(e, rnd.nextInt(40), ref); // few distinct times: ties everywhere
            } else if (op < 7) {
                if (e.where == SimEvent.FAR) {
                    heap.remove(e);
                    ref.remove(e);
                    assertEquals(SimEvent.NOWHERE, e.where);
                }
            } else if (heap.size() > 0) {
                assertSame(ref.first(), heap.peek(), "step " + step);
                assertSame(ref.pollFirst(), heap.poll(), "step " + step);
            }
            assertEquals(ref.size(), heap.size());
        }
        while (!ref.isEmpty()) {
            assertSame(ref.pollFirst(), heap.poll());
        }
        assertNull(heap.peek());
    }

    @Test
    void equalTimesLeaveInSchedulingOrderWhateverTheInsertionPattern() {
        TreeSet<SimEvent> ref = new TreeSet<>(Comparator.comparingLong((SimEvent e) -> e.timePs)
                .thenComparingLong(e -> e.order));
        List<TestEvent> all = new ArrayList<>();
        for (int i = 0; i < 100; i++) { // times 9, 8, ..., 0, 9, 8, ...: each time ten times
            TestEvent e = new TestEvent("e" + i, trace);
            all.add(e);
            add(e, 9 - i % 10, ref);
        }
        List<String> out = new ArrayList<>();
        while (heap.size() > 0) {
            out.add(heap.poll().toString());
        }
        List<String> expected = new ArrayList<>();
        for (int t = 0; t <= 9; t++) {
            for (int k = 0; k < 10; k++) {
                expected.add("e" + (9 - t + 10 * k));
            }
        }
        assertEquals(expected, out);
    }
}
