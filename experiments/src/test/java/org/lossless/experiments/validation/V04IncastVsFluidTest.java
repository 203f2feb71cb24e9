package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Fabric40G.MS;
import static org.lossless.experiments.validation.Fabric40G.RATE;
import static org.lossless.experiments.validation.Fabric40G.US;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.nic.fluid.FixedPoint;
import org.lossless.nic.fluid.FluidFixedPoint;
import org.lossless.nic.fluid.FluidParams;
import org.lossless.topology.StarTopology;

/**
 * V-04 (reference validation.md): N long DCQCN flows into one 40 Gb/s port, packet level, against the
 * CoNEXT'16 fluid model (V-03). Star of N + 1 hosts, senders h1..hN, receiver h0; every link 40 Gb/s
 * with 1 us of delay, so the control loop (mark at dequeue → receiver → CNP → sender → queue) is
 * 4 x 1 us of propagation plus about 0.44 us of serialization (the fixed point does not depend on it,
 * dcqcn.md §5.3; at about 4 us the loop is stable for every N, §5.4). See {@link Fabric40G} for units:
 * C is the 40 Gb/s line rate (5·10⁶ wire packets of 1000 B per second), a flow's goodput target is
 * C/N·918/1000, and q* is in frame bytes of the bottleneck queue, the unit RED marks on.
 *
 * <p>Windows as the reference states them: 100 ms runs, rates and Jain fairness over 50-100 ms, the
 * time-averaged queue (sampled every 2.003 us) over 20-100 ms. Tolerances apply to the mean over seeds
 * (validation.md conventions); Jain's index is asserted for every seed.
 *
 * <p>The measured queue sits 14-23 % above q*, for every N. Expected direction: the packet NIC's
 * notification point sends at most one CNP per 50 us and ignores the marks in between, while the
 * fluid model treats the probability of any mark in a window as the cut rate and lets any mark reset
 * the increase stages; fewer cuts and more increases need more marking, i.e. a longer queue. At small
 * N the queue also dips below K_min, where RED cannot go below 0, so the mean marking is convex in q.
 *
 * <p>Seeds: the reference asks for at least 5. A flow's 50 ms mean goodput varies from seed to seed:
 * the rms deviation of one seed's per-flow mean from C/N is about 2.5 % at N = 2, 5.0 % at N = 4,
 * 5.3 % at N = 8 and 6.0 % at N = 10 (printed by the test). DCQCN's fast recovery returns a flow to
 * its pre-cut rate, so differences between flows fade only over tens of ms (the CoNEXT'16 ns-3 trace
 * for N = 2 fluctuates by about ±2 Gb/s too). No flow is favoured: over 60 seeds at N = 10 every
 * per-flow mean was within ±1.7 % of C/N. The number of seeds per N keeps the standard error of a
 * flow's seed mean below 1.5 %, so that the ±5 % tolerance is over 3 standard errors for every flow
 * (with 5 seeds at N = 10 the largest of the ten per-flow means is expected near 5 %; 5.04 % was
 * measured).
 */
class V04IncastVsFluidTest {
    static final long END = 100 * MS;
    /** Queue sampling period: 2.003 us, not a multiple of the 200 ns packet time ({@link Probe}). */
    static final long SAMPLE = 2_003_000;

    /** What one seed measured. */
    record Run(double[] goodputBps, double jain, double queueBytes, long pauses, long drops) {
    }

    static Run run(int n, long seed) {
        return run(n, seed, Fabric40G.dcqcn());
    }

