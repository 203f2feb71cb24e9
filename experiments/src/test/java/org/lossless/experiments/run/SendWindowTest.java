package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/**
 * {@code nic.window} on a star (host - switch - host, 100 Gb/s, 1 us per cable), MTU 1000, answers by hand.
 *
 * <p>Wire sizes: a full data packet 1000 + 62 + 20 = 1082 B = 86,560 ps per hop; the first (RETH) 1098 B =
 * 87,840 ps; an ACK 66 + 20 = 86 B = 6,880 ps. Base RTT (full packet out, its ACK back):
 * 2 x 86,560 + 2 x 6,880 + 4 x 1 us = 4,186,880 ps. BDP = 4,186,880 ps x 100 Gb/s = 52,336 B, i.e. 53
 * MTUs for {@code bdp} (53,000 B).
 */
class SendWindowTest {
    static final long GBPS_100 = 100_000_000_000L;
    static final long US = 1_000_000L;
    static final int MTU = 1000;
    static final long SER = 86_560;
    static final long SER_RETH = 87_840;
    static final long RTT = 2 * SER + 2 * 6_880 + 4 * US;

    static RunResult run(Topology t, NicConfig nic, SwitchSettings sw, FlowSpec... flows) {
        return new PacketEngine().run(new EngineInput(t, nic, sw, List.of(flows), 1_000_000 * US, 1));
    }

    static RunResult single(NicConfig nic, long size) {
        return run(StarTopology.build(2, GBPS_100, US), nic, SwitchSettings.defaults(), new FlowSpec("f", 1, 0, size, 0, 3));
    }

    @Test
    void baseRttAndBdpByHand() {
        assertEquals(4_186_880L, RTT);
        Topology t = StarTopology.build(2, GBPS_100, US);
        assertEquals(RTT, new BaseRtt(t, org.lossless.topology.Routes.shortestPaths(t), MTU).ps(1, 0));
    }

    /**
     * Window of 10 packets (10,000 B, below the 52,336 B BDP), 1 MB = 100 windows, ACK per packet.
     * Window 0: packet 0 (RETH) starts at 0, the others back to back; packet j >= 1 lands at
     * 2 x 87,840 + 2 us + j x 86,560 (it waits 1,280 ps behind the longer packet 0 at the switch), its ACK
     * 6,880 + 6,880 + 2 us later. Packet 10 starts when ACK 0 arrives: T1 = 2 x 87,840 + 2 x 6,880 + 4 us
     * = 4,189,440; ACK j arrives exactly when the pacer allows packet 10 + j, so window w >= 1 starts at
     * T1 + (w - 1) x RTT with no queueing. The last packet (window 99, j = 9) lands 9 x 86,560 after its
     * window's start plus 2 x 86,560 + 2 us: 4,189,440 + 98 x 4,186,880 + 11 x 86,560 + 2 us.
     * Steady-state throughput: 10,000 B per RTT = 19.107 Gb/s.
     */
    @Test
    void windowBelowTheBdpSendsOneWindowPerRtt() {
        RunResult r = single(NicConfig.builder().mtu(MTU).ackEvery(1).build().withWindow(10 * MTU), 1_000_000);
        long t1 = 2 * SER_RETH + 2 * 6_880 + 4 * US;
        assertEquals(4_189_440L, t1);
        long expected = t1 + 98 * RTT + 11 * SER + 2 * US;
        assertEquals(417_455_840L, expected);
        FlowResult f = r.flows().get(0);
        assertEquals(expected, f.finishPs());
        assertEquals(0, f.retransmits());
        // goodput over windows 1..99: 99 windows of 10,000 B, one RTT apart
        double gbps = 10_000 * 8 / (RTT / 1e12) / 1e9;
        assertEquals(19.107, gbps, 0.001);
        double measured = 990_000 * 8 / ((f.finishPs() - (t1 + 11 * SER + 2 * US) + RTT) / 1e12) / 1e9;
        assertEquals(gbps, measured, gbps * 0.005);
    }

