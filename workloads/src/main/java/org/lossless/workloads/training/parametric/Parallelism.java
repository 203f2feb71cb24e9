package org.lossless.workloads.training.parametric;

import java.util.Locale;
import java.util.Objects;

/**
 * How a training job is split over its GPUs (Megatron-LM's 3D parallelism plus experts) and how its pipeline and
 * gradient reduction run.
 *
 * @param tp                tensor-parallel size, &gt;= 1
 * @param pp                pipeline stages, &gt;= 1
 * @param dp                data-parallel replicas, &gt;= 1; tp x pp x dp is the job's GPU count
 * @param ep                expert-parallel size, &gt;= 1, dividing dp (expert groups are carved out of the
 *                          data-parallel ranks, as Megatron-Core does; it does not multiply the GPU count)
 * @param schedule          pipeline schedule
 * @param microBatches      micro-batches per iteration per pipeline, &gt;= 1 (&gt;= pp for 1F1B)
 * @param sequenceParallel  tensor-parallel all-reduces become reduce-scatter + all-gather
 * @param zero              ZeRO stage 0..3 of the data-parallel group (0: plain all-reduce of gradients)
 * @param overlapGradReduce gradient buckets are reduced as the last micro-batch's backward pass produces them
 *                          (PyTorch DDP, Megatron's overlap option); false: all after the backward pass
 */
public record Parallelism(int tp, int pp, int dp, int ep, Schedule schedule, int microBatches, boolean sequenceParallel,
                          int zero, boolean overlapGradReduce) {
    /** Pipeline schedules. */
    public enum Schedule {
        /** One forward, one backward (PipeDream-Flush, Megatron-LM's default): warm-up, steady state, cool-down. */
        ONE_F_ONE_B,
        /** Every forward, then every backward (GPipe). */
        GPIPE;

        /** Name as in scenario files: {@code 1f1b}, {@code gpipe}. */
        public String key() {
            return this == ONE_F_ONE_B ? "1f1b" : name().toLowerCase(Locale.ROOT);
        }
    }

    public Parallelism {
        Objects.requireNonNull(schedule, "schedule");
        if (tp < 1 || pp < 1 || dp < 1 || ep < 1) {
            throw new IllegalArgumentException("tp, pp, dp and ep must be >= 1");
        }
        if (dp % ep != 0) {
            throw new IllegalArgumentException("ep (" + ep + ") must divide dp (" + dp + "): expert groups are made of "
                    + "data-parallel ranks");
        }
        if (microBatches < 1) {
            throw new IllegalArgumentException("micro_batches must be >= 1, got " + microBatches);
        }
        if (schedule == Schedule.ONE_F_ONE_B && microBatches < pp) {
            throw new IllegalArgumentException("1F1B needs at least as many micro-batches as stages (" + pp + "), got "
                    + microBatches);
        }
        if (zero < 0 || zero > 3) {
            throw new IllegalArgumentException("zero stage must be 0..3, got " + zero);
        }
    }

    /** GPUs of the job: tp x pp x dp. */
    public long gpus() {
        return (long) tp * pp * dp;
    }
}
