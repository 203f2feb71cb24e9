package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.datacenter.IncastConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: incast} workload (docs/scenario.md, "incast"). */
final class IncastReader {
    static final String[] KEYS = {"type", "name", "receiver", "senders", "size", "start", "repeat", "gap", "jitter",
        "priority", "dscp", "qps", "cc"};

    private IncastReader() {
    }

    static DatacenterWorkloads.Incast read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "incast-" + index);
        int receiver = WorkloadReader.host(w.key("receiver"), topology);
        Cursor sendersKey = w.key("senders");
        List<Integer> senders;
        if (!sendersKey.present() || sendersKey.isScalar() && "all".equals(sendersKey.scalar("hosts"))) {
            senders = new ArrayList<>(HostLists.all(topology.hostCount()));
            senders.remove(Integer.valueOf(receiver));
        } else {
            senders = HostLists.read(sendersKey, topology, null, "\"1-8\"");
            if (senders.contains(receiver)) {
                throw sendersKey.error("host " + receiver + " is the receiver; it cannot also be a sender");
            }
        }
        long size = TrafficKeys.positiveSize(w.key("size"), -1, "1MB");
        long start = w.key("start").timePs(0);
        int repeat = (int) w.key("repeat").integer(1, 1, Integer.MAX_VALUE);
        long gap = w.key("gap").timePs(0);
        long jitter = w.key("jitter").timePs(0);
        int priority = TrafficKeys.priority(w.key("priority"), defaultPriority);
        int dscp = WorkloadReader.dscp(w.key("dscp"), priority);
        int qps = (int) w.key("qps").integer(1, 1, WorkloadConfig.FlowSpec.MAX_QPS);
        return new DatacenterWorkloads.Incast(TrafficKeys.build(w, () -> new IncastConfig(name, receiver, senders, size,
                start, repeat, gap, jitter, priority, qps, dscp)));
    }
}
