package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.workloads.training.CheckpointPlan;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.parametric.ComputeModel;
import org.lossless.workloads.training.parametric.ModelShape;
import org.lossless.workloads.training.parametric.Parallelism;
import org.lossless.workloads.training.parametric.TrainingConfig;

/**
 * The schemas of {@code type: training} (with its {@code compute} and {@code checkpoint} mappings) and of the
 * trace types {@code chakra} and {@code simai}, which share a training job's collective keys ({@link #CALL}).
 * The readers allow exactly these keys (unknown-key messages, "did you mean") and read, range-check and default
 * the plain keys through them; the resolved scenario writes them from {@link #values}; docs/scenario.md's tables of
 * these types are generated from them. Keys whose check
 * or default depends on other keys ({@code micro_batches}, {@code top_k}, {@code layers}, ...) carry their
 * range and default as text and are read by the readers themselves.
 */
public final class TrainingSchema {
    /** Largest {@code micro_batches}, {@code layers}, {@code iterations}, {@code experts}, checkpoint {@code every}. */
    static final int MAX_COUNT = 1_000_000;
    /** Largest {@code tp}, {@code pp}, {@code dp}, {@code ep}. */
    static final int MAX_PARALLEL = 1 << 20;
    /** Largest {@code hidden}, {@code seq}, {@code micro_batch}. */
    static final int MAX_DIM = 1 << 24;
    /** The example of a checkpoint's {@code size} in its messages. */
    static final String CHECKPOINT_SIZE_EXAMPLE = "2GB (bytes each writing rank saves)";
    static final Key ITERATIONS = Key.integer("iterations", 1, MAX_COUNT, 1, "iterations, back to back");
    static final Key START = Key.time("start", 0L, "when the first starts");

    /** The collective keys a training job and a trace apply to every call they make. */
    static final List<Key> CALL = List.of(
            Key.custom("channels", "integer 1..64 or `auto`", "`auto`",
                    "as for collectives; `auto` = a collective job's default for each call"),
            Key.custom("algorithm", "`ring` \\| `tree` \\| `auto`", "`auto`",
                    "as for collectives, all-reduce calls only (the others take their only or the tuner's choice)"),
            Key.custom("protocol", "`auto` \\| `simple` \\| `ll128` \\| `ll`", "`auto`", "as for collectives"),
            CollectiveSchema.PRIORITY, CollectiveSchema.DSCP, CollectiveSchema.CC, CollectiveSchema.QPS,
            CollectiveSchema.BASE_LATENCY, CollectiveSchema.STEP_LATENCY, CollectiveSchema.NVLINK_STEP_LATENCY,
            CollectiveSchema.CTS_DELAY, CollectiveSchema.RING_ORDER,
            Key.bool("pxn", true, "as for collectives (NCCL's PXN)"),
            CollectiveSchema.TUNER);

    /** {@code compute}: one layer's times, or the GPU's speed. */
    public static final Section COMPUTE = Section.of("workloads.training.compute",
            Key.time("forward", null, "one layer's forward time for one micro-batch on one GPU; with `backward`")
                    .defaultDoc("–"),
            Key.time("backward", null, "one layer's backward time for one micro-batch on one GPU; with `forward`")
                    .defaultDoc("–"),
            Key.custom("gpu_flops", "rate (`312T`, `3.12e14`) > 0", "–", "instead of the times: the GPU's peak "
                    + "FLOP/s; a layer takes 24·b·s·h² + 4·b·s²·h FLOPs forward, twice that backward, / `tp`, at "
                    + "`gpu_flops` × `efficiency`"),
            Key.fraction("efficiency", null, "the share of `gpu_flops` a layer reaches").atLeast(1, "must be > 0")
                    .defaultDoc("**required** with `gpu_flops`"),
            Key.time("optimizer", 0L, "the optimizer step after the gradients are reduced"));

    /** {@code checkpoint}: a blocking checkpoint to storage hosts. */
    public static final Section CHECKPOINT = Section.of("workloads.training.checkpoint",
            Key.integer("every", 1, MAX_COUNT, 1, "a checkpoint after every `every`-th iteration"),
            Key.custom("servers", "host list", "**required**", "the storage hosts written to; not the job's hosts"),
            TrafficSchema.positiveSize("size", null, CHECKPOINT_SIZE_EXAMPLE, "bytes each writing rank saves")
                    .defaultDoc("**required**"),
            TrafficSchema.positiveSize("chunk", 1L << 20, "1MiB", "the size of each write"),
            Key.choice("ranks", List.of("replica", "all"), "replica",
                    "the writing ranks: `replica` = data-parallel replica 0, `all` = every rank"));

    /** {@code type: training}. */
    public static final Section TRAINING = Section.of("workloads.training", trainingKeys().toArray(Key[]::new));

