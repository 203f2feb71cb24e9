package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Lossless.GBPS;
import static org.lossless.experiments.validation.Lossless.MS;
import static org.lossless.experiments.validation.Lossless.US;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.DumbbellSpec;
import org.lossless.topology.types.StarSpec;

/**
 * The PFC response time against headroom: a 16-to-1 incast at 100 Gb/s on a star with 2 m cables (10 ns),
 * PFC on, no congestion control, 2 MB of switch buffer, 250 KB per sender. Without a response time (the
 * sender stops at the PAUSE's last bit) 4 KB of headroom is enough: in flight after an XOFF are the cable
 * round trip 2 x 10 ns x 100 Gb/s = 250 B, an ACK the PAUSE may wait behind, the PAUSE, the frame the NIC
 * started and one frame partly on the cable, about 2.6 KB. A NIC that takes the IEEE budget (394 quanta =
 * 2.01728 us at 100 Gb/s) sends 25,216 B more: 4 KB overflows. {@code headroom: auto} includes the peer's
 * response, by hand (SONiC formula, both MTUs = the 1078 B frame, MAC/PHY 819.2 B, cable 2 x 2 m x 100 Gb/s /
 * 1.98e8 m/s / 8 = 252.5 B, plus the 1078 B frame that crosses the threshold, which the MMU admits whole to
 * headroom): 1078 + 1078 + 252.5 + 819.2 + response bytes + 1078, rounded up to 1 KiB. (Each value below was 1 KiB
 * less before the crossing frame was counted.)
 */
class PfcResponseIncastTest {
    private static final long G100 = 100 * GBPS;
    private static final int SENDERS = 16;
    private static final long BUFFER = 2_000_000L;

    /** What a run left behind. */
    record Outcome(RunResult result, long headroomDrops, long peakHeadroom) {
    }

