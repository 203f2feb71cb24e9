package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The completions' heap hands them on by instant, then host, then the host's order, whatever the order added. */
class DueHeapTest {
    private static Completions.Done done(long t, int host, long seq) {
        return new Completions.Done(t, host, seq, null, false);
    }

    @Nested
    class ByHand {
        @Test
        void instantThenHostThenTheHostsOrder() {
            Completions.DueHeap h = new Completions.DueHeap();
            Completions.Done late = done(2_000, 0, 0);
            Completions.Done host3second = done(1_000, 3, 8);
            Completions.Done host1 = done(1_000, 1, 9);
            Completions.Done host3first = done(1_000, 3, 2);
            Completions.Done early = done(500, 7, 1);
            for (Completions.Done d : List.of(late, host3second, host1, host3first, early)) {
                h.add(d);
            }
            assertSame(early, h.poll());
            assertSame(host1, h.poll());
            assertSame(host3first, h.poll());
            assertSame(host3second, h.poll());
            assertSame(late, h.poll());
            assertTrue(h.isEmpty());
        }
    }

    @Nested
    class Random1000 {
        @Test
        void pollsInTheSortedOrderWithAddsBetweenPolls() {
            Random r = new Random(7);
            Completions.DueHeap h = new Completions.DueHeap();
            List<Completions.Done> pending = new ArrayList<>();
            List<Completions.Done> polled = new ArrayList<>();
            long[] seq = new long[5];
            for (int i = 0; i < 1_000; i++) {
                int host = r.nextInt(5);
                Completions.Done d = done(r.nextInt(40), host, seq[host]++); // many ties of instant and host
                h.add(d);
                pending.add(d);
                if (r.nextInt(3) == 0) {
                    polled.add(h.poll());
                }
            }
            while (!h.isEmpty()) {
                polled.add(h.poll());
            }
            assertEquals(pending.size(), polled.size());
            // each poll returns the least of what had been added and not polled: check it against a plain scan
            Random again = new Random(7);
            List<Completions.Done> left = new ArrayList<>();
            List<Completions.Done> expected = new ArrayList<>();
            int k = 0;
            for (int i = 0; i < 1_000; i++) {
                again.nextInt(5);
                again.nextInt(40);
                left.add(pending.get(k++));
                if (again.nextInt(3) == 0) {
                    expected.add(takeLeast(left));
                }
            }
            while (!left.isEmpty()) {
                expected.add(takeLeast(left));
            }
            assertEquals(expected, polled);
        }

        private Completions.Done takeLeast(List<Completions.Done> left) {
            int best = 0;
            for (int i = 1; i < left.size(); i++) {
                Completions.Done a = left.get(i);
                Completions.Done b = left.get(best);
                if (a.timePs() < b.timePs() || a.timePs() == b.timePs()
                        && (a.host() < b.host() || a.host() == b.host() && a.seq() < b.seq())) {
                    best = i;
                }
            }
            return left.remove(best);
        }
    }
}
