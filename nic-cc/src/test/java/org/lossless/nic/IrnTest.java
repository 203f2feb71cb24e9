package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.PacketType;

/**
 * IRN's selective repeat against go-back-N on two NICs back to back at 100 Gb/s, 1 us of cable, MTU 1000,
 * an ACK per packet, with chosen data packets lost on the cable. Times by hand: a data frame is 1078 B with
 * the RETH, 1062 B without, +20 B of preamble, SFD and IFG on the wire (87,840 or 86,560 ps at 100 Gb/s).
 * Go-back-N (RoCE) puts the RETH in a WRITE's first packet only, so packet k ends at 87,840 + k x 86,560 ps;
 * IRN puts it in every packet, so packet k ends at (k + 1) x 87,840 ps. An ACK (86 B on the wire, 6,880 ps)
 * is back at the sender 1 us + 6,880 ps + 1 us = 2,006,880 ps after the packet it answers ended.
 */
class IrnTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;
    static final int MTU = 1000;
    /** nic.rto of the go-back-N runs (set explicitly: the tests do not depend on the default). */
    static final long NIC_RTO = 500 * US;

    static NicConfig config(LossRecoveryConfig lr) {
        return NicConfig.builder().mtu(MTU).ackEvery(1).rtoPs(NIC_RTO).ackPriority(NicConfig.SAME_AS_DATA).cnpPriority(NicConfig.DEFAULT_CNP_PRIORITY).dcqcn(null).build()
                .withLossRecovery(lr);
    }

    /** IRN with the paper's timeouts and a fixed cap of {@code cap} packets. */
    static LossRecoveryConfig irn(long cap) {
        return new LossRecoveryConfig(LossRecoveryConfig.IRN, 100 * US, 320 * US, 3, cap);
    }

    static final LossRecoveryConfig GBN = LossRecoveryConfig.DEFAULT;

    /** Sends one 10-packet WRITE (10,000 B) with {@code lost} dropped once, runs {@code untilPs}. */
    static LossyPair run(LossRecoveryConfig lr, long untilPs, long... lost) {
        LossyPair pair = new LossyPair(config(lr), RATE, US, 0);
        for (long psn : lost) {
            pair.dropOnce.add(psn);
        }
        pair.write(10 * MTU);
        pair.kernel.runUntil(untilPs);
        return pair;
    }

    static List<Long> psns(long... p) {
        return LongStream.of(p).boxed().toList();
    }

    static final List<Long> FIRST_PASS = psns(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

    static List<Long> then(long... more) {
        return java.util.stream.Stream.concat(FIRST_PASS.stream(), psns(more).stream()).toList();
    }

    /** Time the ACK of packet k reaches a go-back-N sender (see the class comment). */
    static long ackBack(long k) {
        return 87_840 + k * 86_560 + 2_006_880;
    }

    /** Time the ACK (or NACK) triggered by packet k reaches an IRN sender. */
    static long irnAckBack(long k) {
        return (k + 1) * 87_840 + 2_006_880;
    }

    @Nested
    class OneLostPacket {
        @Test
        void irnResendsExactlyThatPacket() {
            LossyPair p = run(irn(64), 50 * US, 3);
            assertEquals(then(3), p.dataPsns());
            Flow f = p.flows.get(0);
            assertTrue(f.finished() && f.ackedPs() > 0);
            assertEquals(1, f.retransmittedPackets());
            assertEquals(MTU, f.retransmittedBytes());
            assertEquals(10 * MTU, f.receivedBytes());
        }

        @Test
        void goBackNResendsFromItToTheEndOfWhatWasSent() {
            // all ten packets were out (by 866,880 ps) when the NACK for 3 came back (2,440,960 ps): 3..9 again
            LossyPair p = run(GBN, 50 * US, 3);
            assertEquals(then(3, 4, 5, 6, 7, 8, 9), p.dataPsns());
            Flow f = p.flows.get(0);
            assertTrue(f.finished() && f.ackedPs() > 0);
            assertEquals(7, f.retransmittedPackets());
            assertEquals(7 * MTU, f.retransmittedBytes());
            assertEquals(10 * MTU, f.receivedBytes());
        }

        @Test
        void irnReceiverNacksEachLaterPacketWithTheHoleAndWhatItHolds() {
            LossyPair p = run(irn(64), 50 * US, 3);
            List<LossyPair.Frame> nacks = p.control(PacketType.NACK);
            assertEquals(List.of(3L, 3L, 3L, 3L, 3L, 3L), nacks.stream().map(LossyPair.Frame::psn).toList(),
                    "cumulative part: the receiver expects 3");
            assertEquals(psns(4, 5, 6, 7, 8, 9), nacks.stream().map(LossyPair.Frame::sackPsn).toList());
            // the retransmitted 3 fills the hole: one ACK for 9 (everything), and the ACKs before were for 0..2
            assertEquals(psns(0, 1, 2, 9), p.control(PacketType.ACK).stream().map(LossyPair.Frame::psn).toList());
            // the first NACK (triggered by 4, which ended at 439,200 ps) is back at 2,446,080 ps: 3 goes at once
            assertEquals(irnAckBack(4), p.data().get(10).startPs());
            assertEquals(2_446_080L, p.data().get(10).startPs());
        }

        @Test
        void goBackNReceiverDiscardsAndNacksOncePerGap() {
            LossyPair p = run(GBN, 50 * US, 3);
            List<LossyPair.Frame> nacks = p.control(PacketType.NACK);
            assertEquals(1, nacks.size());
            assertEquals(3L, nacks.get(0).psn());
            assertEquals(-1L, nacks.get(0).sackPsn());
            assertEquals(6, p.nic[1].outOfOrderDrops(), "4..9 discarded");
            assertEquals(0, run(irn(64), 50 * US, 3).nic[1].outOfOrderDrops(), "IRN keeps them");
        }
    }

    @Test
    void everyIrnWritePacketCarriesTheReth() {
        LossyPair p = new LossyPair(config(irn(64)), RATE, US, 0);
        p.write(3 * MTU);
        p.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 87_840L, 175_680L), p.data().stream().map(LossyPair.Frame::startPs).toList(),
                "1078 B frames back to back");
    }

    @Test
    void aLostReadResponsePacketIsResentAlone() {
        // host 1 reads 10,000 B from host 0: the request goes 1 -> 0, the response 0 -> 1 over the lossy cable
        for (LossRecoveryConfig lr : List.of(irn(64), GBN)) {
            LossyPair p = new LossyPair(config(lr), RATE, US, 0);
            p.dropOnce.add(3L);
            Flow f = p.flows.add(new Flow(0, "t", 0, 1, MessageSize.of(10 * MTU), 0, 3, HostNic.udpSourcePort(0),
                    Verb.READ));
            QueuePair request = p.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null);
            QueuePair response = p.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null, true);
            p.nic[1].postRead(request, response, f);
            p.kernel.runUntil(50 * US);
            assertTrue(f.finished(), lr.mode());
            assertEquals(10 * MTU, f.receivedBytes());
            assertEquals(lr.irn() ? then(3) : then(3, 4, 5, 6, 7, 8, 9), p.dataPsns(), lr.mode());
        }
    }

    @Test
    void twoLostPacketsAreEachResentOnceInOrder() {
        LossyPair p = run(irn(64), 50 * US, 2, 5);
        assertEquals(then(2, 5), p.dataPsns());
        assertEquals(2 * MTU, p.flows.get(0).retransmittedBytes());
        assertTrue(p.flows.get(0).finished());
        // go-back-N: the NACK for 2 rewinds to 2 (3..9 are discarded meanwhile), and the resent 5 arrives in order
        LossyPair g = run(GBN, 50 * US, 2, 5);
        assertEquals(then(2, 3, 4, 5, 6, 7, 8, 9), g.dataPsns());
    }

    @Nested
    class Timeouts {
        @Test
        void threeInFlightLostAtTheTailTimeOutAfterRtoLow() {
            // no later packet, no NACK; the ACK of 6 (back at 2,621,760 ps) leaves 7, 8, 9 in flight: 3 <= N = 3
            LossyPair p = run(irn(64), 400 * US, 7, 8, 9);
            assertEquals(then(7, 8, 9), p.dataPsns());
            assertEquals(irnAckBack(6) + 100 * US, p.data().get(10).startPs());
            assertEquals(102_621_760L, p.data().get(10).startPs());
            assertTrue(p.flows.get(0).finished());
        }

        @Test
        void fourInFlightLostAtTheTailTimeOutAfterRtoHigh() {
            // the ACK of 5 leaves 6..9 in flight: 4 > N, so RTO_high
            LossyPair p = run(irn(64), 400 * US, 6, 7, 8, 9);
            assertEquals(then(6, 7, 8, 9), p.dataPsns());
            assertEquals(322_533_920L, p.data().get(10).startPs());
            assertEquals(irnAckBack(5) + 320 * US, p.data().get(10).startPs());
        }

        @Test
        void goBackNWaitsForNicRto() {
            LossyPair p = run(GBN, 600 * US, 7, 8, 9);
            assertEquals(then(7, 8, 9), p.dataPsns());
            assertEquals(ackBack(6) + NIC_RTO, p.data().get(10).startPs());
        }

        @Test
        void aLostRetransmissionIsFoundByTheTimeoutAndOnlyTheUnSackedPacketGoesAgain() {
            LossyPair p = new LossyPair(config(irn(64)), RATE, US, 0);
            p.dropTwice.add(3L);
            p.write(10 * MTU);
            p.kernel.runUntil(400 * US);
            assertEquals(then(3, 3), p.dataPsns());
            // the last NACK (triggered by 9, which ended at 878,400 ps) is back at 2,885,280 ps; 7 in flight: RTO_high
            assertEquals(irnAckBack(9) + 320 * US, p.data().get(11).startPs());
            assertEquals(322_885_280L, p.data().get(11).startPs());
            assertEquals(2, p.flows.get(0).retransmittedPackets());
            assertTrue(p.flows.get(0).finished());
        }
    }

    @Test
    void theBdpCapHoldsNewPacketsUntilAnAckComes() {
        // cap 8: PSNs 0..7 leave before the first ACK (back at 2,094,720 ps), 8 goes when it comes
        LossyPair p = new LossyPair(config(irn(8)), RATE, US, 0);
        p.write(20 * MTU);
        p.kernel.runUntil(50 * US);
        List<LossyPair.Frame> data = p.data();
        assertEquals(psns(0, 1, 2, 3, 4, 5, 6, 7),
                data.stream().filter(f -> f.startPs() < irnAckBack(0)).map(LossyPair.Frame::psn).toList());
        assertEquals(8L, data.get(8).psn());
        assertEquals(2_094_720L, data.get(8).startPs());
        assertTrue(p.flows.get(0).finished());
    }

    @Test
    void thePathCapIsOneBdpInPackets() {
        // path RTT 2,094,720 ps x 100 Gb/s = 26,184 B: 26.184 packets of 1000 B, rounded up to 27
        LossyPair p = new LossyPair(config(LossRecoveryConfig.of(LossRecoveryConfig.IRN)), RATE, US, 2_094_720L);
        p.write(40 * MTU);
        p.kernel.runUntil(50 * US);
        // 27 packets take 27 x 87,840 = 2,371,680 ps > the RTT, so the cap does not bind
        assertEquals(27, p.flows.get(0).qp.recovery.inFlightCapPackets());
        assertTrue(p.flows.get(0).finished());
    }

    @Test
    void manyLossesAcrossTheBitmapRingEachResentOnce() {
        // 300 packets, cap 64 (rings of 64 bits wrap ~5 times): 10, 100, 200 and 299 (the tail) lost once
        LossyPair p = new LossyPair(config(irn(64)), RATE, US, 0);
        p.dropOnce.addAll(List.of(10L, 100L, 200L, 299L));
        Flow f = p.write(300 * MTU);
        p.kernel.runUntil(1_000 * US);
        List<Long> sent = p.dataPsns();
        assertEquals(304, sent.size());
        assertEquals(psns(10, 100, 200, 299), sent.stream().filter(s -> sent.indexOf(s) != sent.lastIndexOf(s)).distinct().toList());
        assertEquals(4, f.retransmittedPackets());
        assertEquals(300 * MTU, f.receivedBytes());
        assertTrue(f.finished() && f.ackedPs() > 0);
        assertFalse(((Irn) f.qp.recovery).inRecovery());
    }
}
