package org.lossless.workloads.spec;

import java.util.List;

import org.lossless.workloads.datacenter.PermutationConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: permutation} workload (docs/scenario.md, "permutation"). */
final class PermutationReader {
    static final String[] KEYS = {"type", "name", "hosts", "size", "start", "priority", "dscp", "qps", "cc"};

    private PermutationReader() {
    }

    static DatacenterWorkloads.Permutation read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "permutation-" + index);
        List<Integer> hosts = HostLists.read(w.key("hosts"), topology, HostLists.all(topology.hostCount()), "all");
        if (hosts.size() < 2) {
            throw w.key("hosts").error("needs at least 2 hosts");
        }
        long size = TrafficKeys.positiveSize(w.key("size"), -1, "1MB");
        long start = w.key("start").timePs(0);
        int priority = TrafficKeys.priority(w.key("priority"), defaultPriority);
        int dscp = WorkloadReader.dscp(w.key("dscp"), priority);
        int qps = (int) w.key("qps").integer(1, 1, WorkloadConfig.FlowSpec.MAX_QPS);
        return new DatacenterWorkloads.Permutation(TrafficKeys.build(w, () -> new PermutationConfig(name, hosts, size,
                start, priority, qps, dscp)));
    }
}
