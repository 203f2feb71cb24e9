package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lossless.experiments.validation.Lossless.GOODPUT_40G;
import static org.lossless.experiments.validation.Lossless.MS;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * Egress scheduling at the packet level. A 3-host star, 40 Gb/s links of 1 us; h1 sends on priority 3
 * and h2 on priority 4, both to h0, long flows, no congestion control (each sender offers its line rate),
 * PFC on priorities 3 and 4 so nothing is dropped. The switch's port to h0 is the only bottleneck and
 * both of its queues stay backlogged (PFC holds them between XON and XOFF, hundreds of KB).
 *
 * <p>Hand expectation: every data frame has the same size (1062 B, 1082 B on the wire), so DWRR byte
 * shares are frame shares: weights 3 : 1 give the priority-3 flow 3/4 of the link's goodput
 * (C = 40 Gb/s x 1000 / 1082 = 36.97 Gb/s), 27.73 Gb/s, and the priority-4 flow 1/4, 9.24 Gb/s. Strict
 * priority gives priority 4 all of C and priority 3 nothing. Window 2-12 ms.
 *
 * <p>Measured: DWRR 3 : 1 27.727 / 9.242 Gb/s (shares 0.7500 / 0.2500); equal weights 18.484 / 18.485 Gb/s;
 * strict 0 / 36.969 Gb/s (priority 3 got one frame through at the start, before queue 4 had a backlog).
 */
class SchedulingTest {
    private static final long FROM = 2 * MS;
    private static final long TO = 12 * MS;

    private static SwitchSettings switches(SchedulingSettings scheduling) {
        PfcSettings pfc = new PfcSettings(true, List.of(3, 4), null, null, null, null, null, null, null, null, null,
                null, null, null);
        return new SwitchSettings(null, null, null, null, pfc, null, null, null,
                new EcnSettings(false, null, null, null, null), null, scheduling);
    }

    /** Goodput of the priority-3 and priority-4 flows over the window, b/s; asserts nothing was dropped. */
    private static double[] run(SchedulingSettings scheduling) {
        Topology t = new StarSpec(3, LinkSpec.gbps(40, 1000)).build();
        List<FlowSpec> flows = List.of(new FlowSpec("p3", 1, 0, 1_000_000_000L, 0, 3),
                new FlowSpec("p4", 2, 0, 1_000_000_000L, 0, 4));
        GoodputWindow w = new GoodputWindow(FROM, TO);
        RunResult r = Lossless.run(t, switches(scheduling), flows, TO + 1, w);
        assertEquals(0, r.dropPackets(), "PFC on both priorities: lossless");
        return new double[] {w.bps(0), w.bps(1)};
    }

    @Test
    void dwrrWeights3To1SplitTheBottleneck75To25() {
        double[] g = run(new SchedulingSettings(List.of(7, 6), Map.of(3, 3, 4, 1), null));
        double total = g[0] + g[1];
        System.out.printf(java.util.Locale.ROOT, "Scheduling, DWRR 3:1, goodput over 2-12 ms: %.3f and %.3f Gb/s,"
                + " shares %.4f / %.4f%n", g[0] / 1e9, g[1] / 1e9, g[0] / total, g[1] / total);
        assertEquals(GOODPUT_40G, total, 0.01 * GOODPUT_40G, "the bottleneck stays busy");
        assertEquals(0.75, g[0] / total, 0.01, "priority 3: " + g[0] / 1e9 + " Gb/s");
        assertEquals(0.25, g[1] / total, 0.01, "priority 4: " + g[1] / 1e9 + " Gb/s");
        assertEquals(0.75 * GOODPUT_40G, g[0], 0.01 * 0.75 * GOODPUT_40G);
    }

    @Test
    void equalWeightsSplitEvenlyWhicheverPriorityIsHigher() {
        double[] g = run(new SchedulingSettings(List.of(), null, null));
        assertEquals(0.5, g[0] / (g[0] + g[1]), 0.01);
    }

    @Test
    void strictPriorityStarvesTheLowerClassWhileTheHigherIsBacklogged() {
        double[] g = run(new SchedulingSettings(List.of(4), Map.of(3, 3), null));
        assertEquals(0, g[0], "priority 3 gets nothing in the window");
        assertEquals(GOODPUT_40G, g[1], 0.01 * GOODPUT_40G);
        double[] dflt = run(null);
        assertEquals(0, dflt[0], "the default (no switch.scheduling) is strict priority");
        assertEquals(g[1], dflt[1], 1e-9 * g[1]);
    }
}
