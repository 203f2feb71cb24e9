package org.lossless.workloads.training;

import java.util.HashMap;
import java.util.Map;

import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/** Writes a training job's checkpoints ({@link CheckpointPlan}) over connections it keeps for the run. */
final class CheckpointWriter {
    private final CheckpointPlan plan;
    private final int[] hostOfRank;
    private final ConnectionOptions options;
    private final Map<Long, Connection> connections = new HashMap<>();
    private int outstanding;
    private long startPs = -1;

    CheckpointWriter(CheckpointPlan plan, int[] hostOfRank, ConnectionOptions options) {
        this.plan = plan;
        this.hostOfRank = hostOfRank;
        this.options = options;
    }

    /** Whether a checkpoint is being written. */
    boolean active() {
        return outstanding > 0;
    }

    /** When the current (or last) checkpoint started, ps. */
    long startPs() {
        return startPs;
    }

    /** Posts every chunk of the checkpoint after iteration {@code iteration}; returns the messages' count. */
    int start(TrafficContext ctx, int iteration, java.util.function.Consumer<Message> posted) {
        startPs = ctx.nowPs();
        int[] writers = plan.writers();
        int[] servers = plan.servers();
        long chunks = (plan.bytesPerRank() + plan.chunkBytes() - 1) / plan.chunkBytes();
        for (int w = 0; w < writers.length; w++) {
            int src = hostOfRank[writers[w]];
            for (long j = 0; j < chunks; j++) {
                int dst = servers[(int) ((w + j) % servers.length)];
                long bytes = Math.min(plan.chunkBytes(), plan.bytesPerRank() - j * plan.chunkBytes());
                Connection c = connections.computeIfAbsent(((long) src << 32) | dst, k -> ctx.connect(src, dst, options));
                Message m = ctx.post(c, bytes, Verb.WRITE, new MessageTag(iteration, -1, -1, "checkpoint", null));
                outstanding++;
                posted.accept(m);
            }
        }
        return outstanding;
    }

    /** One chunk was acknowledged; true when it was the last. */
    boolean acked() {
        outstanding--;
        return outstanding == 0;
    }
}
