package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;

/**
 * A parallel run's question about a frame put on the link towards a NIC: may its arrival complete a message? Asked of
 * QPs whose receivers take packets out of order (IRN, UET) and of acknowledgements, including UET's, whose PSN field
 * carries the cumulative acknowledgement and the PSN that triggered it. Messages as in {@link QpEndsTest} (MTU 1,000
 * B): a = 2,500 B = PSNs 0-2, b = 1,500 B = PSNs 3-4; answers worked out by hand.
 */
class ArrivalQuestionTest {
    private static QueuePair qp(LossRecovery recovery) {
        QueuePair qp = new QueuePair(0, 0, 1, 3, 1000, HostNic.UDP_PORT_MIN,
                new org.lossless.nic.cc.NoCongestionControl(100_000_000_000L), null, false, recovery, 0);
        qp.appendData(new Flow(0, "w", 0, 1, MessageSize.of(2500), 0, 3));
        qp.appendData(new Flow(1, "w", 0, 1, MessageSize.of(1500), 0, 3));
        return qp;
    }

    @Nested
    class OutOfOrderReceiver {
        @Test
        void noPacketBeforeTheMessagesLastOneIsOnTheLinkMayComplete() {
            QpReceiver rx = qp(new Irn(64, 100, 320, 3)).rx;
            assertFalse(rx.noteArriving(1, false), "PSN 1 alone: a needs PSN 2, not on the link");
            assertFalse(rx.noteArriving(0, false), "PSN 0: PSN 2 is still not on the link");
            assertTrue(rx.noteArriving(2, true), "a's last packet: with 0 and 1 ahead of it, it completes a");
        }

        @Test
        void onceTheLastIsOnTheLinkAnyPacketMayFillTheLastGap() {
            QpReceiver rx = qp(new Irn(64, 100, 320, 3)).rx;
            assertTrue(rx.noteArriving(2, true), "sprayed ahead: a's last packet");
            assertTrue(rx.noteArriving(1, false), "PSN 1 may be the last one a waits for");
            assertTrue(rx.noteArriving(0, false), "so may PSN 0");
            rx.expectedPsn = 3; // a delivered
            assertFalse(rx.noteArriving(3, false), "b's first packet: b's last (PSN 4) is not on the link");
            assertFalse(rx.noteArriving(2, true), "a resent PSN 2 arrives after a was delivered: it completes nothing");
            assertTrue(rx.noteArriving(4, true), "b's last packet");
            assertTrue(rx.noteArriving(3, false), "b's first again (resent): it may fill b's gap");
            assertFalse(rx.noteArriving(1, false), "a resent PSN 1 arrives after a was delivered: it completes nothing");
        }
    }

    /**
     * A go-back-N QP carrying READ responses (two entries as above: a = PSNs 0-2, b = 3-4): an entry's first packet
     * acknowledges its request, its last completes the READ; a packet right after one of its entry that was not the last
     * does neither.
     */
    @Nested
    class ReadResponses {
        @Test
        void firstAndLastOfEachEntryOnly() {
            QpReceiver rx = qp(new GoBackN(0)).rx;
            assertTrue(rx.noteResponse(0, false), "a's first: acknowledges a's request");
            assertFalse(rx.noteResponse(1, false), "a's middle");
            assertTrue(rx.noteResponse(2, true), "a's last: completes a");
            assertTrue(rx.noteResponse(3, false), "b's first: after a's last");
            assertTrue(rx.noteResponse(4, true), "b's last");
        }

        @Test
        void aJumpBackMayBeAnEntrysFirst() {
            QpReceiver rx = qp(new GoBackN(0)).rx;
            rx.noteResponse(0, false);
            rx.noteResponse(1, false);
            assertTrue(rx.noteResponse(0, false), "go-back-N resends from PSN 0: a's first again");
            assertFalse(rx.noteResponse(1, false), "then PSN 1 follows it");
            assertTrue(rx.noteResponse(3, false), "a jump forward: not known to follow a packet of its entry");
        }
    }

    @Nested
    class Acknowledgements {
        @Test
        void aUetAckMayCompleteOnlyByItsCumulativePart() {
            QueuePair qp = qp(new Irn(64, 100, 320, 3));
            // a UET ACK's field: expected PSN 2 (PSNs 0-1 had), triggered by PSN 4 (sprayed ahead)
            long field = Rud.ackPsn(2, 4);
            assertFalse(qp.mayCompleteThrough(Rud.cumulative(field)), "PSNs 0-1 do not finish a (0-2)");
            assertTrue(qp.mayCompleteThrough(Rud.cumulative(Rud.ackPsn(3, 2))), "PSNs 0-2 finish a");
        }

        @Test
        void aCumulativeAckThatReachesTheFirstOpenMessagesEnd() {
            QueuePair qp = qp(new GoBackN(0));
            assertFalse(qp.mayCompleteThrough(1));
            assertTrue(qp.mayCompleteThrough(2));
            assertTrue(qp.mayCompleteThrough(4), "past it too (a and b)");
        }
    }
}
