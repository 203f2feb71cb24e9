package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.spec.StorageWorkloads;
import org.lossless.workloads.spec.DatacenterWorkloads;
import org.lossless.workloads.yaml.Cursor;

import static org.lossless.experiments.scenario.ResolvedYaml.quantity;

import java.util.List;
import java.util.Map;

import org.lossless.core.units.Units;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.workloads.datacenter.CdfConfig;
import org.lossless.workloads.datacenter.IncastConfig;
import org.lossless.workloads.datacenter.IncastOverlay;
import org.lossless.workloads.datacenter.PermutationConfig;
import org.lossless.workloads.storage.CheckpointConfig;
import org.lossless.workloads.storage.IoClass;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.ReplicationConfig;

/**
 * The resolved keys of the storage and datacenter workloads ({@code scenario.resolved.yaml}), every default
 * written out, host lists compacted into ranges ({@code "1-32"}).
 */
final class TrafficWorkloadYaml {
    private TrafficWorkloadYaml() {
    }

    /** Writes {@code w}'s keys into {@code n} (type and name are already there); false if it is not one of these. */
    static boolean write(WorkloadConfig w, ObjectNode n) {
        if (w instanceof StorageWorkloads.Nvmeof x) {
            nvmeof(x, n);
        } else if (w instanceof StorageWorkloads.Replication x) {
            replication(x.config(), n);
        } else if (w instanceof StorageWorkloads.Checkpoint x) {
            checkpoint(x.config(), n);
        } else if (w instanceof DatacenterWorkloads.Cdf x) {
            cdf(x, n);
        } else if (w instanceof DatacenterWorkloads.Incast x) {
            incast(x.config(), n);
        } else if (w instanceof DatacenterWorkloads.Permutation x) {
            permutation(x.config(), n);
        } else {
            return false;
        }
        return true;
    }

    private static void nvmeof(StorageWorkloads.Nvmeof x, ObjectNode n) {
        NvmeofConfig c = x.config();
        hosts(n, "initiators", c.initiators());
        hosts(n, "targets", c.targets());
        if (x.blockSizes() != null) {
            Map<Long, Double> sizes = x.blockSizes();
            if (sizes.size() == 1 && sizes.values().iterator().next() == 1.0) {
                quantity(n, "block_size", Units.formatSize(sizes.keySet().iterator().next()));
            } else {
                ObjectNode b = n.putObject("block_size");
                sizes.forEach((size, weight) -> b.put(Units.formatSize(size), weight));
            }
            n.put("read_fraction", x.readFraction());
        } else {
            ArrayNode mix = n.putArray("mix");
            for (IoClass k : c.mix().classes()) {
                ObjectNode o = mix.addObject();
                o.put("op", k.op().key());
                quantity(o, "size", Units.formatSize(k.sizeBytes()));
                o.put("weight", k.weight());
            }
        }
        n.put("queue_depth", c.queueDepth());
        if (c.ios() != NvmeofConfig.UNLIMITED) {
            n.put("ios", c.ios());
        }
        if (c.durationPs() != NvmeofConfig.UNLIMITED) {
            quantity(n, "duration", Units.formatTime(c.durationPs()));
        }
        n.put("iops", c.iops());
        quantity(n, "start", Units.formatTime(c.startPs()));
        quantity(n, "inline_data", Units.formatSize(c.inlineBytes()));
        quantity(n, "mdts", Units.formatSize(c.mdtsBytes()));
        quantity(n, "rdma_read_max", Units.formatSize(c.rdmaReadMaxBytes()));
        quantity(n, "rdma_write_max", Units.formatSize(c.rdmaWriteMaxBytes()));
        quantity(n, "device_latency", Units.formatTime(c.deviceLatencyPs()));
        n.put("spread", Cursor.yamlName(c.spread()));
        n.put("priority", c.priority());
        n.put("dscp", c.dscp());
    }

    private static void replication(ReplicationConfig c, ObjectNode n) {
        hosts(n, "clients", c.clients());
        hosts(n, "osds", c.osds());
        n.put("replicas", c.replicas());
        quantity(n, "object_size", Units.formatSize(c.objectBytes()));
        n.put("outstanding", c.outstanding());
        if (c.writes() != NvmeofConfig.UNLIMITED) {
            n.put("writes", c.writes());
        }
        if (c.durationPs() != NvmeofConfig.UNLIMITED) {
            quantity(n, "duration", Units.formatTime(c.durationPs()));
        }
        n.put("rate", c.rate());
        quantity(n, "start", Units.formatTime(c.startPs()));
        quantity(n, "osd_latency", Units.formatTime(c.osdLatencyPs()));
        quantity(n, "ack_size", Units.formatSize(c.ackBytes()));
        n.put("priority", c.priority());
        n.put("dscp", c.dscp());
    }

    private static void checkpoint(CheckpointConfig c, ObjectNode n) {
        hosts(n, "ranks", c.ranks());
        hosts(n, "servers", c.servers());
        quantity(n, "size", Units.formatSize(c.bytesPerRank()));
        quantity(n, "chunk", Units.formatSize(c.chunkBytes()));
        if (c.inflight() == CheckpointConfig.ALL) {
            n.put("inflight", "all");
        } else {
            n.put("inflight", c.inflight());
        }
        quantity(n, "start", Units.formatTime(c.startPs()));
        n.put("repeat", c.repeat());
        if (c.periodPs() > 0) {
            quantity(n, "period", Units.formatTime(c.periodPs()));
        }
        n.put("priority", c.priority());
        n.put("dscp", c.dscp());
    }

    private static void cdf(DatacenterWorkloads.Cdf x, ObjectNode n) {
        CdfConfig c = x.config();
        n.put("distribution", x.distribution() != null ? x.distribution() : x.distributionFile().toString());
        hosts(n, "hosts", c.hosts());
        n.put("load", c.load());
        quantity(n, "duration", Units.formatTime(c.durationPs()));
        quantity(n, "start", Units.formatTime(c.startPs()));
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
        IncastOverlay o = c.incast();
        if (o != null) {
            ObjectNode i = n.putObject("incast");
            i.put("senders", o.senders());
            quantity(i, "size", Units.formatSize(o.sizeBytes()));
            if (o.load() > 0) {
                i.put("load", o.load());
            } else {
                quantity(i, "interval", Units.formatTime(o.intervalPs()));
            }
        }
        n.put("priority", c.priority());
        n.put("dscp", c.dscp());
        n.put("qps", c.qps());
    }

    private static void incast(IncastConfig c, ObjectNode n) {
        n.put("receiver", c.receiver());
        hosts(n, "senders", c.senders());
        quantity(n, "size", Units.formatSize(c.sizeBytes()));
        quantity(n, "start", Units.formatTime(c.startPs()));
        n.put("repeat", c.repeat());
        quantity(n, "gap", Units.formatTime(c.gapPs()));
        quantity(n, "jitter", Units.formatTime(c.jitterPs()));
        n.put("priority", c.priority());
        n.put("dscp", c.dscp());
        n.put("qps", c.qps());
    }

    private static void permutation(PermutationConfig c, ObjectNode n) {
        hosts(n, "hosts", c.hosts());
        quantity(n, "size", Units.formatSize(c.sizeBytes()));
        quantity(n, "start", Units.formatTime(c.startPs()));
        n.put("priority", c.priority());
        n.put("dscp", c.dscp());
        n.put("qps", c.qps());
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
