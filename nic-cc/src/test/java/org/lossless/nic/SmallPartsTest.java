package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.PacketType;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * The NIC's small parts by hand: a message's checks and progress fields, the flow table, opening a QP (DSCP range,
 * path-aware algorithms, send windows) and what the data and ACK frames carry for the congestion control
 * (extra header bytes, telemetry, the AckReq bit). Two NICs back to back at 100 Gb/s, 1 us, MTU 1000.
 */
class SmallPartsTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    private static void refused(Runnable r) {
        assertThrows(IllegalArgumentException.class, r::run);
    }

    @Test
    void aMessageAcceptsTheEdgesOfEachRangeAndNothingBeyond() {
        Flow low = new Flow(0, "t", 0, 1, MessageSize.of(1), 0, 0, 49_152, Verb.WRITE);
        Flow high = new Flow(1, "t", 0, 1, MessageSize.of(1), 0, 7, 65_535, Verb.SEND);
        assertEquals(List.of(0, 7, 49_152, 65_535), List.of(low.priority, high.priority, low.udpSrcPort, high.udpSrcPort));
        refused(() -> new Flow(-1, "t", 0, 1, MessageSize.of(1), 0, 0));
        refused(() -> new Flow(0, "t", 1, 1, MessageSize.of(1), 0, 0));
        refused(() -> new Flow(0, "t", 0, 1, MessageSize.of(1), -1, 0));
        refused(() -> new Flow(0, "t", 0, 1, MessageSize.of(1), 0, -1));
        refused(() -> new Flow(0, "t", 0, 1, MessageSize.of(1), 0, 8));
        refused(() -> new Flow(0, "t", 0, 1, MessageSize.of(1), 0, 0, 49_151));
        refused(() -> new Flow(0, "t", 0, 1, MessageSize.of(1), 0, 0, 65_536));
        assertEquals(3, new Flow(0, "t", 0, 1, MessageSize.of(2001), 0, 0).packets(1000));
        assertEquals(2, new Flow(0, "t", 0, 1, MessageSize.of(2000), 0, 0).packets(1000));
    }

    @Test
    void aMessageFinishedAtTimeZeroIsFinishedAndItsRateIsItsQpsWhileUnacknowledged() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        Flow f = b.flow(0, 1, 1000, Verb.WRITE);
        assertFalse(f.finished());
        assertEquals(0, f.currentRateBps(0), "not posted");
        assertEquals(null, f.queuePair());
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, f);
        assertEquals(qp, f.queuePair());
        assertEquals(RATE, f.currentRateBps(0));
        b.kernel.runUntil(10 * US);
        assertEquals(0, f.currentRateBps(10 * US), "acknowledged");
        f.ackedPs = 0;
        assertEquals(0, f.currentRateBps(10 * US), "acknowledged at time 0 is acknowledged");
        f.finishPs = 0;
        assertTrue(f.finished());
        assertEquals(1, b.flows.finishedCount());
        assertEquals(1, b.flows.size());
        assertEquals(List.of(f), b.flows.all());
        assertThrows(UnsupportedOperationException.class, () -> b.flows.all().add(f));
        assertThrows(IllegalArgumentException.class,
                () -> b.flows.add(new Flow(5, "t", 0, 1, MessageSize.of(1), 0, 0)));
    }

    @Test
    void theFlowTableCountsEachDeliveredMessageOnce() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
        b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(2, b.flows.finishedCount());
        assertEquals(1, b.flows.qpCount());
        assertEquals(qp, b.flows.qp(0));
    }

    @Test
    void seventeenQpsSendingAtOnceAreServedRoundRobinAndEachIsFoundById() {
        // 17 QPs on host 0 (the flow table's and the sender's arrays grow past 16 and 4), one 1000 B WRITE each,
        // all posted at 0: one frame per message, sent back to back in QP order, so message i finishes at
        // (i + 1) frame times + 1 us. A QP id not opened yet is refused
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        List<Flow> msgs = new ArrayList<>();
        for (int i = 0; i < 17; i++) {
            QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(i), null);
            assertEquals(i, qp.id);
            Flow f = b.flow(0, 1, 1000, Verb.WRITE);
            msgs.add(f);
            b.nic[0].post(qp, f);
        }
        b.kernel.runUntil(10 * US);
        assertEquals(17, b.flows.qpCount());
        assertEquals(17, b.flows.finishedCount());
        long frame = msgs.get(1).finishPs() - msgs.get(0).finishPs();
        assertEquals(frame + US, msgs.get(0).finishPs());
        for (int i = 0; i < 17; i++) {
            assertEquals((i + 1) * frame + US, msgs.get(i).finishPs(), "message " + i);
            assertEquals(1000, msgs.get(i).receivedBytes());
            assertEquals(i, b.flows.qp(i).id);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> b.flows.qp(17));
    }

    @Test
    void dscpZeroAndSixtyThreeAreValidAQpNeedsAnotherHost() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        assertEquals(0, b.nic[0].openQp(1, 3, 0, 50_000, null, false).dscp());
        assertEquals(63, b.nic[0].openQp(1, 3, 63, 50_000, null, false).dscp());
        refused(() -> b.nic[0].openQp(1, 3, -1, 50_000, null, false));
        refused(() -> b.nic[0].openQp(1, 3, 64, 50_000, null, false));
        refused(() -> b.nic[0].openQp(0, 3, 50_000, null));
    }

    /** An algorithm that needs its QP's path and records what it was given. */
    static final class PathAware implements CcAlgorithm {
        final List<String> made = new ArrayList<>();

        @Override
        public String name() {
            return "path";
        }

        @Override
        public boolean needsPath() {
            return true;
        }

        @Override
        public CongestionControl newSender() {
            throw new AssertionError("needs its path");
        }

        @Override
        public CongestionControl newSender(long baseRttPs, int switches) {
            made.add(baseRttPs + "/" + switches);
            return new CnpAndCcSeamTest.Scripted(null);
        }

        @Override
        public CongestionEcho newEcho() {
            return null;
        }
    }

    @Test
    void aPathAwareAlgorithmGetsThePathsRttAndSwitchesAndNeedsThem() {
        PathAware a = new PathAware();
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> a);
        assertThrows(IllegalStateException.class, () -> b.nic[0].openQp(1, 3, 50_000, null));
        b.nic[0].pathRtt(new PathRtt() {
            @Override
            public long ps(int src, int dst) {
                return 1000L * src + dst;
            }

            @Override
            public int switches(int src, int dst) {
                return 2;
            }
        });
        b.nic[0].openQp(1, 3, 50_000, null);
        assertEquals(List.of("1/2"), a.made);
        assertEquals(0, ((PathRtt) (s, d) -> 5).switches(0, 1), "a path without switches by default");
    }

    @Test
    void theSendWindowIsNoneFixedOrOneBdp() {
        BackToBack none = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        assertEquals(Long.MAX_VALUE, none.nic[0].openQp(1, 3, 50_000, null).windowBytes);
        BackToBack fixed = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build().withWindow(3000), RATE, US);
        assertEquals(3000, fixed.nic[0].openQp(1, 3, 50_000, null).windowBytes);
        // 2,094,720 ps x 100 Gb/s = 26,184 B: 27 packets of 1000 B
        BackToBack bdp = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build().withWindow(NicConfig.BDP_WINDOW), RATE, US);
        assertThrows(IllegalStateException.class, () -> bdp.nic[0].openQp(1, 3, 50_000, null));
        bdp.nic[0].pathRtt((s, d) -> 2_094_720L);
        assertEquals(27_000, bdp.nic[0].openQp(1, 3, 50_000, null).windowBytes);
    }

    @Test
    void dataFramesCarryTheAlgorithmsHeaderAndTelemetryAcksWhatItsEchoAdds() {
        CnpAndCcSeamTest.ScriptedEcho echo = new CnpAndCcSeamTest.ScriptedEcho(false);
        echo.ackExtraBytes = 8;
        CnpAndCcSeamTest.Scripted cc = new CnpAndCcSeamTest.Scripted(echo);
        cc.headerBytes = 42;
        cc.telemetry = true;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, 50_000, null);
        b.nic[0].post(qp, b.flow(0, 1, 1500, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(1078 + 42, 562 + 42), b.sent(0, PacketType.DATA).stream().map(BackToBack.Frame::frameBytes).toList());
        assertEquals(List.of(66 + 8, 66 + 8), b.sent(1, PacketType.ACK).stream().map(BackToBack.Frame::frameBytes).toList());
        assertEquals(List.of(true, true), echo.telemetry);
    }

    @Test
    void thePacketThatFillsTheWindowAsksForAnAckAtOnce() {
        // window 2000 B, an ACK only every 100 packets: packet 1 fills the window and carries AckReq, so its ACK
        // (back at 174,400 + 1 us + 6,880 + 1 us = 2,181,280) opens it for 2 and 3; 3 asks again (ACK back at
        // 2,354,400 + 2,006,880 = 4,361,280) and 4, the last, is ACKed as such
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(100).build().withWindow(2000), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, 50_000, null);
        Flow f = b.flow(0, 1, 5000, Verb.WRITE);
        b.nic[0].post(qp, f);
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 87_840L, 2_181_280L, 2_267_840L, 4_361_280L), b.sent(0, PacketType.DATA).stream()
                .map(BackToBack.Frame::startPs).toList());
        assertEquals(List.of(1L, 3L, 4L), b.sent(1, PacketType.ACK).stream().map(BackToBack.Frame::psn).toList());
        assertTrue(f.ackedPs() > 0);
    }

    @Test
    void lossRecoveryAcceptsTheEdgesOfEachRange() {
        String irn = LossRecoveryConfig.IRN;
        LossRecoveryConfig edge = new LossRecoveryConfig(irn, 1, 1, 1, LossRecoveryConfig.MAX_BDP_CAP);
        assertEquals(LossRecoveryConfig.MAX_BDP_CAP, edge.newQp(5, 0).inFlightCapPackets());
        refused(() -> new LossRecoveryConfig(irn, 0, 1, 1, 0));
        refused(() -> new LossRecoveryConfig(irn, 2, 1, 1, 0));
        refused(() -> new LossRecoveryConfig(irn, 1, 1, 0, 0));
        refused(() -> new LossRecoveryConfig(irn, 1, 1, 1, -1));
        refused(() -> new LossRecoveryConfig(irn, 1, 1, 1, LossRecoveryConfig.MAX_BDP_CAP + 1));
        refused(() -> new LossRecoveryConfig("sack", 1, 1, 1, 0));
        // the path cap: the QP's BDP in packets, at least 1
        assertEquals(5, LossRecoveryConfig.of(irn).newQp(5, 0).inFlightCapPackets());
        assertEquals(1, LossRecoveryConfig.of(irn).newQp(0, 0).inFlightCapPackets());
        assertEquals(Long.MAX_VALUE, LossRecoveryConfig.DEFAULT.newQp(5, 0).inFlightCapPackets());
    }
}
