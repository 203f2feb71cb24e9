package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.settings.Values;
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

    /** The plan, or null when the key is absent; {@code v}: its values as read and defaulted (null when absent). */
    static CheckpointPlan read(Cursor c, Values v, WorkloadFabric topology, List<Integer> hosts, int tp, int dp) {
        if (v == null) {
            return null;
        }
        List<Integer> servers = HostLists.read(c.key("servers"), topology, null, "[16, 17]");
        for (int s : servers) {
            if (hosts.contains(s)) {
                throw c.key("servers").error("host " + s + " runs a rank of this job; storage servers must be other hosts");
            }
        }
        long size = (Long) TrafficSchema.required(c, v, "size", " (a size such as "
                + TrainingSchema.CHECKPOINT_SIZE_EXAMPLE + ")");
        long chunk = v.number("chunk");
        String who = v.text("ranks");
        List<Integer> writers = new ArrayList<>();
        for (int r = 0; r < hosts.size(); r++) {
            if (who.equals("all") || r / tp % dp == 0) {
                writers.add(r);
            }
        }
        int[] w = writers.stream().mapToInt(Integer::intValue).toArray();
        int[] s = servers.stream().mapToInt(Integer::intValue).toArray();
        return TrafficKeys.build(c, () -> new CheckpointPlan(v.integer("every"), w, s, size, chunk));
    }

    /** {@code replica} when the writers are replica 0's ranks, else {@code all}. */
    static String ranksKey(CheckpointPlan p, int ranks) {
        return p.writers().length == ranks ? "all" : "replica";
    }
}
