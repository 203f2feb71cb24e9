package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;

/**
 * A queue pair's bookkeeping across several messages: which entry a rewind or a selective retransmission lands
 * in, the bytes each ACK newly acknowledges, where notifications count, when the retransmission timer starts.
 * Two NICs back to back at 100 Gb/s, 1 us of cable, MTU 1000, an ACK per packet. Frame bytes: 1000 B + headers
 * 1062 B, + RETH 1078 B; 500 B 562 / 578 B.
 */
class QueuePairPathsTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    /** Three 1500 B WRITEs (PSNs 0-1, 2-3, 4-5) on one QP of host 0, with {@code lost} dropped once. */
    private static LossyPair threeMessages(LossRecoveryConfig lr, long... lost) {
        LossyPair p = new LossyPair(IrnTest.config(lr), RATE, US, 0);
        for (long psn : lost) {
            p.dropOnce.add(psn);
        }
        QueuePair qp = p.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        for (int i = 0; i < 3; i++) {
            p.nic[0].post(qp, p.flows.add(new Flow(i, "t", 0, 1, MessageSize.of(1500), 0, 3)));
        }
        p.kernel.runUntil(100 * US);
        return p;
    }

    @Test
    void goBackNRewindsIntoTheMessageThatHoldsTheLostPacket() {
        LossyPair p = threeMessages(IrnTest.GBN, 4);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 4L, 5L), p.dataPsns());
        // the resent 4 and 5 are the third message's: 1000 B then 500 B
        assertEquals(List.of(0L, 0L, 1500L), p.flows.all().stream().map(Flow::retransmittedBytes).toList());
        assertTrue(p.flows.all().stream().allMatch(Flow::finished));
    }

    @Test
    void irnResendsTheLostPacketFromItsOwnMessage() {
        LossyPair p = threeMessages(IrnTest.irn(64), 2);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 2L), p.dataPsns());
        assertEquals(List.of(0L, 1000L, 0L), p.flows.all().stream().map(Flow::retransmittedBytes).toList());
        assertTrue(p.flows.all().stream().allMatch(Flow::finished));
    }

    @Test
    void irnResendsALostFirstPacketAsSoonAsTheNackComes() {
        // PSN 0 lost: PSN 1 (ends at 2 x 87,840 = 175,680) triggers a NACK back at 175,680 + 2,006,880 = 2,182,560,
        // long after the last new packet (9 ended at 878,400): PSN 0 goes at once
        LossyPair p = IrnTest.run(IrnTest.irn(64), 50 * US, 0);
        assertEquals(IrnTest.then(0), p.dataPsns());
        assertEquals(2_182_560L, p.data().get(10).startPs());
    }

    @Test
    void eachAckReportsThePayloadItNewlyAcknowledgesAcrossMessages() {
        CnpAndCcSeamTest.Scripted cc = new CnpAndCcSeamTest.Scripted(null);
        cc.observes = true;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 1500, Verb.WRITE));
        b.nic[0].post(qp, b.flow(0, 1, 2500, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(1000L, 500L, 1000L, 1000L, 500L), cc.acks.stream().filter(s -> s.contains("@"))
                .map(s -> Long.parseLong(s.substring(0, s.indexOf('@')))).toList());
        // the algorithm hears of each packet as it leaves, with the next new PSN
        // (1098, 582, 1098, 1082, 582 B on the wire: 87,840, 46,560, 87,840, 86,560 ps apart)
        assertEquals(List.of("0:1", "87840:2", "134400:3", "222240:4", "308800:5"), cc.sent);
    }

    @Test
    void aNotificationCountsForTheFirstUnacknowledgedMessageOrTheLastOneWhenAllAreAcknowledged() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        Flow first = b.flow(0, 1, 1000, Verb.WRITE);
        Flow second = b.flow(0, 1, 1000, Verb.WRITE);
        b.nic[0].post(qp, first);
        b.nic[0].post(qp, second);
        // at 1 us nothing is acknowledged; by 5 us everything is
        b.cnpAt(US, qp);
        b.cnpAt(5 * US, qp);
        b.kernel.runUntil(10 * US);
        assertEquals(1, first.cnpsReceived());
        assertEquals(1, second.cnpsReceived());
        assertEquals(2, qp.cnps());
    }

    @Test
    void theTimerStartsWhenThePacketLeavesNotWhenTheMessageWasPosted() {
        // host 0 is paused (priority 3) from 0 for 10,000 quanta = 10,000 x 512 bit times = 51.2 us at 100 Gb/s;
        // the only packet leaves then and is lost: the timeout (rto 100 us) resends it at 151.2 us, not at 100 us
        LossyPair p = new LossyPair(NicConfig.builder().mtu(1000).ackEvery(1).build().withRto(100 * US), RATE, US, 0);
        p.dropOnce.add(0L);
        Packet pause = org.lossless.core.net.PauseSender.frame(p.pool, 3, 10_000);
        p.nic[0].receive(pause, 0);
        Flow f = p.write(1000);
        p.kernel.runUntil(400 * US);
        assertEquals(List.of(51_200_000L, 151_200_000L), p.data().stream().map(LossyPair.Frame::startPs).toList());
        assertEquals(1, f.timeouts());
    }

    @Test
    void aDuplicateAckIsNoProgress() {
        // LossRecoveryUnitTest's lost last packet: the last progress is packet 3's ACK at 2,354,400 (rto 100 us);
        // duplicates of that ACK at 50 us and 90 us do not restart the timer: packet 4 goes again at 102,354,400
        LossyPair p = new LossyPair(NicConfig.builder().mtu(1000).ackEvery(1).build().withRto(100 * US), RATE, US, 0);
        p.dropOnce.add(4L);
        Flow f = p.write(5000);
        for (long t : new long[] {50 * US, 90 * US}) {
            p.kernel.schedule(new org.lossless.core.kernel.SimEvent() {
                private static final long serialVersionUID = 1L;

                @Override
                protected void fire() {
                    Packet a = p.pool.acquire();
                    a.type = PacketType.ACK;
                    a.flowId = f.qp.id;
                    a.psn = 3;
                    p.nic[0].receive(a, 0);
                }
            }, t);
        }
        p.kernel.runUntil(400 * US);
        assertEquals(102_354_400L, p.data().get(5).startPs());
    }

    @Test
    void rewindingToTheNextPsnChangesNothing() {
        // everything of message 0 was sent; a rewind to the next PSN resends nothing, and message 1 then goes
        // from its own entry
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 1500, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(0, qp.goBackTo(2));
        assertEquals(2, qp.nextPsn);
        Flow second = b.flow(0, 1, 1000, Verb.SEND);
        b.nic[0].post(qp, second);
        b.kernel.runUntil(20 * US);
        assertEquals(List.of(1078, 562, 1062), b.sent(0, PacketType.DATA).stream().map(BackToBack.Frame::frameBytes).toList());
        assertTrue(second.finished());
        assertEquals(1, qp.goBackTo(2), "one packet (PSN 2) would be resent");
    }

    @Test
    void aQpDescribesItself() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 5, 9, 50_000, null, false);
        b.nic[0].post(qp, b.flow(0, 1, 1500, Verb.WRITE));
        assertEquals(List.of(0, 0, 1, 5, 9, 50_000), List.of(qp.id(), qp.src(), qp.dst(), qp.priority(), qp.dscp(),
                qp.udpSrcPort()));
        assertEquals("none", qp.algorithm());
        // posting kicks the idle port, which takes PSN 0 at once
        assertEquals("QP0[0->1 prio 5, 1 messages, next PSN 1/2, acked -1]", qp.toString());
        assertEquals(RATE, qp.currentRateBps(0));
        assertEquals(1, b.flows.qpCount());
        assertEquals(RATE, b.nic[0].port().rateBps());
        assertEquals(List.of("h1", 1), List.of(b.nic[1].name(), b.nic[1].host()));
        QueuePair back = b.nic[1].openQp(0, 3, 50_001, null);
        assertEquals(List.of(1, 1, 0), List.of(back.id(), back.src(), back.dst()));
    }

    @Test
    void aLongReadResponseRestartsTheTimerAtEachPacket() {
        // every QP paced at 1 Gb/s, rto 20 us: the 10-packet response of a READ takes 78 us, but the requester
        // acknowledges only its last packet. The responder's timer restarts at each response packet (it stands in
        // for the requester's), so nothing times out. The request (98 B on the wire) reaches the responder at
        // 1,007,840; response packets of 1086 B (first, AETH), 1082 B and 1086 B (last) on the wire, 8,688,000 and
        // 8,656,000 ps apart at 1 Gb/s: the last leaves at 1,007,840 + 8,688,000 + 8 x 8,656,000 = 78,943,840,
        // takes 86,880 ps at 100 Gb/s and 1 us of cable
        CnpAndCcSeamTest.Scripted cc = new CnpAndCcSeamTest.Scripted(null);
        cc.rate = 1_000_000_000L;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build().withRto(20 * US), RATE, US, (name, config, rate) -> cc);
        QueuePair request = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair response = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        Flow read = b.flow(1, 0, 10_000, Verb.READ);
        b.nic[0].postRead(request, response, read);
        b.kernel.runUntil(200 * US);
        assertEquals(80_030_720L, read.finishPs());
        assertEquals(0, read.timeouts());
        assertEquals(0, read.retransmittedPackets());
        assertEquals(11, b.frames.stream().filter(f -> f.type() == PacketType.DATA).count());
    }
}