    static Outcome incast(long nicResponsePs, String headroom) {
        Topology t = new StarSpec(SENDERS + 1, LinkSpec.ofLength(G100, 2)).build();
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 1; h <= SENDERS; h++) {
            flows.add(Lossless.flow(h, 0, 2 * BUFFER / SENDERS));
        }
        SwitchNode[] sw = new SwitchNode[1];
        RunResult r = Lossless.run(t, Lossless.switches(BUFFER, Lossless.pfc(headroom, null, null)),
                // 500 ms: a flow whose tail frames overflowed waits for its retransmission timeout (the IB default,
                // 67.1 ms) before go-back-N resends them
                Lossless.nic().withPfcResponse(nicResponsePs), flows, 500 * MS,
                (sim, net, fl) -> sw[0] = net.switchAt(t.nodeId("sw0")));
        long peak = 0;
        for (int port = 0; port < sw[0].portCount(); port++) {
            peak = Math.max(peak, sw[0].mmu().peakHeadroomBytes(port, Lossless.PRIO));
        }
        return new Outcome(r, sw[0].mmu().drops(Mmu.DROP_HEADROOM), peak);
    }

    /** What headroom: auto gives a host-facing port of this star when the NIC responds in {@code ps}. */
    static long auto(long ps) {
        return MmuFactory.autoHeadroom(PortSpec.ofDelay(G100, 10_000).withPeerResponse(ps),
                Lossless.pfc(null, null, null), Lossless.FIRST_FRAME, 1);
    }

    @Test
    void autoHeadroomIncludesTheResponseTime() {
        assertEquals(5 * 1024, auto(0), "1078 + 1078 + 252.5 + 819.2 + 1078 = 4,305.7 B");
        assertEquals(29 * 1024, auto(PortSpec.AUTO_RESPONSE), "+ 25,216 B = 29,521.7 B");
        assertEquals(29 * 1024, auto(394 * 5_120L), "auto = the IEEE budget, 394 quanta of 5,120 ps");
        assertEquals(17 * 1024, auto(US), "+ 12,500 B = 16,805.7 B");
        assertEquals(54 * 1024, auto(4 * US), "+ 50,000 B = 54,305.7 B");
    }

    @Test
    void withoutAResponseTime4KbIsEnough() {
        Outcome o = incast(0, "4KB");
        assertTrue(o.result().pauseFrames() > 0, "the incast pauses the senders");
        assertEquals(0, o.result().dropPackets());
        assertTrue(o.peakHeadroom() <= 4_000, "peak " + o.peakHeadroom());
        System.out.printf("response 0: headroom 4KB: 0 drops, peak %d B%n", o.peakHeadroom());
    }

    @ParameterizedTest(name = "NIC response {0} ps: 4KB drops, auto ({1} B) does not")
    @CsvSource({"-1, 29696", "1000000, 17408", "4000000, 55296"})
    void fourKbDropsAndAutoDoesNot(long responsePs, long autoBytes) {
        Outcome small = incast(responsePs, "4KB");
        assertTrue(small.result().dropPackets() > 0, "4 KB cannot hold what the NIC sends while it responds");
        assertEquals(small.headroomDrops(), small.result().dropPackets(), "every drop is a headroom overflow");
        assertTrue(small.result().flows().stream().allMatch(FlowResult::finished), "go-back-N recovers");
        Outcome auto = incast(responsePs, "auto");
        assertEquals(0, auto.result().dropPackets(), "headroom auto covers the response time");
        assertTrue(auto.result().flows().stream().allMatch(FlowResult::finished));
        assertTrue(auto.peakHeadroom() > 4_000, "more than 4 KB was needed: " + auto.peakHeadroom());
        assertTrue(auto.peakHeadroom() <= autoBytes, "peak " + auto.peakHeadroom() + " within auto " + autoBytes);
        System.out.printf("NIC response %d ps: headroom 4KB: %d drops; auto %d B: 0 drops, peak %d B%n", responsePs,
                small.result().dropPackets(), autoBytes, auto.peakHeadroom());
    }

    /**
     * The switch's own response time sizes the headroom of ports facing another switch. Dumbbell of 8 + 9 hosts
     * at 100 Gb/s and 2 m: h0-h7 on sw0 and h8-h15 on sw1 send 125 KB each to h16 on sw1. sw1 pauses sw0 (and
     * its own hosts); with {@code switch.pfc.response_time: 4us} sw0 keeps sending 50,000 B after each PAUSE.
     * {@code headroom: auto} gives sw1's port from sw0 54 KiB (55,296 B, as above with 4 us) and its host ports
     * 29 KiB: no drop. A fixed 29 KiB (what auto gives ports facing NICs at the IEEE budget) overflows on the port
     * from sw0 only. (28 KiB and 52 KiB before the crossing frame was counted.)
     */
    @Nested
    class SwitchToSwitch {
        Outcome run(String headroom, long[] dropsFromSw0) {
            Topology t = new DumbbellSpec(8, 9, LinkSpec.ofLength(G100, 2), LinkSpec.ofLength(G100, 2)).build();
            List<FlowSpec> flows = new ArrayList<>();
            for (int h = 0; h < 16; h++) {
                flows.add(Lossless.flow(h, 16, 125_000));
            }
            PfcSettings base = Lossless.pfc(headroom, null, null);
            PfcSettings pfc = new PfcSettings(base.enabled(), base.priorities(), null, null, headroom, null, null,
                    null, null, null, null, null, null, null, 4 * US);
            SwitchSettings s = Lossless.switches(BUFFER, pfc);
            SwitchNode[] sw1 = new SwitchNode[1];
            int fromSw0 = Lossless.portTo(t, "sw1", "sw0");
            RunResult r = Lossless.run(t, s, flows, 50 * MS, (sim, net, fl) -> sw1[0] = net.switchAt(t.nodeId("sw1")));
            dropsFromSw0[0] = sw1[0].mmu().headroomDrops(fromSw0, Lossless.PRIO);
            return new Outcome(r, sw1[0].mmu().drops(Mmu.DROP_HEADROOM),
                    sw1[0].mmu().peakHeadroomBytes(fromSw0, Lossless.PRIO));
        }

        @Test
        void autoCoversASlowSwitchAndAFixedNicSizedHeadroomDoesNot() {
            long[] fromSw0 = new long[1];
            Outcome auto = run("auto", fromSw0);
            assertEquals(0, auto.result().dropPackets());
            assertTrue(auto.result().flows().stream().allMatch(FlowResult::finished));
            assertTrue(auto.peakHeadroom() > 29 * 1024, "the port from sw0 needed more than NIC-sized headroom: "
                    + auto.peakHeadroom());
            assertTrue(auto.peakHeadroom() <= 54 * 1024, "within auto: " + auto.peakHeadroom());
            Outcome fixed = run(Long.toString(29 * 1024), fromSw0);
            assertTrue(fromSw0[0] > 0, "sw1's port from sw0 overflows");
            assertEquals(fromSw0[0], fixed.headroomDrops(), "and no other port: the NICs respond within 29 KiB");
            System.out.printf("switch response 4 us: auto 0 drops (peak %d B from sw0); fixed 29 KiB: %d drops%n",
                    auto.peakHeadroom(), fixed.headroomDrops());
        }
    }
}