    /** {@code type: chakra}. */
    public static final Section CHAKRA = Section.of("workloads.chakra", traceKeys("chakra",
            Key.custom("traces", "directory", "**required**", "the trace directory, relative to the scenario's folder: "
                    + "files `PREFIX.RANK.et` (or `.et.gz`), ranks 0 to N−1, one prefix"),
            hosts("the trace's files"),
            Key.custom("comm_groups", "mapping `{pg_name: [ranks]}` or a JSON file of that shape", "none", "the ranks "
                    + "of each process group (`pg_name`) the trace's collectives name, as ASTRA-sim's "
                    + "`--comm-group-configuration`; a collective without `pg_name` runs on every rank")));

    /** {@code type: simai}. */
    public static final Section SIMAI = Section.of("workloads.simai", traceKeys("simai",
            Key.custom("path", "file", "**required**", "the SimAI workload file (`HYBRID_TRANSFORMER_FWD_IN_BCKWD`, as "
                    + "AICB writes it), relative to the scenario's folder"),
            hosts("the file's `all_gpus`")));

    private TrainingSchema() {
    }

    private static Key hosts(String n) {
        return Key.custom("hosts", "as for collectives", "the first N hosts",
                "one host per rank, in rank order (N: " + n + ")");
    }

    /** type, name, {@code own} keys, iterations, start, then {@link #CALL}: the readers' order. */
    private static Key[] traceKeys(String type, Key... own) {
        List<Key> k = new ArrayList<>(List.of(WorkloadSchema.type("`" + type + "`"), WorkloadSchema.NAME));
        k.addAll(List.of(own));
        k.add(Key.integer("iterations", 1, MAX_COUNT, 1, "times the whole trace runs, back to back"));
        k.add(START);
        k.addAll(CALL);
        return k.toArray(Key[]::new);
    }

    private static List<Key> trainingKeys() {
        List<Key> k = new ArrayList<>(List.of(WorkloadSchema.type("`training`"), WorkloadSchema.NAME,
                Key.custom("hosts", "as for collectives", "the first `tp` × `pp` × `dp` hosts", "the GPUs, in rank "
                        + "order (tensor rank fastest, then data-parallel replica, then stage); exactly `tp` × `pp` × "
                        + "`dp` of them"),
                parallel("tp", "tensor-parallel size: consecutive ranks (one server on a rail-optimized fabric when ≤ "
                        + "its GPUs; a group across servers is warned about)"),
                parallel("pp", "pipeline stages"),
                parallel("dp", "data-parallel replicas"),
                Key.custom("ep", "integer ≥ 1, dividing `dp`", "`1`", "expert-parallel size (MoE): groups of `ep` "
                        + "replicas; it splits `dp`, the GPU count stays `tp` × `pp` × `dp`"),
                Key.choice("schedule", List.of("1f1b", "gpipe"), "1f1b", "pipeline schedule"),
                Key.custom("layers", "integer ≥ `pp`", "**required**", "transformer layers; spread as evenly as "
                        + "possible over the stages, the first stages taking one more when they do not divide"),
                Key.custom("micro_batches", "integer ≥ 1 (≥ `pp` for `1f1b`)", "`pp`", "micro-batches per iteration "
                        + "and pipeline (gradient accumulation steps without a pipeline)"),
                ITERATIONS, START,
                Key.integer("hidden", 1, MAX_DIM, null, "hidden size h").defaultDoc("**required**"),
                Key.integer("seq", 1, MAX_DIM, null, "sequence length s").defaultDoc("**required**"),
                Key.integer("micro_batch", 1, MAX_DIM, 1, "sequences per micro-batch b"),
                Key.integer("dtype_bytes", 1, 16, 2, "bytes per activation and parameter element (bf16, fp16)"),
                Key.integer("grad_dtype_bytes", 1, 16, 4, "bytes per gradient element as reduced (fp32)"),
                Key.custom("params", "count (`6.7e9`, `6.7B`, `350M`)", "–",
                        "the model's parameters, spread evenly over the layers; or"),
                Key.custom("layer_params", "a count, or a list of one count per layer", "a GPT layer: 12h² + 13h",
                        "parameters per layer (before tensor parallelism); give `params` or `layer_params`, not both"),
                Key.integer("experts", 0, MAX_COUNT, 0, "experts per MoE layer (0: dense); a multiple of `ep`"),
                Key.custom("top_k", "integer 1..`experts`", "`2` (1 with one expert)", "experts per token"),
                Key.custom("moe_every", "integer 1..`layers`", "`1`", "every n-th layer is an MoE layer"),
                Key.custom("routing_skew", "number ≥ 0", "`0`", "expert e gets a share proportional to 1/(e+1)^skew "
                        + "of the tokens (hot experts); or"),
                Key.custom("routing", "list of `experts` weights ≥ 0", "–", "each expert's relative share of the tokens"),
                Key.bool("sequence_parallel", false, "tensor-parallel all-reduces become reduce-scatter + all-gather; "
                        + "required for MoE with `tp` > 1"),
                Key.integer("zero", 0, 3, 0, "ZeRO stage of the data-parallel group: 0 all-reduce gradients; 1, 2 "
                        + "reduce-scatter them and all-gather the parameters after the optimizer; 3 reduce-scatter them "
                        + "and all-gather each layer's parameters before its forward and backward"),
                Key.size("bucket", 25L << 20, "gradient bucket").atLeast(1, "must be > 0 bytes, e.g. 25MB"),
                Key.bool("overlap_grad_reduce", true, "buckets are reduced during the last micro-batch's backward pass "
                        + "as they fill; `false`: after it"),
                Key.section("compute", COMPUTE, "**required**", "one layer's forward and backward time for one "
                        + "micro-batch on one GPU, or the GPU's speed; and the optimizer step"),
                Key.bool("recompute", false, "full activation recomputation: each layer's forward runs again before "
                        + "its backward"),
                Key.section("checkpoint", CHECKPOINT, "none", "a blocking checkpoint of the job to storage hosts"),
                Key.custom("timeline_replica", "integer 0..`dp`−1", "`0`",
                        "the data-parallel replica whose stages (tensor rank 0) go to `timeline.csv`")));
        k.addAll(CALL);
        return k;
    }

