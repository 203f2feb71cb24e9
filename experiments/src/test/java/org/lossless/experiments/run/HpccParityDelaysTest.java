package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * The two delays a small flow's FCT has in the HPCC simulator (issue: "HPCC parity"), checked in this model with
 * hand-computed times: an ACK waits for the data frame already on the wire at a hop (links are not pre-empted;
 * ACKs go first among the waiting frames, on strict priority 7 as {@code import hpcc} sets them), and a new QP waits
 * for its turn in its NIC's packet round robin among the QPs that have data. Both are what real NICs and switches
 * do (a frame on the wire is never cut; a NIC arbitrates between send queues), so both are modelled, as in HPCC.
 *
 * <p>Star of 3 hosts at 100 Gb/s, 1 us cables, MTU 1000, ACK per packet, no congestion control. A 1000 B WRITE
 * frame is 1098 B on the wire (87,840 ps), a full middle one 1082 B (86,560 ps), an ACK 86 B (6,880 ps).
 */
class HpccParityDelaysTest {
    private static final long US = 1_000_000L;
    /** ACKs on priority 7, served first by the default strict-priority switch. */
    private static final NicConfig NIC = NicConfig.builder().mtu(1000).ackEvery(1).rtoPs(NicConfig.DEFAULT_RTO_PS).ackPriority(7).cnpPriority(6).dcqcn(null).build();

    private static List<FlowResult> run(List<FlowSpec> flows) {
        Topology t = new StarSpec(3, LinkSpec.gbps(100, 1000)).build();
        return new PacketEngine().run(new EngineInput(t, NIC, SwitchSettings.defaults(), flows, 100 * US, 1)).flows();
    }

    @Test
    void anAckWaitsForTheDataFrameOnTheWireAtAHop() {
        // X: h1 -> h0, 100 packets from 0, keeps the switch's port to h0 busy: frame 0 leaves it at 1,087,840
        // (87,840 + 1 us), the others back to back, frame j (j >= 1) from 1,175,680 + (j - 1) x 86,560.
        // Y: one packet h0 -> h2 at 0, delivered at 2,175,680; its ACK reaches the switch at 2,175,680 + 6,880 +
        // 1 us = 3,182,560, while X's frame 24 is on the wire (3,166,560 to 3,253,120): it leaves at 3,253,120 and
        // reaches h0 at 3,253,120 + 6,880 + 1 us = 4,260,000, 70,560 ps (the frame's rest) after its ideal
        // 4,189,440 (2,175,680 + 2 x (6,880 + 1 us))
        List<FlowResult> r = run(List.of(new FlowSpec("x", 1, 0, 100_000, 0, 3), new FlowSpec("y", 0, 2, 1000, 0, 3)));
        FlowResult y = r.get(1);
        assertEquals(2_175_680L, y.finishPs());
        assertEquals(4_189_440L, y.idealFctPs(Completion.SENDER));
        assertEquals(4_260_000L, y.senderDonePs());
    }

    @Test
    void aNewQpWaitsForItsTurnInTheNicsRoundRobin() {
        // X1 and X2: h0 -> h1 from 0, 100 packets each, alternate on h0's wire: X1 [0, 87,840), X2 [87,840, 175,680),
        // then frame k (k >= 2) from 175,680 + (k - 2) x 86,560, X1 on even k. Y (h0 -> h2, one packet, a new QP)
        // is posted at 1,050,000, during X1's frame 12 (1,041,280 to 1,127,840); the round robin then serves X2
        // (frame 13, to 1,214,400) and then Y: Y leaves at 1,214,400, 164,400 ps after its post, and is delivered at
        // 1,214,400 + 87,840 + 1 us + 87,840 + 1 us = 3,390,080, its ideal (from the post) 2,175,680 later + 164,400
        List<FlowResult> r = run(List.of(new FlowSpec("x1", 0, 1, 100_000, 0, 3),
                new FlowSpec("x2", 0, 1, 100_000, 0, 3), new FlowSpec("y", 0, 2, 1000, 1_050_000, 3)));
        FlowResult y = r.get(2);
        assertEquals(2_175_680L, y.idealFctPs());
        assertEquals(3_390_080L, y.finishPs());
        assertEquals(164_400L, y.fctPs() - y.idealFctPs());
    }
}
