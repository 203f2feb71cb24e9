package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Lossless.GOODPUT_40G;
import static org.lossless.experiments.validation.Lossless.MS;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.DumbbellSpec;

/**
 * P3, head-of-line blocking (reference switch-buffer-pfc.md §7): two flows share an ingress PG but leave
 * by different egress ports; one egress is congested; PFC acts per priority, not per destination, so the
 * paused PG blocks the uncongested flow too.
 *
 * <p>Dumbbell, all links 40 Gb/s and 1 us, PFC without congestion control: h0, h1 on sw0; h2..h5 on sw1.
 * A = h0 -> h2 and B = h1 -> h3 cross sw0 -> sw1 on the same priority; h4 -> h2 and h5 -> h2 congest
 * sw1's port to h2. Hand derivation, C = goodput of a 40 Gb/s link (36.97 Gb/s):
 * <ul>
 * <li>sw1's port to h2 serves its three busy ingress ports equally (per-ingress PFC accounting, the
 *     mechanism V-05 checks): A = C/3.</li>
 * <li>A's backlog fills sw1's ingress PG from sw0, which pauses sw0's uplink; sw0's uplink queue is
 *     FIFO fed by its two ingress ports h0 and h1, both paused in turn by sw0, so B gets what A gets:
 *     B = C/3, although B's own egress (sw1 -> h3) is idle two thirds of the time.</li>
 * <li>Max-min fair: B's only shared link is sw0 -> sw1, where A needs C/3: B's fair share is 2C/3.</li>
 * </ul>
 * Measured (goodput over 5-25 ms): A = 12.36, B = 12.36, local senders 12.30 Gb/s each; C/3 = 12.32 Gb/s.
 */
class HeadOfLineBlockingTest {
    private static final double C = GOODPUT_40G;
    private static final long BIG = 1_000_000_000L;
    private static RunResult result;
    private static double a;
    private static double b;
    private static double local;

    @BeforeAll
    static void run() {
        Topology t = new DumbbellSpec(2, 4, LinkSpec.gbps(40, 1000), LinkSpec.gbps(40, 1000)).build();
        List<FlowSpec> flows = List.of(Lossless.flow(0, 2, BIG), Lossless.flow(1, 3, BIG), Lossless.flow(4, 2, BIG),
                Lossless.flow(5, 2, BIG));
        GoodputWindow w = new GoodputWindow(5 * MS, 25 * MS);
        result = Lossless.run(t, Lossless.pfcDefaults(null), flows, 25 * MS + 1, w);
        a = w.bps(0);
        b = w.bps(1);
        local = (w.bps(2) + w.bps(3)) / 2;
        System.out.printf(java.util.Locale.ROOT, "P3 head-of-line blocking, goodput over 5-25 ms: A %.2f, B %.2f Gb/s,"
                + " local senders %.2f Gb/s each%n", a / 1e9, b / 1e9, local / 1e9);
    }

    @Test
    void congestedEgressSplitsByIngressPort() {
        assertEquals(C / 3, a, 0.05 * C / 3, "A = " + a / 1e9 + " Gb/s");
        assertEquals(C / 3, local, 0.05 * C / 3, "local senders = " + local / 1e9 + " Gb/s");
    }

    @Test
    void uncongestedFlowIsHeldToTheCongestedFlowsRate() {
        assertEquals(C / 3, b, 0.05 * C / 3, "B = " + b / 1e9 + " Gb/s");
        assertTrue(b < 0.6 * (2 * C / 3), "B gets well under its max-min share 2C/3: " + b / 1e9 + " Gb/s");
    }

    @Test
    void pausesStopTheSharedUplinkButNeverBsOwnEgress() {
        assertEquals(0, result.dropPackets());
        assertTrue(paused("sw0", "sw1") > 5 * MS, "sw1 pauses sw0's uplink for a large part of the run: "
                + paused("sw0", "sw1") + " ps");
        assertTrue(paused("h1", "sw0") > 0, "B's sender is paused by sw0");
        assertEquals(0, paused("sw1", "h3"), "B's egress is never paused: it is not congested");
        assertEquals(0, paused("sw1", "h2"), "nor is the congested port itself (h2 drains at line rate)");
    }

    private static long paused(String node, String peer) {
        return result.ports().stream().filter(p -> p.node().equals(node) && p.peer().equals(peer))
                .mapToLong(PortResult::pausedPs).sum();
    }
}
