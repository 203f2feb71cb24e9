package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which collectives let their timers run ahead of a parallel run's partitions ({@link CollectiveProgram#decidesAhead}):
 * those whose ops each wait for inputs from one side only, the program's own timer (transfers inside a server) or
 * completions (transfers over the network), with a reaction delay.
 */
class DecidesAheadTest {
    private static final long NVLINK = 2_400_000_000_000L;

    /**
     * Whether {@code b}'s job, with a base latency of 1 us (an iteration's gap and base latency must cover its reaction
     * delay), decides ahead.
     */
    private static boolean decides(Jobs.Builder b) {
        CollectiveProgram p = new CollectiveProgram(b.latencies(Jobs.US, 5 * Jobs.US, 2 * Jobs.US).build());
        Jobs.record(16, p);
        assertTrue(p.finished(), "the job ran to its end");
        return p.decidesAhead();
    }

    @Test
    void aRingOverTheNetworkOnly() {
        assertTrue(decides(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16)));
    }

    /**
     * A ring of 200 GiB on 16 ranks, some 6.3 M transfers per iteration: it decides ahead (its view knows without a
     * scan that each op has one input; plans of more than 4 M transfers used to be left unscanned, so a 1,024-GPU
     * ring's timers never ran ahead once completions came; benchmarks/README.md, "Step 22").
     */
    @Test
    void aRingOfMillionsOfTransfers() {
        CollectiveJob job = Jobs.of(Collective.ALLREDUCE, 16).size(200L << 30)
                .latencies(Jobs.US, 5 * Jobs.US, 2 * Jobs.US).build();
        assertTrue(MemoryEstimate.of(job, Algorithm.RING, Protocol.SIMPLE).transfers() > 4_000_000);
        CollectiveProgram p = new CollectiveProgram(job);
        Jobs.start(16, p);
        assertTrue(p.decidesAhead());
    }

    /** Each op of a ring has one input: over NVLink inside a server, or over the network between servers. */
    @Test
    void aRingOnEightGpuServersWithNvlinkHops() {
        assertTrue(decides(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16).channels(2)
                .servers(new GpuServers(8, NVLINK, Jobs.US))));
    }

    /** An all-to-all on 8-GPU servers: each receiving op takes one slice, from its server or from the network. */
    @Test
    void anAllToAllOnEightGpuServers() {
        assertTrue(decides(Jobs.of(Collective.ALLTOALL, 16).size(1 << 16).servers(new GpuServers(8, NVLINK, Jobs.US))));
    }

    /**
     * A tree all-reduce on 8-GPU servers: the GPU where a server's NVLink chain meets the inter-server tree reduces
     * slices from both (NVLink, the timer; the network, completions): which side came last would decide where its step
     * goes among the agenda's ties, so it does not decide ahead (its timers run ahead only up to the earliest
     * completion). Over the network only, it does.
     */
    @Test
    void notATreeWhoseOpsReduceFromBothSides() {
        assertFalse(decides(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16).algorithm(Algorithm.TREE)
                .servers(new GpuServers(8, NVLINK, Jobs.US))));
        assertTrue(decides(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16).algorithm(Algorithm.TREE)));
    }
}
