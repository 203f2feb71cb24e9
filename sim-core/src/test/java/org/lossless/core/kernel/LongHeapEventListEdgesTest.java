package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.junit.jupiter.api.Test;

import nl.tudelft.simulation.dsol.formalisms.eventscheduling.LambdaSimEvent;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * The event list's less travelled paths: empty lists, clearing, re-adding DSOL events, the iterator's end, events of
 * one list asked about in another, crowds of every size in one bucket, and scheduling into the bucket being run.
 */
class LongHeapEventListEdgesTest {
    private final List<String> trace = new ArrayList<>();
    private final LongHeapEventList list = new LongHeapEventList();
    /** One bucket of the list's calendar, ps. */
    private static final long BUCKET = 1L << LongHeapEventList.BUCKET_SHIFT;

    private List<String> drain(LongHeapEventList l) {
        List<String> out = new ArrayList<>();
        for (SimEvent e = l.poll(); e != null; e = l.poll()) {
            out.add(e.toString());
        }
        return out;
    }

    private List<TestEvent> crowd(LongHeapEventList l, String name, int n, long t) {
        List<TestEvent> es = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TestEvent e = new TestEvent(name + i, trace);
            l.add(e, t);
            es.add(e);
        }
        return es;
    }

    @Test
    void firstTimeIsTheEarliestTimeOrMaxWhenEmpty() {
        assertEquals(Long.MAX_VALUE, list.firstTime());
        list.add(new TestEvent("b", trace), 70);
        list.add(new TestEvent("a", trace), 42);
        assertEquals(42, list.firstTime());
    }

    @Test
    void aSimEventAddedThroughDsolsInterfaceKeepsItsTime() {
        TestEvent e = new TestEvent("e", trace);
        list.add(e, 30);
        assertTrue(list.remove(e));
        list.add((SimEventInterface<Long>) e);
        assertEquals(30, list.firstTime());
        assertEquals(1, list.size());
    }

    @Test
    void aDsolEventAddedTwiceIsPendingOnce() {
        LambdaSimEvent<Long> internal = new LambdaSimEvent<>(5L, () -> trace.add("internal"));
        list.addForeign(internal, true);
        list.addForeign(internal, true);
        assertEquals(1, list.size());
        assertEquals(0, list.modelEventCount());
        LambdaSimEvent<Long> model = new LambdaSimEvent<>(7L, () -> trace.add("model"));
        list.add(model);
        list.add(model);
        assertEquals(2, list.size());
        assertEquals(1, list.modelEventCount());
        assertSame(internal, list.removeFirst());
        assertSame(model, list.removeFirst());
        assertTrue(list.isEmpty());
        assertEquals(0, list.modelEventCount());
    }

    @Test
    void clearEmptiesTheListAndItsEventsCanBeScheduledAgain() {
        TestEvent near = new TestEvent("near", trace);
        TestEvent far = new TestEvent("far", trace);
        list.add(near, 10);
        list.add(far, 1_000_000_000L);
        LambdaSimEvent<Long> lambda = new LambdaSimEvent<>(20L, () -> trace.add("lambda"));
        list.addForeign(lambda, true);
        list.clear();
        assertTrue(list.isEmpty());
        assertEquals(0, list.size());
        assertNull(list.first());
        assertFalse(near.isScheduled());
        assertFalse(far.isScheduled());
        assertFalse(list.contains(lambda));
        list.addForeign(lambda, true); // DSOL clears the list at the end of a replication; the event may come back
        list.add(near, 15);
        assertEquals(2, list.size());
        assertEquals(1, list.modelEventCount());
        assertEquals(List.of("near"), List.of(list.removeFirst().toString()));
        assertSame(lambda, list.removeFirst());
        assertTrue(list.isEmpty());
    }

    @Test
    void theIteratorEndsWithNoSuchElement() {
        list.add(new TestEvent("a", trace), 1);
        Iterator<SimEventInterface<Long>> it = list.iterator();
        assertTrue(it.hasNext());
        assertEquals("a", it.next().toString());
        assertFalse(it.hasNext());
        assertThrows(NoSuchElementException.class, it::next);
    }

    /**
     * Two lists, each with events in every place an event can be: the sorted current bucket (full), a later
     * bucket's places and its overflow list, and the far heap. An event of one list is not pending in the other:
     * {@code contains} is false and {@code remove} does nothing there.
     */
    @Test
    void anEventOfOneListIsNotPendingInAnother() {
        LongHeapEventList other = new LongHeapEventList();
        List<TestEvent> mine = new ArrayList<>();
        mine.addAll(crowd(list, "cur", 65, 100)); // first bucket, 16 places and 49 in its overflow list
        mine.addAll(crowd(list, "next", 20, 2 * BUCKET + 5)); // a later bucket: 16 places, 4 in the overflow list
        for (int i = 0; i < 65; i++) { // far beyond the window: the heap
            TestEvent e = new TestEvent("far" + i, trace);
            list.add(e, 1_000_000_000L + i * 1_000L);
            mine.add(e);
        }
        crowd(other, "ocur", 64, 100);
        crowd(other, "onext", 20, 2 * BUCKET + 5);
        for (int i = 0; i < 64; i++) {
            other.add(new TestEvent("ofar" + i, trace), 1_000_000_000L + i * 1_000L);
        }
        assertEquals("cur0", list.first().toString()); // both load their first bucket into the sorted run
        assertEquals("ocur0", other.first().toString());
        for (TestEvent e : mine) {
            assertFalse(other.contains(e), e.label);
            assertFalse(other.remove(e), e.label);
            assertTrue(list.contains(e), e.label);
        }
        assertEquals(148, other.size());
        assertEquals(150, list.size());
    }

    @Test
    void crowdsOfEverySizeAtOneInstantLeaveInSchedulingOrderBeforeTheNextBucket() {
        for (int n = 1; n <= 140; n++) {
            LongHeapEventList l = new LongHeapEventList();
            List<String> expected = new ArrayList<>();
            for (TestEvent e : crowd(l, "c", n, 7)) {
                expected.add(e.label);
            }
            l.add(new TestEvent("next-bucket", trace), BUCKET + 1);
            expected.add("next-bucket");
            assertEquals("c0", l.first().toString()); // loads the crowd
            List<String> listed = new ArrayList<>();
            l.forEach(e -> listed.add(e.toString()));
            assertEquals(expected, listed, "crowd of " + n);
            assertEquals(expected, drain(l), "crowd of " + n);
            assertNull(l.first());
        }
    }

    @Test
    void anEventAddedToTheBucketBeingRunGoesAfterEqualTimesAlreadyPending() {
        crowd(list, "c", 3, 100);
        assertEquals("c0", list.poll().toString()); // the bucket is now the sorted run, c1 and c2 left
        list.add(new TestEvent("later-same-time", trace), 100);
        list.add(new TestEvent("high", SimEventInterface.MAX_PRIORITY, trace), 100);
        list.add(new TestEvent("earlier", trace), 99);
        assertEquals(List.of("earlier", "high", "c1", "c2", "later-same-time"), drain(list));
    }

    @Test
    void anEventAddedToAFullBucketJustLoadedIsPlacedInOrder() {
        for (int n : new int[] {64, 128}) { // the run array is full right after loading
            LongHeapEventList l = new LongHeapEventList();
            List<String> expected = new ArrayList<>();
            for (TestEvent e : crowd(l, "c", n, 10)) {
                expected.add(e.label);
            }
            assertEquals("c0", l.first().toString());
            l.add(new TestEvent("early", trace), 9);
            l.add(new TestEvent("late", trace), 11);
            expected.add(0, "early");
            expected.add("late");
            assertEquals(expected, drain(l), "crowd of " + n);
        }
    }
}
