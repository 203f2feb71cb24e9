package org.lossless.workloads.collective;

import java.util.Locale;

/**
 * How a collective moves its data. Which algorithms a collective accepts: all-reduce {@link #RING},
 * {@link #TREE}, {@link #HALVING_DOUBLING}; all-gather and reduce-scatter {@link #RING},
 * {@link #HALVING_DOUBLING}; broadcast {@link #RING} (a pipelined chain from the root); all-to-all
 * {@link #DIRECT}.
 */
public enum Algorithm {
    /** Rings of all ranks, one per channel (NCCL's ring). */
    RING,
    /** NCCL's double binary tree: two trees per channel, each carrying half the data, pipelined by chunk. */
    TREE,
    /** Recursive halving then doubling (Rabenseifner; MPI libraries), for comparison. */
    HALVING_DOUBLING,
    /** Every rank sends to every other rank at once (NCCL's all-to-all as grouped send/receive). */
    DIRECT;

    /** Name as in scenario files: {@code ring}, {@code tree}, {@code halving-doubling}, {@code direct}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True if {@code collective} can run with this algorithm. */
    public boolean supports(Collective collective) {
        return switch (collective) {
            case ALLREDUCE -> this == RING || this == TREE || this == HALVING_DOUBLING;
            case ALLGATHER, REDUCESCATTER -> this == RING || this == HALVING_DOUBLING;
            case BROADCAST -> this == RING;
            case ALLTOALL -> this == DIRECT;
        };
    }
}
