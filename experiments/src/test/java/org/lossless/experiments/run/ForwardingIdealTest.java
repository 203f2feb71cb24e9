package org.lossless.experiments.run;

import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.Verb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.core.net.WireFormat;
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
        return run(t, latencyPs, cut, size, 0);
    }

    private static RunResult run(Topology t, long latencyPs, boolean cut, long size, long ackDelayPs) {
        SwitchSettings s = SwitchSettings.defaults().withForwarding(latencyPs, cut);
        return new PacketEngine().run(new EngineInput(t, NicConfig.builder().mtu(1000).ackEvery(1).build().withAckDelay(ackDelayPs), s,
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

    /**
     * The sender's completion of the same message: the receiver's, then the ACK generation delay D and the ACK
     * (66 B + 20 B = 86 B on the wire, 6,880 ps at 100 Gb/s) back through the switch. Store-and-forward:
     * 6,880 + 1 us + L + 6,880 + 1 us = 2,013,760 + L; cut-through (the egress is idle, same speed): the switch
     * starts it at its first bit + L, so 2,006,880 + L.
     */
    @ParameterizedTest(name = "latency {0} ps, cut-through {1}, ACK delay {2} ps: {3} ps")
    @CsvSource({"0, false, 0, 4189440", "600000, false, 0, 5389440", "0, true, 0, 4094720", "600000, true, 0, 5294720",
        "0, false, 500000, 4689440"})
    void senderCompletionByHand(long latencyPs, boolean cut, long ackDelayPs, long expected) {
        Topology t = new StarSpec(2, LinkSpec.gbps(100, 1000)).build();
        FlowResult f = run(t, latencyPs, cut, 1000, ackDelayPs).flows().get(0);
        assertEquals(expected, f.fctPs(Completion.SENDER));
        assertEquals(expected, f.idealFctPs(Completion.SENDER));
        assertEquals(1.0, f.slowdown(Completion.SENDER), 0.0);
    }

    /**
     * The sender's ideal from the message (the recursion inside) and from the receiver's ideal given (what a
     * run's results use, the recursion once): the same hand-computed times as above, store-and-forward, no
     * latency: receiver 2,175,680 ps, sender 2,175,680 + D + 2,013,760 ps; a READ completes at the receiver's.
     */
    @ParameterizedTest(name = "ACK delay {0} ps")
    @CsvSource({"0, 4189440", "500000, 4689440"})
    void senderIdealFromTheReceiversIdealByHand(long ackDelayPs, long expected) {
        Topology t = new StarSpec(2, LinkSpec.gbps(100, 1000)).build();
        IdealFct ideal = new IdealFct(t, Routes.shortestPaths(t), WireFormat.ROCEV2);
        long receiver = ideal.fctPs(org.lossless.nic.Verb.WRITE, 0, 1, 1000, 1000, 1);
        assertEquals(2_175_680, receiver);
        assertEquals(expected, ideal.senderFctPs(org.lossless.nic.Verb.WRITE, 0, 1, 1000, 1000, 1, ackDelayPs));
        assertEquals(expected, ideal.senderFctPs(org.lossless.nic.Verb.WRITE, 0, 1, receiver, ackDelayPs));
        assertEquals(1_234_567, ideal.senderFctPs(org.lossless.nic.Verb.READ, 0, 1, 1_234_567, ackDelayPs));
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
        // the last ACK comes back over sw1 (may cut through: 40 G out of 100 G in) and sw0 (cannot: 100 out of 40 in).
        // The sender's ideal takes it alone; in the run it follows the previous ACK by one data packet at 40 Gb/s
        // (1082 B: 216,400 ps). With cut-through and a latency longer than that, the previous ACK is still in
        // sw1's forwarding pipeline when the last one's last bit is in, so sw1 stores and forwards it: one ACK
        // serialization at 100 Gb/s (86 B: 6,880 ps) later than alone (docs/model.md, "Sender's ideal")
        long behind = cut && latencyPs > 216_400 ? 6_880 : 0;
        assertEquals(r.flows().get(0).idealFctPs(Completion.SENDER) + behind, r.flows().get(0).fctPs(Completion.SENDER));
        long plain = new IdealFct(t, Routes.shortestPaths(t), WireFormat.ROCEV2).fctPs(0, 1, size, 1000);
        if (latencyPs > 0 && !cut) {
            assertEquals(plain + 2 * latencyPs, r.flows().get(0).fctPs(), "two switches, L each");
        }
    }
}
