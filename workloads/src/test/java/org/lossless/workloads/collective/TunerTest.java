package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.ConnectionOptions;

class TunerTest {
    private static final long RATE = 100_000_000_000L;

    private static CollectiveJob job(Collective c, int n, long size, Algorithm a) {
        return new CollectiveJob("t", c, a, null, IntStream.range(0, n).boxed().toList(), size, 2, 1, 0, 0,
                ConnectionOptions.of(3), -1, -1, -1, RingOrder.RAIL, true, 0,
                c == Collective.ALLTOALL ? PairSizes.skewed(0) : null, GpuServers.ONE_PER_HOST);
    }

    @Test
    void smallMessagesGoLowLatencyAndLargeOnesSimple() {
        assertEquals(Protocol.LL, Tuner.choose(job(Collective.ALLREDUCE, 8, 4 << 10, Algorithm.RING), RATE).protocol());
        assertEquals(Protocol.SIMPLE, Tuner.choose(job(Collective.ALLREDUCE, 8, 256 << 20, Algorithm.RING), RATE).protocol());
        assertEquals(Protocol.SIMPLE, Tuner.choose(job(Collective.ALLTOALL, 8, 4 << 10, null), RATE).protocol());
    }

    @Test
    void treeForSmallAllReducesOnManyRanksRingForLargeOnes() {
        assertEquals(Algorithm.TREE, Tuner.choose(job(Collective.ALLREDUCE, 64, 64 << 10, null), RATE).algorithm());
        assertEquals(Algorithm.RING, Tuner.choose(job(Collective.ALLREDUCE, 64, 1L << 30, null), RATE).algorithm());
    }

    @Test
    void predictedTimeIsLatencyPlusSizeOverAlgbwByHand() {
        // ring Simple all-reduce, 8 ranks one per server, 80 MB at 100 Gb/s: busbw 12.5 GB/s, algbw x 8/14;
        // latency (8.4 + 14 x 14) x 1.4 us
        double t = Tuner.predictUs(job(Collective.ALLREDUCE, 8, 80_000_000, Algorithm.RING), Algorithm.RING,
                Protocol.SIMPLE, RATE);
        double expect = (8.4 + 14 * 14.0) * 1.4 + 80_000_000 / (1000 * 12.5 * 8 / 14);
        assertEquals(expect, t, 1e-6);
    }
}
