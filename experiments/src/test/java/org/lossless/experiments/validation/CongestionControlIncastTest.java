package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.FlowResult;
import org.lossless.nic.NicConfig;
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
