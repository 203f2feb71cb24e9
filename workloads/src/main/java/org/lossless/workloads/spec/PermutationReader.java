package org.lossless.workloads.spec;

import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Values;
import org.lossless.workloads.datacenter.PermutationConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: permutation} workload (docs/scenario.md, "permutation"). */
final class PermutationReader {
    static final String[] KEYS = DatacenterSchema.PERMUTATION.names();

    private PermutationReader() {
    }

    static DatacenterWorkloads.Permutation read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "permutation-" + index);
        List<Integer> hosts = HostLists.read(w.key("hosts"), topology, HostLists.all(topology.hostCount()), "all");
        if (hosts.size() < 2) {
            throw w.key("hosts").error("needs at least 2 hosts");
        }
        Values v = TrafficSchema.read(w, DatacenterSchema.PERMUTATION);
        MessageSize size = DatacenterSchema.size(v); // required: the schema's
        long start = v.number("start");
        int priority = TrafficSchema.priority(v, defaultPriority);
        int dscp = TrafficSchema.dscp(v, priority);
        int qps = v.integer("qps");
        return new DatacenterWorkloads.Permutation(TrafficKeys.build(w, () -> new PermutationConfig(name, hosts, size,
                start, priority, qps, dscp)));
    }
}
