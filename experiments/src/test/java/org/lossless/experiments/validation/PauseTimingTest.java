package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Lossless.FIRST_FRAME;
import static org.lossless.experiments.validation.Lossless.FRAME;
import static org.lossless.experiments.validation.Lossless.G40;
import static org.lossless.experiments.validation.Lossless.GBPS;
import static org.lossless.experiments.validation.Lossless.MS;
import static org.lossless.experiments.validation.Lossless.NS;
import static org.lossless.experiments.validation.Lossless.PRIO;
import static org.lossless.experiments.validation.Lossless.serPs;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.run.PacketNetwork;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.topology.Topology;

/**
 * When the first XOFF is sent, and when the upstream port really stops, on a two-switch line
 * h0 -40G- sw0 -40G- sw1 -10G- h1 (every cable 100 ns). One flow h0 -> h1 at line rate congests sw1's
 * 10 Gb/s egress, so sw1's ingress PG (port from sw0, priority 3) fills. The PG threshold is static,
 * 10 frames: {@code static_th} = 10 x 1062 = 10,620 B; XON at T - xon_offset = 10,620 - 2,000 = 8,620 B.
 *
 * <p>Hand computation (ps; wire bytes 1098 for the first packet, 1082 for the others):
 * <ul>
 * <li>h0 serializes at 40 G: 219,600 then 216,400 per packet. sw0 forwards at the same rate and must
 *     wait 3,200 ps for packet 0's longer frame, so packet k (k &ge; 1) starts on sw0 -> sw1 at
 *     539,200 + (k-1) x 216,400 and arrives whole at sw1 at A_k = 639,200 + 216,400 k.</li>
 * <li>sw1 sends to h1 at 10 G without a gap from A_0: packet j &ge; 1 starts (and leaves the buffer) at
 *     S_j = 652,000 + 865,600 j (packet 0: 878,400 ps, the others 865,600 ps).</li>
 * <li>After arrival k the PG holds the packets that arrived and have not started: k - 2 for
 *     k = 9..12 (S_2 = 2,383,200 &le; A_9; S_3 = 3,248,800 &gt; A_12). So it first holds 10 frames =
 *     10,620 B = T at A_12 = <b>3,236,000</b>: XOFF. Before, 9 frames (9,558 B) &lt; T.</li>
 * <li>sw1 -> sw0 carries only ACKs (86 B wire, 17,200 ps), none at that moment: the PAUSE (84 B,
 *     16,800 ps) is on the wire 3,236,000-3,252,800 and reaches sw0 at <b>3,352,800</b>. sw0 obeys it after
 *     its PFC response time, the default IEEE budget at 40 Gb/s: 118 quanta x 12,800 ps = 1,510,400 ps,
 *     i.e. from <b>4,863,200</b>. Until then it keeps starting frames: packet 20 starts at 539,200 +
 *     19 x 216,400 = 4,650,800 and finishes (4,867,200); packet 21 (due at 4,867,200) is held.</li>
 * <li>sw1 keeps draining (S_3 = 3,248,800, S_4 = 4,114,400, S_5 = 4,980,000, then every 865,600): packet 13
 *     (A_13 = 3,452,400, after S_3 freed a slot) goes to shared; packets 14-20 (A_14 = 3,668,800 ..
 *     A_20 = 4,967,200) go to headroom, which S_4 and S_5 drain one frame each (headroom first): the
 *     headroom peaks at 6 frames (6 x 1,062 = 6,372 B) after A_20. S_6 .. S_10 = 9,308,000 empty it, S_11
 *     and S_12 = 11,039,200 bring the shared part to 8 frames = 8,496 B &le; 8,620: <b>XON at
 *     11,039,200</b> (no ACK on the wire then: the ACK of packet j leaves sw1 at S_j + 1,134,400 and takes
 *     17,200 ps; j = 10 ends at 10,459,600, j = 11 starts at 11,308,000), on the wire to 11,056,000, at sw0
 *     at 11,156,000, where packet 21 starts at once (XON acts without a response time).</li>
 * </ul>
 */
