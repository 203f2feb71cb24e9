package org.lossless.workloads.spec;

import java.util.List;

import org.lossless.workloads.collective.TunerMode;
import java.util.Locale;

import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Values;
import org.lossless.workloads.training.CheckpointPlan;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.parametric.ComputeModel;
import org.lossless.workloads.training.parametric.ModelShape;
import org.lossless.workloads.training.parametric.Parallelism;
import org.lossless.workloads.training.parametric.TrainingConfig;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads a {@code type: training} job (docs/scenario.md, "Training jobs"); every check that needs no simulation is
 * made here, so a bad job fails before the run with the key at fault.
 */
final class TrainingReader {
    private TrainingReader() {
    }

    static TrainingWorkload read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(TrainingSchema.TRAINING.names());
        String name = WorkloadReader.workloadName(w.key("name"), "training-" + index);
        Values v = CollectiveSchema.read(w, TrainingSchema.TRAINING);
        int tp = v.integer("tp");
        int pp = v.integer("pp");
        int dp = v.integer("dp");
        Key parallel = TrainingSchema.TRAINING.key("tp");
        int ep = (int) w.key("ep").integer(1, parallel.min(), parallel.max());
        long gpus = (long) tp * pp * dp;
        List<Integer> hosts = hosts(w, topology, gpus, tp, pp, dp);
        Parallelism.Schedule schedule = v.text("schedule").equals("gpipe") ? Parallelism.Schedule.GPIPE
                : Parallelism.Schedule.ONE_F_ONE_B;
        ModelShape model = TrainingModelReader.model(w, v);
        int micro = (int) w.key("micro_batches").integer(pp, 1, TrainingSchema.MAX_COUNT);
        if (schedule == Parallelism.Schedule.ONE_F_ONE_B && micro < pp) {
            throw w.key("micro_batches").error("is " + micro + " but 1F1B needs at least one micro-batch per stage (pp = "
                    + pp + "): use micro_batches >= " + pp + " or schedule: gpipe");
        }
        if (model.layers() < pp) {
            throw w.key("layers").error("is " + model.layers() + " but pp is " + pp + ": every stage needs at least one "
                    + "layer");
        }
        if (dp % ep != 0) {
            throw w.key("ep").error("is " + ep + " but must divide dp (" + dp + "): expert groups are made of "
                    + "data-parallel ranks, so tp x pp x dp stays the GPU count");
        }
        if (ep > 1 && model.experts() == 0) {
            throw w.key("ep").error("is " + ep + " but the model has no experts (key experts)");
        }
        if (model.experts() > 0 && model.experts() % ep != 0) {
            throw w.key("experts").error("is " + model.experts() + " but must be a multiple of ep (" + ep + ")");
        }
        boolean sp = v.bool("sequence_parallel");
        if (model.experts() > 0 && tp > 1 && !sp) {
            throw w.key("sequence_parallel").error("must be true for an MoE model with tp > 1 (each tensor rank then "
                    + "dispatches its own share of the tokens, as Megatron-Core requires)");
        }
        ComputeModel compute = TrainingModelReader.compute(w, v);
        int replica = (int) w.key("timeline_replica").integer(0, 0, dp - 1);
        CommSettings comm = comm(w, v, topology, defaultPriority);
        CheckpointPlan checkpoint = TrainingCheckpointReader.read(w.key("checkpoint"), v.nested("checkpoint"), topology,
                hosts, tp, dp);
        Parallelism par = new Parallelism(tp, pp, dp, ep, schedule, micro, sp, v.integer("zero"),
                v.bool("overlap_grad_reduce"));
        TrainingConfig cfg = TrafficKeys.build(w, () -> new TrainingConfig(name, hosts, par, model, compute,
                v.number("bucket"), v.integer("iterations"), v.number("start"), comm, checkpoint, replica));
        TrainingChecks.planSizes(w, cfg, topology);
        return new TrainingWorkload(cfg, TrainingChecks.warnings(cfg));
    }

    /** The job's GPUs: {@code hosts}, or the first tp x pp x dp hosts; their count must be tp x pp x dp. */
    private static List<Integer> hosts(Cursor w, WorkloadFabric topology, long gpus, int tp, int pp, int dp) {
        Cursor h = w.key("hosts");
        String grid = "tp x pp x dp = " + tp + " x " + pp + " x " + dp + " = " + gpus;
        if (!h.present()) {
            if (gpus > topology.hostCount()) {
                throw w.key("tp").error(grid + " GPUs, but the " + topology.type() + " topology has only "
                        + topology.hostCount() + " hosts (ep does not multiply: it splits dp)");
            }
            return HostLists.all((int) gpus);
        }
        if (h.isList() && h.list().size() != gpus) {
            throw h.error("gives " + h.list().size() + " GPUs but " + grid + " (ep does not multiply: it splits dp); "
                    + "list exactly " + gpus + " hosts");
        }
        if (gpus == 1 && h.isList()) {
            return List.of(WorkloadReader.host(h.list().get(0), topology));
        }
        List<Integer> hosts = PlacementReader.hosts(h, topology);
        if (hosts.size() != gpus) {
            throw h.error("gives " + hosts.size() + " GPUs but " + grid + " (ep does not multiply: it splits dp); "
                    + "list exactly " + gpus + " hosts");
        }
        return hosts;
    }

    /**
     * The collective keys of a training job or a trace ({@link TrainingSchema#CALL}): {@code channels},
     * {@code algorithm} and {@code protocol} read here, the rest from {@code v}, the job's section as read.
     */
    static CommSettings comm(Cursor w, Values v, WorkloadFabric topology, int defaultPriority) {
        GpuServers servers = CollectiveReader.servers(topology);
        Cursor ch = w.key("channels");
        int channels = !ch.present() || ch.isScalar() && CollectiveReader.AUTO.equals(ch.text("a count or auto").strip())
                ? CommSettings.AUTO : (int) ch.integer(1, org.lossless.workloads.collective.CollectiveJob.MAX_CHANNELS);
        String a = w.key("algorithm").oneOf(CollectiveReader.AUTO, List.of(CollectiveReader.AUTO, "ring", "tree"));
        Algorithm algorithm = a.equals(CollectiveReader.AUTO) ? null : Algorithm.valueOf(a.toUpperCase(Locale.ROOT));
        String p = w.key("protocol").oneOf(CollectiveReader.AUTO, List.of(CollectiveReader.AUTO, "simple", "ll128", "ll"));
        Protocol protocol = p.equals(CollectiveReader.AUTO) ? null : Protocol.valueOf(p.toUpperCase(Locale.ROOT));
        return new CommSettings(channels, algorithm, protocol, CollectiveSchema.options(v, defaultPriority),
                CollectiveSchema.latencyPs(v, "base_latency"), CollectiveSchema.latencyPs(v, "step_latency"),
                CollectiveSchema.latencyPs(v, "nvlink_step_latency"), CollectiveSchema.choice(v, "ring_order",
                RingOrder.class), v.bool("pxn"), servers, CollectiveSchema.choice(v, "tuner", TunerMode.class),
                CollectiveSchema.latencyPs(v, "cts_delay"));
    }
}
