package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import nl.tudelft.simulation.dsol.formalisms.eventscheduling.LambdaSimEvent;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

class LongHeapEventListTest {
    private final List<String> trace = new ArrayList<>();
    private final LongHeapEventList heap = new LongHeapEventList();

    private List<String> drain() {
        List<String> out = new ArrayList<>();
        SimEvent e;
        while ((e = heap.poll()) != null) {
            out.add(e.toString());
        }
        return out;
    }

    @Nested
    class Order {
        @Test
        void equalTimesRunInSchedulingOrder() {
            for (String s : List.of("a", "b", "c", "d", "e", "f")) {
                heap.add(new TestEvent(s, trace), 100);
            }
            heap.add(new TestEvent("early", trace), 50);
            assertEquals(List.of("early", "a", "b", "c", "d", "e", "f"), drain());
        }

        @Test
        void higherPriorityFirstAtEqualTimeLikeDsol() {
            heap.add(new TestEvent("normal", trace), 10);
            heap.add(new TestEvent("low", SimEventInterface.MIN_PRIORITY, trace), 10);
            heap.add(new TestEvent("high", SimEventInterface.MAX_PRIORITY, trace), 10);
            heap.add(new TestEvent("normal2", trace), 10);
            heap.add(new TestEvent("earlier-low", SimEventInterface.MIN_PRIORITY, trace), 9);
            assertEquals(List.of("earlier-low", "high", "normal", "normal2", "low"), drain());
        }

        @Test
        void priorityOutsideDsolRangeIsRejected() {
            assertThrows(IllegalArgumentException.class, () -> new TestEvent("x", (short) 11, trace));
            assertThrows(IllegalArgumentException.class, () -> new TestEvent("x", (short) 0, trace));
        }

        @Test
        void rescheduledEventMovesAndCountsAsScheduledLast() {
            TestEvent a = new TestEvent("a", trace);
            TestEvent b = new TestEvent("b", trace);
            heap.add(a, 100);
            heap.add(b, 100);
            heap.add(a, 100); // re-arm at the same time: now behind b
            assertEquals(2, heap.size());
            assertEquals(List.of("b", "a"), drain());
        }

        @Test
        void cancelledEventNeverFires() {
            TestEvent a = new TestEvent("a", trace);
            TestEvent b = new TestEvent("b", trace);
            heap.add(a, 5);
            heap.add(b, 7);
            assertTrue(heap.remove(a));
            assertFalse(heap.remove(a));
            assertFalse(a.isScheduled());
            assertTrue(b.isScheduled());
            assertEquals(List.of("b"), drain());
        }

        @Test
        void iteratorListsInExecutionOrderWithoutRemoving() {
            heap.add(new TestEvent("c", trace), 30);
            heap.add(new TestEvent("a", trace), 10);
            heap.add(new TestEvent("b", trace), 10);
            List<String> seen = new ArrayList<>();
            heap.forEach(e -> seen.add(e.toString()));
            assertEquals(List.of("a", "b", "c"), seen);
            assertEquals(3, heap.size());
        }
    }

    /** Random schedules, reschedules and cancels against a TreeSet ordered by (time, scheduling count). */
    @Test
    void randomOperationsMatchAReferenceTreeSet() {
        record Key(long time, long seq, TestEvent e) {
        }
        Random rnd = new Random(7);
        TestEvent[] events = new TestEvent[500];
        Key[] keyOf = new Key[events.length];
        TreeSet<Key> ref = new TreeSet<>(Comparator.comparingLong(Key::time).thenComparingLong(Key::seq));
        for (int i = 0; i < events.length; i++) {
            events[i] = new TestEvent("e" + i, trace);
        }
        long seq = 0;
        long now = 0;
        for (int step = 0; step < 200_000; step++) {
            int op = rnd.nextInt(10);
            int i = rnd.nextInt(events.length);
            if (op < 5) { // schedule or reschedule; few distinct times so ties are common
                long t = now + rnd.nextInt(50);
                if (keyOf[i] != null) {
                    ref.remove(keyOf[i]);
                }
                keyOf[i] = new Key(t, seq++, events[i]);
                ref.add(keyOf[i]);
                heap.add(events[i], t);
            } else if (op < 7) { // cancel
                boolean had = keyOf[i] != null;
                if (had) {
                    ref.remove(keyOf[i]);
                    keyOf[i] = null;
                }
                assertEquals(had, heap.remove(events[i]));
            } else { // pop the earliest
                Key expected = ref.pollFirst();
                SimEvent got = heap.poll();
                if (expected == null) {
                    assertNull(got);
                } else {
                    assertSame(expected.e(), got, "step " + step);
                    assertEquals(expected.time(), got.timePs());
                    keyOf[Integer.parseInt(got.toString().substring(1))] = null;
                    now = got.timePs();
                }
            }
            assertEquals(ref.size(), heap.size());
        }
        while (!ref.isEmpty()) {
            assertSame(ref.pollFirst().e(), heap.poll());
        }
        assertTrue(heap.isEmpty());
    }

    @Nested
    class ForeignEvents {
        @Test
        void dsolLambdaEventsAreOrderedWithSimEventsAndHandedBackUnwrapped() {
            LambdaSimEvent<Long> lambda = new LambdaSimEvent<>(20L, () -> trace.add("lambda"));
            heap.add(new TestEvent("a", trace), 20);
            heap.add(lambda);
            heap.add(new TestEvent("b", trace), 20);
            assertTrue(heap.contains(lambda));
            assertEquals(3, heap.modelEventCount());
            assertEquals("a", heap.removeFirst().toString());
            assertSame(lambda, heap.first());
            heap.poll().execute();
            assertEquals(List.of("lambda"), trace);
            assertFalse(heap.contains(lambda));
        }

        @Test
        void foreignEventsCanBeCancelled() {
            LambdaSimEvent<Long> lambda = new LambdaSimEvent<>(5L, () -> trace.add("lambda"));
            heap.add(lambda);
            assertTrue(heap.remove(lambda));
            assertFalse(heap.remove(lambda));
            assertTrue(heap.isEmpty());
        }

        @Test
        void internalEventsAreNotModelEvents() {
            heap.addForeign(new LambdaSimEvent<>(5L, () -> { }), true);
            heap.add(new TestEvent("a", trace), 3);
            assertEquals(2, heap.size());
            assertEquals(1, heap.modelEventCount());
            heap.poll();
            heap.poll();
            assertEquals(0, heap.modelEventCount());
        }

        @Test
        void transferKeepsOrderAndPutsMovedEventsAfterEqualOnes() {
            LongHeapEventList target = new LongHeapEventList();
            target.add(new TestEvent("t10", trace), 10);
            heap.add(new TestEvent("h10", trace), 10);
            heap.add(new TestEvent("h5", trace), 5);
            heap.addForeign(new LambdaSimEvent<>(10L, SimEventInterface.MIN_PRIORITY, () -> { }), true);
            heap.transferTo(target);
            assertTrue(heap.isEmpty());
            assertEquals(4, target.size());
            assertEquals(3, target.modelEventCount());
            List<String> order = new ArrayList<>();
            SimEvent e;
            while ((e = target.poll()) != null) {
                order.add(e instanceof ForeignEvent ? "internal" : e.toString());
            }
            assertEquals(List.of("h5", "t10", "h10", "internal"), order);
        }
    }
}
