package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.settings.Key;
import org.lossless.workloads.training.CheckpointPlan;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads a training job's {@code checkpoint}: {@code every} N iterations, the writing ranks ({@code ranks: replica},
 * the default: the ranks of data-parallel replica 0, one per model shard, as Megatron-LM saves; or {@code all}) each
 * write {@code size} bytes to the storage hosts {@code servers}, striped in {@code chunk}s.
 */
final class TrainingCheckpointReader {
    private TrainingCheckpointReader() {
    }

    /** The plan, or null when the key is absent. */
    static CheckpointPlan read(Cursor c, WorkloadFabric topology, List<Integer> hosts, int tp, int dp) {
        if (!c.present()) {
            return null;
        }
        c.object(TrainingSchema.CHECKPOINT.names());
        int every = CollectiveSchema.integer(c.key("every"), TrainingSchema.CHECKPOINT.key("every"));
        List<Integer> servers = HostLists.read(c.key("servers"), topology, null, "[16, 17]");
        for (int s : servers) {
            if (hosts.contains(s)) {
                throw c.key("servers").error("host " + s + " runs a rank of this job; storage servers must be other hosts");
            }
        }
        long size = TrafficKeys.positiveSize(c.key("size"), -1, "2GB (bytes each writing rank saves)");
        long chunk = TrafficKeys.positiveSize(c.key("chunk"), 1L << 20, "1MiB");
        Key ranks = TrainingSchema.CHECKPOINT.key("ranks");
        String who = c.key("ranks").oneOf((String) ranks.dflt(), ranks.choices());
        List<Integer> writers = new ArrayList<>();
        for (int r = 0; r < hosts.size(); r++) {
            if (who.equals("all") || r / tp % dp == 0) {
                writers.add(r);
            }
        }
        int[] w = writers.stream().mapToInt(Integer::intValue).toArray();
        int[] s = servers.stream().mapToInt(Integer::intValue).toArray();
        return TrafficKeys.build(c, () -> new CheckpointPlan(every, w, s, size, chunk));
    }

    /** {@code replica} when the writers are replica 0's ranks, else {@code all}. */
    static String ranksKey(CheckpointPlan p, int ranks) {
        return p.writers().length == ranks ? "all" : "replica";
    }
}
