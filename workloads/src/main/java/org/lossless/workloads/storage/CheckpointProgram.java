package org.lossless.workloads.storage;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Checkpoint bursts. In checkpoint k every rank RDMA-WRITEs its {@code bytesPerRank} as chunks (the last
 * one shorter if the size is not a multiple), chunk j of rank r to server (r + j) mod S, all posted at the
 * checkpoint's start or at most {@code inflight} at a time per rank. A chunk is an I/O ({@code write}); a
 * checkpoint is an iteration of the job, done when the last chunk of the last rank is acknowledged.
 */
public final class CheckpointProgram extends StorageJob {
    private final CheckpointConfig cfg;
    private final Map<Message, long[]> chunks = new IdentityHashMap<>();
    private final List<JobIteration> done = new ArrayList<>();
    /** Per rank: the next chunk to post in the current checkpoint. */
    private long[] nextChunk;
    private int round = -1;
    private long roundStartPs;
    private long chunksLeft;

    public CheckpointProgram(CheckpointConfig cfg) {
        super(cfg.name(), cfg.priority(), cfg.dscp());
        this.cfg = cfg;
    }

    @Override
    void open(TrafficContext context) {
        nextChunk = new long[cfg.ranks().size()];
        agenda.at(cfg.startPs(), this::beginRound);
    }

    private void beginRound() {
        round++;
        roundStartPs = ctx.nowPs();
        long perRank = cfg.chunksPerRank();
        chunksLeft = perRank * cfg.ranks().size();
        long first = cfg.inflight() == CheckpointConfig.ALL ? perRank : Math.min(perRank, cfg.inflight());
        for (int r = 0; r < cfg.ranks().size(); r++) {
            nextChunk[r] = 0;
            for (long j = 0; j < first; j++) {
                post(r, null);
            }
        }
    }

    /** Posts rank r's next chunk. */
    private void post(int r, Message after) {
        long j = nextChunk[r]++;
        List<Integer> servers = cfg.servers();
        int server = servers.get((int) ((r + j) % servers.size()));
        long bytes = Math.min(cfg.chunkBytes(), cfg.bytesPerRank() - j * cfg.chunkBytes());
        long[] deps = after == null ? new long[0] : new long[] {after.id()};
        // a whole chunk posts the job's own value; only a shorter last chunk is a size of its own
        MessageSize size = bytes == cfg.chunkBytes() ? cfg.chunk() : MessageSize.of(bytes);
        Message m = ctx.post(connections.get(cfg.ranks().get(r), server), size, Verb.WRITE,
                new MessageTag(round, (int) j, -1, "write", deps, MessageKind.DATA));
        tally.issued(round, roundStartPs, "write");
        chunks.put(m, new long[] {r, bytes});
    }

    @Override
    public void onAcked(Message m, long nowPs) {
        long[] c = chunks.remove(m);
        if (c == null) {
            return;
        }
        tally.completed(round, "write", c[1], nowPs - m.postPs(), nowPs);
        int r = (int) c[0];
        if (nextChunk[r] < cfg.chunksPerRank()) {
            post(r, m);
        }
        if (--chunksLeft == 0) {
            done.add(new JobIteration(cfg.name(), round, "checkpoint", cfg.hostCount(),
                    cfg.bytesPerRank() * cfg.ranks().size(), roundStartPs, nowPs, JobIteration.NO_BUSBW));
            if (round + 1 < cfg.repeat()) {
                agenda.at(Math.max(nowPs, cfg.startPs() + (round + 1) * cfg.periodPs()), this::beginRound);
            }
        }
    }

    @Override
    public boolean finished() {
        return done.size() == cfg.repeat();
    }

    @Override
    public List<JobIteration> jobIterations() {
        List<JobIteration> out = new ArrayList<>(done);
        if (round >= 0 && done.size() == round) {
            out.add(new JobIteration(cfg.name(), round, "checkpoint", cfg.hostCount(),
                    cfg.bytesPerRank() * cfg.ranks().size(), roundStartPs, -1, JobIteration.NO_BUSBW));
        }
        return out;
    }
}
