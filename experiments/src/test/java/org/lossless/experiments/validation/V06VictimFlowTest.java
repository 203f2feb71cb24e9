package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Fabric40G.MS;
import static org.lossless.experiments.validation.Fabric40G.RATE;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.nic.NicConfig;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.LeafSpineSpec;

/**
 * V-06 with DCQCN (reference validation.md): the victim flow. Leaf-spine at 40 Gb/s (1 us links) with
 * one spine and four leaves of four hosts: ToR-A = leaf0 holds K = 3 incast senders (h0..h2) and the
 * victim's sender V (h3); ToR-B = leaf1 holds m ∈ {0, 1, 2, 4} more incast senders (h4..); the incast
 * receiver R is h8 under ToR-C = leaf2; the victim's receiver h12 under ToR-D = leaf3 is otherwise
 * idle. V shares only ToR-A's uplink and the spine with the incast. PFC on priority 3 throughout.
 *
 * <p>Expectation: with DCQCN ({@code paper2015}, RED 5 KB / 200 KB / 1 %) V gets at least 80 % of its
 * max-min fair share ({@link MaxMin}: 10 Gb/s for m = 0 and 1, 40·m/(K+m) = 16 and 22.9 Gb/s for m = 2
 * and 4, line rate; goodput × 918/1000). With PFC alone, for m ≥ 1 the spine's pauses reach ToR-A's
 * uplink and V falls well below that share (congestion spreading): DCQCN must do better than PFC alone
 * by more than its own seed spread. For m = 0 there is no victim effect to undo: V's only bottleneck is
 * ToR-A's uplink, which it legitimately shares with the three incast senders.
 *
 * <p>Runs of 80 ms, goodput over 40-80 ms: V's rate climbs by additive increase (40 Mb/s per 55 us,
 * 0.73 Gb/s per ms) from the first cuts to its share by about 32 ms for m = 4, the slowest case. DCQCN:
 * mean of 5 seeds. PFC alone is deterministic here (no congestion control reads the random ECN marks,
 * and one spine leaves ECMP no choice), so one seed.
 */
class V06VictimFlowTest {
    static final int K = 3;
    static final int SEEDS = 5;
    static final long FROM = 40 * MS;
    static final long END = 80 * MS;
    static final int VICTIM = 3;
    static final int R = 8;
    static final int VICTIM_RECEIVER = 12;

    static Topology topology() {
        LinkSpec link = new LinkSpec(RATE, Fabric40G.LINK_DELAY_PS);
        return new LeafSpineSpec(4, 1, 4, link, link).build();
    }

    /** Flow 0 is the victim, then the K incast senders under ToR-A, then m under ToR-B. */
    static List<FlowSpec> flows(int m) {
        List<FlowSpec> flows = new ArrayList<>();
        flows.add(Fabric40G.longFlow("victim", VICTIM, VICTIM_RECEIVER));
        for (int i = 0; i < K; i++) {
            flows.add(Fabric40G.longFlow("incast", i, R));
        }
        for (int i = 0; i < m; i++) {
            flows.add(Fabric40G.longFlow("incast", 4 + i, R));
        }
        return flows;
    }

    /** The victim's max-min fair share, bps of line rate. */
    static double victimShare(int m) {
        // links: 0 ToR-A uplink, 1 spine -> ToR-C, 2 ToR-C -> R, 3 ToR-B uplink, 4 spine -> ToR-D,
        // 5 ToR-D -> V's receiver, then one host link per sender
        int n = 1 + K + m;
        double[] cap = new double[6 + n];
        java.util.Arrays.fill(cap, RATE);
        int[][] paths = new int[n][];
        paths[0] = new int[] {6, 0, 4, 5};
        for (int i = 0; i < K; i++) {
            paths[1 + i] = new int[] {7 + i, 0, 1, 2};
        }
        for (int j = 0; j < m; j++) {
            paths[1 + K + j] = new int[] {7 + K + j, 3, 1, 2};
        }
        return MaxMin.rates(cap, paths)[0];
    }

    static double victimGoodput(int m, NicConfig nic, long seed) {
        PacketHarness h = new PacketHarness(topology(), nic, Fabric40G.paperSwitch(), flows(m), seed);
        Probe probe = new Probe(h.kernel, h.flows.all(), List.of(), 10 * Fabric40G.US, MS, END);
        h.runUntil(END);
        return probe.goodputBps(0, FROM, END);
    }

    @Test
    void maxMinSharesOfTheVictimByHand() {
        // m = 0: ToR-A's uplink fills first, 4 flows -> 40/4. m >= 1: R's link fills first at 40/(K+m) per
        // incast flow; V then takes what ToR-A's uplink has left: 40 - K*40/(K+m) = 40 m/(K+m) (>= 40/(K+m)).
        double[] expected = {10e9, 10e9, 16e9, 40e9 * 4 / 7};
        double[] got = {victimShare(0), victimShare(1), victimShare(2), victimShare(4)};
        assertArrayEquals(expected, got, 1);
    }

    @ParameterizedTest(name = "m = {0}")
    @ValueSource(ints = {0, 1, 2, 4})
    void dcqcnGivesTheVictimAtLeastEightyPercentOfItsFairShare(int m) {
        double share = victimShare(m) * Fabric40G.GOODPUT_FRACTION;
        double pfcOnly = victimGoodput(m, Fabric40G.pfcOnly(), 1);
        double[] dcqcn = new double[SEEDS];
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int s = 0; s < SEEDS; s++) {
            dcqcn[s] = victimGoodput(m, Fabric40G.dcqcn(), s + 1);
            lo = Math.min(lo, dcqcn[s]);
            hi = Math.max(hi, dcqcn[s]);
        }
        double mean = Fabric40G.mean(dcqcn);
        String report = String.format(Locale.ROOT, "V-06 m=%d: victim fair share %.3f Gb/s goodput; PFC only %.3f"
                + " (%.0f %%); DCQCN mean of %d seeds %.3f (%.0f %%), seeds %.3f..%.3f Gb/s", m, share / 1e9,
                pfcOnly / 1e9, 100 * pfcOnly / share, SEEDS, mean / 1e9, 100 * mean / share, lo / 1e9, hi / 1e9);
        System.out.println(report);
        assertTrue(mean >= 0.8 * share, report);
        if (m >= 1) {
            assertTrue(pfcOnly < 0.8 * share, "no victim effect with PFC alone: " + report);
            assertTrue(mean - pfcOnly > hi - lo, "DCQCN does not beat PFC alone by more than its seed spread: "
                    + report);
        }
    }
}
