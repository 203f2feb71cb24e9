package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PlanSizeTest {
    private static long counted(CollectiveJob job) {
        CollectiveProgram p = new CollectiveProgram(job);
        Jobs.record(16, p);
        return p.plan().transfers;
    }

    @Test
    void theEstimateCountsThePlannersTransfers() {
        CollectiveJob[] jobs = {
            Jobs.of(Collective.ALLREDUCE, 4).size(20 << 20).channels(2).build(),
            Jobs.of(Collective.ALLGATHER, 8).size(8 << 20).protocol(Protocol.LL).build(),
            Jobs.of(Collective.BROADCAST, 5).size(3 << 20).channels(3).build(),
            Jobs.of(Collective.ALLREDUCE, 8).algorithm(Algorithm.TREE).size(4 << 20).channels(2).build(),
            Jobs.of(Collective.ALLTOALL, 6).size(6 << 20).channels(2).build(),
        };
        for (CollectiveJob j : jobs) {
            assertEquals(PlanSize.transfers(j, j.algorithm(), j.protocol()), counted(j), j.collective() + " " + j.algorithm());
        }
    }

    @Test
    void hugeJobsSaturateInsteadOfOverflowing() {
        CollectiveJob big = Jobs.of(Collective.ALLREDUCE, 4).size(Long.MAX_VALUE / 2).channels(64).protocol(Protocol.LL)
                .build();
        assertEquals(true, PlanSize.transfers(big, Algorithm.RING, Protocol.LL) > PlanSize.MAX_TRANSFERS);
    }
}
