package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Values;
import org.lossless.workloads.datacenter.IncastConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: incast} workload (docs/scenario.md, "incast"). */
final class IncastReader {
    static final String[] KEYS = DatacenterSchema.INCAST.names();

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
        Values v = TrafficSchema.read(w, DatacenterSchema.INCAST);
        MessageSize size = DatacenterSchema.size(v); // required: the schema's
        long start = v.number("start");
        int repeat = v.integer("repeat");
        long gap = v.number("gap");
        long jitter = v.number("jitter");
        int priority = TrafficSchema.priority(v, defaultPriority);
        int dscp = TrafficSchema.dscp(v, priority);
        int qps = v.integer("qps");
        return new DatacenterWorkloads.Incast(TrafficKeys.build(w, () -> new IncastConfig(name, receiver, senders, size,
                start, repeat, gap, jitter, priority, qps, dscp)));
    }
}
