package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * A partition's inbox delivers what every sender handed it in (time, sender's key) order, whatever the number of
 * senders and however their own entries are ordered, whether it looks at every box or only at those listed as holding
 * something (in any order): checked against a plain sort of the same entries.
 */
class InboxTest {
    private record Entry(long time, long key) {
    }

    @Test
    void deliversEverySendersEntriesInTimeThenKeyOrder() {
        Random rnd = new Random(5);
        Inbox inbox = new Inbox();
        for (int round = 0; round < 200; round++) {
            int senders = 1 + rnd.nextInt(12);
            Mail[] boxes = new Mail[senders + 1]; // one null: the receiver's own place
            List<Entry> expected = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                Mail m = new Mail();
                boxes[s + (s >= senders / 2 ? 1 : 0)] = m;
                long t = 1_000;
                int n = rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(300);
                for (int i = 0; i < n; i++) {
                    t += rnd.nextInt(400) - 60; // mostly later, sometimes earlier, sometimes the same instant
                    long at = Math.max(0, t) + (rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(50));
                    long key = ((long) (s + 1) << SimEvent.COUNT_BITS) | (i + 1);
                    m.add(at, key, null, null);
                    expected.add(new Entry(at, key));
                }
            }
            List<Entry> got = new ArrayList<>();
            for (Mail m : boxes) {
                if (m != null) {
                    for (int i = 0; i < m.size; i++) {
                        m.deliveries[i] = (atPs, payload) -> got.add((Entry) payload);
                        m.payloads[i] = new Entry(m.times[i], m.keys[i]);
                    }
                }
            }
            expected.sort(Comparator.comparingLong(Entry::time).thenComparingLong(Entry::key));
            boolean listed = round % 2 == 1; // odd rounds: only the boxes that hold something, in reverse order
            int[] holding = new int[boxes.length];
            int n = 0;
            for (int b = boxes.length - 1; b >= 0; b--) {
                if (boxes[b] != null && boxes[b].size > 0) {
                    holding[n++] = b;
                }
            }
            assertEquals(expected.size(), listed ? inbox.deliver(boxes, holding, n) : inbox.deliver(boxes));
            assertEquals(expected, got, "round " + round);
            for (Mail m : boxes) {
                assertEquals(0, m == null ? 0 : m.size);
            }
        }
    }
}
