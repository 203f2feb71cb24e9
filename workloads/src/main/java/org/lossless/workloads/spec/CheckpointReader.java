package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Values;
import org.lossless.workloads.storage.CheckpointConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: checkpoint} workload (docs/scenario.md, "checkpoint"). */
final class CheckpointReader {
    static final String[] KEYS = StorageSchema.CHECKPOINT.names();

    private CheckpointReader() {
    }

    static StorageWorkloads.Checkpoint read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "checkpoint-" + index);
        List<Integer> servers = HostLists.read(w.key("servers"), topology, null, "[0, 1]");
        List<Integer> others = new ArrayList<>(HostLists.all(topology.hostCount()));
        others.removeAll(servers);
        Cursor ranksKey = w.key("ranks");
        boolean allRanks = !ranksKey.present() || ranksKey.isScalar() && "all".equals(ranksKey.scalar("hosts"));
        List<Integer> ranks = allRanks ? others : HostLists.read(ranksKey, topology, null, "\"2-15\"");
        if (ranks.isEmpty()) {
            throw ranksKey.error("no host is left to write a checkpoint: every host is a server");
        }
        HostLists.disjoint(w.key("servers"), ranks, "ranks", servers);
        Values v = TrafficSchema.read(w, StorageSchema.CHECKPOINT);
        MessageSize size = StorageSchema.checkpointSize(v, "size"); // required: the schema's
        MessageSize chunk = StorageSchema.checkpointSize(v, "chunk");
        Cursor inflightKey = w.key("inflight");
        int inflight = !inflightKey.present() || "all".equals(inflightKey.scalar("all or a count"))
                ? CheckpointConfig.ALL : (int) inflightKey.integer(1, Integer.MAX_VALUE);
        long start = v.number("start");
        int repeat = v.integer("repeat");
        long period = v.has("period") ? v.number("period") : -1;
        if (repeat > 1 && period < 0) {
            throw w.key("period").error("is required when repeat > 1: the time from one checkpoint's start to the "
                    + "next, e.g. 100ms");
        }
        int priority = TrafficSchema.priority(v, defaultPriority);
        int dscp = TrafficSchema.dscp(v, priority);
        long p = Math.max(period, 0);
        return new StorageWorkloads.Checkpoint(TrafficKeys.build(w, () -> new CheckpointConfig(name, ranks, servers, size,
                chunk, inflight, start, repeat, p, priority, dscp)));
    }
}
