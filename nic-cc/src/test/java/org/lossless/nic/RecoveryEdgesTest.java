package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;

/**
 * Edges of loss recovery: IRN's retransmission cursor and stale SACKs, the PSN ring's word and range arithmetic
 * (units, by hand), and what a receiver answers to duplicates, held packets and READ requests ({@link ReceiverRig}:
 * 100 Gb/s, 1 us, MTU 1000, an ACK per packet).
 */
class RecoveryEdgesTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    private static List<Long> drain(Irn irn, QueuePair q) {
        List<Long> out = new ArrayList<>();
        for (long r = irn.retransmitPsn(q); r >= 0; r = irn.retransmitPsn(q)) {
            out.add(r);
            irn.retransmitted(r);
        }
        return out;
    }

    @Test
    void irnNeverResendsWhatTheCumulativeAckPassedAlthoughItsCursorLagsBehind() {
        Irn irn = PsnBitmapTest.irn();
        QueuePair q = PsnBitmapTest.qp(irn);
        q.nextPsn = 10;
        q.ackedPsn = 1;
        irn.nacked(q, 2, 5);
        assertEquals(2, irn.retransmitPsn(q));
        irn.retransmitted(2);
        // the ACK jumps to 6 (2..6 in order now), still inside the episode (it began with 9 the last PSN sent)
        q.ackedPsn = 6;
        irn.acked(q, 1);
        assertTrue(irn.inRecovery());
        irn.nacked(q, 7, 9);
        assertEquals(List.of(7L, 8L), drain(irn, q), "from the cumulative ACK on, never 3..6 again");
    }

    @Test
    void aSackAtTheCumulativeAckOrBeyondWhatWasSentMarksNothing() {
        Irn irn = PsnBitmapTest.irn();
        QueuePair q = PsnBitmapTest.qp(irn);
        q.nextPsn = 10;
        q.ackedPsn = 4;
        irn.nacked(q, 5, 4);        // SACK = the cumulative ACK: stale
        assertEquals(List.of(5L), drain(irn, q));
        q.ackedPsn = 60;
        q.nextPsn = 70;
        irn.acked(q, 4);
        assertFalse(irn.inRecovery());
        // 68 shares 4's slot in the 64-bit ring: had the stale SACK marked 4, 68 would pass as SACKed
        irn.nacked(q, 61, 69);
        assertEquals(List.of(61L, 62L, 63L, 64L, 65L, 66L, 67L, 68L), drain(irn, q));

        Irn other = PsnBitmapTest.irn();
        QueuePair r = PsnBitmapTest.qp(other);
        r.nextPsn = 10;
        r.ackedPsn = 1;
        other.nacked(r, 2, 10);     // SACK of a PSN never sent: ignored (its loss bound still counts)
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), drain(other, r));
        r.nextPsn = 12;
        other.nacked(r, 2, 11);
        assertEquals(List.of(10L), drain(other, r), "10 was never SACKed");
    }

    @Test
    void theRingKeepsWordsApartAndClearsASinglePsnRange() {
        PsnBitmap b = new PsnBitmap(128);
        assertTrue(b.isEmpty());
        b.set(64);
        assertFalse(b.isEmpty());
        assertTrue(b.get(64));
        assertFalse(b.get(0), "64 is in the second word of a 128-PSN ring");
        b.set(4);
        b.set(5);
        b.set(6);
        b.clearRange(5, 5);
        assertEquals(List.of(true, false, true), List.of(b.get(4), b.get(5), b.get(6)));
        b.clear(68);
        assertTrue(b.get(4), "68 is slot 68, not 4, in a 128-PSN ring");
    }

    @Test
    void goBackNReAcksEveryDuplicateWithItsCumulativeAck() {
        // (InfiniBand C9-105, as Linux's rxe: a duplicate SEND or WRITE is acknowledged again; only the duplicate of
        // a message's last packet was, which could hang a sender that never reached it: LostWindowOfAcksTest)
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = r.qp(2000);
        r.dataAt(0, qp, 0, 1078, false);
        r.dataAt(100_000, qp, 0, 1078, false);   // duplicate, not last: ACK 0 again
        r.dataAt(200_000, qp, 1, 562, false);    // in order, last: ACK 1
        r.dataAt(300_000, qp, 1, 562, false);    // duplicate of the last: ACK 1 again
        r.dataAt(400_000, qp, 0, 1078, false);   // duplicate of the first: ACK 1, the cumulative acknowledgement
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 100_000L, 200_000L, 300_000L, 400_000L), r.starts(PacketType.ACK));
        assertEquals(List.of(0L, 0L, 1L, 1L, 1L), r.sent.stream().filter(t -> t.type() == PacketType.ACK)
                .map(ReceiverRig.Tx::psn).toList());
        assertEquals(3, r.nic.outOfOrderDrops());
    }

    @Test
    void irnNacksAHeldCePacketWithTheCnpFlagAndNeverAsksAgainWhenItIsDelivered() {
        CnpAndCcSeamTest.ScriptedEcho echo = new CnpAndCcSeamTest.ScriptedEcho(true, 0);
        CnpAndCcSeamTest.Scripted cc = new CnpAndCcSeamTest.Scripted(echo);
        ReceiverRig r = new ReceiverRig(IrnTest.config(IrnTest.irn(64)), RATE, US, (name, config, rate) -> cc);
        QueuePair qp = r.qp(3000);
        r.dataAt(0, qp, 1, 1078, true);
        r.dataAt(100_000, qp, 2, 1078, false);
        r.dataAt(200_000, qp, 0, 1078, false);
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(new ReceiverRig.Tx(PacketType.NACK, qp.id, 0, 1, true, 3, 0),
                new ReceiverRig.Tx(PacketType.NACK, qp.id, 0, 2, false, 3, 100_000),
                new ReceiverRig.Tx(PacketType.ACK, qp.id, 2, -1, false, 3, 200_000)),
                r.sent.stream().map(t -> new ReceiverRig.Tx(t.type(), t.qp(), t.psn(), t.type() == PacketType.ACK ? -1
                        : t.sackPsn(), t.ce(), t.priority(), t.startPs())).toList());
        assertEquals(List.of(0L), echo.calls);
        assertEquals(List.of("delivered 0 @200000"), r.log);
    }

    @Test
    void aReadRequestIsAcknowledgedOnlyWhenFlaggedOrAskedItsResponseLeavesAtOnce() {
        CnpAndCcSeamTest.ScriptedEcho echo = new CnpAndCcSeamTest.ScriptedEcho(true, 0);
        CnpAndCcSeamTest.Scripted cc = new CnpAndCcSeamTest.Scripted(echo);
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> cc);
        QueuePair request = r.sender.openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair response = r.nic.openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        for (int i = 0; i < 3; i++) {
            Flow f = r.flows.add(new Flow(i, "t", 1, 0, MessageSize.of(1000), 0, 3, HostNic.udpSourcePort(0),
                    Verb.READ));
            f.qp = response;
            f.requestQp = request;
            f.requestPsn = request.endPsn;
            request.appendReadRequest(f);
        }
        // request 0 CE-marked (its CNP rides on an ACK), request 1 with AckReq, request 2 plain
        r.dataAt(0, request, 0, 78, true);
        r.at(US, () -> {
            Packet p = r.pool.acquire();
            p.type = PacketType.DATA;
            p.flowId = request.id;
            p.psn = 1;
            p.frameBytes = 78;
            p.priority = 3;
            p.ackRequest(true);
            r.nic.receive(p, 0);
        });
        r.dataAt(2 * US, request, 2, 78, false);
        r.kernel.runUntil(3 * US);
        // each response (1000 B + headers + AETH: 1066 B, 86,880 ps on the wire) leaves as its request arrives
        assertEquals(List.of(0L, US, 2 * US), r.starts(PacketType.DATA));
        assertEquals(List.of(new ReceiverRig.Tx(PacketType.ACK, request.id, 0, -1, true, 3, 86_880),
                new ReceiverRig.Tx(PacketType.ACK, request.id, 1, -1, false, 3, US + 86_880)),
                r.sent.stream().filter(t -> t.type() == PacketType.ACK).toList());
    }

    @Test
    void theFirstResponsePacketAcknowledgesTheReadRequest() {
        // WireFramesTest's READ: response packet 0 reaches the requester at 1,094,720 + 1 us, packet 1 at
        // 1,181,280 + 1 us: in between the request is acknowledged
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair request = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair response = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        b.nic[0].postRead(request, response, b.flow(1, 0, 2500, Verb.READ));
        b.kernel.runUntil(2_094_719);
        assertFalse(request.fullyAcked());
        b.kernel.runUntil(2_100_000);
        assertTrue(request.fullyAcked());
    }
}
