package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The tie-break at one instant under {@link TieOrder#SOURCE}: global events, then source by source (in an order that changes with the instant),
 * each source's events in the order it keyed them; so the order of equal-time events depends on what each source did
 * and not on how the scheduling calls of different sources interleave (which is what a partitioned run changes).
 */
class SimEventTest {
    private final List<String> trace = new ArrayList<>();

    private TestEvent ev(String label) {
        return new TestEvent(label, trace);
    }

    @Nested
    class Keys {
        @Test
        void anEventKeepsTheSourceAndCountOfItsFirstSchedule() {
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            Scheduler s7 = k.source(7);
            TestEvent a = ev("a");
            TestEvent b = ev("b");
            assertEquals(0, a.tieKey(), "not keyed before it is scheduled");
            s7.schedule(a, 10);
            s7.schedule(b, 10);
            assertEquals(1, a.count());
            assertEquals(2, b.count());
            assertEquals(7, b.source());
            assertEquals(a.tieKey() + 1, b.tieKey(), "one source at one instant: keys differ by the count only");
            s7.schedule(a, 20); // moved: keeps its source and count
            k.source(3).schedule(a, 30); // rescheduled through another source: keeps them too
            assertEquals(7, a.source());
            assertEquals(1, a.count());
            k.schedule(b, 40); // the global source does not take it over either
            assertEquals(7, b.source());
        }

        @Test
        void oneIdGivesOneViewAndIdsOutsideTheRangeAreRejected() {
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            assertSame(k.source(5), k.source(5));
            assertThrows(IllegalArgumentException.class, () -> k.source(-1));
            assertThrows(IllegalArgumentException.class, () -> k.source(SimEvent.MAX_SOURCE + 1));
            k.source(SimEvent.MAX_SOURCE).schedule(ev("top"), 1);
            k.runUntil(1);
            assertEquals(List.of("top"), trace);
        }
    }

    @Test
    void fifoKernelsIgnoreSourcesAndRunTiesInSchedulingOrder() {
        Kernel k = new Kernel(1);
        k.source(2).schedule(ev("2a"), 100);
        k.source(1).schedule(ev("1a"), 100);
        k.schedule(ev("global"), 100);
        k.source(2).schedule(ev("2b"), 100);
        k.runUntil(100);
        assertEquals(List.of("2a", "1a", "global", "2b"), trace);
    }

    @Nested
    class Order {
        /** Four events at 100 ps from sources 2 and 1, their scheduling calls interleaved one way or the other. */
        private List<String> run(boolean twoFirst) {
            trace.clear();
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            Scheduler one = k.source(1);
            Scheduler two = k.source(2);
            TestEvent a1 = ev("1a");
            TestEvent b1 = ev("1b");
            TestEvent a2 = ev("2a");
            TestEvent b2 = ev("2b");
            if (twoFirst) {
                two.schedule(a2, 100);
                two.schedule(b2, 100);
                one.schedule(a1, 100);
                one.schedule(b1, 100);
            } else {
                one.schedule(a1, 100);
                two.schedule(a2, 100);
                one.schedule(b1, 100);
                two.schedule(b2, 100);
            }
            k.schedule(ev("global"), 100); // scheduled last, runs first: the run's global events lead their instant
            k.runUntil(100);
            return new ArrayList<>(trace);
        }

        @Test
        void equalTimesRunGlobalFirstThenSourceBySourceEachInTheOrderItKeyedItsEvents() {
            List<String> one = run(true);
            assertEquals(one, run(false), "the interleaving of two sources' calls must not matter");
            assertTrue(one.equals(List.of("global", "1a", "1b", "2a", "2b"))
                    || one.equals(List.of("global", "2a", "2b", "1a", "1b")), one.toString());
        }

        @Test
        void noSourceWinsEveryTie() {
            // sources 1 and 2 tie at 1,000 instants a microsecond apart (the order is fixed within 2^20 ps): each goes
            // first at about half of them (binomial: 500 +- 16)
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            Scheduler one = k.source(1);
            Scheduler two = k.source(2);
            int[] firstWins = new int[1];
            String[] last = new String[1];
            TestEvent a = new TestEvent("1", trace) {
                @Override
                protected void fire() {
                    if (last[0] == null) {
                        firstWins[0]++;
                    }
                    last[0] = "1";
                }
            };
            TestEvent b = new TestEvent("2", trace) {
                @Override
                protected void fire() {
                    last[0] = "2";
                }
            };
            for (long t = 1; t <= 1_000; t++) {
                last[0] = null;
                two.schedule(b, t << 20);
                one.schedule(a, t << 20);
                k.runUntil(t << 20);
            }
            assertTrue(firstWins[0] > 400 && firstWins[0] < 600, "source 1 first at " + firstWins[0] + " of 1,000");
        }

        @Test
        void everySpansPlacesArePermutationsOfTheIds() {
            for (long span : new long[] {0, 1, 977, 1L << 40}) {
                java.util.BitSet places = new java.util.BitSet(SimEvent.MAX_SOURCE + 1);
                for (int id = 0; id <= SimEvent.MAX_SOURCE; id++) {
                    places.set((int) SimEvent.place(id, span));
                }
                assertEquals(SimEvent.MAX_SOURCE + 1, places.cardinality(), "span " + span);
            }
        }

        /**
         * Among three sources each goes first at a third of the instants, not only each pair at half: an XOR of the
         * ids with a random mask orders pairs fairly, yet put source 6 first or last, never between 4 and 5 (6 differs
         * from both in bit 1, 4 and 5 only in bit 0): 6 first at half the instants, 4 and 5 at a quarter each. 3,000
         * instants: 1,000 each, binomial sd 25.8; bounds at +-120 (4.6 sd). Every order of the three appears (500 each
         * expected).
         */
        @Test
        void amongThreeSourcesEachGoesFirstAtAThirdOfTheInstants() {
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            int[] ids = {4, 5, 6};
            Scheduler[] views = new Scheduler[ids.length];
            TestEvent[] events = new TestEvent[ids.length];
            StringBuilder seen = new StringBuilder();
            for (int i = 0; i < ids.length; i++) {
                views[i] = k.source(ids[i]);
                String name = Integer.toString(ids[i]);
                events[i] = new TestEvent(name, trace) {
                    @Override
                    protected void fire() {
                        seen.append(name);
                    }
                };
            }
            java.util.Map<String, Integer> orders = new java.util.TreeMap<>();
            int[] first = new int[ids.length];
            for (long t = 1; t <= 3_000; t++) {
                seen.setLength(0);
                for (int i = 0; i < ids.length; i++) {
                    views[i].schedule(events[i], t << 20);
                }
                k.runUntil(t << 20);
                first[seen.charAt(0) - '4']++;
                orders.merge(seen.toString(), 1, Integer::sum);
            }
            for (int i = 0; i < ids.length; i++) {
                assertTrue(Math.abs(first[i] - 1_000) <= 120, "source " + ids[i] + " first at " + first[i]
                        + " of 3,000 instants; orders " + orders);
            }
            assertEquals(6, orders.size(), "every order of three appears: " + orders);
        }

        @Test
        void aReArmedEventKeepsItsPlaceAmongItsSourcesEvents() {
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            Scheduler s = k.source(4);
            TestEvent first = ev("first");
            TestEvent second = ev("second");
            s.schedule(first, 50);
            s.schedule(second, 100);
            s.schedule(first, 100); // moved after second was scheduled: still keyed before it
            k.runUntil(200);
            assertEquals(List.of("first", "second"), trace);
        }

        @Test
        void anEventScheduledForNowWithASmallerKeyRunsNextNotBeforeWhatAlreadyRan() {
            Kernel k = new Kernel(1, TieOrder.SOURCE);
            Scheduler s = k.source(9);
            TestEvent late = ev("count-1");
            s.schedule(late, 1); // keyed count 1 ...
            k.cancel(late);
            s.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    trace.add("count-2");
                    s.schedule(late, 10); // ... so it sorts before "count-3", which is still pending
                }
            }, 10);
            s.schedule(ev("count-3"), 10);
            k.runUntil(10);
            assertEquals(List.of("count-2", "count-1", "count-3"), trace);
        }
    }
}
