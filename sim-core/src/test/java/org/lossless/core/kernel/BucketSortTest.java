package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * A bucket's sort: by time, then order, entries and keys moved together, for crowds small (insertion sort) and
 * large and disordered (heapsort), with many equal times.
 */
class BucketSortTest {
    private final List<String> trace = new ArrayList<>();

    /** Sorts {@code events} (time and order set) with the calendar's threshold; checks the result entry by entry. */
    private static void sortAndCheck(List<SimEvent> events) {
        int n = events.size();
        SimEvent[] items = new SimEvent[n + 3]; // spare room, as in the calendar's run array
        long[] keys = new long[2 * n + 6];
        for (int i = 0; i < n; i++) {
            SimEvent e = events.get(i);
            items[i] = e;
            keys[2 * i] = e.timePs;
            keys[2 * i + 1] = e.order;
        }
        BucketSort.sort(items, keys, n, 24);
        List<SimEvent> expected = new ArrayList<>(events);
        expected.sort((a, b) -> a.timePs != b.timePs ? Long.compare(a.timePs, b.timePs) : Long.compare(a.order, b.order));
        for (int i = 0; i < n; i++) {
            assertSame(expected.get(i), items[i], "entry " + i + " of " + n);
            assertEquals(items[i].timePs, keys[2 * i]);
            assertEquals(items[i].order, keys[2 * i + 1]);
        }
    }

    private SimEvent event(long t, long order) {
        TestEvent e = new TestEvent(t + "/" + order, trace);
        e.timePs = t;
        e.order = order;
        return e;
    }

    @Test
    void anyOrderOfAnySizeComesOutSorted() {
        Random rnd = new Random(9);
        for (int n = 0; n <= 120; n++) {
            for (int rep = 0; rep < 5; rep++) {
                List<SimEvent> es = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    es.add(event(rnd.nextInt(6), i)); // six instants: ties everywhere
                }
                Collections.shuffle(es, rnd);
                sortAndCheck(es);
            }
        }
    }

    @Test
    void aSmallBucketWhoseFirstEntryIsLatestIsSorted() {
        sortAndCheck(List.of(event(5, 0), event(3, 1)));
        sortAndCheck(List.of(event(9, 0), event(1, 1), event(4, 2)));
    }

    @Test
    void aLargeCrowdInReverseTimeOrderIsSortedWithFifoAmongEqualTimes() {
        List<SimEvent> es = new ArrayList<>(); // 40 entries at 20 instants, latest first: far from sorted
        for (int i = 0; i < 40; i++) {
            es.add(event(100 - i / 2, i));
        }
        sortAndCheck(es);
        assertTrue(es.get(0).timePs > es.get(39).timePs);
    }
}
