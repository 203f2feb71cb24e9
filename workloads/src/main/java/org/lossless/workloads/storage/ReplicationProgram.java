package org.lossless.workloads.storage;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Ceph-style replicated writes. Per write: the client SENDs the object to the primary ({@code write-data});
 * once the primary holds it, it SENDs a copy to each secondary in parallel ({@code replicate}) and makes its
 * own copy durable ({@code osdLatencyPs}); each secondary acknowledges its copy once durable
 * ({@code replica-ack}); the primary acknowledges the client ({@code ack}) when every secondary has
 * acknowledged and its own copy is durable. The client counts the write done when that ack arrives.
 * Placement: {@code replicas} distinct OSDs drawn uniformly per write (the first is the primary) from the
 * client's own stream, standing in for CRUSH.
 */
public final class ReplicationProgram extends StorageJob {
    private final ReplicationConfig cfg;
    private final Map<Message, ReplicatedWrite> pending = new IdentityHashMap<>();
    private final List<ReplicationClient> clients = new ArrayList<>();
    private boolean started;
    private long seq;
    private long bytesDone;
    private long lastCompletionPs = -1;

    public ReplicationProgram(ReplicationConfig cfg) {
        super(cfg.name(), cfg.priority(), cfg.dscp());
        this.cfg = cfg;
    }

    @Override
    void open(TrafficContext context) {
        for (int i = 0; i < cfg.clients().size(); i++) {
            int h = cfg.clients().get(i);
            clients.add(new ReplicationClient(i, h, context.stream("placement." + h)));
        }
        agenda.at(cfg.startPs(), this::begin);
    }

    private void begin() {
        started = true;
        for (ReplicationClient c : clients) {
            if (cfg.rate() > 0) {
                pace(c, 0);
            } else {
                fill(c, null);
            }
        }
    }

    private boolean mayIssue(ReplicationClient c) {
        return (cfg.writes() == NvmeofConfig.UNLIMITED || c.issued < cfg.writes())
                && (cfg.durationPs() == NvmeofConfig.UNLIMITED || ctx.nowPs() < cfg.startPs() + cfg.durationPs());
    }

    private void pace(ReplicationClient c, long k) {
        if (mayIssue(c)) {
            c.waiting.add(issue(c));
            sendWaiting(c, null);
        }
        long r = cfg.rate();
        long next = cfg.startPs() + ((k + 1) / r) * 1_000_000_000_000L + ((k + 1) % r) * 1_000_000_000_000L / r;
        if ((cfg.writes() == NvmeofConfig.UNLIMITED || c.issued < cfg.writes())
                && (cfg.durationPs() == NvmeofConfig.UNLIMITED || next < cfg.startPs() + cfg.durationPs())) {
            agenda.at(next, () -> pace(c, k + 1));
        }
    }

    private void fill(ReplicationClient c, Message freedBy) {
        while (c.inFlight < cfg.outstanding() && mayIssue(c)) {
            c.waiting.add(issue(c));
            sendWaiting(c, freedBy);
        }
    }

    /** A new write with its placement: {@code replicas} distinct OSDs, the first the primary. */
    private ReplicatedWrite issue(ReplicationClient c) {
        List<Integer> osds = cfg.osds();
        int[] pick = new int[osds.size()];
        for (int i = 0; i < pick.length; i++) {
            pick[i] = i;
        }
        for (int i = 0; i < cfg.replicas(); i++) {
            int j = i + (int) c.rng.nextLong(pick.length - i);
            int t = pick[i];
            pick[i] = pick[j];
            pick[j] = t;
        }
        int[] secondaries = new int[cfg.replicas() - 1];
        for (int i = 1; i < cfg.replicas(); i++) {
            secondaries[i - 1] = osds.get(pick[i]);
        }
        c.issued++;
        tally.issued(0, cfg.startPs(), "write");
        return new ReplicatedWrite(seq++, c, osds.get(pick[0]), secondaries, ctx.nowPs());
    }

