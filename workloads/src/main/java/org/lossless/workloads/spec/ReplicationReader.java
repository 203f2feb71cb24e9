package org.lossless.workloads.spec;

import java.util.List;

import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.ReplicationConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: replication} workload (docs/scenario.md, "replication"). */
final class ReplicationReader {
    static final String[] KEYS = {"type", "name", "clients", "osds", "replicas", "object_size", "outstanding", "writes",
        "duration", "rate", "start", "osd_latency", "ack_size", "priority", "dscp", "cc"};

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
        long object = TrafficKeys.positiveSize(w.key("object_size"), ReplicationConfig.DEFAULT_OBJECT, "4MiB");
        int outstanding = (int) w.key("outstanding").integer(1, 1, Integer.MAX_VALUE);
        Cursor writesKey = w.key("writes");
        long writes = writesKey.present() ? writesKey.integer(1, Long.MAX_VALUE) : NvmeofConfig.UNLIMITED;
        long duration = TrafficKeys.positiveTimeOrNone(w.key("duration"), "5ms");
        if (writes == NvmeofConfig.UNLIMITED && duration < 0) {
            throw writesKey.error("is required unless duration is given: writes per client (e.g. writes: 100), or "
                    + "duration: 5ms, or both (whichever ends first)");
        }
        long rate = w.key("rate").integer(0, 0, Long.MAX_VALUE);
        long start = w.key("start").timePs(0);
        long osdLatency = w.key("osd_latency").timePs(0);
        long ack = TrafficKeys.positiveSize(w.key("ack_size"), ReplicationConfig.DEFAULT_ACK, "64B");
        int priority = TrafficKeys.priority(w.key("priority"), defaultPriority);
        int dscp = WorkloadReader.dscp(w.key("dscp"), priority);
        return new StorageWorkloads.Replication(TrafficKeys.build(w, () -> new ReplicationConfig(name, clients, osds,
                replicas, object, outstanding, writes, duration, rate, start, osdLatency, ack, priority, dscp)));
    }
}
