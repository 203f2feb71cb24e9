package org.lossless.experiments.scenario;

import static org.lossless.experiments.scenario.ResolvedYaml.quantity;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.core.units.Units;
import org.lossless.workloads.datacenter.IncastConfig;
import org.lossless.workloads.spec.DatacenterSchema;
import org.lossless.workloads.spec.DatacenterWorkloads;
import org.lossless.workloads.spec.FlowsSchema;
import org.lossless.workloads.spec.StorageSchema;
import org.lossless.workloads.spec.StorageWorkloads;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.storage.CheckpointConfig;
import org.lossless.workloads.storage.IoClass;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.ReplicationConfig;

/**
 * The resolved keys of the flow, storage and datacenter workloads ({@code scenario.resolved.yaml}), every default
 * written out, host lists compacted into ranges ({@code "1-32"}): the plain keys from each type's schema
 * ({@link FlowsSchema}, {@link StorageSchema}, {@link DatacenterSchema}) in its key order, the custom rows (host
 * lists, mixes, counts, files) by the writers here.
 */
final class TrafficWorkloadYaml {
    private TrafficWorkloadYaml() {
    }

    /** Writes {@code w}'s keys into {@code n} (type and name are already there); false if it is not one of these. */
    static boolean write(WorkloadConfig w, ObjectNode n) {
        if (w instanceof WorkloadConfig.Flows x) {
            ArrayNode list = n.putArray("flows");
            for (WorkloadConfig.FlowSpec f : x.flows()) {
                flow(f, list.addObject());
            }
        } else if (w instanceof WorkloadConfig.HpccFlows x) {
            SectionYaml.write(FlowsSchema.values(x), n, Map.of("path", () -> n.put("path", x.path().toString())));
        } else if (w instanceof StorageWorkloads.Nvmeof x) {
            nvmeof(x, n);
        } else if (w instanceof StorageWorkloads.Replication x) {
            replication(x.config(), n);
        } else if (w instanceof StorageWorkloads.Checkpoint x) {
            checkpoint(x.config(), n);
        } else if (w instanceof DatacenterWorkloads.Cdf x) {
            cdf(x, n);
        } else if (w instanceof DatacenterWorkloads.Incast x) {
            IncastConfig c = x.config();
            SectionYaml.write(DatacenterSchema.values(c), n, Map.of("receiver", () -> n.put("receiver", c.receiver()),
                    "senders", () -> hosts(n, "senders", c.senders())));
        } else if (w instanceof DatacenterWorkloads.Permutation x) {
            SectionYaml.write(DatacenterSchema.values(x.config()), n, Map.of(
                    "hosts", () -> hosts(n, "hosts", x.config().hosts())));
        } else {
            return false;
        }
        return true;
    }

    private static void flow(WorkloadConfig.FlowSpec f, ObjectNode o) {
        SectionYaml.write(FlowsSchema.values(f), o, Map.of(
                "src", () -> o.put("src", f.src()),
                "dst", () -> o.put("dst", f.dst()),
                "connection", () -> {
                    if (f.connection() != null) {
                        o.put("connection", f.connection());
                    }
                },
                "depends_on", () -> {
                    if (!f.dependsOn().isEmpty()) {
                        f.dependsOn().forEach(o.putArray("depends_on")::add);
                    }
                }));
    }

    private static void nvmeof(StorageWorkloads.Nvmeof x, ObjectNode n) {
        NvmeofConfig c = x.config();
        SectionYaml.write(StorageSchema.values(x), n, Map.of(
                "initiators", () -> hosts(n, "initiators", c.initiators()),
                "targets", () -> hosts(n, "targets", c.targets()),
                "block_size", () -> blockSizes(x.blockSizes(), n),
                "mix", () -> {
                    if (x.blockSizes() == null) {
                        ArrayNode mix = n.putArray("mix");
                        for (IoClass k : c.mix().classes()) {
                            ObjectNode o = mix.addObject();
                            o.put("op", k.op().key());
                            quantity(o, "size", Units.formatSize(k.sizeBytes()));
                            o.put("weight", k.weight());
                        }
                    }
                },
                "ios", () -> {
                    if (c.ios() != NvmeofConfig.UNLIMITED) {
                        n.put("ios", c.ios());
                    }
                },
                "iops", () -> n.put("iops", c.iops())));
    }

    /** {@code block_size}: one size of weight 1 as a size, else a mapping size -&gt; weight; none with a mix. */
    private static void blockSizes(Map<Long, Double> sizes, ObjectNode n) {
        if (sizes == null) {
            return;
        }
        if (sizes.size() == 1 && sizes.values().iterator().next() == 1.0) {
            quantity(n, "block_size", Units.formatSize(sizes.keySet().iterator().next()));
        } else {
            ObjectNode b = n.putObject("block_size");
            sizes.forEach((size, weight) -> b.put(Units.formatSize(size), weight));
        }
    }

    private static void replication(ReplicationConfig c, ObjectNode n) {
        SectionYaml.write(StorageSchema.values(c), n, Map.of(
                "clients", () -> hosts(n, "clients", c.clients()),
                "osds", () -> hosts(n, "osds", c.osds()),
                "replicas", () -> n.put("replicas", c.replicas()),
                "writes", () -> {
                    if (c.writes() != NvmeofConfig.UNLIMITED) {
                        n.put("writes", c.writes());
                    }
                },
                "rate", () -> n.put("rate", c.rate())));
    }

    private static void checkpoint(CheckpointConfig c, ObjectNode n) {
        SectionYaml.write(StorageSchema.values(c), n, Map.of(
                "ranks", () -> hosts(n, "ranks", c.ranks()),
                "servers", () -> hosts(n, "servers", c.servers()),
                "inflight", () -> {
                    if (c.inflight() == CheckpointConfig.ALL) {
                        n.put("inflight", "all");
                    } else {
                        n.put("inflight", c.inflight());
                    }
                }));
    }

    private static void cdf(DatacenterWorkloads.Cdf x, ObjectNode n) {
        SectionYaml.write(DatacenterSchema.values(x.config()), n, Map.of(
                "distribution", () -> n.put("distribution", x.distribution() != null ? x.distribution()
                        : x.distributionFile().toString()),
                "hosts", () -> hosts(n, "hosts", x.config().hosts()),
                "matrix", () -> {
                    if (x.matrixFile() != null) {
                        n.put("matrix", x.matrixFile().toString());
                    } else if (x.matrix() != null) {
                        ArrayNode rows = n.putArray("matrix");
                        for (double[] row : x.matrix()) {
                            ArrayNode r = rows.addArray();
                            for (double v : row) {
                                r.add(v);
                            }
                        }
                    }
                }));
    }

    /** A host list, runs of 3 or more consecutive ascending hosts as {@code "a-b"}. */
    static void hosts(ObjectNode n, String key, List<Integer> hosts) {
        ArrayNode a = n.putArray(key);
        int i = 0;
        while (i < hosts.size()) {
            int j = i;
            while (j + 1 < hosts.size() && hosts.get(j + 1) == hosts.get(j) + 1) {
                j++;
            }
            if (j - i >= 2) {
                a.add(hosts.get(i) + "-" + hosts.get(j));
            } else {
                for (int k = i; k <= j; k++) {
                    a.add(hosts.get(k));
                }
            }
            i = j + 1;
        }
    }
}
