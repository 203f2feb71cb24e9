package org.lossless.workloads.collective;

import java.util.Locale;

/**
 * The collective operations, with the size and bus-bandwidth conventions of nccl-tests
 * ({@code doc/PERFORMANCE.md}). {@code size} S is always what nccl-tests prints: the all-reduce and
 * broadcast buffer, the all-gather output (N x each rank's input), the reduce-scatter input (N x each
 * rank's output), and each rank's all-to-all send buffer.
 */
public enum Collective {
    ALLREDUCE,
    ALLGATHER,
    REDUCESCATTER,
    ALLTOALL,
    BROADCAST;

    /** busbw / algbw for {@code n} ranks: 2(n-1)/n, (n-1)/n for all-gather, reduce-scatter and all-to-all, 1 for broadcast. */
    public double busbwFactor(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a collective needs at least one rank, got " + n);
        }
        return switch (this) {
            case ALLREDUCE -> 2.0 * (n - 1) / n;
            case ALLGATHER, REDUCESCATTER, ALLTOALL -> (double) (n - 1) / n;
            case BROADCAST -> 1.0;
        };
    }

    /** Ring steps per loop (NCCL's {@code nsteps} in its tuning model): 2(n-1), n-1, or n. */
    public int ringSteps(int n) {
        return switch (this) {
            case ALLREDUCE -> 2 * (n - 1);
            case ALLGATHER, REDUCESCATTER -> n - 1;
            case ALLTOALL, BROADCAST -> n;
        };
    }

    /** Name as in scenario files and {@code jobs.csv}: {@code allreduce}, {@code alltoall}, ... */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
