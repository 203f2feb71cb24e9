package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;

/**
 * The two ends of a {@link QueuePair} in their own objects: the receiver ({@link QpReceiver}) walks the send queue's
 * entries by its own expected PSN and index, the sender by its own, and neither moves the other (counted by hand:
 * MTU 1,000 B, messages of 2,500 B = PSNs 0-2 and 1,000 B = PSN 3).
 */
class QpEndsTest {
    private static QueuePair qp() {
        return new QueuePair(0, 0, 1, 3, 1000, HostNic.UDP_PORT_MIN,
                new org.lossless.nic.cc.NoCongestionControl(100_000_000_000L), null, false, new GoBackN(0), 0);
    }

    private static Flow flow(int id, long bytes) {
        return new Flow(id, "w", 0, 1, MessageSize.of(bytes), 0, 3);
    }

    @Nested
    class Receiver {
        @Test
        void completesEachMessageAtItsLastPsnWhateverTheSenderDid() {
            QueuePair qp = qp();
            Flow a = flow(0, 2500);
            Flow b = flow(1, 1000);
            qp.appendData(a);
            qp.appendData(b);
            QpReceiver rx = qp.rx;
            assertSame(a, rx.rxEntry());
            assertTrue(rx.rxFirstOfEntry(0));
            rx.expectedPsn = 1;
            assertNull(rx.rxReceived(0));
            assertEquals(1000, rx.rxBytesOf(a), "PSN 0 of 2,500 B: 1,000 B in order");
            rx.expectedPsn = 3;
            assertNull(rx.rxReceived(1));
            assertEquals(2500, rx.rxBytesOf(a), "PSNs 0-2: 1,000 + 1,000 + 500 B");
            assertSame(a, rx.rxReceived(2), "PSN 2 is a's last");
            assertSame(b, rx.rxEntry());
            assertEquals(0, rx.rxBytesOf(b), "nothing of b yet");
            rx.expectedPsn = 4;
            assertSame(b, rx.rxReceived(3));
            assertEquals(0, qp.nextPsn, "the sender's next PSN is its own: the receiver did not move it");
            assertEquals(-1, qp.ackedPsn);
        }

        @Test
        void isWhatTheTableGivesForTheQpsId() {
            FlowTable table = new FlowTable();
            QueuePair qp = qp();
            table.addQp(qp);
            assertSame(qp.rx, table.rx(0));
            assertSame(qp, table.rx(0).qp);
            assertEquals(qp.src, table.rx(0).src);
            assertEquals(qp.priority, table.rx(0).priority);
        }
    }

    @Nested
    class Sender {
        @Test
        void sendsAndIsAcknowledgedWithoutTheReceiversIndex() {
            QueuePair qp = qp();
            Flow a = flow(0, 2500);
            qp.appendData(a);
            int[] payloads = new int[3];
            for (int i = 0; i < 3; i++) {
                qp.selectPacket();
                payloads[i] = qp.nextPayload();
                qp.advanceSend();
            }
            assertEquals(1000, payloads[0]);
            assertEquals(1000, payloads[1]);
            assertEquals(500, payloads[2]);
            assertEquals(3, qp.nextPsn);
            assertEquals(0, qp.rx.expectedPsn, "the receiver's expected PSN is its own");
            assertTrue(qp.mayCompleteThrough(2));
            Flow[] done = new Flow[1];
            qp.ackThrough(2, 5, new FlowListener() {
                @Override
                public void flowFinished(Flow f, long nowPs) {
                }

                @Override
                public void flowAcked(Flow f, long nowPs) {
                    done[0] = f;
                }
            });
            assertSame(a, done[0]);
            assertEquals(0, qp.rx.rxIdx, "the receiver's entry index is its own");
        }
    }
}
