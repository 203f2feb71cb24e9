package org.lossless.workloads.spec;

import java.util.List;

import org.lossless.core.settings.Values;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.ReplicationConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: replication} workload (docs/scenario.md, "replication"). */
final class ReplicationReader {
    static final String[] KEYS = StorageSchema.REPLICATION.names();

    private ReplicationReader() {
    }

    static StorageWorkloads.Replication read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "replication-" + index);
        List<Integer> clients = HostLists.read(w.key("clients"), topology, null, "[4, 5]");
        List<Integer> osds = HostLists.read(w.key("osds"), topology, null, "\"0-3\"");
        HostLists.disjoint(w.key("osds"), clients, "clients", osds);
        int replicas = (int) w.key("replicas").integer(Math.min(ReplicationConfig.DEFAULT_REPLICAS, osds.size()), 1,
                osds.size());
        Values v = TrafficSchema.read(w, StorageSchema.REPLICATION);
        long object = v.number("object_size");
        int outstanding = v.integer("outstanding");
        Cursor writesKey = w.key("writes");
        long writes = writesKey.present() ? writesKey.integer(1, Long.MAX_VALUE) : NvmeofConfig.UNLIMITED;
        long duration = v.has("duration") ? v.number("duration") : NvmeofConfig.UNLIMITED;
        if (writes == NvmeofConfig.UNLIMITED && duration < 0) {
            throw writesKey.error("is required unless duration is given: writes per client (e.g. writes: 100), or "
                    + "duration: 5ms, or both (whichever ends first)");
        }
        long rate = w.key("rate").integer(0, 0, Long.MAX_VALUE);
        long start = v.number("start");
        long osdLatency = v.number("osd_latency");
        long ack = v.number("ack_size");
        int priority = TrafficSchema.priority(v, defaultPriority);
        int dscp = TrafficSchema.dscp(v, priority);
        return new StorageWorkloads.Replication(TrafficKeys.build(w, () -> new ReplicationConfig(name, clients, osds,
                replicas, object, outstanding, writes, duration, rate, start, osdLatency, ack, priority, dscp)));
    }
}
