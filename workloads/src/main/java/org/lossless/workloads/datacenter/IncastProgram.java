package org.lossless.workloads.datacenter;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.workloads.support.AgendaProgram;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Incast rounds: every sender RDMA-WRITEs {@code size} to the receiver on its own persistent connection
 * (congestion-control state carries over from round to round), starting together or with a random jitter
 * (stream {@code jitter}). A round ends when the receiver holds every byte; the next one starts {@code gap}
 * later. Each round is a row of {@code jobs.csv} (type {@code incast}, size = senders x size).
 */
public final class IncastProgram extends AgendaProgram {
    private final IncastConfig cfg;
    private final List<JobIteration> rounds = new ArrayList<>();
    private List<Connection> connections;
    private Xoshiro256StarStar jitter;
    private int round = -1;
    private long roundStartPs;
    private int left;

    public IncastProgram(IncastConfig cfg) {
        super(cfg.name());
        this.cfg = cfg;
    }

    @Override
    protected void begin(TrafficContext context) {
        jitter = context.stream("jitter");
        ConnectionOptions o = ConnectionOptions.of(cfg.priority()).withQps(cfg.qps()).withDscp(cfg.dscp());
        connections = new ArrayList<>();
        for (int s : cfg.senders()) {
            connections.add(context.connect(s, cfg.receiver(), o));
        }
        beginRound(cfg.startPs());
    }

    private void beginRound(long atPs) {
        round++;
        roundStartPs = atPs;
        left = connections.size();
        MessageTag tag = new MessageTag(round, -1, -1, "incast", null, MessageKind.DATA);
        for (Connection c : connections) {
            long late = cfg.jitterPs() == 0 ? 0 : jitter.nextLong(cfg.jitterPs());
            ctx.post(c, cfg.size(), Verb.WRITE, tag, atPs + late);
        }
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        if (--left > 0) {
            return;
        }
        rounds.add(new JobIteration(cfg.name(), round, "incast", cfg.senders().size() + 1,
                cfg.sizeBytes() * cfg.senders().size(), roundStartPs, nowPs, JobIteration.NO_BUSBW));
        if (round + 1 < cfg.repeat()) {
            long next = nowPs + cfg.gapPs();
            agenda.at(next, () -> beginRound(next));
        }
    }

    /**
     * What a delivery sets off: with one round nothing (it is only noted); with more, at a round's last delivery, the
     * next round's timer {@code gap} later (the request that would start it is not modelled: the scenario's gap is
     * its delay). So a parallel run's partitions may run on for the gap past a delivery; with {@code gap: 0} not at all.
     */
    @Override
    public long minReactionDelayPs() {
        return cfg.repeat() == 1 ? NEVER_REACTS : cfg.gapPs();
    }

    @Override
    public boolean finished() {
        return rounds.size() == cfg.repeat();
    }

    @Override
    public List<JobIteration> jobIterations() {
        List<JobIteration> out = new ArrayList<>(rounds);
        if (round >= 0 && rounds.size() == round) {
            out.add(new JobIteration(cfg.name(), round, "incast", cfg.senders().size() + 1,
                    cfg.sizeBytes() * cfg.senders().size(), roundStartPs, -1, JobIteration.NO_BUSBW));
        }
        return out;
    }
}
