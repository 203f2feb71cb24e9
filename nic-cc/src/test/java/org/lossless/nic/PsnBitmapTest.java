package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.nic.cc.NoCongestionControl;

/** The PSN bitmap ring and IRN's decisions on it, by hand. */
class PsnBitmapTest {
    @Nested
    class Ring {
        @Test
        void capacityIsRoundedUpToWholeWords() {
            assertEquals(64, new PsnBitmap(1).capacity());
            assertEquals(64, new PsnBitmap(64).capacity());
            assertEquals(128, new PsnBitmap(65).capacity());
            assertThrows(IllegalArgumentException.class, () -> new PsnBitmap(0));
        }

        @Test
        void aPsnAndTheOneACapacityLaterShareASlot() {
            PsnBitmap b = new PsnBitmap(64);
            b.set(63);
            b.set(64);
            assertTrue(b.get(63) && b.get(64));
            assertTrue(b.get(0), "64 lives where 0 did (slot 0)");
            assertFalse(b.get(1) || b.get(62));
            b.clear(0);
            assertFalse(b.get(64));
            assertTrue(b.get(127), "127 is slot 63, still set");
        }

        @Test
        void clearRangeAcrossTheWrapAndOverTheWholeRing() {
            PsnBitmap b = new PsnBitmap(128);
            for (long p = 120; p < 136; p++) {
                b.set(p);
            }
            b.clearRange(120, 130);
            for (long p = 120; p <= 130; p++) {
                assertFalse(b.get(p), "psn " + p);
            }
            for (long p = 131; p < 136; p++) {
                assertTrue(b.get(p), "psn " + p);
            }
            b.clearRange(200, 199);
            assertTrue(b.get(131), "an empty range clears nothing");
            b.clearRange(1000, 1127);
            assertTrue(b.isEmpty(), "a range as long as the ring clears it all");
        }
    }

    /** A QP of an IRN loss recovery with a cap of 64 packets (no NIC: the tests set its PSNs by hand). */
    static QueuePair qp(Irn irn) {
        return new QueuePair(0, 0, 1, 3, 1000, HostNic.UDP_PORT_MIN, new NoCongestionControl(100_000_000_000L), null,
                false, irn, 0);
    }

    static Irn irn() {
        return new Irn(64, 100, 320, 3);
    }

    @Nested
    class IrnReceiver {
        @Test
        void holdsUpToTheRingsEndAndNoFurther() {
            Irn irn = irn();
            long expected = 10;
            assertEquals(LossRecovery.Reply.SACK, irn.outOfSequence(expected, 11, 0));
            assertEquals(LossRecovery.Reply.SACK, irn.outOfSequence(expected, 73, 0), "10 + 63: the ring's last slot");
            assertEquals(LossRecovery.Reply.DROP, irn.outOfSequence(expected, 74, 0), "10 + 64 would sit on 10's slot");
            assertEquals(LossRecovery.Reply.ACK, irn.outOfSequence(expected, 9, 0), "a duplicate is re-ACKed");
            assertFalse(irn.takeHeld(10));
            assertTrue(irn.takeHeld(11));
            assertFalse(irn.takeHeld(11), "taken once");
            assertTrue(irn.takeHeld(73));
        }
    }

    @Nested
    class IrnSender {
        @Test
        void lostMeansBelowTheHighestSackAndNotSacked() {
            Irn irn = irn();
            QueuePair q = qp(irn);
            q.nextPsn = 10;
            q.ackedPsn = 1;
            irn.nacked(q, 2, 5);
            assertEquals(2, irn.retransmitPsn(q), "the cumulative ACK's packet first");
            irn.retransmitted(2);
            assertEquals(3, irn.retransmitPsn(q));
            irn.retransmitted(3);
            assertEquals(4, irn.retransmitPsn(q));
            irn.retransmitted(4);
            assertEquals(-1, irn.retransmitPsn(q), "5 is SACKed, nothing above it is known lost");
            irn.nacked(q, 2, 8);
            assertEquals(6, irn.retransmitPsn(q), "a higher SACK reveals 6 and 7");
            irn.retransmitted(6);
            irn.retransmitted(7);
            assertEquals(-1, irn.retransmitPsn(q));
            // the cumulative ACK passes 9, the last PSN sent before recovery began: the episode ends
            long before = q.ackedPsn;
            q.ackedPsn = 9;
            irn.acked(q, before);
            assertFalse(irn.inRecovery());
        }

        @Test
        void aStaleSackIsIgnoredAndANackWithoutOneReportsTheExpectedPacket() {
            Irn irn = irn();
            QueuePair q = qp(irn);
            q.nextPsn = 10;
            q.ackedPsn = 4;
            irn.nacked(q, 5, -1);
            assertEquals(5, irn.retransmitPsn(q));
            irn.retransmitted(5);
            assertEquals(-1, irn.retransmitPsn(q));
            irn.nacked(q, 5, 3);
            assertEquals(-1, irn.retransmitPsn(q), "a SACK at or below the cumulative ACK changes nothing");
        }

        @Test
        void aTimeoutCountsEveryUnsackedOutstandingPacketLost() {
            Irn irn = irn();
            QueuePair q = qp(irn);
            q.nextPsn = 6;
            q.ackedPsn = 0;
            irn.nacked(q, 1, 3);
            irn.retransmitted(irn.retransmitPsn(q));
            irn.retransmitted(irn.retransmitPsn(q));
            assertEquals(-1, irn.retransmitPsn(q));
            irn.timedOut(q);
            assertEquals(1, irn.retransmitPsn(q));
            irn.retransmitted(1);
            assertEquals(2, irn.retransmitPsn(q));
            irn.retransmitted(2);
            assertEquals(4, irn.retransmitPsn(q), "3 is SACKed");
            irn.retransmitted(4);
            assertEquals(5, irn.retransmitPsn(q), "after a timeout the tail counts as lost too");
        }

        @Test
        void rtoLowWithAtMostNInFlightElseRtoHigh() {
            Irn irn = irn();
            QueuePair q = qp(irn);
            q.ackedPsn = 0;
            q.nextPsn = 4;
            assertEquals(100, irn.rtoPs(q, 999), "3 in flight: RTO_low");
            q.nextPsn = 5;
            assertEquals(320, irn.rtoPs(q, 999), "4 in flight: RTO_high");
            assertEquals(999, new GoBackN(0).rtoPs(q, 999), "go-back-N: nic.rto");
        }
    }
}
