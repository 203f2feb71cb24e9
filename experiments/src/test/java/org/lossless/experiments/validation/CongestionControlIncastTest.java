package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import java.util.Map;

import org.lossless.nic.CcSettings;
import org.lossless.nic.NicConfig;
import org.lossless.nic.swift.SwiftParams;
import org.lossless.nic.dcqcn.DcqcnParams;

/**
 * HPCC against DCQCN on an 8-to-1 incast at 100 Gb/s (star, 1 us cables, 2 MB per sender, payload 1000 B,
 * ACK per packet), measured at the bottleneck between 200 us and 1,200 us, after the first burst: every
 * sender starts at line rate, so in the first RTTs any algorithm queues up to its senders' windows.
 * HPCC's claim (its paper, §4) is a near-empty queue at a target utilisation of 95 %; DCQCN reacts to ECN
 * marks, which start at the default K_min of 400 KB, so its queue sits in the hundreds of KB.
 */
class CongestionControlIncastTest {
    static final long US = Lossless.US;

    static CcIncast.Outcome incast(NicConfig nic) {
        return CcIncast.run(nic, 8, 2_000_000, 200 * US, 1_200 * US);
    }

    /**
     * Swift's target on this star (one switch), flow scaling off: 10 us + 1 x 1 us = 11 us of RTT. The empty
     * path's RTT by hand: the data packet (1082 B on the wire, 86.56 ns at 100 Gb/s) and its ACK (86 B, 6.88 ns)
     * each cross two 1 us cables, serialized at each sender: 2 x 1,086.56 + 2 x 1,006.88 = 4,186.88 ns. So Swift
     * should hold 6,813.12 ns of queueing at the bottleneck: 85,164 B of wire time, 83,590 B of frames
     * (x 1062/1082). Asserted: the mean queue within 30 % of that, the link busy more than 90 %.
     */
    @Test
    void swiftHoldsTheQueueingDelayNearItsTarget() {
        NicConfig nic = Lossless.nic().withCc("swift").withCcSettings(
                CcSettings.DEFAULTS.with("swift", SwiftParams.of(Map.of("fs_range", "0"))));
        CcIncast.Outcome swift = incast(nic);
        double target = (11_000 - 4_186.88) * 1e-9 * 100e9 / 8 * 1062 / 1082;
        System.out.printf("Swift: queue mean %.0f B (target %.0f B), p99 %d B, peak %d B, link busy %.3f%n",
                swift.meanQueue(), target, swift.p99Queue(), swift.peakQueue(), swift.busyFraction());
        assertTrue(swift.result().flows().stream().allMatch(FlowResult::finished));
        assertEquals(target, swift.meanQueue(), 0.3 * target, "mean queue near Swift's target");
        assertTrue(swift.busyFraction() > 0.90, "the link stays busy: " + swift.busyFraction());
    }

    @Test
    void hpccKeepsTheQueueNearEmptyAndTheLinkBusyWhileDcqcnBuildsHundredsOfKb() {
        CcIncast.Outcome hpcc = incast(Lossless.nic().withCc("hpcc"));
        CcIncast.Outcome dcqcn = incast(Lossless.nic().withDcqcn(DcqcnParams.profile("mlx5", CcIncast.G100)));
        System.out.printf("HPCC: queue mean %.0f B, p99 %d B, peak %d B, link busy %.3f; DCQCN: mean %.0f B, p99 %d B, "
                        + "peak %d B, busy %.3f%n", hpcc.meanQueue(), hpcc.p99Queue(), hpcc.peakQueue(), hpcc.busyFraction(),
                dcqcn.meanQueue(), dcqcn.p99Queue(), dcqcn.peakQueue(), dcqcn.busyFraction());
        assertTrue(hpcc.result().flows().stream().allMatch(FlowResult::finished));
        assertTrue(dcqcn.result().flows().stream().allMatch(FlowResult::finished));
        assertTrue(hpcc.p99Queue() <= 10_000, "HPCC queue stays within a few KB: p99 " + hpcc.p99Queue() + " B");
        assertTrue(hpcc.busyFraction() > 0.90, "HPCC keeps the link busy: " + hpcc.busyFraction());
        assertTrue(dcqcn.meanQueue() >= 100_000, "DCQCN queues hundreds of KB: mean " + dcqcn.meanQueue() + " B");
        assertEquals(0, hpcc.result().pauseFrames(), "HPCC needs no PFC here");
    }
}
