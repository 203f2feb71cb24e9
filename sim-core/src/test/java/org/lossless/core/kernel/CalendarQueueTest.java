package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * The calendar queue against a reference {@link TreeSet} ordered by (time, order): the same event must come
 * out first after any mix of additions near and beyond the window, removals, same-time crowds and additions
 * before the current bucket. Buckets of 16 ps (window 65,536 ps) so that a few thousand operations wrap the
 * window many times and use the far heap.
 */
class CalendarQueueTest {
    private static final int SHIFT = 4;
    private final List<String> trace = new ArrayList<>();
    private final CalendarQueue q = new CalendarQueue(SHIFT);
    private long seq;
    /** Each event's source id (0 unless set): the high bits of its tie key. */
    private final java.util.Map<SimEvent, Integer> sources = new java.util.IdentityHashMap<>();

    private TestEvent fromSource(String label, int source) {
        TestEvent e = new TestEvent(label, trace);
        sources.put(e, source);
        return e;
    }

    private void add(SimEvent e, long t, TreeSet<SimEvent> ref) {
        e.timePs = t;
        e.order = ((long) sources.getOrDefault(e, 0) << SimEvent.COUNT_BITS) | ++seq;
        q.add(e);
        ref.add(e);
    }

    private static TreeSet<SimEvent> reference() {
        return new TreeSet<>(Comparator.comparingLong((SimEvent e) -> e.timePs).thenComparingLong(e -> e.order));
    }

    @Test
    void randomOperationsMatchAReference() {
        Random rnd = new Random(11);
        TestEvent[] events = new TestEvent[3000];
        for (int i = 0; i < events.length; i++) {
            events[i] = fromSource("e" + i, rnd.nextInt(10));
        }
        TreeSet<SimEvent> ref = reference();
        long now = 0;
        for (int step = 0; step < 400_000; step++) {
            int op = rnd.nextInt(20);
            TestEvent e = events[rnd.nextInt(events.length)];
            if (op < 9) { // (re)schedule: same bucket, near, across the window, far beyond it
                long t = switch (rnd.nextInt(5)) {
                    case 0 -> now + rnd.nextInt(16);
                    case 1 -> now + rnd.nextInt(2_000);
                    case 2 -> now + rnd.nextInt(70_000);
                    case 3 -> now + rnd.nextInt(5_000_000);
                    default -> now; // a crowd at the current instant
                };
                if (e.isScheduled()) {
                    assertTrue(q.holds(e));
                    q.remove(e);
                    assertTrue(ref.remove(e));
                }
                add(e, t, ref);
            } else if (op < 12) { // cancel
                boolean had = ref.remove(e);
                assertEquals(had, e.isScheduled());
                assertEquals(had, q.holds(e));
                if (had) {
                    q.remove(e);
                }
                assertFalse(e.isScheduled());
            } else if (op == 12 && rnd.nextInt(50) == 0) { // before the current bucket: rebuild
                if (!e.isScheduled()) {
                    add(e, Math.max(0, now - rnd.nextInt(200_000)), ref);
                }
            } else if (op == 13) { // a run that stops at a limit: the earliest if due by then, else none (or it)
                long limit = now + rnd.nextInt(3_000);
                SimEvent first = ref.isEmpty() ? null : ref.first();
                SimEvent got = q.peek(limit);
                if (first != null && first.timePs <= limit) {
                    assertSame(first, got, "step " + step);
                } else {
                    assertTrue(got == null || got == first, "step " + step);
                }
                assertEquals(first == null ? Long.MAX_VALUE : first.timePs, q.firstTime(), "step " + step);
            } else { // the earliest leaves
                assertEquals(ref.isEmpty() ? Long.MAX_VALUE : ref.first().timePs, q.firstTime(), "step " + step);
                SimEvent expected = ref.pollFirst();
                assertSame(expected, q.peek(), "step " + step);
                SimEvent got = q.poll();
                assertSame(expected, got, "step " + step);
                if (got != null) {
                    assertFalse(got.isScheduled());
                    now = Math.max(now, got.timePs);
                }
            }
            assertEquals(ref.size(), q.size());
        }
        while (!ref.isEmpty()) {
            assertSame(ref.pollFirst(), q.poll());
        }
        assertNull(q.poll());
        assertEquals(0, q.size());
    }

