package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Choudhury–Hahne steady state (reference §1.1): with k saturated PGs on one pool of B bytes and
 * α = 2^n, each PG settles at α·B / (1 + k·α). Reached here by iterating admissions round robin until
 * no PG can take another frame.
 */
class DynamicThresholdShareTest {
    @ParameterizedTest(name = "k={0}, dynamic_th={1}")
    @CsvSource({"1,-3", "2,-3", "4,-3", "8,-3", "1,0", "2,0", "4,0", "8,0", "1,1", "3,1", "8,1", "16,-1"})
    void eachSaturatedPgSettlesAtAlphaOverOnePlusKAlpha(int k, int n) {
        long pool = 1_000_000;
        int frame = 100;
        MmuConfig cfg = MmuConfig.builder(k + 1).buffer(100_000_000)
                .pool(PoolConfig.ingress("in", pool)).pool(PoolConfig.egress("out", 50_000_000))
                .pgDefault(PgProfile.lossy("pg", "in", 0, Threshold.dynamic(n)))
                .queueDefault(new QueueProfile("q", "out", 0, Threshold.fixed(0), true)).build();
        SharedBufferMmu mmu = new SharedBufferMmu(cfg);
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int p = 0; p < k; p++) {
                progress |= mmu.admit(p, 0, k, 0, frame) == Mmu.ADMIT;
            }
        }
        double alpha = Math.scalb(1.0, n);
        double expected = alpha * pool / (1 + k * alpha);
        for (int p = 0; p < k; p++) {
            // granularity: the last frame that did not fit is at most one frame, the last that did at most one
            assertEquals(expected, mmu.sharedBytes(p, 0), 2 * frame, "PG of port " + p);
        }
        assertEquals(k * expected, mmu.poolSharedBytes(0), 2.0 * frame * k);
    }
}
