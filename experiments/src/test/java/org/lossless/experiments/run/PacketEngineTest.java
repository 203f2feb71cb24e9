package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/** Packet-level runs on a star whose answers are computed by hand in the comments. */
class PacketEngineTest {
    private static final long GBPS_100 = 100_000_000_000L;
    private static final long US = 1_000_000L;

    private static RunResult run(Topology t, int mtu, FlowSpec... flows) {
        return new PacketEngine().run(new EngineInput(t, NicConfig.builder().mtu(mtu).ackEvery(1).build(), SwitchSettings.defaults(), List.of(flows), 1_000_000 * US, 1));
    }

    @Nested
    class SingleFlowThroughOneSwitch {
        @Test
        void onePacketFinishesAtTwoSerializationsPlusTwoDelays() {
            // 1000 B payload + 62 B frame overhead + 16 B RETH = 1078 B frame, + 20 B preamble/IFG = 1098 B
            // = 8784 bits = 87,840 ps at 100 Gb/s per hop; two hops of 1 us each.
            RunResult r = run(StarTopology.build(2, GBPS_100, US), 1024, new FlowSpec("flows", 1, 0, 1000, 0, 3));
            FlowResult f = r.flows().get(0);
            assertEquals(2 * 87_840 + 2 * US, f.finishPs());
            assertEquals(f.finishPs(), f.idealFctPs());
        }

        @Test
        void sizeNotAMultipleOfTheMtuPipelinesThreePackets() {
            // 3000 B at MTU 1024: payloads 1024 (+RETH), 1024, 952 -> wire 1122, 1106, 1034 B
            // -> 89,760 / 88,480 / 82,720 ps per hop at 100 Gb/s.
            // Host link done at 89,760; 178,240; 260,960. Each reaches the switch 1 us later.
            // Switch port: p1 1,089,760-1,179,520; p2 waits for p1: 1,179,520-1,268,000;
            // p3 arrives 1,260,960, waits: 1,268,000-1,350,720. Arrival at host 0: 2,350,720 ps.
            RunResult r = run(StarTopology.build(2, GBPS_100, US), 1024, new FlowSpec("flows", 1, 0, 3000, 5 * US, 3));
            FlowResult f = r.flows().get(0);
            assertEquals(5 * US + 2_350_720L, f.finishPs());
            assertEquals(2_350_720L, f.fctPs());
            assertEquals(2_350_720L, f.idealFctPs());
            assertEquals(1.0, f.slowdown(), 0.0);
        }

        @Test
        void portCountersSeeEveryFrame() {
            RunResult r = run(StarTopology.build(2, GBPS_100, US), 1024, new FlowSpec("flows", 1, 0, 3000, 0, 3));
            PortResult hostTx = r.ports().stream().filter(p -> p.node().equals("h1")).findFirst().orElseThrow();
            assertEquals(3, hostTx.txPackets());
            assertEquals(1102 + 1086 + 1014, hostTx.txBytes());
            PortResult toReceiver = r.ports().stream()
                    .filter(p -> p.node().equals("sw0") && p.peer().equals("h0")).findFirst().orElseThrow();
            assertEquals(3, toReceiver.txPackets());
            assertEquals(3, toReceiver.priority());
        }
    }

    @Nested
    class TwoFlowsShareOneEgress {
        @Test
        void theySplitTheBottleneckEvenly() {
            // Two 10 MB flows at MTU 1000 into host 0: 20,000 packets of 1082 wire bytes (86,560 ps each;
            // the two first packets carry a RETH: 1098 B, 87,840 ps) leave the switch back to back,
            // interleaved one from each sender. The switch port starts once the first packet has crossed
            // the host link (87,840 ps + 1 us) and the last packet lands 1 us after it leaves:
            // 87,840 + 1 us + (19,998 x 86,560 + 2 x 87,840) + 1 us = 1,733,290,400 ps.
            RunResult r = run(StarTopology.build(3, GBPS_100, US), 1000,
                    new FlowSpec("flows", 1, 0, 10_000_000, 0, 3), new FlowSpec("flows", 2, 0, 10_000_000, 0, 3));
            long a = r.flows().get(0).finishPs();
            long b = r.flows().get(1).finishPs();
            assertTrue(Math.abs(a - b) <= 2 * 86_560, "finish times differ by " + Math.abs(a - b));
            assertEquals(87_840 + US + 19_998L * 86_560 + 2 * 87_840 + US, Math.max(a, b));
            // Each flow alone would take half as long: slowdown about 2.
            assertEquals(2.0, r.flows().get(0).slowdown(), 0.01);
            assertEquals(2.0, r.flows().get(1).slowdown(), 0.01);
        }
    }

    @Test
    void sameInputTwiceGivesIdenticalResults() {
        Topology t = StarTopology.build(5, GBPS_100, US);
        FlowSpec[] flows = {new FlowSpec("flows", 1, 0, 1_000_000, 0, 3), new FlowSpec("flows", 2, 0, 700_001, 3 * US, 3),
            new FlowSpec("flows", 3, 4, 123_456, 1 * US, 3), new FlowSpec("flows", 4, 0, 50_000, 2 * US, 1)};
        RunResult a = run(t, 1024, flows);
        RunResult b = run(t, 1024, flows);
        assertEquals(a.flows(), b.flows());
        assertEquals(a.ports(), b.ports());
        assertEquals(a.events(), b.events());
    }
}