    @Test
    void aCrowdAtOneInstantComesOutBySourceThenKeyCount() {
        TreeSet<SimEvent> ref = reference();
        List<TestEvent> crowd = new ArrayList<>();
        Random rnd = new Random(3);
        for (int i = 0; i < 1000; i++) { // above the insertion-sort size: heapsort
            TestEvent e = fromSource("c" + i, rnd.nextInt(10));
            crowd.add(e);
            add(e, 5_000, ref);
        }
        List<SimEvent> out = new ArrayList<>();
        for (SimEvent e = q.poll(); e != null; e = q.poll()) {
            out.add(e);
        }
        List<SimEvent> expected = new ArrayList<>(ref);
        assertEquals(expected, out);
        for (int i = 1; i < out.size(); i++) { // spelled out: source ascending, then the order keyed
            SimEvent a = out.get(i - 1);
            SimEvent b = out.get(i);
            assertTrue(sources.get(a) < sources.get(b)
                    || (sources.get(a).equals(sources.get(b)) && crowd.indexOf(a) < crowd.indexOf(b)));
        }
    }

    @Test
    void eventsFarAheadWaitBeyondTheWindowAndComeBackInOrder() {
        TreeSet<SimEvent> ref = reference();
        TestEvent timer = new TestEvent("timer", trace);
        TestEvent soon = new TestEvent("soon", trace);
        TestEvent later = new TestEvent("later", trace);
        add(timer, 10_000_000, ref); // 152 windows ahead
        add(soon, 100, ref);
        add(later, 10_000_000, ref); // same time as the timer, scheduled after it
        assertEquals(SimEvent.FAR, timer.where);
        assertSame(soon, q.poll());
        assertSame(timer, q.poll());
        assertSame(later, q.poll());
        assertNull(q.poll());
    }

    @Test
    void schedulingBehindTheCurrentBucketRebuildsAroundIt() {
        TreeSet<SimEvent> ref = reference();
        TestEvent a = new TestEvent("a", trace);
        TestEvent b = new TestEvent("b", trace);
        TestEvent c = new TestEvent("c", trace);
        add(a, 1_000_000, ref);
        assertSame(a, q.peek()); // the queue moved its current bucket to a's
        add(b, 50, ref); // a run that stopped at 50 ps goes on from there
        add(c, 1_000_000 + 70_000, ref); // beyond a window counted from 50 ps
        assertSame(b, q.poll());
        assertSame(a, q.poll());
        assertSame(c, q.poll());
    }

    @Test
    void aRunStoppedAtALimitTakesEventsJustAfterItWithoutARebuild() {
        TreeSet<SimEvent> ref = reference();
        TestEvent next = new TestEvent("next", trace);
        TestEvent handed = new TestEvent("handed", trace);
        TestEvent late = new TestEvent("late", trace);
        add(next, 1_000, ref);
        add(late, 60_000, ref);
        assertSame(next, q.poll());
        assertNull(q.peek(9_999)); // a window ending at 10,000 ps: late (bucket 3,750) is not due
        assertEquals(60_000, q.firstTime()); // asked between windows: the bucket stays where it is
        add(handed, 10_000, ref); // a hand-off at the next window's start, before late's bucket
        assertEquals(0, q.rebuilds);
        assertSame(handed, q.poll());
        assertSame(late, q.poll());
        assertNull(q.poll());
    }