    /** A window at least the BDP never binds a lone QP: same finish as without one (and {@code bdp} too). */
    @Test
    void windowOfOneBdpOrMoreChangesNothing() {
        long none = single(NicConfig.builder().mtu(MTU).ackEvery(1).build(), 3_000_000).flows().get(0).finishPs();
        assertEquals(single(NicConfig.builder().mtu(MTU).ackEvery(1).build().withWindow(NicConfig.BDP_WINDOW), 3_000_000).flows().get(0).finishPs(), none);
        assertEquals(single(NicConfig.builder().mtu(MTU).ackEvery(1).build().withWindow(53_000), 3_000_000).flows().get(0).finishPs(), none);
        assertEquals(single(NicConfig.builder().mtu(MTU).ackEvery(1).build().withWindow(1L << 30), 3_000_000).flows().get(0).finishPs(), none);
        // 49 MTUs cover the 4,186,880 / 86,560 = 48.4 packets a lone QP starts per RTT: still line rate; 48 do not
        assertEquals(single(NicConfig.builder().mtu(MTU).ackEvery(1).build().withWindow(49 * MTU), 3_000_000).flows().get(0).finishPs(), none);
        assertTrue(single(NicConfig.builder().mtu(MTU).ackEvery(1).build().withWindow(48 * MTU), 3_000_000).flows().get(0).finishPs() > none);
    }

    /**
     * ACK coalescing every 16 packets with a 10-packet window: the packet that fills the window asks for an
     * ACK, so the QP never waits for the 1 ms timeout. Windows then follow one RTT after the ACKed packet
     * 9 of the previous window (ACKs at every 16th packet free part of a window earlier), so 100 windows
     * take less than 100 x (9 x 86,560 + RTT + 87,840) and more than 99 RTTs.
     */
    @Test
    void ackCoalescingBeyondTheWindowDoesNotStall() {
        FlowResult f = single(NicConfig.builder().mtu(MTU).ackEvery(16).build().withWindow(10 * MTU), 1_000_000).flows().get(0);
        assertEquals(0, f.retransmits());
        assertTrue(f.finishPs() < 100 * (9 * SER + RTT + SER_RETH), "finish " + f.finishPs());
        assertTrue(f.finishPs() > 99 * RTT, "finish " + f.finishPs());
    }

    /**
     * Go-back-N with a window: a 4-to-1 incast on lossy priority 1 through a switch of 150 KB of buffer (about 42 KB shared),
     * 32 KB windows (128 KB in flight at most): the receiver's port drops, and every flow still completes
     * with at least one retransmission per drop.
     */
    @Test
    void goBackNAfterDropsCompletesWithAWindow() {
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= 4; s++) {
            flows.add(new FlowSpec("incast", s, 0, 2_000_000, 0, 1));
        }
        RunResult r = new PacketEngine().run(new EngineInput(StarTopology.build(5, 40_000_000_000L, US),
                NicConfig.builder().mtu(1024).ackEvery(1).build().withWindow(32_768), new SwitchSettings(null, 150_000L, null, null, null, null,
                null, null, null, null), flows, 1_000_000 * US, 1));
        assertTrue(r.dropPackets() > 0, "the incast must overflow the buffer");
        long retransmits = 0;
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished(), "flow " + f.flowId() + " unfinished");
            retransmits += f.retransmits();
        }
        assertTrue(retransmits >= r.dropPackets(), retransmits + " retransmits < " + r.dropPackets() + " drops");
        System.out.printf("window 32KB go-back-N: %d drops, %d retransmits, slowest %.3f ms%n", r.dropPackets(),
                retransmits, r.flows().stream().mapToLong(FlowResult::fctPs).max().orElseThrow() / 1e9);
    }

    @Test
    void sameInputTwiceGivesIdenticalResults() {
        Topology t = StarTopology.build(5, GBPS_100, US);
        FlowSpec[] flows = {new FlowSpec("f", 1, 0, 1_000_000, 0, 3), new FlowSpec("f", 2, 0, 700_001, 3 * US, 3),
            new FlowSpec("f", 3, 4, 123_456, US, 3), new FlowSpec("f", 4, 0, 50_000, 2 * US, 1)};
        for (long w : new long[] {NicConfig.BDP_WINDOW, 8_000}) {
            NicConfig nic = NicConfig.builder().mtu(1024).ackEvery(4).build().withWindow(w);
            RunResult a = run(t, nic, SwitchSettings.defaults(), flows);
            RunResult b = run(t, nic, SwitchSettings.defaults(), flows);
            assertEquals(a.flows(), b.flows());
            assertEquals(a.ports(), b.ports());
            assertEquals(a.events(), b.events());
        }
    }
}
