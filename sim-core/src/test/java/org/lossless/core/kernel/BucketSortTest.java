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
 * large (blocks merged), disordered or made of nearly sorted runs as a fast fabric's buckets are, with many equal
 * times; the expected order is the list's own sort of the same events.
 */
class BucketSortTest {
    private final List<String> trace = new ArrayList<>();

    /** Sorts {@code events} (time and order set) with the calendar's threshold; checks the result entry by entry. */
    private static void sortAndCheck(List<SimEvent> events) {
        sortAndCheck(events, new BucketSort());
    }

    private static void sortAndCheck(List<SimEvent> events, BucketSort sorter) {
        int n = events.size();
        SimEvent[] items = new SimEvent[n + 3]; // spare room, as in the calendar's run array
        long[] keys = new long[2 * n + 6];
        for (int i = 0; i < n; i++) {
            SimEvent e = events.get(i);
            items[i] = e;
            keys[2 * i] = e.timePs;
            keys[2 * i + 1] = e.order;
        }
        sorter.sort(items, keys, n, 24);
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

    @Test
    void largeShuffledCrowdsOfEverySizeUpTo600ComeOutSortedWithOneSorterReused() {
        Random rnd = new Random(17);
        BucketSort sorter = new BucketSort(); // its scratch grows and is reused, as in a calendar queue
        for (int n = 121; n <= 600; n += 7) {
            List<SimEvent> es = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                es.add(event(rnd.nextInt(1024), i));
            }
            Collections.shuffle(es, rnd);
            sortAndCheck(es, sorter);
        }
    }

    /**
     * A fast fabric's bucket: runs one after the other in scheduling order (one per delay that led to the bucket), each
     * nearly sorted (a few neighbours swapped), their times interleaved with the other runs'.
     */
    @Test
    void runsOfNearlySortedEntriesOneAfterTheOtherComeOutSorted() {
        Random rnd = new Random(23);
        BucketSort sorter = new BucketSort();
        for (int rep = 0; rep < 200; rep++) {
            int runs = 1 + rnd.nextInt(5);
            List<SimEvent> es = new ArrayList<>();
            long order = 0;
            for (int r = 0; r < runs; r++) {
                int len = 1 + rnd.nextInt(80);
                List<SimEvent> run = new ArrayList<>();
                long t = rnd.nextInt(64);
                for (int i = 0; i < len; i++) {
                    t += rnd.nextInt(24); // rising, with ties
                    run.add(event(t, order++));
                }
                for (int i = 0; i + 1 < len; i++) {
                    if (rnd.nextInt(6) == 0) {
                        Collections.swap(run, i, i + 1);
                    }
                }
                es.addAll(run);
            }
            sortAndCheck(es, sorter);
        }
    }

    @Test
    void mergedHalvesAlreadyInOrderAndHalvesWhoseLeftEndsLastAreSorted() {
        List<SimEvent> sorted = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sorted.add(event(i, i));
        }
        sortAndCheck(sorted); // every merge skipped
        List<SimEvent> swapped = new ArrayList<>(); // the last 50 first: every left entry goes after every right one
        for (int i = 50; i < 100; i++) {
            swapped.add(event(i, i));
        }
        for (int i = 0; i < 50; i++) {
            swapped.add(event(i, i));
        }
        sortAndCheck(swapped);
    }
}