    private void sendWaiting(ReplicationClient c, Message freedBy) {
        while (c.inFlight < cfg.outstanding() && !c.waiting.isEmpty()) {
            ReplicatedWrite w = c.waiting.poll();
            c.inFlight++;
            long[] deps = freedBy == null ? new long[0] : new long[] {freedBy.id()};
            w.data = ctx.post(connections.get(c.host, w.primary), cfg.objectBytes(), Verb.SEND,
                    tag(w, 0, "write-data", deps));
            pending.put(w.data, w);
        }
    }

    /** The object's copies ({@code write-data}, {@code replicate}) are data; the acknowledgements control. */
    private static MessageTag tag(ReplicatedWrite w, int step, String operation, long[] deps) {
        MessageKind kind = operation.endsWith("ack") ? MessageKind.CONTROL : MessageKind.DATA;
        return new MessageTag((int) w.seq, step, -1, operation, deps, kind);
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        ReplicatedWrite w = pending.remove(m);
        if (w == null) {
            return;
        }
        String op = m.tag().operation();
        if (m == w.data) {
            atPrimary(w);
        } else if (op.equals("replicate")) {
            int secondary = m.connection().dstHost();
            int step = m.tag().step();
            afterDurable(() -> {
                Message a = ctx.post(connections.get(secondary, w.primary), cfg.ackBytes(), Verb.SEND,
                        tag(w, step, "replica-ack", new long[] {m.id()}));
                pending.put(a, w);
            });
        } else if (op.equals("replica-ack")) {
            w.replicaAckIds[w.replicaAcksSeen++] = m.id();
            w.replicaAcksLeft--;
            maybeAck(w);
        } else if (m == w.ack) {
            complete(w, m);
        }
    }

    /** The primary holds the object: forward a copy to every secondary, make its own durable. */
    private void atPrimary(ReplicatedWrite w) {
        for (int i = 0; i < w.secondaries.length; i++) {
            Message r = ctx.post(connections.get(w.primary, w.secondaries[i]), cfg.objectBytes(), Verb.SEND,
                    tag(w, i + 1, "replicate", new long[] {w.data.id()}));
            pending.put(r, w);
        }
        afterDurable(() -> {
            w.primaryDurable = true;
            maybeAck(w);
        });
    }

    private void afterDurable(Runnable r) {
        if (cfg.osdLatencyPs() == 0) {
            r.run();
        } else {
            agenda.at(ctx.nowPs() + cfg.osdLatencyPs(), r);
        }
    }

    private void maybeAck(ReplicatedWrite w) {
        if (w.replicaAcksLeft > 0 || !w.primaryDurable || w.ack != null) {
            return;
        }
        long[] deps = w.replicaAckIds.length > 0 ? w.replicaAckIds : new long[] {w.data.id()};
        w.ack = ctx.post(connections.get(w.primary, w.client.host), cfg.ackBytes(), Verb.SEND, tag(w, 0, "ack", deps));
        pending.put(w.ack, w);
    }

    private void complete(ReplicatedWrite w, Message ack) {
        long now = ctx.nowPs();
        tally.completed(0, "write", cfg.objectBytes(), now - w.issuedPs, now);
        bytesDone += cfg.objectBytes();
        lastCompletionPs = now;
        ReplicationClient c = w.client;
        c.inFlight--;
        if (cfg.rate() > 0) {
            sendWaiting(c, ack);
        } else {
            fill(c, ack);
        }
    }

    @Override
    public boolean finished() {
        if (!started || !agenda.isEmpty()) {
            return false;
        }
        for (ReplicationClient c : clients) {
            if (c.inFlight > 0 || !c.waiting.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public List<JobIteration> jobIterations() {
        long finish = finished() ? Math.max(lastCompletionPs, cfg.startPs()) : -1;
        return List.of(new JobIteration(cfg.name(), 0, "replication", cfg.hostCount(), bytesDone, cfg.startPs(),
                finish, JobIteration.NO_BUSBW));
    }

    /** Writes completed so far. */
    public long completedWrites() {
        return tally.completedTotal();
    }
}
