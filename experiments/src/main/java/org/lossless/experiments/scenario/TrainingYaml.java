package org.lossless.experiments.scenario;

import static org.lossless.experiments.scenario.ResolvedYaml.quantity;

import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.core.units.Units;
import org.lossless.workloads.training.CheckpointPlan;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.parametric.ComputeModel;
import org.lossless.workloads.training.parametric.ModelShape;
import org.lossless.workloads.training.parametric.Parallelism;
import org.lossless.workloads.training.parametric.TrainingConfig;
import org.lossless.workloads.spec.TrainingWorkload;

/** Writes a training job's keys, every default filled in, for {@link ResolvedYaml}. */
final class TrainingYaml {
    private static final String AUTO = "auto";

    private TrainingYaml() {
    }

    static void write(ObjectNode n, TrainingWorkload w) {
        TrainingConfig c = w.config();
        hosts(n, c.hosts());
        Parallelism p = c.parallel();
        n.put("tp", p.tp());
        n.put("pp", p.pp());
        n.put("dp", p.dp());
        n.put("ep", p.ep());
        n.put("schedule", p.schedule().key());
        n.put("micro_batches", p.microBatches());
        n.put("sequence_parallel", p.sequenceParallel());
        n.put("zero", p.zero());
        n.put("overlap_grad_reduce", p.overlapGradReduce());
        quantity(n, "bucket", Units.formatSize(c.bucketBytes()));
        n.put("iterations", c.iterations());
        quantity(n, "start", Units.formatTime(c.startPs()));
        model(n, c.model());
        compute(n, c.compute());
        if (c.checkpoint() != null) {
            checkpoint(n.putObject("checkpoint"), c.checkpoint(), c.hosts().size());
        }
        n.put("timeline_replica", c.timelineReplica());
        comm(n, c.comm());
    }

    static void hosts(ObjectNode n, List<Integer> hosts) {
        boolean contiguous = true;
        for (int i = 1; i < hosts.size(); i++) {
            contiguous &= hosts.get(i) == hosts.get(i - 1) + 1;
        }
        if (contiguous && hosts.size() > 1) {
            n.put("hosts", hosts.get(0) + "-" + hosts.get(hosts.size() - 1));
        } else {
            ArrayNode a = n.putArray("hosts");
            hosts.forEach(a::add);
        }
    }

    private static void model(ObjectNode n, ModelShape m) {
        n.put("layers", m.layers());
        n.put("hidden", m.hidden());
        n.put("seq", m.seq());
        n.put("micro_batch", m.microBatch());
        n.put("dtype_bytes", m.dtypeBytes());
        n.put("grad_dtype_bytes", m.gradDtypeBytes());
        if (m.params() >= 0) {
            n.put("params", m.params());
        } else if (m.layerParams().stream().distinct().count() == 1) {
            n.put("layer_params", m.layerParams().get(0));
        } else {
            ArrayNode a = n.putArray("layer_params");
            m.layerParams().forEach(a::add);
        }
        n.put("experts", m.experts());
        if (m.experts() > 0) {
            n.put("top_k", m.topK());
            n.put("moe_every", m.moeEvery());
            if (m.routing().isEmpty()) {
                n.put("routing_skew", m.skew());
            } else {
                ArrayNode a = n.putArray("routing");
                m.routing().forEach(a::add);
            }
        }
    }

    private static void compute(ObjectNode n, ComputeModel c) {
        ObjectNode o = n.putObject("compute");
        if (c.fromFlops()) {
            o.put("gpu_flops", c.gpuFlops());
            o.put("efficiency", c.efficiency());
        } else {
            quantity(o, "forward", Units.formatTime(c.forwardPs()));
            quantity(o, "backward", Units.formatTime(c.backwardPs()));
        }
        quantity(o, "optimizer", Units.formatTime(c.optimizerPs()));
        n.put("recompute", c.recompute());
    }

    private static void checkpoint(ObjectNode o, CheckpointPlan p, int ranks) {
        o.put("every", p.every());
        ArrayNode s = o.putArray("servers");
        for (int h : p.servers()) {
            s.add(h);
        }
        quantity(o, "size", Units.formatSize(p.bytesPerRank()));
        quantity(o, "chunk", Units.formatSize(p.chunkBytes()));
        o.put("ranks", p.writers().length == ranks ? "all" : "replica");
    }

    static void comm(ObjectNode n, CommSettings s) {
        if (s.channels() == CommSettings.AUTO) {
            n.put("channels", AUTO);
        } else {
            n.put("channels", s.channels());
        }
        n.put("algorithm", s.algorithm() == null ? AUTO : s.algorithm().key());
        n.put("protocol", s.protocol() == null ? AUTO : s.protocol().key());
        n.put("priority", s.connection().priority());
        n.put("dscp", s.connection().resolvedDscp());
        n.put("cc", s.connection().cc() == null ? "nic" : s.connection().cc());
        n.put("qps", s.connection().qps());
        latency(n, "base_latency", s.baseLatencyPs());
        latency(n, "step_latency", s.stepLatencyPs());
        latency(n, "nvlink_step_latency", s.nvlinkStepPs());
        n.put("ring_order", s.ringOrder().key());
        n.put("pxn", s.pxn());
        n.put("tuner", s.tuner().key());
    }

    private static void latency(ObjectNode n, String key, long ps) {
        if (ps < 0) {
            n.put(key, AUTO);
        } else {
            quantity(n, key, Units.formatTime(ps));
        }
    }
}
