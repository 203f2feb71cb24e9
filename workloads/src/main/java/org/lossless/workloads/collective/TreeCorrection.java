package org.lossless.workloads.collective;

/**
 * NCCL's static correction of the tree all-reduce bandwidth by message size ({@code treeCorrectionFactor}
 * in {@code src/graph/tuning.cc}: "trees are not perfectly sticking to the model for medium sizes"): the
 * bandwidth of its cost model is multiplied by a factor looked up by log2(S / 64 B), for sizes from 64 B to
 * 256 MiB; 1 outside that range. The tree's pipeline over a few chunks fills and drains in 2 log2(N) hops,
 * which a latency + size / bandwidth model misses at medium sizes.
 */
final class TreeCorrection {
    /** [protocol LL, LL128, Simple][log2(S / 64)], NCCL 2.2x's values. */
    private static final double[][] FACTOR = {
            {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0},
            {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0},
            {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9}};

    private TreeCorrection() {
    }

    /** The factor for a tree all-reduce of {@code sizeBytes} with {@code p}; 1 below 64 B and from 512 MiB. */
    static double factor(Protocol p, long sizeBytes) {
        long units = sizeBytes >> 6;
        if (units <= 0) {
            return 1.0;
        }
        int log = NcclModel.log2(units);
        double[] row = FACTOR[switch (p) {
            case LL -> 0;
            case LL128 -> 1;
            case SIMPLE -> 2;
        }];
        return log < row.length ? row[log] : 1.0;
    }
}