    /** The same run with another NIC (another MTU: {@link V04FluidSweepTest}). */
    static Run run(int n, long seed, org.lossless.nic.NicConfig nic) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            flows.add(Fabric40G.longFlow("v04", i, 0));
        }
        PacketHarness h = new PacketHarness(StarTopology.build(n + 1, RATE, Fabric40G.LINK_DELAY_PS),
                nic, Fabric40G.paperSwitch(), flows, seed);
        Probe probe = new Probe(h.kernel, h.flows.all(),
                List.of(new Probe.Queue(h.queuesTowards("sw0", "h0"), Fabric40G.PRIORITY)), SAMPLE, MS, END);
        h.runUntil(END);
        double[] rates = new double[n];
        for (int f = 0; f < n; f++) {
            rates[f] = probe.goodputBps(f, 50 * MS, END);
        }
        long[] pd = Fabric40G.pausesAndDrops(h);
        return new Run(rates, Probe.jain(rates), probe.meanQueueBytes(0, 20 * MS, END), pd[0], pd[1]);
    }

    /**
     * @param v03QueueKb q* of reference V-03 for this N (KB), to check the solver is asked the right question
     * @param seeds      seeds 1..seeds (see the class comment)
     */
    @ParameterizedTest(name = "N = {0}")
    @CsvSource({"2, 20.15, 5", "4, 41.81, 12", "8, 93.77, 15", "10, 122.62, 20"})
    void ratesAreFairAndTheQueueSitsNearTheFluidFixedPoint(int n, double v03QueueKb, int seeds) {
        FixedPoint fp = FluidFixedPoint.solve(FluidParams.paper(n, RATE, 4 * US));
        assertTrue(fp.exists(), fp.reason());
        assertEquals(v03QueueKb * 1000, fp.queueBytes(), 0.01 * 1000);
        double target = RATE / (double) n * Fabric40G.GOODPUT_FRACTION;

        double[][] rates = new double[seeds][];
        double[] queues = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            Run r = run(n, s + 1);
            // The fluid model assumes ECN acts before PFC (dcqcn.md §5): no pause, no loss.
            assertEquals(0, r.pauses(), "PFC pauses, seed " + (s + 1));
            assertEquals(0, r.drops(), "drops, seed " + (s + 1));
            assertTrue(r.jain() > 0.99, String.format(Locale.ROOT, "seed %d: Jain %.4f", s + 1, r.jain()));
            rates[s] = r.goodputBps();
            queues[s] = r.queueBytes();
        }
        double[] perFlow = Fabric40G.columnMeans(rates);
        double queue = Fabric40G.mean(queues);
        double worst = 0;
        for (double x : perFlow) {
            worst = Math.max(worst, Math.abs(x / target - 1));
        }
        double spread = 0;
        double minJain = 1;
        for (int s = 0; s < seeds; s++) {
            minJain = Math.min(minJain, Probe.jain(rates[s]));
            for (double x : rates[s]) {
                spread += (x / target - 1) * (x / target - 1) / (seeds * n);
            }
        }
        String report = String.format(Locale.ROOT,
                "V-04 N=%d, %d seeds: goodput target %.3f Gb/s, per-flow seed means %s Gb/s (worst %.1f %%; one"
                        + " seed's flow deviates by %.1f %% rms), lowest Jain %.4f; queue %.1f KB vs q* %.1f KB"
                        + " (%+.1f %%)",
                n, seeds, target / 1e9, gbps(perFlow), 100 * worst, 100 * Math.sqrt(spread), minJain, queue / 1e3,
                fp.queueBytes() / 1e3, 100 * (queue / fp.queueBytes() - 1));
        System.out.println(report);
        for (double x : perFlow) {
            assertEquals(target, x, 0.05 * target, report);
        }
        assertEquals(fp.queueBytes(), queue, 0.30 * fp.queueBytes(), report);
    }

    /**
     * N = 20 has no fixed point inside the RED region (p* &gt; P_max, q* would exceed K_max): the
     * reference expects the queue to hover near K_max = 200 KB, its mean between 0.7 and 1.3 K_max.
     */
    @Test
    void beyondTheFixedPointTheQueueHoversNearKmax() {
        FixedPoint fp = FluidFixedPoint.solve(FluidParams.paper(20, RATE, 4 * US));
        assertTrue(!fp.exists() && fp.reason().startsWith("no RED fixed point"), fp.reason());
        int seeds = 5;
        double[] queues = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            Run r = run(20, s + 1);
            assertTrue(r.jain() > 0.99, String.format(Locale.ROOT, "seed %d: Jain %.4f", s + 1, r.jain()));
            queues[s] = r.queueBytes();
        }
        double queue = Fabric40G.mean(queues);
        System.out.printf(Locale.ROOT, "V-04 N=20: queue %.1f KB (K_max 200 KB)%n", queue / 1e3);
        assertTrue(queue >= 0.7 * 200_000 && queue <= 1.3 * 200_000, queue + " B");
    }

    static String gbps(double[] x) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < x.length; i++) {
            s.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", x[i] / 1e9));
        }
        return s.append(']').toString();
    }
}
