package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Fabric40G.MS;
import static org.lossless.experiments.validation.Fabric40G.RATE;
import static org.lossless.experiments.validation.Fabric40G.US;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.nic.Flow;
import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.switchmodel.OutputQueues;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Topology;

/**
 * V-07 (reference validation.md, class <b>published</b>, NSDI'23 App. B): RTT fairness of DCQCN. Two
 * long DCQCN flows share one 40 Gb/s port towards the receiver h0: flow 0 from h1 with a base RTT of
 * about 2 us, flow 1 from h2 with about 1.77 ms (80 km). RED K_min = 1 MB, K_max = 2 MB, P_max = 5 % at
 * dequeue; NIC profile {@code mlx5} (NP coalescing, {@code cnp_interval} 4 us) with its defaults;
 * MTU 918 B, ACK every 16 packets ({@link Fabric40G} units: 1000 wire bytes per full packet, goodput =
 * 0.918 × line rate). Published: each flow ≈ 17 Gb/s (±15 %), ratio ≤ 1.2; the peak queue oscillates
 * around 1.36 MB (±25 %), below K_max.
 *
 * <p><b>Topology and base RTTs.</b> h0 and h1 hang off sw0 with 0.4 us cables. h2 reaches sw0 through a
 * relay switch sw1 over two cables of 442.1 us each (88.4 km at 5 ns/m; the relay dates from a 100 km cap
 * the headroom calculator no longer has, and only adds one store-and-forward hop, counted below; each
 * 88 km port gets about 9 MB of {@code headroom: auto}). Store-and-forward at every hop; a one-packet message
 * is a 1016 B data frame on the wire (918 B + 62 B headers + 16 B RETH + 20 B preamble/gap: 203.2 ns at
 * 40 Gb/s), its ACK 86 B (17.2 ns). Base RTT = data path + ACK path:
 * <ul>
 * <li>h1: 2 × (0.4 us + 203.2 ns) + 2 × (0.4 us + 17.2 ns) = 2.0408 us;</li>
 * <li>h2: (2 × 442.1 + 0.4) us + 3 × 203.2 ns + (2 × 442.1 + 0.4) us + 3 × 17.2 ns = 1,769.8612 us.</li>
 * </ul>
 * CNPs (84 B, 16.8 ns) take the ACK path. {@link #baseRttsAreTwoMicrosecondsAndOnePointSevenSevenMilliseconds}
 * measures both with one-packet messages.
 *
 * <p><b>Outstanding window.</b> Flows here are single endless messages; the NIC has no outstanding-data
 * limit. The published 160 × 64 KiB = 10,485,760 B of payload is 11,422 packets, 11.42 MB on the wire.
 * In flight are at most the pipe (40 Gb/s × 1.77 ms = 8.85 MB) plus the flow's share of the bottleneck
 * queue (below 2.1 MB, measured), 10.95 MB: the window never binds. (Checked once with a temporary
 * 10,400-packet window in the NIC: every number below was identical.)
 *
 * <p><b>PFC.</b> Default switch: 32 MB, {@code dynamic_th} -3, headroom auto from each cable (about 9 MB on
 * the 88 km ports). No pause frame, drop or retransmission occurs (asserted), so PFC does not shape the
 * result.
 *
 * <p><b>Measured</b> (300 ms runs, goodput over 100-300 ms, 5 seeds; printed by the test, December 2026):
 * short-RTT flow 4.37 Gb/s (seeds 4.26-4.63), long-RTT flow 23.70 Gb/s (23.40-23.89), ratio 5.4, total
 * 28.1 Gb/s of the 36.7 Gb/s a full link carries; the queue's peak in each 10 ms bin (sampled every
 * 2.003 us) is 2.05 MB on average, and it drains to 0 in every bin. An earlier version measured the same
 * split at 1-2 s (4.5 / 23.6 Gb/s, seed 1): a stationary limit cycle, not a slow convergence. <b>The
 * published targets are not met</b>: goodput per flow (-74 % and +39 %), the ratio (5.4 vs ≤ 1.2) and the
 * queue peak (+51 %, at K_max instead of below it) all fail.
 *
 * <p><b>Why</b> (a trace of both rate limiters every 200 us, seed 1 near 300 ms; docs/dcqcn-profiles.md
 * "RTT unfairness: V-07"): the model settles into a limit cycle of about 7 ms.
 * <ol>
 * <li>The long flow's cuts reach the switch one RTT (1.77 ms) after the queue crosses K_min. Meanwhile
 * the queue keeps growing (the long flow sends at line rate, the short flow's rate comes on top) and
 * passes K_max, where every packet is marked: both QPs get a CNP every {@code cnp_interval} (4 us) and
 * a cut every 4 us decrease window, α goes to 1, and both rates fall to about R_min within about
 * 1.5 ms (about 330 CNPs reach the long flow per cycle). The queue then drains to 0 and stays empty for
 * about 2.5 ms.</li>
 * <li>{@code mlx5} does not clamp R_T on a cut ({@code clamp_target_rate} false); it clamps R_T ← R_C
 * only on the first cut after a timer increase. Every increase event sets R_C ← (R_T + R_C)/2, so after
 * the deep cuts each flow climbs back to its <em>own</em> R_T within a few 300 us timer periods. The
 * target rate is a memory, and the deep cuts erase the rate differences that DCQCN's multiplicative
 * decrease would otherwise use to converge.</li>
 * <li>The long flow's first CNP of a cycle arrives when it is back at R_T = line rate (its feedback is
 * 1.77 ms late, its recovery about 1.5 ms), so its clamp keeps R_T = 40 Gb/s in every cycle. The short
 * flow's R_T grows only by the additive and hyper steps (5 and 50 Mb/s per event; 5.94 → 6.00 Gb/s over
 * one cycle in the trace) and is clamped lower whenever a cycle starts before its recovery is complete:
 * from 16 Gb/s in the first 5 ms it drifts down to 4-6 Gb/s within about 30 ms and stays there.</li>
 * </ol>
 * Other NIC values (seed 1, goodput over 150-300 ms of a 300 ms run): {@code cnp_interval} 2 us (the
 * fixture dump): 4.3 / 23.6 Gb/s, no change; {@code clamp_target_rate} true: 18.9 / 14.5 Gb/s, but
 * the queue stays below K_min and the total is 33.4 Gb/s (rates still recovering at 5 Mb/s per
 * event); {@code cnp_interval} 50 us (SIGCOMM'15 NP): 23.3 / 13.4 Gb/s with a 4.5 MB queue and PFC
 * pauses. The published setting's NIC values are not known (reference: "not published"); nothing was
 * tuned here.
 *
 * <p><b>What is asserted</b>: the state docs/validation.md reports, one outcome only. (1) The published
 * targets are not met: at least one of the four published criteria fails (a model that met them would fail
 * this test, and V-07 in the docs would have to be rewritten as met). (2) The mechanism above holds, with
 * bounds that follow from it, in every 10 ms bin of 100-300 ms of every seed: the long flow's rate limiter
 * returns to line rate (&ge; 39 Gb/s: its first CNP of a cycle arrives after its recovery, so the clamp keeps
 * R_T at 40 Gb/s); the queue peaks at K_max (&ge; 0.95 K_max: by hand, the long flow's cuts reach the switch
 * one RTT after the queue crosses K_min, and meanwhile the short flow's 4-6 Gb/s on top of the long flow's
 * line rate add about 5 Gb/s &times; 1.77 ms = 1.1 MB to K_min's 1 MB); and the queue drains to 0 (a limit
 * cycle, not an equilibrium inside the RED band). No pause, drop or retransmission may occur.
 */