class PauseTimingTest {
    private static final long DELAY = 100 * NS;
    private static final long STATIC_TH = 10L * FRAME;
    private static final long PAUSE_SER = serPs(WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame()), G40);
    /** sw0's PFC response time: the default, IEEE 802.3's 118 quanta at 40 Gb/s (512 bit times = 12,800 ps each). */
    private static final long RESPONSE = 118 * 12_800L;

    /** One PFC decision seen by the observer, with the PG state at that moment. */
    record Decision(long timePs, String node, int port, boolean pause, long shared, long headroom, long threshold) {
    }

    /** One frame sent on a probed port. */
    record Tx(PacketType type, int priority, long startPs, long endPs) {
    }

    private static final List<Decision> decisions = new ArrayList<>();
    private static final List<Tx> sw1ToSw0 = new ArrayList<>();
    private static final List<Tx> sw0ToSw1 = new ArrayList<>();
    private static Topology topology;
    private static RunResult result;
    private static PacketNetwork network;

    @BeforeAll
    static void run() {
        Topology.Builder b = Topology.builder("line");
        int h0 = b.addHost("h0");
        int h1 = b.addHost("h1");
        int sw0 = b.addSwitch("sw0", 1);
        int sw1 = b.addSwitch("sw1", 1);
        b.connect(h0, sw0, G40, DELAY);
        b.connect(sw0, sw1, G40, DELAY);
        b.connect(sw1, h1, 10 * GBPS, DELAY);
        topology = b.build();
        int sw1In = Lossless.portTo(topology, "sw1", "sw0");
        int sw0Out = Lossless.portTo(topology, "sw0", "sw1");
        result = Lossless.run(topology, Lossless.switches(null, Lossless.pfc(null, null, STATIC_TH)),
                List.of(Lossless.flow(0, 1, 200_000)), 5 * MS, (sim, net, flows) -> {
                    SwitchNode s1 = net.switchAt(topology.nodeId("sw1"));
                    SwitchNode s0 = net.switchAt(topology.nodeId("sw0"));
                    for (SwitchNode s : List.of(s0, s1)) {
                        Mmu mmu = s.mmu();
                        s.observePfc((t, node, port, prio, pause) -> decisions.add(new Decision(t, node, port, pause,
                                mmu.sharedBytes(port, prio), mmu.headroomBytes(port, prio),
                                mmu.thresholdBytes(port, prio))));
                    }
                    s1.port(sw1In).probe((f, start, end) -> sw1ToSw0.add(new Tx(f.type, f.priority, start, end)));
                    s0.port(sw0Out).probe((f, start, end) -> sw0ToSw1.add(new Tx(f.type, f.priority, start, end)));
                    network = net;
                });
    }

    private static Decision first(String node, boolean pause) {
        return decisions.stream().filter(d -> d.node().equals(node) && d.pause() == pause).findFirst().orElseThrow();
    }

    @Test
    void theHandComputedSerializationTimesHold() {
        assertEquals(219_600, serPs(FIRST_FRAME + 20, G40));
        assertEquals(216_400, serPs(FRAME + 20, G40));
        assertEquals(865_600, serPs(FRAME + 20, 10 * GBPS));
        assertEquals(16_800, PAUSE_SER);
        assertTrue(result.flows().get(0).finished());
    }

    @Test
    void firstXoffIsSentWhenThePgReachesItsThreshold() {
        Decision x = decisions.get(0);
        assertEquals("sw1", x.node(), "the congested switch pauses first");
        assertEquals(Lossless.portTo(topology, "sw1", "sw0"), x.port());
        assertTrue(x.pause());
        assertEquals(3_236_000, x.timePs());
        assertEquals(STATIC_TH, x.threshold());
        assertEquals(STATIC_TH, x.shared(), "10 frames in shared = T");
        assertEquals(0, x.headroom());
    }

    @Test
    void upstreamStopsWithinOneFramePlusPauseSerializationPlusPropagation() {
        Decision xoff = first("sw1", true);
        Tx pause = sw1ToSw0.stream().filter(t -> t.type() == PacketType.PFC).findFirst().orElseThrow();
        assertEquals(xoff.timePs(), pause.startPs(), "the port toward sw0 was idle: the PAUSE leaves at once");
        assertEquals(xoff.timePs() + PAUSE_SER, pause.endPs());
        long arrival = pause.endPs() + DELAY;
        assertEquals(3_352_800, arrival);

        Decision xon = first("sw1", false);
        long resumeArrival = sw1ToSw0.stream().filter(t -> t.type() == PacketType.PFC && t.startPs() >= xon.timePs())
                .findFirst().orElseThrow().endPs() + DELAY;
        Tx lastBefore = null;
        Tx firstAfter = null;
        for (Tx t : sw0ToSw1) {
            if (t.type() != PacketType.DATA || t.priority() != PRIO) {
                continue;
            }
            if (t.startPs() < resumeArrival) {
                lastBefore = t;
            } else if (firstAfter == null) {
                firstAfter = t;
            }
        }
        // General bound: frames may start until the PAUSE's arrival + the response time, the last one finishes.
        long frameTime = serPs(FRAME + 20, G40);
        long maxWaitAtSw1 = serPs(WireFormat.ROCEV2.wire(WireFormat.ROCEV2.ackFrame()), G40);
        assertTrue(lastBefore.endPs() <= xoff.timePs() + maxWaitAtSw1 + PAUSE_SER + DELAY + RESPONSE + frameTime,
                "last frame ends " + lastBefore.endPs());
        // Exact: packet 20 started before 4,863,200 and is the last one before the XON.
        assertEquals(4_650_800, lastBefore.startPs());
        assertEquals(4_867_200, lastBefore.endPs());
        assertEquals(11_039_200, xon.timePs());
        assertEquals(11_156_000, resumeArrival);
        assertEquals(resumeArrival, firstAfter.startPs(), "sw0 resumes the instant the XON arrives");
    }

    @Test
    void xonIsSentAtTheXonLevelWithEmptyHeadroom() {
        Decision xon = first("sw1", false);
        assertEquals(8L * FRAME, xon.shared(), "8 frames <= T - xon_offset = 8,620 B");
        assertEquals(0, xon.headroom());
        assertTrue(xon.shared() <= STATIC_TH - 2_000);
    }

    @Test
    void headroomAbsorbedTheFramesSentDuringTheResponseTime() {
        // packets 14-20 went to headroom, two of them left before packet 20 arrived: a peak of 6 frames
        Mmu mmu = network.switchAt(topology.nodeId("sw1")).mmu();
        assertEquals(6L * FRAME, mmu.peakHeadroomBytes(Lossless.portTo(topology, "sw1", "sw0"), PRIO));
        assertEquals(0, result.dropPackets());
    }
}