    @Test
    void aFullBucketOverflowsAndRefillsWhenAnEventIsCancelled() {
        TreeSet<SimEvent> ref = reference();
        List<TestEvent> es = new ArrayList<>();
        for (int i = 0; i < CalendarQueue.CAP + 5; i++) { // 5 beyond the bucket's places: its overflow list
            TestEvent e = new TestEvent("b" + i, trace);
            es.add(e);
            add(e, 7 + (i % 3), ref); // one 16 ps bucket, three instants
        }
        q.remove(es.get(3)); // a place frees: the newest overflow event moves in
        ref.remove(es.get(3));
        q.remove(es.get(CalendarQueue.CAP + 2)); // one in the overflow list
        ref.remove(es.get(CalendarQueue.CAP + 2));
        assertFalse(q.holds(es.get(3)));
        assertTrue(q.holds(es.get(CalendarQueue.CAP + 4)));
        assertEquals(ref.size(), q.size());
        List<SimEvent> out = new ArrayList<>();
        for (SimEvent e = q.poll(); e != null; e = q.poll()) {
            out.add(e);
        }
        assertEquals(new ArrayList<>(ref), out);
        // time 7 (i % 3 == 0) first, in scheduling order, without the cancelled b3 and b18; then b1 at time 8
        assertEquals(List.of("b0", "b6", "b9", "b12", "b15", "b1"),
                out.subList(0, 6).stream().map(Object::toString).toList());
    }
    @Test
    void bucketWidthsFrom2To2To40PsAreAccepted() {
        for (int shift : new int[] {1, 40}) {
            CalendarQueue cq = new CalendarQueue(shift);
            TestEvent late = new TestEvent("late", trace);
            TestEvent early = new TestEvent("early", trace);
            late.timePs = 3L << 40;
            early.timePs = 1;
            late.order = 0;
            early.order = 1;
            cq.add(late);
            cq.add(early);
            assertSame(early, cq.poll());
            assertSame(late, cq.poll());
        }
        for (int shift : new int[] {0, 41}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> new CalendarQueue(shift));
            assertTrue(e.getMessage().contains("outside 1..40"), e.getMessage());
        }
    }
    @Test
    void aRebuildKeepsCrowdsThatOverflowTheirBuckets() {
        TreeSet<SimEvent> ref = reference();
        for (int i = 0; i < 20; i++) { // 20 > CAP: each crowd fills its bucket's places and starts an overflow list
            add(new TestEvent("a" + i, trace), 1_000, ref);
        }
        for (int i = 0; i < 20; i++) {
            add(new TestEvent("b" + i, trace), 2_000, ref);
        }
        assertEquals("a0", q.peek().toString()); // the current bucket is a's; b's waits with its overflow list
        add(new TestEvent("x", trace), 50, ref); // before the current bucket: rebuild
        List<String> expected = new ArrayList<>(List.of("x"));
        for (int i = 0; i < 20; i++) {
            expected.add("a" + i);
        }
        for (int i = 0; i < 20; i++) {
            expected.add("b" + i);
        }
        List<String> out = new ArrayList<>();
        for (SimEvent e = q.poll(); e != null && out.size() <= 41; e = q.poll()) { // bounded: a broken list may loop
            out.add(e.toString());
        }
        assertEquals(expected, out);
        assertEquals(0, q.size());
    }

    /**
     * A queue of 1 ns buckets (the event loop's) kept crowded: 3,000 events pending within 3 ns of the clock (some
     * 1,000 a bucket), each polled one rescheduled a little later, 100 of them (timers) beyond the window, some
     * cancelled and scheduled again.
     * It refines three times (to 32,768 buckets of 128 ps, the most) and every event comes out in the reference's
     * order, before, across and after the refinements.
     */
    @Test
    void aCrowdedQueueRefinesAndKeepsTheOrder() {
        CalendarQueue cq = new CalendarQueue(10);
        Random rnd = new Random(5);
        TreeSet<SimEvent> ref = reference();
        TestEvent[] events = scheduled(cq, ref, rnd, 3000, "c", 3000);
        for (int step = 0; step < 600_000; step++) {
            stepWithTimers(cq, ref, rnd, events, 100, 3000, 3000, 5_000_000, step);
        }
        assertEquals(3, cq.refinements, "4,096 buckets of 1,024 ps to 32,768 of 128 ps, the most");
        drainsInOrder(cq, ref);
    }

    /** A queue of a few events a bucket (a 100 Gb/s fabric's) never refines, nor coarsens where it may. */
    @Test
    void aSparseQueueKeepsItsBuckets() {
        CalendarQueue cq = new CalendarQueue(10, CalendarQueue.MAX_COARSENING);
        Random rnd = new Random(6);
        TestEvent[] events = new TestEvent[200];
        for (int i = 0; i < events.length; i++) {
            events[i] = new TestEvent("s" + i, trace);
            events[i].timePs = rnd.nextInt(100_000);
            events[i].order = ++seq;
            cq.add(events[i]);
        }
        for (int step = 0; step < 200_000; step++) { // 200 pending over 100 ns: about 2 a bucket
            SimEvent e = cq.poll();
            e.timePs += rnd.nextInt(200_000);
            e.order = ++seq;
            cq.add(e);
        }
        assertEquals(0, cq.refinements);
        assertEquals(0, cq.coarsenings, "about 2 events a bucket: not sparse");
    }

    /**
     * A partition's share of a fabric: 20 events pending over 200 ns of 1 ns buckets (one event in ten buckets), each
     * polled one rescheduled up to 200 ns later, 5 of them (timers) beyond the window, some cancelled and scheduled
     * again. It coarsens three times (1 ns to 8 ns buckets: about one event a bucket, the most it widens by) and every
     * event comes out in the reference's order, before, across and after the changes.
     */
    @Test
    void aSparseQueueCoarsensAtMostThriceAndKeepsTheOrder() {
        CalendarQueue cq = new CalendarQueue(10, CalendarQueue.MAX_COARSENING);
        Random rnd = new Random(8);
        TreeSet<SimEvent> ref = reference();
        TestEvent[] events = scheduled(cq, ref, rnd, 20, "p", 200_000);
        for (int step = 0; step < 200_000; step++) {
            stepWithTimers(cq, ref, rnd, events, 5, 400_000, 200_000, 50_000_000, step);
        }
        assertEquals(CalendarQueue.MAX_COARSENING, cq.coarsenings, "1,024 ps buckets to 8,192 ps, the most");
        assertEquals(0, cq.refinements);
        drainsInOrder(cq, ref);
    }

    /** A sequential run's queue (no coarsening allowed) keeps its width however sparse, and its order. */
    @Test
    void aSequentialRunsQueueNeverCoarsens() {
        CalendarQueue cq = new CalendarQueue(10);
        Random rnd = new Random(8);
        TreeSet<SimEvent> ref = reference();
        TestEvent[] events = scheduled(cq, ref, rnd, 20, "p", 200_000);
        for (int step = 0; step < 200_000; step++) {
            stepWithTimers(cq, ref, rnd, events, 5, 400_000, 200_000, 50_000_000, step);
        }
        assertEquals(0, cq.coarsenings);
        drainsInOrder(cq, ref);
    }

    /**
     * A queue made sparse (a quiet phase: 10 events over 100 ns) and then crowded (3,000 events within 3 ns, as above):
     * it coarsens in the quiet phase and refines in the crowd, the order exact throughout.
     */
    @Test
    void aQuietThenCrowdedQueueCoarsensThenRefines() {
        CalendarQueue cq = new CalendarQueue(10, CalendarQueue.MAX_COARSENING);
        Random rnd = new Random(9);
        TreeSet<SimEvent> ref = reference();
        for (int i = 0; i < 10; i++) {
            schedule(cq, ref, new TestEvent("q" + i, trace), rnd.nextInt(100_000));
        }
        churn(cq, ref, rnd, 100_000, 200_000);
        int coarsened = cq.coarsenings;
        assertTrue(coarsened > 0, "one event in ten buckets: coarsened");
        long now = ref.first().timePs;
        for (int i = 0; i < 3000; i++) {
            schedule(cq, ref, new TestEvent("c" + i, trace), now + rnd.nextInt(3000));
        }
        churn(cq, ref, rnd, 400_000, 3000);
        assertTrue(cq.refinements > 0, "about 1,000 events a nanosecond: refined");
        assertEquals(coarsened, cq.coarsenings, "never coarsened in the crowd");
        drainsInOrder(cq, ref);
    }

    /** {@code n} events (labels {@code prefix} and a number) scheduled within {@code spreadPs} of time 0. */
    private TestEvent[] scheduled(CalendarQueue cq, TreeSet<SimEvent> ref, Random rnd, int n, String prefix,
                                  int spreadPs) {
        TestEvent[] events = new TestEvent[n];
        for (int i = 0; i < n; i++) {
            events[i] = new TestEvent(prefix + i, trace);
            schedule(cq, ref, events[i], rnd.nextInt(spreadPs));
        }
        return events;
    }

    /**
     * One step of a queue with timers: the earliest event is polled (as the reference has it); one step in 50 another
     * event is cancelled and scheduled again up to {@code cancelAheadPs} later (a timer re-armed); the polled one is
     * scheduled again up to {@code aheadPs} later, or {@code timerPs} (and up to 1 ns) later if it is one of the first
     * {@code timers} events.
     */
    private void stepWithTimers(CalendarQueue cq, TreeSet<SimEvent> ref, Random rnd, TestEvent[] events, int timers,
                                int aheadPs, int cancelAheadPs, long timerPs, int step) {
        SimEvent e = cq.poll();
        assertSame(ref.pollFirst(), e, "step " + step);
        long now = e.timePs;
        if (rnd.nextInt(50) == 0) {
            TestEvent c = events[rnd.nextInt(events.length)];
            if (c != e && ref.remove(c)) {
                cq.remove(c);
                schedule(cq, ref, c, now + rnd.nextInt(cancelAheadPs));
            }
        }
        boolean timer = false;
        for (int i = 0; i < timers && !timer; i++) {
            timer = events[i] == e;
        }
        schedule(cq, ref, e, now + (timer ? timerPs + rnd.nextInt(1000) : rnd.nextInt(aheadPs)));
    }

    /** Schedules {@code e} at {@code atPs} (the next tie key) in the queue and in the reference. */
    private void schedule(CalendarQueue cq, TreeSet<SimEvent> ref, SimEvent e, long atPs) {
        e.timePs = atPs;
        e.order = ++seq;
        cq.add(e);
        ref.add(e);
    }

    /** {@code steps} times: the earliest event, as the reference has it, rescheduled up to {@code maxAheadPs} later. */
    private void churn(CalendarQueue cq, TreeSet<SimEvent> ref, Random rnd, int steps, int maxAheadPs) {
        for (int step = 0; step < steps; step++) {
            SimEvent e = cq.poll();
            assertSame(ref.pollFirst(), e, "step " + step);
            schedule(cq, ref, e, e.timePs + rnd.nextInt(maxAheadPs));
        }
    }

    /** Every remaining event comes out in the reference's order. */
    private static void drainsInOrder(CalendarQueue cq, TreeSet<SimEvent> ref) {
        for (SimEvent e = cq.poll(); e != null; e = cq.poll()) {
            assertSame(ref.pollFirst(), e);
        }
        assertTrue(ref.isEmpty());
    }
}