class V07AzureRttFairnessTest {
    static final int SEEDS = 5;
    static final long END = 300 * MS;
    static final long FROM = 100 * MS;
    static final long BIN = 10 * MS;
    /** Queue and rate sampling period, not a multiple of the 200 ns packet time ({@link Probe}). */
    static final long SAMPLE = 2_003_000;
    static final long SHORT_CABLE = 400_000L;
    static final long LONG_CABLE = 442_100_000L;
    static final long K_MIN = 1_000_000L;
    static final long K_MAX = 2_000_000L;
    static final double PUBLISHED_GOODPUT = 17e9;

    /** h0 receiver, h1 short-RTT sender on sw0; h2 long-RTT sender behind the relay sw1. */
    static Topology topology() {
        Topology.Builder b = Topology.builder("v07");
        int h0 = b.addHost("h0");
        int h1 = b.addHost("h1");
        int h2 = b.addHost("h2");
        int sw0 = b.addSwitch("sw0", 1);
        int sw1 = b.addSwitch("sw1", 1);
        b.connect(h0, sw0, RATE, SHORT_CABLE);
        b.connect(h1, sw0, RATE, SHORT_CABLE);
        b.connect(sw1, sw0, RATE, LONG_CABLE);
        b.connect(h2, sw1, RATE, LONG_CABLE);
        return b.build();
    }

