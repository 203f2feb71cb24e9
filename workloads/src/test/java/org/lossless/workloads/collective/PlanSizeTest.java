package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PlanSizeTest {
    private static long counted(CollectiveJob job) {
        CollectiveProgram p = new CollectiveProgram(job);
        Jobs.record(16, p);
        return p.plan().transferCount();
    }

    /**
     * Transfers counted by hand from NCCL's chunking (docs/workloads.md; Simple moves 512 KiB per step, 4 MiB over 8
     * steps; LL 32 KiB, 64 KiB of 16-byte lines per step carrying 8 data bytes each), and both the estimate and the
     * planners must give that count:
     * <ul>
     * <li>ring all-reduce, 4 ranks, 20 MiB, 2 channels, Simple: 10 MiB per channel; a loop moves n chunks of
     * 4 steps (2 MiB) each, so 2 loops (8 MiB, then the last 2 MiB); per loop 2(n-1) = 6 steps, each rank sending
     * one chunk of 2 slices per step: 2 channels x 2 loops x 6 steps x 4 ranks x 2 slices = 192;</li>
     * <li>ring all-gather, 8 ranks, 8 MiB, LL: a loop moves n x 32 KiB = 256 KiB, so 32 loops of n-1 = 7 steps,
     * 8 ranks sending one 32 KiB chunk each: 32 x 7 x 8 = 1,792;</li>
     * <li>broadcast, 5 ranks, 3 MiB, 3 channels, Simple: 1 MiB per channel = 2 chunks of one 512 KiB step, each
     * forwarded along the n-1 = 4 ring edges: 3 x 2 x 4 = 24;</li>
     * <li>tree all-reduce, 8 ranks, 4 MiB, 2 channels, Simple: each channel's two trees take 1 MiB each, 2 chunks
     * of 512 KiB, each crossing the n-1 = 7 edges up (reduce) and 7 down (broadcast): 2 x 2 x 2 x 14 = 112;</li>
     * <li>all-to-all, 6 ranks, 6 MiB, 2 channels: 1 MiB per ordered pair, 512 KiB per connection = 4 chunks of
     * 128 KiB: 6 x 5 pairs x 2 x 4 = 240.</li>
     * </ul>
     */
    @Test
    void theEstimateAndThePlannersGiveTheHandCount() {
        CollectiveJob[] jobs = {
            Jobs.of(Collective.ALLREDUCE, 4).size(20 << 20).channels(2).build(),
            Jobs.of(Collective.ALLGATHER, 8).size(8 << 20).protocol(Protocol.LL).build(),
            Jobs.of(Collective.BROADCAST, 5).size(3 << 20).channels(3).build(),
            Jobs.of(Collective.ALLREDUCE, 8).algorithm(Algorithm.TREE).size(4 << 20).channels(2).build(),
            Jobs.of(Collective.ALLTOALL, 6).size(6 << 20).channels(2).build(),
        };
        long[] byHand = {192, 1_792, 24, 112, 240};
        for (int i = 0; i < jobs.length; i++) {
            CollectiveJob j = jobs[i];
            String what = j.collective() + " " + j.algorithm();
            assertEquals(byHand[i], PlanSize.transfers(j, j.algorithm(), j.protocol()), "estimate, " + what);
            assertEquals(byHand[i], counted(j), "planner, " + what);
        }
    }

    @Test
    void hugeJobsSaturateInsteadOfOverflowing() {
        CollectiveJob big = Jobs.of(Collective.ALLREDUCE, 4).size(Long.MAX_VALUE / 2).channels(64).protocol(Protocol.LL)
                .build();
        assertEquals(true, PlanSize.transfers(big, Algorithm.RING, Protocol.LL) > PlanSize.MAX_TRANSFERS);
    }
}
