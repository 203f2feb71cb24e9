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
 * An NVMe-oF job over RDMA, moving on the wire what the Linux host ({@code drivers/nvme/host/rdma.c}) and
 * target ({@code drivers/nvme/target/rdma.c}) move:
 * <ul>
 * <li>every command: the host SENDs a 64 B capsule on its queue's connection to the target; a write of at
 * most the in-capsule limit carries its data in the capsule;</li>
 * <li>read: the target RDMA WRITEs the data into host memory (one WRITE per {@code rdmaWriteMaxBytes})
 * and posts the 16 B completion SEND right behind it (chained work requests: it does not wait for the
 * WRITEs to complete);</li>
 * <li>larger write: the target RDMA READs the data from the host (one READ per {@code rdmaReadMaxBytes},
 * posted together), and once the last has arrived and the device is done, SENDs the completion;</li>
 * <li>the host counts a command done when its capsule SEND is acknowledged and the completion has
 * arrived; a new command goes out only when one of the queue's {@code queueDepth} slots is free.</li>
 * </ul>
 * Each (initiator, target) pair has two persistent connections (the RC QP's two directions): host to
 * target for capsules, target to host for the data and completions.
 */
public final class NvmeofProgram extends StorageJob {
    private final NvmeofConfig cfg;
    private final Map<Message, NvmeCommand> pending = new IdentityHashMap<>();
    private final List<NvmeInitiator> initiators = new ArrayList<>();
    private boolean started;
    private long ioSeq;
    private long bytesDone;
    private long lastCompletionPs = -1;

    public NvmeofProgram(NvmeofConfig cfg) {
        super(cfg.name(), cfg.priority(), cfg.dscp());
        this.cfg = cfg;
    }

    @Override
    void open(TrafficContext context) {
        List<Integer> hosts = cfg.initiators();
        for (int i = 0; i < hosts.size(); i++) {
            int h = hosts.get(i);
            initiators.add(new NvmeInitiator(i, h, context.stream("io." + h)));
        }
        // both directions of every queue this job uses, in a fixed order
        for (NvmeInitiator in : initiators) {
            for (int t : targetsOf(in)) {
                connections.get(in.host, t);
                connections.get(t, in.host);
            }
        }
        agenda.at(cfg.startPs(), this::begin);
    }

    private List<Integer> targetsOf(NvmeInitiator in) {
        List<Integer> t = cfg.targets();
        return cfg.spread() == NvmeofConfig.Spread.PINNED ? List.of(t.get(in.index % t.size())) : t;
    }

    private void begin() {
        started = true;
        for (NvmeInitiator in : initiators) {
            if (cfg.iops() > 0) {
                pace(in, 0);
            } else {
                fill(in, null);
            }
        }
    }

    /** Time of the k-th paced I/O of an initiator: start + k / iops, ps. */
    private long pacedPs(long k) {
        long iops = cfg.iops();
        return cfg.startPs() + (k / iops) * 1_000_000_000_000L + (k % iops) * 1_000_000_000_000L / iops;
    }

    private void pace(NvmeInitiator in, long k) {
        if (mayIssue(in)) {
            issue(in);
            submitWaiting(in, null);
        }
        long next = pacedPs(k + 1);
        if ((cfg.ios() == NvmeofConfig.UNLIMITED || in.issued < cfg.ios())
                && (cfg.durationPs() == NvmeofConfig.UNLIMITED || next < cfg.startPs() + cfg.durationPs())) {
            agenda.at(next, () -> pace(in, k + 1));
        }
    }

    private boolean mayIssue(NvmeInitiator in) {
        return (cfg.ios() == NvmeofConfig.UNLIMITED || in.issued < cfg.ios())
                && (cfg.durationPs() == NvmeofConfig.UNLIMITED || ctx.nowPs() < cfg.startPs() + cfg.durationPs());
    }

    /** Closed loop: submits waiting commands, and issues new I/Os while a slot is free. */
    private void fill(NvmeInitiator in, Message freedBy) {
        while (true) {
            submitWaiting(in, freedBy);
            if (in.waiting.isEmpty() && in.inFlight < cfg.queueDepth() && mayIssue(in)) {
                issue(in);
            } else {
                return;
            }
        }
    }

    /** Draws the next I/O of {@code in} and queues its commands. */
    private void issue(NvmeInitiator in) {
        IoClass kind = cfg.mix().draw(in.rng);
        List<Integer> t = targetsOf(in);
        int target = t.get((int) ((in.index + in.issued) % t.size()));
        int commands = (int) cfg.commandsFor(kind.sizeBytes());
        NvmeIo io = new NvmeIo(ioSeq++, in, target, kind, ctx.nowPs(), commands);
        in.issued++;
        tally.issued(0, cfg.startPs(), kind.op().key());
        for (int j = 0; j < commands; j++) {
            long offset = j * cfg.mdtsBytes();
            in.waiting.add(new NvmeCommand(io, j, Math.min(cfg.mdtsBytes(), kind.sizeBytes() - offset)));
        }
    }

    private void submitWaiting(NvmeInitiator in, Message freedBy) {
        while (in.inFlight < cfg.queueDepth() && !in.waiting.isEmpty()) {
            NvmeCommand c = in.waiting.poll();
            in.inFlight++;
            boolean inline = c.io.kind.op() == IoOp.WRITE && c.bytes <= cfg.inlineBytes();
            long size = NvmeofConfig.CAPSULE_BYTES + (inline ? c.bytes : 0);
            long[] deps = freedBy == null ? new long[0] : new long[] {freedBy.id()};
            // a capsule is a command (control), unless it carries a write's data in it (then it is that data)
            MessageKind kind = inline ? MessageKind.DATA : MessageKind.CONTROL;
            c.capsule = ctx.post(connections.get(in.host, c.io.target), size, Verb.SEND, tag(c, "capsule", deps, kind));
            pending.put(c.capsule, c);
        }
    }

    private static MessageTag tag(NvmeCommand c, String part, long[] deps, MessageKind kind) {
        return new MessageTag((int) c.io.seq, c.index, -1, c.io.kind.op().key() + "-" + part, deps, kind);
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        NvmeCommand c = pending.get(m);
        if (c == null) {
            return;
        }
        if (m == c.capsule) {
            atTarget(c);
        } else if (m == c.completion) {
            pending.remove(m);
            c.completed = true;
            maybeDone(c, m);
        } else {
            // an RDMA READ of write data has arrived at the target
            pending.remove(m);
            if (--c.readsLeft == 0) {
                afterDevice(() -> respond(c));
            }
        }
    }

    @Override
    public void onAcked(Message m, long nowPs) {
        NvmeCommand c = pending.get(m);
        if (c != null && m == c.capsule) {
            pending.remove(m);
            c.capsuleAcked = true;
            maybeDone(c, m);
        }
    }

    /** The target holds the command capsule. */
    private void atTarget(NvmeCommand c) {
        if (c.io.kind.op() == IoOp.READ) {
            afterDevice(() -> returnData(c));
        } else if (c.bytes <= cfg.inlineBytes()) {
            afterDevice(() -> respond(c));
        } else {
            fetchData(c);
        }
    }

    private void afterDevice(Runnable r) {
        if (cfg.deviceLatencyPs() == 0) {
            r.run();
        } else {
            agenda.at(ctx.nowPs() + cfg.deviceLatencyPs(), r);
        }
    }

    /** Read: RDMA WRITEs of the data to the host, then the completion right behind them. */
    private void returnData(NvmeCommand c) {
        int n = (int) ((c.bytes + cfg.rdmaWriteMaxBytes() - 1) / cfg.rdmaWriteMaxBytes());
        c.dataIds = new long[n];
        long[] deps = {c.capsule.id()};
        for (int i = 0; i < n; i++) {
            long size = Math.min(cfg.rdmaWriteMaxBytes(), c.bytes - i * cfg.rdmaWriteMaxBytes());
            c.dataIds[i] = ctx.post(connections.get(c.io.target, c.io.initiator.host), size, Verb.WRITE,
                    tag(c, "data", deps, MessageKind.DATA)).id();
        }
        respond(c);
    }

    /** Larger write: RDMA READs of the data from the host. */
    private void fetchData(NvmeCommand c) {
        int n = (int) ((c.bytes + cfg.rdmaReadMaxBytes() - 1) / cfg.rdmaReadMaxBytes());
        c.dataIds = new long[n];
        c.readsLeft = n;
        long[] deps = {c.capsule.id()};
        for (int i = 0; i < n; i++) {
            long size = Math.min(cfg.rdmaReadMaxBytes(), c.bytes - i * cfg.rdmaReadMaxBytes());
            Message r = ctx.post(connections.get(c.io.target, c.io.initiator.host), size, Verb.READ, tag(c, "data", deps, MessageKind.DATA));
            c.dataIds[i] = r.id();
            pending.put(r, c);
        }
    }

    /** The 16 B completion SEND from the target. */
    private void respond(NvmeCommand c) {
        long[] deps = c.dataIds != null ? c.dataIds : new long[] {c.capsule.id()};
        c.completion = ctx.post(connections.get(c.io.target, c.io.initiator.host), NvmeofConfig.COMPLETION_BYTES,
                Verb.SEND, tag(c, "completion", deps, MessageKind.CONTROL));
        pending.put(c.completion, c);
    }

    private void maybeDone(NvmeCommand c, Message last) {
        if (!c.done()) {
            return;
        }
        NvmeInitiator in = c.io.initiator;
        in.inFlight--;
        NvmeIo io = c.io;
        if (--io.commandsLeft == 0) {
            long now = ctx.nowPs();
            tally.completed(0, io.kind.op().key(), io.kind.sizeBytes(), now - io.issuedPs, now);
            bytesDone += io.kind.sizeBytes();
            lastCompletionPs = now;
        }
        if (cfg.iops() > 0) {
            submitWaiting(in, last);
        } else {
            fill(in, last);
        }
    }

    @Override
    public boolean finished() {
        if (!started || !agenda.isEmpty()) {
            return false;
        }
        for (NvmeInitiator in : initiators) {
            if (!in.idle()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public List<JobIteration> jobIterations() {
        long finish = finished() ? Math.max(lastCompletionPs, cfg.startPs()) : -1;
        return List.of(new JobIteration(cfg.name(), 0, "nvmeof", cfg.hostCount(), bytesDone, cfg.startPs(), finish, JobIteration.NO_BUSBW));
    }

    /** I/Os issued so far, all initiators. */
    public long issuedIos() {
        return tally.issuedTotal();
    }

    /** I/Os completed so far. */
    public long completedIos() {
        return tally.completedTotal();
    }
}