    /**
     * {@code mlx5} at 40 Gb/s. The retransmission timeout is 100 ms: the 1 ms default is below the long
     * RTT (harmless while the QP keeps sending, but no timeout is wanted here; none occurs).
     */
    static NicConfig nic() {
        return NicConfig.builder().mtu(Fabric40G.MTU).ackEvery(Fabric40G.ACK_EVERY).rtoPs(100 * MS).ackPriority(NicConfig.SAME_AS_DATA).cnpPriority(NicConfig.DEFAULT_CNP_PRIORITY).dcqcn(DcqcnParams.profile("mlx5", RATE)).build();
    }

    /** Default switch (32 MB, PFC on priority 3, headroom auto) with RED 1 MB / 2 MB / 5 % at dequeue. */
    static SwitchSettings azureSwitch() {
        return new SwitchSettings(null, null, null, null, null, null, null, null,
                new EcnSettings(true, K_MIN, K_MAX, 0.05, "dequeue"), null);
    }

    @Test
    void baseRttsAreTwoMicrosecondsAndOnePointSevenSevenMilliseconds() {
        List<FlowSpec> flows = List.of(new FlowSpec("rtt", 1, 0, Fabric40G.MTU, 0, Fabric40G.PRIORITY),
                new FlowSpec("rtt", 2, 0, Fabric40G.MTU, 0, Fabric40G.PRIORITY));
        PacketHarness h = new PacketHarness(topology(), nic(), azureSwitch(), flows, 1);
        h.runUntil(10 * MS);
        long data = WireFormat.serializationPs(WireFormat.ROCEV2.wire(WireFormat.ROCEV2.dataFrame(Fabric40G.MTU, true)),
                RATE);
        long ack = WireFormat.serializationPs(WireFormat.ROCEV2.wire(WireFormat.ROCEV2.ackFrame()), RATE);
        assertEquals(203_200, data);
        assertEquals(17_200, ack);
        long shortRtt = 2 * (SHORT_CABLE + data) + 2 * (SHORT_CABLE + ack);
        long longRtt = 2 * (2 * LONG_CABLE + SHORT_CABLE) + 3 * (data + ack);
        assertEquals(2_040_800, shortRtt);
        assertEquals(1_769_861_200, longRtt);
        assertEquals(shortRtt, h.flow(0).ackedPs());
        assertEquals(longRtt, h.flow(1).ackedPs());
    }

    /** What one seed measured over [FROM, END). */
    record Run(double shortBps, double longBps, double[] binPeakQueue, double[] binMinQueue, double[] binPeakLongRate,
               long pauses, long drops, long retransmitted) {
        double meanPeakQueue() {
            return Fabric40G.mean(binPeakQueue);
        }
    }

    static Run run(long seed) {
        List<FlowSpec> flows = List.of(Fabric40G.longFlow("short", 1, 0), Fabric40G.longFlow("long", 2, 0));
        PacketHarness h = new PacketHarness(topology(), nic(), azureSwitch(), flows, seed);
        Probe goodput = new Probe(h.kernel, h.flows.all(), List.of(), SAMPLE, BIN, END);
        Cycles cycles = new Cycles(h, h.queuesTowards("sw0", "h0"), h.flow(1));
        h.runUntil(END);
        long[] pd = Fabric40G.pausesAndDrops(h);
        return new Run(goodput.goodputBps(0, FROM, END), goodput.goodputBps(1, FROM, END), cycles.peakQueue,
                cycles.minQueue, cycles.peakLongRate, pd[0], pd[1],
                h.flow(0).retransmittedPackets() + h.flow(1).retransmittedPackets());
    }

