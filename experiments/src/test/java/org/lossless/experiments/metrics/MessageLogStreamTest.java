package org.lossless.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;

/** The message log as the reorder buffer of streamed rows: ids come out once each, in id order, by hand. */
class MessageLogStreamTest {
    private final Connection c = new Connection(0, 1, 2, ConnectionOptions.of(0));
    private final List<Integer> out = new ArrayList<>();
    private final MessageLog log = new MessageLog(List.of(c));

    MessageLogStreamTest() {
        log.stream(out::add);
    }

    private void post(int n) {
        for (int i = log.size(), end = i + n; i < end; i++) {
            log.add(new Message(i, "w", c, MessageSize.of(100), Verb.WRITE, MessageTag.NONE_TAG, 10L * i), 2 * i, 2);
        }
    }

    @Nested
    class OutOfOrder {
        @Test
        void aLaterCompletionWaitsForTheEarlierOnes() {
            post(5);
            log.complete(2);
            log.complete(4);
            assertEquals(List.of(), out); // 0 not final: 2 and 4 held
            assertEquals(5, log.held());
            log.complete(0);
            assertEquals(List.of(0), out); // 1 not final: 2 still held
            log.complete(1);
            assertEquals(List.of(0, 1, 2), out); // 3 not final: 4 held
            assertEquals(2, log.held());
            log.complete(3);
            assertEquals(List.of(0, 1, 2, 3, 4), out);
            assertEquals(0, log.held());
            assertEquals(5, log.finish()); // all five handed on during the run
            assertEquals(List.of(0, 1, 2, 3, 4), out);
        }

        @Test
        void reverseCompletionsComeOutInIdOrderAtTheFirst() {
            post(4);
            for (int i = 3; i >= 1; i--) {
                log.complete(i);
            }
            assertEquals(List.of(), out);
            log.complete(0);
            assertEquals(List.of(0, 1, 2, 3), out);
        }
    }

    @Nested
    class NeverCompleting {
        @Test
        void holdsEveryLaterRowUntilTheEnd() {
            post(6);
            log.complete(0);
            for (int i = 2; i < 6; i++) {
                log.complete(i); // 1 never completes
            }
            assertEquals(List.of(0), out);
            assertEquals(5, log.held()); // 1 and the four final ones behind it
            // the end of a truncated run: the rest in id order, the unfinished one among them
            assertEquals(1, log.finish());
            assertEquals(List.of(0, 1, 2, 3, 4, 5), out);
            assertEquals(0, log.held());
        }

        @Test
        void messagesPostedAfterTheEndOfTheStreamAreHandedOnAtFinish() {
            post(3);
            log.complete(0);
            log.complete(1);
            post(2); // posted, never completed (the stop time came)
            assertEquals(2, log.finish());
            assertEquals(List.of(0, 1, 2, 3, 4), out);
        }
    }

    @Nested
    class Pages {
        @Test
        void aPageHandedOnIsDroppedAndReadsAsHoldingNoParts() {
            int n = MessageLog.PAGE + 10;
            post(n);
            log.released(5, 3, 3000, 7);
            assertEquals(7, log.releasedCnps(5));
            for (int i = 0; i < MessageLog.PAGE; i++) {
                log.complete(i);
            }
            assertEquals(IntStream.range(0, MessageLog.PAGE).boxed().toList(), out);
            assertEquals(10, log.held());
            // what the driver reads of a streamed message during the run (rates, CNPs): nothing held
            assertEquals(0, log.parts(5));
            assertEquals(0, log.firstPart(5));
            assertEquals(0, log.releasedCnps(5));
            // the next page is intact
            assertEquals(2 * MessageLog.PAGE, log.firstPart(MessageLog.PAGE));
            assertEquals(2, log.parts(MessageLog.PAGE));
            assertEquals(10L * (MessageLog.PAGE + 3), log.postPs(MessageLog.PAGE + 3));
            assertEquals(MessageLog.PAGE, log.finish());
            assertEquals(n, out.size());
        }

        @Test
        void aRowIsReadableWhileItIsHandedOn() {
            MessageLog l = new MessageLog(List.of(c));
            List<Long> posts = new ArrayList<>();
            l.stream(id -> posts.add(l.postPs(id)));
            for (int i = 0; i < MessageLog.PAGE; i++) {
                l.add(new Message(i, "w", c, MessageSize.of(100), Verb.WRITE, MessageTag.NONE_TAG, 10L * i), i, 1);
            }
            for (int i = MessageLog.PAGE - 1; i >= 0; i--) {
                l.complete(i); // the last page entry is read before its page is dropped
            }
            assertEquals(10L * (MessageLog.PAGE - 1), posts.get(MessageLog.PAGE - 1));
        }
    }

    @Test
    void withoutAStreamNothingIsHandedOnOrDropped() {
        MessageLog plain = new MessageLog(List.of(c));
        plain.add(new Message(0, "w", c, MessageSize.of(100), Verb.WRITE, MessageTag.NONE_TAG, 0), 0, 1);
        plain.complete(0);
        assertEquals(1, plain.held());
        assertEquals(0, plain.finish());
        assertEquals(1, plain.parts(0));
    }

    @Test
    void streamingStartsBeforeTheFirstMessage() {
        MessageLog l = new MessageLog(List.of(c));
        l.add(new Message(0, "w", c, MessageSize.of(100), Verb.WRITE, MessageTag.NONE_TAG, 0), 0, 1);
        assertThrows(IllegalStateException.class, () -> l.stream(id -> { }));
    }
}
