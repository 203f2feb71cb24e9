package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * Switch forwarding latency and cut-through in a lone flow's completion time: by hand on a star, and the
 * simulation against {@link IdealFct} to the picosecond on a line whose first switch can cut through (100 Gb/s
 * in, 40 Gb/s out) and whose second cannot (40 in, 100 out).
 */
class ForwardingIdealTest {
    private static final long G = 1_000_000_000L;

    private static RunResult run(Topology t, long latencyPs, boolean cut, long size) {
        SwitchSettings s = SwitchSettings.defaults().withForwarding(latencyPs, cut);
        return new PacketEngine().run(new EngineInput(t, new NicConfig(1000, 1), s,
                List.of(new FlowSpec("f", 0, 1, size, 0, 3)), 100_000_000_000L, 1));
    }

    /**
     * One 1000 B message through one 100 Gb/s switch, 1 us cables: a 1098 B frame (payload + 62 B headers + 16 B
     * RETH + 20 B preamble/gap) = 87,840 ps per serialization. Store-and-forward: ser + 1 us + L + ser + 1 us;
     * cut-through: the switch starts when the first bit is in + L, so one serialization less.
     */
    @ParameterizedTest(name = "latency {0} ps, cut-through {1}: {2} ps")
    @CsvSource({"0, false, 2175680", "600000, false, 2775680", "0, true, 2087840", "600000, true, 2687840"})
    void onePacketByHand(long latencyPs, boolean cut, long expected) {
        Topology t = new StarSpec(2, LinkSpec.gbps(100, 1000)).build();
        RunResult r = run(t, latencyPs, cut, 1000);
        assertEquals(expected, r.flows().get(0).fctPs());
        assertEquals(expected, r.flows().get(0).idealFctPs());
    }

    @ParameterizedTest(name = "latency {0} ps, cut-through {1}, {2} B")
    @CsvSource({"0, false, 20000", "300000, false, 20000", "300000, true, 20000", "1000000, true, 20000",
        "0, true, 1000000", "1000000, false, 1000000", "1000000, true, 1000000", "50000, true, 300000"})
    void aLoneFlowFinishesAtItsIdealTime(long latencyPs, boolean cut, long size) {
        Topology.Builder b = Topology.builder("line");
        int h0 = b.addHost("h0");
        int h1 = b.addHost("h1");
        int sw0 = b.addSwitch("sw0", 1);
        int sw1 = b.addSwitch("sw1", 1);
        b.connect(h0, sw0, 100 * G, 500_000);
        b.connect(sw0, sw1, 40 * G, 2_000_000);
        b.connect(sw1, h1, 100 * G, 500_000);
        Topology t = b.build();
        RunResult r = run(t, latencyPs, cut, size);
        assertEquals(r.flows().get(0).idealFctPs(), r.flows().get(0).fctPs());
        long plain = new IdealFct(t, Routes.shortestPaths(t)).fctPs(0, 1, size, 1000);
        if (latencyPs > 0 && !cut) {
            assertEquals(plain + 2 * latencyPs, r.flows().get(0).fctPs(), "two switches, L each");
        }
    }
}