    private static Key parallel(String name, String doc) {
        return Key.integer(name, 1, MAX_PARALLEL, 1, doc);
    }

    /**
     * The keys the resolved scenario writes first, in this order, before the rest in {@link #TRAINING}'s: the order
     * a training job's resolved keys had before the schema (the parallel layout and the run, then the model).
     */
    public static final List<String> RESOLVED_FIRST = List.of("hosts", "tp", "pp", "dp", "ep", "schedule",
            "micro_batches", "sequence_parallel", "zero", "overlap_grad_reduce", "bucket", "iterations", "start");

    /** {@code c}'s resolved plain keys, {@code compute} and {@code checkpoint} (when there is one) nested. */
    public static Values values(TrainingConfig c) {
        Parallelism p = c.parallel();
        ModelShape m = c.model();
        CommSettings s = c.comm();
        CheckpointPlan k = c.checkpoint();
        return TrafficSchema.values(TRAINING, CollectiveSchema.withCall(new Object[] {"tp", p.tp(), "pp", p.pp(),
                "dp", p.dp(), "schedule", p.schedule().key(), "iterations", c.iterations(), "start", c.startPs(),
                "hidden", (int) m.hidden(), "seq", (int) m.seq(), "micro_batch", (int) m.microBatch(),
                "dtype_bytes", m.dtypeBytes(), "grad_dtype_bytes", m.gradDtypeBytes(), "experts", m.experts(),
                "sequence_parallel", p.sequenceParallel(), "zero", p.zero(), "bucket", c.bucketBytes(),
                "overlap_grad_reduce", p.overlapGradReduce(), "compute", values(c.compute()),
                "recompute", c.compute().recompute(), "checkpoint", k == null ? null : TrafficSchema.values(CHECKPOINT,
                        "every", k.every(), "size", k.bytesPerRank(), "chunk", k.chunkBytes(), "ranks",
                        TrainingCheckpointReader.ranksKey(k, c.hosts().size()))},
                s.connection(), s.baseLatencyPs(), s.stepLatencyPs(), s.nvlinkStepPs(), s.ringOrder(), s.pxn(),
                s.tuner(), "cts_delay", CollectiveSchema.latency(s.ctsDelayPs())));
    }

    /** {@code c}'s resolved plain keys: the times, or the efficiency of {@code gpu_flops}; the optimizer step. */
    public static Values values(ComputeModel c) {
        return TrafficSchema.values(COMPUTE, "forward", c.fromFlops() ? null : c.forwardPs(), "backward",
                c.fromFlops() ? null : c.backwardPs(), "efficiency", c.fromFlops() ? c.efficiency() : null,
                "optimizer", c.optimizerPs());
    }

    /** {@code t}'s resolved plain keys ({@link #CHAKRA} or {@link #SIMAI}). */
    public static Values values(TraceWorkload t) {
        CommSettings s = t.comm();
        return TrafficSchema.values(t.type().equals("chakra") ? CHAKRA : SIMAI, CollectiveSchema.withCall(
                new Object[] {"iterations", t.iterations(), "start", t.startPs()}, s.connection(), s.baseLatencyPs(),
                s.stepLatencyPs(), s.nvlinkStepPs(), s.ringOrder(), s.pxn(), s.tuner(), "cts_delay",
                CollectiveSchema.latency(s.ctsDelayPs())));
    }
}
