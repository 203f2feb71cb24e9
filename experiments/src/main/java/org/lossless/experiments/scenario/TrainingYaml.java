package org.lossless.experiments.scenario;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.core.settings.Values;
import org.lossless.workloads.spec.TraceWorkload;
import org.lossless.workloads.spec.TrainingSchema;
import org.lossless.workloads.spec.TrainingWorkload;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.parametric.ComputeModel;
import org.lossless.workloads.training.parametric.ModelShape;
import org.lossless.workloads.training.parametric.TrainingConfig;

/**
 * Writes a training job's and a trace's ({@code chakra}, {@code simai}) keys, every default filled in, for
 * {@link ResolvedYaml}: the plain keys from {@link TrainingSchema} (a training job's layout and run keys first,
 * {@link TrainingSchema#RESOLVED_FIRST}), the custom rows here.
 */
final class TrainingYaml {
    private static final String AUTO = "auto";

    private TrainingYaml() {
    }

    static void write(ObjectNode n, TrainingWorkload w) {
        TrainingConfig c = w.config();
        Values v = TrainingSchema.values(c);
        Map<String, Runnable> custom = comm(n, c.comm());
        custom.put("hosts", () -> hosts(n, c.hosts()));
        custom.put("ep", () -> n.put("ep", c.parallel().ep()));
        custom.put("micro_batches", () -> n.put("micro_batches", c.parallel().microBatches()));
        custom.put("timeline_replica", () -> n.put("timeline_replica", c.timelineReplica()));
        model(n, c.model(), custom);
        custom.put("compute", () -> compute(n.putObject("compute"), c.compute(), v.nested("compute")));
        custom.put("checkpoint", () -> {
            if (c.checkpoint() != null) {
                ObjectNode o = n.putObject("checkpoint");
                SectionYaml.write(v.nested("checkpoint"), o, Map.of("servers", () -> {
                    ArrayNode s = o.putArray("servers");
                    for (int h : c.checkpoint().servers()) {
                        s.add(h);
                    }
                }));
            }
        });
        SectionYaml.write(v, n, custom, TrainingSchema.RESOLVED_FIRST);
    }

    /** A chakra or simai workload's keys. */
    static void trace(ObjectNode n, TraceWorkload t) {
        Map<String, Runnable> custom = comm(n, t.comm());
        custom.put(t.type().equals("chakra") ? "traces" : "path", () -> n.put(t.type().equals("chakra") ? "traces"
                : "path", t.path().toString()));
        custom.put("hosts", () -> hosts(n, t.hosts()));
        custom.put("comm_groups", () -> {
            if (!t.groups().isEmpty()) {
                ObjectNode g = n.putObject("comm_groups");
                t.groups().forEach((k, v) -> v.forEach(g.putArray(k)::add));
            }
        });
        SectionYaml.write(TrainingSchema.values(t), n, custom);
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

    /** The writers of the model's custom rows: layers, the parameter counts, and the MoE keys when it has experts. */
    private static void model(ObjectNode n, ModelShape m, Map<String, Runnable> custom) {
        custom.put("layers", () -> n.put("layers", m.layers()));
        custom.put("params", () -> {
            if (m.params() >= 0) {
                n.put("params", m.params());
            }
        });
        custom.put("layer_params", () -> {
            if (m.params() >= 0) {
                return;
            }
            if (m.layerParams().stream().distinct().count() == 1) {
                n.put("layer_params", m.layerParams().get(0));
            } else {
                ArrayNode a = n.putArray("layer_params");
                m.layerParams().forEach(a::add);
            }
        });
        if (m.experts() > 0) {
            custom.put("top_k", () -> n.put("top_k", m.topK()));
            custom.put("moe_every", () -> n.put("moe_every", m.moeEvery()));
            if (m.routing().isEmpty()) {
                custom.put("routing_skew", () -> n.put("routing_skew", m.skew()));
            } else {
                custom.put("routing", () -> m.routing().forEach(n.putArray("routing")::add));
            }
        }
    }

    private static void compute(ObjectNode o, ComputeModel c, Values v) {
        SectionYaml.write(v, o, Map.of("gpu_flops", () -> {
            if (c.fromFlops()) {
                o.put("gpu_flops", c.gpuFlops());
            }
        }));
    }

    /** The writers of the call keys that are custom rows: channels, algorithm and protocol ({@code auto} or one). */
    private static Map<String, Runnable> comm(ObjectNode n, CommSettings s) {
        Map<String, Runnable> custom = new HashMap<>();
        custom.put("channels", () -> {
            if (s.channels() == CommSettings.AUTO) {
                n.put("channels", AUTO);
            } else {
                n.put("channels", s.channels());
            }
        });
        custom.put("algorithm", () -> n.put("algorithm", s.algorithm() == null ? AUTO : s.algorithm().key()));
        custom.put("protocol", () -> n.put("protocol", s.protocol() == null ? AUTO : s.protocol().key()));
        return custom;
    }
}
