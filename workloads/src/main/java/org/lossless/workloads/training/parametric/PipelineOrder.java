package org.lossless.workloads.training.parametric;

/**
 * The order in which one pipeline stage runs its micro-batches' forward (F) and backward (B) passes.
 *
 * <p>1F1B (PipeDream-Flush, Megatron-LM's non-interleaved schedule), stage s of p with m micro-batches: a warm-up
 * of w = min(p - s - 1, m) forwards, then m - w pairs of one forward and one backward, then a cool-down of the last
 * w backwards. GPipe: every forward, then every backward. Backwards run in micro-batch order in both.
 */
final class PipelineOrder {
    private PipelineOrder() {
    }

    /** Stage {@code stage}'s passes: {@code i + 1} for F of micro-batch i, {@code -(i + 1)} for its B. */
    static int[] of(Parallelism.Schedule schedule, int stage, int stages, int microBatches) {
        int m = microBatches;
        int[] out = new int[2 * m];
        int k = 0;
        if (schedule == Parallelism.Schedule.GPIPE) {
            for (int i = 0; i < m; i++) {
                out[k++] = i + 1;
            }
            for (int i = 0; i < m; i++) {
                out[k++] = -(i + 1);
            }
            return out;
        }
        int warm = Math.min(stages - stage - 1, m);
        for (int i = 0; i < warm; i++) {
            out[k++] = i + 1;
        }
        for (int i = 0; i < m - warm; i++) {
            out[k++] = warm + i + 1;
            out[k++] = -(i + 1);
        }
        for (int i = m - warm; i < m; i++) {
            out[k++] = -(i + 1);
        }
        return out;
    }
}
