package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;

/** The releasers' queue hands posted messages on by release time, then message id, whatever the order added. */
class ReleaseQueueTest {
    private final Connection c = new Connection(0, 1, 2, ConnectionOptions.of(0));

    private Posted posted(long id, long atPs) {
        return new Posted(new Message(id, "w", c, MessageSize.of(100), Verb.WRITE, MessageTag.NONE_TAG, atPs), null, null,
                0, 1);
    }

    @Nested
    class ByHand {
        @Test
        void timeThenId() {
            ReleaseQueue q = new ReleaseQueue();
            Posted late = posted(0, 3_000);
            Posted tieHigh = posted(9, 1_000);
            Posted tieLow = posted(4, 1_000);
            Posted early = posted(7, 500);
            for (Posted p : List.of(late, tieHigh, tieLow, early)) {
                q.add(p);
            }
            assertEquals(4, q.size());
            assertEquals(500, q.peekTime());
            assertSame(early, q.poll());
            assertSame(tieLow, q.poll());
            assertSame(tieHigh, q.poll());
            assertEquals(3_000, q.peekTime());
            assertSame(late, q.poll());
            assertTrue(q.isEmpty());
        }
    }

    @Nested
    class Random2000 {
        @Test
        void eachPollIsTheLeastNotYetPolled() {
            Random r = new Random(11);
            ReleaseQueue q = new ReleaseQueue();
            List<Posted> left = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                Posted p = posted(i, r.nextInt(50)); // many ties of release time (ids in post order, as a run gives)
                q.add(p);
                left.add(p);
                if (r.nextInt(3) == 0) {
                    assertSame(takeLeast(left), q.poll());
                }
            }
            while (!left.isEmpty()) {
                assertEquals(left.size(), q.size());
                assertSame(takeLeast(left), q.poll());
            }
            assertTrue(q.isEmpty());
        }

        private Posted takeLeast(List<Posted> left) {
            int best = 0;
            for (int i = 1; i < left.size(); i++) {
                Message a = left.get(i).message;
                Message b = left.get(best).message;
                if (a.postPs() < b.postPs() || a.postPs() == b.postPs() && a.id() < b.id()) {
                    best = i;
                }
            }
            return left.remove(best);
        }
    }
}
