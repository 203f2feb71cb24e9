package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Lossless.GBPS;
import static org.lossless.experiments.validation.Lossless.MS;
import static org.lossless.experiments.validation.Lossless.PRIO;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * The worst case of the in-flight bytes after an XOFF, built on purpose, against {@code headroom: auto}.
 *
 * <p>Star sw0 with h0, h1, h2 on 100 Gb/s, 2 m cables (10 ns = 125 B of line time), {@code nic.mtu} 4096 (frames
 * 4,158 B, the first of a message 4,174 B; 20 B more on the wire), one ACK per message (no ACKs between the data
 * frames), no congestion control, the NICs' IEEE response time (394 quanta = 2.01728 us = 25,216 B of line time),
 * 2 MB buffer, default PFC. h1 and h2 send 4 MB each to h0 (a 2-to-1 incast: sw0 pauses both) and h0 sends 4 MB to
 * h1, starting 5 ns (62.5 B) before h1 does. Both streams are back to back at line rate, so each frame of h0's
 * leaves towards h1 5 ns before the next frame of h1's has arrived: every XOFF to h1 waits behind a full frame.
 *
 * <p>In-flight bytes after the XOFF decision, by hand. The MMU admits a frame to the shared area only if all of it
 * fits under the threshold, so the frame whose admission sends the XOFF is already in headroom (4,158 B). After the
 * decision at t0 the PAUSE waits for the frame on the wire (4,115.5 B on h1's port, nothing on h2's), takes 84 B and
 * 125 B to reach the NIC, which starts frames for 25,216 B more; frame m after t0 arrives whole at t0 + m x 4,178 B
 * and started 4,178 + 125 B earlier, so it arrives if (m - 1) x 4,178 - 125 &lt; wait + 84 + 125 + 25,216:
 * <ul>
 * <li>h1's port: (m - 1) x 4,178 &lt; 29,665.5, m &le; 8: with the crossing frame 9 x 4,158 = <b>37,422 B</b>;</li>
 * <li>h2's port (no wait): (m - 1) x 4,178 &lt; 25,550, m &le; 7: <b>8 x 4,158 = 33,264 B</b>.</li>
 * </ul>
 * With any wait up to the largest wire frame (4,194 B) the count on h1's port stays 9 frames; the byte bound without
 * frame counting is 4,174 + 4,194 + 84 + 250 + 25,216 + 4,194 = 38,112 B.
 *
 * <p>{@code headroom: auto} for these ports: SONiC formula 4,174 + (4,174 + cable 2 x 2 m x 100 Gb/s / 1.98e8 m/s /
 * 8 = 252.5 + MAC/PHY 819.2 + 25,216) = 34,635.7 B, which alone rounds to 34 KiB = 34,816 B (what auto gave before
 * the crossing frame was counted: short of 37,422 B), plus the crossing frame 4,174 B = 38,809.7 B -> 38 KiB =
 * 38,912 B.
 */
class CrossingFrameHeadroomTest {
    private static final long G100 = 100 * GBPS;
    private static final int MTU = 4096;
    /** Full data frame at nic.mtu 4096 (payload + 62 B) and the first of a message (+16 B RETH). */
    private static final int FRAME = MTU + 62;
    private static final int FIRST_FRAME = FRAME + 16;
    private static final long AUTO = 38 * 1024;
    private static final long SONIC_ALONE = 34 * 1024;
    private static final long PEAK_H1 = 9L * FRAME;
    private static final long PEAK_H2 = 8L * FRAME;
    private static final long BYTE_BOUND = FIRST_FRAME + 4_194 + 84 + 250 + 25_216 + 4_194;

    /** What a run left behind at sw0: headroom drops and peak headroom per port (0: h0, 1: h1, 2: h2). */
    record Outcome(RunResult result, long[] drops, long[] peak) {
    }

    static Outcome run(String headroom) {
        Topology t = new StarSpec(3, LinkSpec.ofLength(G100, 2)).build();
        List<FlowSpec> flows = List.of(
                new FlowSpec("test", 0, 1, 4_000_000, 0, PRIO),
                new FlowSpec("test", 1, 0, 4_000_000, 5_000, PRIO),
                new FlowSpec("test", 2, 0, 4_000_000, 0, PRIO));
        SwitchNode[] sw = new SwitchNode[1];
        // 200 ms: a flow whose tail frame was dropped waits for its retransmission timeout (67.1 ms)
        RunResult r = Lossless.run(t, Lossless.switches(2_000_000L, Lossless.pfc(headroom, null, null)),
                NicConfig.builder().mtu(MTU).ackEvery(65_536).build(), flows, 200 * MS, (sim, net, fl) -> sw[0] = net.switchAt(t.nodeId("sw0")));
        long[] drops = new long[3];
        long[] peak = new long[3];
        for (int port = 0; port < 3; port++) {
            drops[port] = sw[0].mmu().headroomDrops(port, PRIO);
            peak[port] = sw[0].mmu().peakHeadroomBytes(port, PRIO);
        }
        return new Outcome(r, drops, peak);
    }

    @Test
    void autoIsTheSonicFormulaPlusTheCrossingFrame() {
        long auto = MmuFactory.autoHeadroom(PortSpec.ofDelay(G100, 10_000), Lossless.pfc(null, null, null),
                FIRST_FRAME, 1);
        assertEquals(AUTO, auto);
        assertEquals(38_112, BYTE_BOUND);
        assertTrue(AUTO >= BYTE_BOUND && AUTO >= PEAK_H1);
        assertTrue(SONIC_ALONE < PEAK_H1, "the SONiC formula alone is one frame short");
    }

    @Test
    void autoHoldsTheWorstCaseWithoutALosslessDrop() {
        Outcome o = run("auto");
        RunResult r = o.result();
        assertTrue(r.pauseFrames() > 0, "the incast pauses h1 and h2");
        assertEquals(0, r.dropPackets());
        assertEquals(0, o.drops()[1] + o.drops()[2]);
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        assertEquals(PEAK_H1, o.peak()[1], "h1's port: the crossing frame and 8 more (the XOFF waits behind a frame)");
        assertEquals(PEAK_H2, o.peak()[2], "h2's port: the crossing frame and 7 more (nothing to wait behind)");
        assertTrue(o.peak()[1] <= BYTE_BOUND);
        System.out.printf("crossing frame: auto %d B: 0 drops, peak %d B from h1 (by hand %d), %d B from h2 (by hand %d)%n",
                AUTO, o.peak()[1], PEAK_H1, o.peak()[2], PEAK_H2);
    }

    /** The SONiC formula's bytes alone (auto before the crossing frame was counted) overflow on h1's port only. */
    @Test
    void theSonicFormulaAloneDropsOnTheWaitingPortOnly() {
        Outcome o = run(Long.toString(SONIC_ALONE));
        RunResult r = o.result();
        assertTrue(o.drops()[1] > 0, "h1's port overflows");
        assertEquals(0, o.drops()[2], "h2's port (33,264 B) fits");
        assertEquals(o.drops()[1], r.dropPackets(), "every drop is a headroom overflow on h1's port");
        assertEquals(o.drops()[1], r.losslessDrops().stream().mapToLong(d -> d.packets()).sum());
        assertTrue(o.peak()[1] <= SONIC_ALONE && o.peak()[1] > SONIC_ALONE - FRAME);
        assertTrue(r.flows().stream().allMatch(FlowResult::finished), "go-back-N recovers");
        System.out.printf("crossing frame: headroom %d B (the SONiC formula alone): %d lossless drops on h1's port%n",
                SONIC_ALONE, o.drops()[1]);
    }
}
