package org.lossless.workloads.training.parametric;

import java.util.List;
import java.util.Objects;

import org.lossless.workloads.training.CheckpointPlan;
import org.lossless.workloads.training.CommSettings;

/**
 * A parametric training job ({@code type: training}), validated: what the scenario file says, with every default
 * filled in. {@link ParametricSource} turns it into per-rank graphs.
 *
 * @param name            job name
 * @param hosts           the host of each rank, in rank order (tp fastest, then dp, then pp, as Megatron-LM numbers
 *                        ranks); tp x pp x dp of them
 * @param parallel        the split
 * @param model           the model's sizes
 * @param compute         compute times
 * @param bucketBytes     gradient bucket size, bytes of gradients (&gt; 0)
 * @param iterations      iterations, &gt;= 1
 * @param startPs         when the first starts, ps
 * @param comm            how calls run on the collective engine
 * @param checkpoint      checkpoints, or null
 * @param timelineReplica the data-parallel replica whose stages (tensor rank 0) go to the timeline, 0..dp-1
 */
public record TrainingConfig(String name, List<Integer> hosts, Parallelism parallel, ModelShape model,
                             ComputeModel compute, long bucketBytes, int iterations, long startPs, CommSettings comm,
                             CheckpointPlan checkpoint, int timelineReplica) {
    public TrainingConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(parallel, "parallel");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(compute, "compute");
        Objects.requireNonNull(comm, "comm");
        hosts = List.copyOf(hosts);
        if (hosts.size() != parallel.gpus()) {
            throw new IllegalArgumentException("tp x pp x dp = " + parallel.gpus() + " but the job has " + hosts.size()
                    + " GPUs");
        }
        if (model.layers() < parallel.pp()) {
            throw new IllegalArgumentException("layers (" + model.layers() + ") must be at least pp (" + parallel.pp()
                    + "): every stage needs a layer");
        }
        if (model.experts() > 0 && model.experts() % parallel.ep() != 0) {
            throw new IllegalArgumentException("ep (" + parallel.ep() + ") must divide experts (" + model.experts() + ")");
        }
        if (model.experts() > 0 && parallel.tp() > 1 && !parallel.sequenceParallel()) {
            throw new IllegalArgumentException("an MoE model with tp > 1 needs sequence_parallel: true (Megatron-Core "
                    + "requires it: each rank dispatches its own share of the tokens)");
        }
        if (model.experts() == 0 && parallel.ep() > 1) {
            throw new IllegalArgumentException("ep > 1 needs experts");
        }
        if (bucketBytes <= 0 || iterations < 1 || startPs < 0) {
            throw new IllegalArgumentException("bucket must be > 0 bytes, iterations >= 1 and start >= 0");
        }
        if (timelineReplica < 0 || timelineReplica >= parallel.dp()) {
            throw new IllegalArgumentException("timeline replica must be 0.." + (parallel.dp() - 1));
        }
    }
}
