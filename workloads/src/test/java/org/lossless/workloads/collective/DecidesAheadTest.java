package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which collectives let their timers run ahead of a parallel run's partitions ({@link CollectiveProgram#decidesAhead}):
 * those whose transfers all cross the network, with a reaction delay that an iteration's gap and base latency cover.
 */
class DecidesAheadTest {
    private static final long NVLINK = 2_400_000_000_000L;

    /** Whether {@code b}'s job, with a base latency of 1 us, decides ahead (asked after it ran, as the driver asks after its start). */
    private static boolean decides(Jobs.Builder b) {
        CollectiveProgram p = new CollectiveProgram(b.latencies(Jobs.US, 5 * Jobs.US, 2 * Jobs.US).build());
        Jobs.record(16, p);
        assertTrue(p.finished(), "the job ran to its end");
        return p.decidesAhead();
    }

    @Test
    void aRingOrATreeOverTheNetworkOnly() {
        assertTrue(decides(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16)));
        assertTrue(decides(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16).algorithm(Algorithm.TREE)));
    }

    /** With NVLink hops inside 8-GPU servers its timers run ahead only up to the earliest completion (not yet further). */
    @Test
    void notARingOnEightGpuServers() {
        assertFalse(decides(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16).channels(2)
                .servers(new GpuServers(8, NVLINK, Jobs.US))));
    }

    /** Without a base latency, an iteration's start could come sooner than the reaction delay after the last one's end. */
    @Test
    void notWithoutAGapOrBaseLatencyCoveringTheReactionDelay() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 16).size(1 << 16).iterations(2, 0)
                .latencies(0, 5 * Jobs.US, 2 * Jobs.US).build());
        Jobs.record(16, p);
        assertFalse(p.decidesAhead());
    }
}