    @Test
    void theDocumentedLimitCycleMissesThePublishedFairShare() {
        double[] shortBps = new double[SEEDS];
        double[] longBps = new double[SEEDS];
        double[] peaks = new double[SEEDS];
        StringBuilder perSeed = new StringBuilder();
        String mechanismBroken = null;
        for (int s = 0; s < SEEDS; s++) {
            Run r = run(s + 1);
            String seed = "seed " + (s + 1);
            assertEquals(0, r.pauses(), "PFC pauses, " + seed);
            assertEquals(0, r.drops(), "drops, " + seed);
            assertEquals(0, r.retransmitted(), "retransmitted packets, " + seed);
            for (int b = 0; b < r.binPeakQueue().length && mechanismBroken == null; b++) {
                String bin = String.format(Locale.ROOT, "%s, bin %d-%d ms", seed, (FROM + b * BIN) / MS,
                        (FROM + (b + 1) * BIN) / MS);
                if (r.binPeakLongRate()[b] < 39e9) {
                    mechanismBroken = bin + ": long flow's peak rate " + r.binPeakLongRate()[b] + " < 39 Gb/s";
                } else if (r.binPeakQueue()[b] < 0.95 * K_MAX) {
                    mechanismBroken = bin + ": queue peak " + r.binPeakQueue()[b] + " < 0.95 K_max";
                } else if (r.binMinQueue()[b] != 0) {
                    mechanismBroken = bin + ": queue minimum " + r.binMinQueue()[b] + " > 0";
                }
            }
            shortBps[s] = r.shortBps();
            longBps[s] = r.longBps();
            peaks[s] = r.meanPeakQueue();
            perSeed.append(String.format(Locale.ROOT, " %.2f/%.2f", shortBps[s] / 1e9, longBps[s] / 1e9));
        }
        double shortMean = Fabric40G.mean(shortBps);
        double longMean = Fabric40G.mean(longBps);
        double ratio = Math.max(shortMean, longMean) / Math.min(shortMean, longMean);
        double peak = Fabric40G.mean(peaks);
        boolean published = Math.abs(shortMean / PUBLISHED_GOODPUT - 1) <= 0.15
                && Math.abs(longMean / PUBLISHED_GOODPUT - 1) <= 0.15 && ratio <= 1.2
                && Math.abs(peak / 1.36e6 - 1) <= 0.25;
        String report = String.format(Locale.ROOT, "V-07 (%d seeds, goodput over %d-%d ms): short-RTT %.2f Gb/s,"
                + " long-RTT %.2f Gb/s (per seed short/long:%s), ratio %.2f; queue peak per %d ms bin %.0f KB;"
                + " no pause, drop or retransmission; published targets (17 Gb/s ±15 %%, ratio <= 1.2, peak"
                + " 1.36 MB ±25 %%) %s", SEEDS, FROM / MS, END / MS, shortMean / 1e9, longMean / 1e9, perSeed, ratio,
                BIN / MS, peak / 1e3, published ? "MET" : mechanismBroken == null
                        ? "NOT MET: the documented limit cycle holds in every bin" : "NOT MET, and " + mechanismBroken);
        System.out.println(report);
        assertTrue(!published, "the published targets are met: V-07 in docs/validation.md and"
                + " docs/dcqcn-profiles.md say they are not; update them. " + report);
        assertTrue(mechanismBroken == null, "the documented limit cycle does not hold: " + report);
    }

    /**
     * Samples the bottleneck queue and the long flow's rate limiter every {@link #SAMPLE} over
     * [FROM, END), per {@link #BIN}: the queue's largest and smallest sample, the rate's largest.
     */
    static final class Cycles extends SimEvent {
        private static final long serialVersionUID = 1L;
        final double[] peakQueue = new double[(int) ((END - FROM) / BIN)];
        final double[] minQueue = new double[peakQueue.length];
        final double[] peakLongRate = new double[peakQueue.length];
        private final transient PacketHarness h;
        private final transient OutputQueues queue;
        private final transient Flow longFlow;

        Cycles(PacketHarness h, OutputQueues queue, Flow longFlow) {
            this.h = h;
            this.queue = queue;
            this.longFlow = longFlow;
            java.util.Arrays.fill(minQueue, Double.POSITIVE_INFINITY);
            h.kernel.schedule(this, FROM);
        }

        @Override
        protected void fire() {
            long now = h.kernel.now();
            int bin = (int) ((now - FROM) / BIN);
            long q = queue.queuedBytes(Fabric40G.PRIORITY);
            peakQueue[bin] = Math.max(peakQueue[bin], q);
            minQueue[bin] = Math.min(minQueue[bin], q);
            peakLongRate[bin] = Math.max(peakLongRate[bin], longFlow.currentRateBps(now));
            if (now + SAMPLE < END) {
                h.kernel.schedule(this, now + SAMPLE);
            }
        }
    }
}
