package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.LossRecoveryConfig;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;

/**
 * Lossy RoCE without PFC: an 8-to-1 incast of 1 MB per sender at 40 Gb/s on priority 1, which PFC does not
 * protect (it covers only priority 3, the default), through a switch of 300 KB of buffer, without congestion
 * control, once with go-back-N and once with IRN ({@code nic.loss_recovery: irn}, the paper's timeouts, the
 * cap one BDP of the path). Both must deliver every byte; IRN must send fewer bytes again, and, since the
 * star has one path (no reordering) and its timeouts are far above the queueing delay (300 KB drain in 60 us
 * at 40 Gb/s < RTO_low 100 us), it must resend exactly the packets the switch dropped.
 *
 * <p>Go-back-N runs with {@code nic.rto: 1ms}, a tuned timeout (still far above the queueing delay): with the
 * IB default (67.1 ms) every lost tail costs 67 ms and the runs take seconds of simulated time; the comparison
 * is about what each sends again, not about the timeout's scale.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IrnIncastTest {
    static final long RATE = 40_000_000_000L;
    static final long US = 1_000_000L;
    static final int MTU = 1024;
    static final int SENDERS = 8;
    static final long SIZE = 1_000_000;
    static final int LOSSY = 1;
    static final long GBN_RTO = 1_000 * US;

    final RunResult gbn = incast(LossRecoveryConfig.of(LossRecoveryConfig.GO_BACK_N));
    final RunResult irn = incast(LossRecoveryConfig.of(LossRecoveryConfig.IRN));
    /** Go-back-N held to the same cap as IRN ({@code nic.window: bdp}): what selective repeat alone saves. */
    final RunResult gbnBdp = incast(LossRecoveryConfig.of(LossRecoveryConfig.GO_BACK_N), NicConfig.BDP_WINDOW);

    static RunResult incast(LossRecoveryConfig lr) {
        return incast(lr, NicConfig.NO_WINDOW);
    }

    static RunResult incast(LossRecoveryConfig lr, long window) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= SENDERS; s++) {
            flows.add(new FlowSpec("incast", s, 0, SIZE, 0, LOSSY));
        }
        NicConfig nic = NicConfig.builder().mtu(MTU).ackEvery(1).build().withRto(GBN_RTO).withLossRecovery(lr).withWindow(window);
        SwitchSettings sw = new SwitchSettings(null, 300_000L, null, null, null, null, null, null, null, null);
        return new PacketEngine().run(new EngineInput(StarTopology.build(SENDERS + 1, RATE, US), nic, sw, flows,
                1_000 * 1_000 * US, 1));
    }

    static long drops(RunResult r) {
        return r.ports().stream().filter(p -> p.node().equals("sw0") && p.peer().equals("h0") && p.priority() == LOSSY)
                .mapToLong(PortResult::drops).sum();
    }

    static long retransmittedBytes(RunResult r) {
        return r.flows().stream().mapToLong(FlowResult::retransmittedBytes).sum();
    }

    static long retransmits(RunResult r) {
        return r.flows().stream().mapToLong(FlowResult::retransmits).sum();
    }

    @Test
    void bothCompleteAndIrnResendsFewerBytes() {
        System.out.printf("8-to-1 lossy incast: go-back-N %d drops, %d packets / %d B resent, slowest %.3f ms;"
                        + " IRN %d drops, %d packets / %d B resent, slowest %.3f ms%n",
                drops(gbn), retransmits(gbn), retransmittedBytes(gbn), slowest(gbn) / 1e9,
                drops(irn), retransmits(irn), retransmittedBytes(irn), slowest(irn) / 1e9);
        for (RunResult r : List.of(gbn, irn)) {
            assertTrue(drops(r) > 0, "the incast must overflow the buffer");
            assertEquals(drops(r), r.dropPackets(), "drops only at the receiver's port");
            for (FlowResult f : r.flows()) {
                assertTrue(f.finished(), "flow " + f.flowId() + " unfinished");
                assertEquals(SIZE, f.bytesDelivered());
            }
        }
        assertTrue(retransmittedBytes(irn) < retransmittedBytes(gbn),
                "IRN " + retransmittedBytes(irn) + " B resent, go-back-N " + retransmittedBytes(gbn) + " B");
    }

    @Test
    void irnResendsExactlyTheDroppedPackets() {
        assertEquals(drops(irn), retransmits(irn));
        assertTrue(retransmits(gbn) > drops(gbn), "go-back-N resends what followed a loss too");
    }

    /** Frames of one 1 MB WRITE at MTU 1024: 976 full packets and one of 576 B; 62 B of headers, RETH 16 B. */
    static final long PACKETS = 977;
    /** IRN puts a RETH in every WRITE packet: 976 x (1024 + 78) + (576 + 78) = 1,076,206 B per flow. */
    static final long IRN_FLOW_FRAMES = 976 * 1102 + 654;
    /** Go-back-N: the RETH on the first packet only: 1102 + 975 x 1086 + 638 = 1,060,590 B per flow. */
    static final long GBN_FLOW_FRAMES = 1102 + 975 * 1086 + 638;

    static PortResult bottleneck(RunResult r) {
        return r.ports().stream().filter(p -> p.node().equals("sw0") && p.peer().equals("h0") && p.priority() == LOSSY)
                .findFirst().orElseThrow();
    }

    /**
     * Counted by hand at the receiver's port, the only place frames are dropped: every frame that reaches it leaves
     * on the wire unless dropped there. IRN resends exactly the dropped packets, so the port carries each of the 8 x
     * 977 packets exactly once, 8 x 1,076,206 B of frames; go-back-N's port carries the 8 x 977 once plus every
     * resent packet that was not dropped again, (retransmits - drops) more frames of 638 to 1102 B. Neither run can
     * end before that port has serialized its frames (each plus 20 B of preamble and gap) at 40 Gb/s.
     */
    @Test
    void theReceiversPortCarriesTheHandCountedFrames() {
        PortResult i = bottleneck(irn);
        assertEquals(SENDERS * PACKETS, i.txPackets());
        assertEquals(SENDERS * IRN_FLOW_FRAMES, i.txBytes());
        for (RunResult r : List.of(gbn, gbnBdp)) {
            PortResult g = bottleneck(r);
            long extra = retransmits(r) - drops(r);
            assertEquals(SENDERS * PACKETS + extra, g.txPackets());
            assertTrue(g.txBytes() >= SENDERS * GBN_FLOW_FRAMES + 638 * extra, g.txBytes() + " B");
            assertTrue(g.txBytes() <= SENDERS * GBN_FLOW_FRAMES + 1102 * extra, g.txBytes() + " B");
        }
        for (RunResult r : List.of(irn, gbn, gbnBdp)) {
            PortResult p = bottleneck(r);
            double wirePs = (p.txBytes() + 20.0 * p.txPackets()) * 8 / RATE * 1e12;
            assertTrue(slowest(r) >= wirePs, "the last flow ends at " + slowest(r) + " ps, before its port could"
                    + " serialize its frames (" + wirePs + " ps)");
        }
    }

    @Test
    void withTheSameBdpCapGoBackNStillResendsMore() {
        System.out.printf("go-back-N with nic.window bdp: %d drops, %d packets / %d B resent, slowest %.3f ms%n",
                drops(gbnBdp), retransmits(gbnBdp), retransmittedBytes(gbnBdp), slowest(gbnBdp) / 1e9);
        assertTrue(gbnBdp.flows().stream().allMatch(FlowResult::finished));
        assertTrue(retransmittedBytes(irn) < retransmittedBytes(gbnBdp),
                "IRN " + retransmittedBytes(irn) + " B resent, go-back-N (bdp window) " + retransmittedBytes(gbnBdp) + " B");
    }

    static long slowest(RunResult r) {
        return r.flows().stream().mapToLong(FlowResult::fctPs).max().orElseThrow();
    }
}
