package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.OneTimer;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * Runs a {@link CollectiveJob}: builds its {@link Plan} once, then per iteration issues every op when
 * its inputs have arrived (plus the software step latency), its stream predecessor has been issued and
 * the receiver has granted a buffer slot for each of its outputs.
 *
 * <p>Network transfers are RDMA WRITEs on one persistent connection per lane; buffer slots are granted
 * by a 64-byte clear-to-send WRITE from the receiver on a reverse connection, as NCCL's IB transport
 * does: the first {@code window} at the start of each call, then one each time the receiver's op
 * consumes a slice; the sender sees a grant {@link CollectiveJob#ctsDelayOrDefaultPs} after it arrived (PCIe and its
 * proxy's poll). Connections join the GPUs' NICs ({@link GpuServers#route}), so GPUs that share a NIC
 * share its port. Transfers inside a server never touch the fabric: each GPU has one NVLink egress queue
 * (first come, first served, at the NVLink rate, or PCIe's on a server without NVLink) and the data arrives
 * the link's latency after its last byte left; such slots come back after that latency. With a PCIe model,
 * network transfers also cross their NICs' PCIe links ({@link ServerLinks}). Timers (step latency, NVLink) live in the
 * program's own {@link Agenda}, so the engine holds at most one timer for the whole job.
 *
 * <p>An iteration ends when every op of every rank has been issued (the last receive-only op counts its
 * step latency); the next starts {@code gap} later. {@code jobs.csv} rows come from
 * {@link #jobIterations()}, with busbw as nccl-tests defines it.
 */
public final class CollectiveProgram implements TrafficProgram {
    private static final int ARM = 0;
    private static final int NV_DELIVER = 1;
    private static final int PXN_POST = 2;
    private static final int NV_CREDIT = 3;
    private static final int BEGIN = 4;
    private static final int NIC_POST = 5;
    /** A clear-to-send's delay ({@link CollectiveJob#ctsDelayOrDefaultPs}) is over: the sender's proxy has seen it. */
    private static final int NET_CREDIT = 6;
    private static final byte ARMED = 1;
    private static final byte PRED = 2;
    private static final byte ISSUED = 4;
    private static final long[] NO_DEPS = new long[0];

    private final CollectiveJob job;
    private final Agenda agenda = new Agenda();
    private final LongIntMap messages = new LongIntMap();
    private final List<JobIteration> rows = new ArrayList<>();
    private TrafficContext ctx;
    private Plan plan;
    private Tuner.Choice choice;
    private StepLatencies latency;
    private long[][] pairs;
    private long[] opLatency;
    private Connection[] data;
    private Connection[] cts;
    private int[] position;
    private ServerLinks links;

    private int[] pendingIn;
    private int[] pendingCredit;
    private long[] inReady;
    private byte[] flags;
    private long[] msgOf;
    private long[] ctsOf;
    private long[][] folded;
    private int[] stack = new int[64];
    private int stackSize;
    private int issued;
    private int iteration;
    private long iterStart;
    private long lastMessage = -1;
    private long previousLast = -1;
    private final OneTimer timer = new OneTimer();
    private boolean done;

    public CollectiveProgram(CollectiveJob job) {
        this.job = job;
    }

    @Override
    public String name() {
        return job.name();
    }

    public CollectiveJob job() {
        return job;
    }

    /** The algorithm and protocol the job runs with (after {@link #start}). */
    public Tuner.Choice choice() {
        return choice;
    }

    /** The software latencies in use (after {@link #start}). */
    public StepLatencies latencies() {
        return latency;
    }

    /** Bytes each job rank sends to each other (all-to-all only, after {@link #start}); null otherwise. */
    public long[][] pairBytes() {
        return pairs == null ? null : PairSizes.explicit(pairs).matrix();
    }

    Plan plan() {
        return plan;
    }

    @Override
    public void start(TrafficContext context) {
        this.ctx = context;
        int[] ranks = job.rankArray();
        for (int r : ranks) {
            int nic = job.servers().nicOf(r);
            if (nic >= ctx.topology().hostCount()) {
                throw new IllegalArgumentException("job " + job.name() + ": GPU " + r + " (host " + nic + ") does not exist");
            }
        }
        choice = Tuner.choose(job, ctx);
        latency = Tuner.latencies(job, choice.algorithm(), choice.protocol());
        plan = build(choice);
        position = TreeShape.positions(ranks);
        links = new ServerLinks(job.servers(), plan, ranks.length, ctx::hostRateBps);
        opLatency = new long[plan.ops];
        for (int o = 0; o < plan.ops; o++) {
            boolean net = false;
            for (int i = plan.inStart[o]; i < plan.inStart[o + 1]; i++) {
                net |= !plan.local(plan.tLane[plan.inList[i]]);
            }
            opLatency[o] = plan.inStart[o] == plan.inStart[o + 1] ? 0 : net ? latency.netStepPs() : latency.nvlinkStepPs();
        }
        data = new Connection[plan.lanes];
        cts = new Connection[plan.lanes];
        ConnectionOptions ctsOptions = new ConnectionOptions(job.connection().priority(), 1, job.connection().cc(),
                job.connection().dscp());
        for (int l = 0; l < plan.lanes; l++) {
            if (!plan.local(l)) {
                data[l] = ctx.connect(plan.laneNic[l], plan.laneDstNic[l], job.connection());
                cts[l] = ctx.connect(plan.laneDstNic[l], plan.laneNic[l], ctsOptions);
            }
        }
        pendingIn = new int[plan.ops];
        pendingCredit = new int[plan.ops];
        inReady = new long[plan.ops];
        flags = new byte[plan.ops];
        msgOf = new long[plan.transfers];
        ctsOf = new long[plan.transfers];
        folded = new long[plan.transfers][];
        iterStart = job.startPs();
        agenda.add(iterStart + latency.basePs(), code(BEGIN, 0));
        after(ctx.nowPs());
    }

    private Plan build(Tuner.Choice c) {
        PlanBuilder b = new PlanBuilder(job.servers(), job.pxn(), c.protocol());
        switch (c.algorithm()) {
            case RING -> {
                if (job.collective() == Collective.BROADCAST) {
                    RingPlanner.broadcast(b, job);
                } else {
                    RingPlanner.ring(b, job);
                }
            }
            case TREE -> TreePlanner.allReduce(b, job);
            case HALVING_DOUBLING -> HalvingDoublingPlanner.plan(b, job);
            case DIRECT -> {
                pairs = job.pairSizes().resolve(job.n(), job.sizeBytes());
                AllToAllPlanner.plan(b, job, pairs);
            }
        }
        return b.build();
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        int code = messages.remove(m.id(), -1);
        if (code < 0) {
            return;
        }
        int t = code >>> 1;
        if ((code & 1) == 1) {
            long seen = nowPs + job.ctsDelayOrDefaultPs();
            if (seen > nowPs) {
                agenda.add(seen, code(NET_CREDIT, t));
            } else {
                creditArrived(t);
            }
        } else {
            lastMessage = m.id();
            long at = links.pcie() ? links.fromNic(plan.tLane[t], plan.tWire[t], nowPs) : nowPs;
            if (at > nowPs) {
                agenda.add(at, code(NV_DELIVER, t));
            } else {
                deliver(t, nowPs, nowPs);
            }
        }
        // entries due now wait for the timer, also due now: a completion's reaction posts only what it set off
        pump(nowPs);
        timer.set(ctx, agenda.isEmpty() ? -1 : agenda.peekTime());
    }

    @Override
    public void onTimer(long nowPs) {
        timer.fired();
        after(nowPs);
    }

    /**
     * The least of the delays on the two paths from a completion (the only ones this program is told of are
     * deliveries) to a post or timer: a clear-to-send is seen {@code cts_delay} after it arrived, a slice received over
     * the network is used at least the network step after its last byte ({@link StepLatencies#leastNetStepPs}: known
     * before the tuner chose; the PCIe hop only adds to it). Either may be set to 0 by the job, and then so is this.
     */
    @Override
    public long minReactionDelayPs() {
        return Math.min(job.ctsDelayOrDefaultPs(), StepLatencies.leastNetStepPs(job.stepLatencyPs()));
    }

    @Override
    public boolean finished() {
        return done;
    }

    @Override
    public List<JobIteration> jobIterations() {
        List<JobIteration> out = new ArrayList<>(rows);
        if (!done && ctx != null && iteration < job.iterations() && iterStart <= ctx.nowPs()) {
            out.add(row(-1));
        }
        return out;
    }

    /** Runs what is due at {@code now}, then asks for a timer at the next agenda entry. */
    private void after(long now) {
        pump(now);
        while (!agenda.isEmpty() && agenda.peekTime() <= now) {
            long c = agenda.poll();
            handle((int) (c >>> 32), (int) c, now);
            pump(now);
        }
        timer.set(ctx, agenda.isEmpty() ? -1 : agenda.peekTime());
    }

    private void handle(int kind, int index, long now) {
        switch (kind) {
            case ARM -> {
                flags[index] |= ARMED;
                push(index);
            }
            case NV_DELIVER -> deliver(index, now, now);
            case PXN_POST -> toNic(index, now);
            case NIC_POST -> post(index, now);
            case NV_CREDIT, NET_CREDIT -> creditArrived(index);
            case BEGIN -> begin(now);
            default -> throw new IllegalStateException("unknown agenda entry " + kind);
        }
    }

    private void begin(long now) {
        Arrays.fill(flags, (byte) 0);
        Arrays.fill(inReady, 0);
        Arrays.fill(msgOf, -1);
        Arrays.fill(ctsOf, -1);
        Arrays.fill(folded, null);
        issued = 0;
        for (int o = 0; o < plan.ops; o++) {
            pendingIn[o] = plan.inStart[o + 1] - plan.inStart[o];
            int credits = 0;
            for (int i = plan.outStart[o]; i < plan.outStart[o + 1]; i++) {
                credits += plan.tSeq[plan.outList[i]] >= 0 ? 1 : 0;
            }
            pendingCredit[o] = credits;
        }
        long[] startDeps = previousLast >= 0 ? new long[] {previousLast} : NO_DEPS;
        for (int l = 0; l < plan.lanes; l++) {
            int end = Math.min(plan.laneStart[l] + plan.laneWindow[l], plan.laneStart[l + 1]);
            for (int i = plan.laneStart[l]; i < end; i++) {
                grant(plan.laneList[i], startDeps, now, true);
            }
        }
        for (int o = 0; o < plan.ops; o++) {
            if (!plan.opHasPred[o]) {
                flags[o] |= PRED;
            }
            if (pendingIn[o] == 0) {
                flags[o] |= ARMED;
                push(o);
            }
        }
    }

    private void push(int op) {
        if (stackSize == stack.length) {
            stack = Arrays.copyOf(stack, stackSize * 2);
        }
        stack[stackSize++] = op;
    }

    private void pump(long now) {
        while (stackSize > 0) {
            int o = stack[--stackSize];
            if (flags[o] == (ARMED | PRED) && pendingCredit[o] == 0) {
                issue(o, now);
            }
        }
    }

    private void issue(int o, long now) {
        flags[o] |= ISSUED;
        issued++;
        for (int i = plan.outStart[o]; i < plan.outStart[o + 1]; i++) {
            int t = plan.outList[i];
            int kind = plan.laneKind[plan.tLane[t]];
            if (plan.tWire[t] == 0) {
                folded[t] = depsOf(o);
                deliver(t, now, now);
            } else if (kind == Plan.NET) {
                toNic(t, now);
            } else {
                folded[t] = depsOf(o);
                long arrive = links.local(position[plan.opRank[o]], plan.tWire[t], now);
                agenda.add(arrive, code(kind == Plan.PXN ? PXN_POST : NV_DELIVER, t));
            }
        }
        for (int i = plan.inStart[o]; i < plan.inStart[o + 1]; i++) {
            consume(plan.inList[i], now);
        }
        int next = plan.opNext[o];
        if (next >= 0) {
            flags[next] |= PRED;
            push(next);
        }
        if (issued == plan.ops) {
            finishIteration(now);
        }
    }

    /** Network transfer {@code t} is ready in its sending GPU's memory: posted now, or once its NIC's PCIe link lets it. */
    private void toNic(int t, long now) {
        long at = links.pcie() ? links.toNic(plan.tLane[t], plan.tWire[t], now) : now;
        if (at > now) {
            agenda.add(at, code(NIC_POST, t));
        } else {
            post(t, now);
        }
    }

    private void post(int t, long now) {
        int o = plan.tFrom[t];
        long[] deps = plan.laneKind[plan.tLane[t]] == Plan.PXN ? folded[t] : depsOf(o);
        if (ctsOf[t] >= 0) {
            deps = Arrays.copyOf(deps, deps.length + 1);
            deps[deps.length - 1] = ctsOf[t];
        }
        MessageTag tag = new MessageTag(iteration, plan.opStep[o], plan.opChannel[o], "data", deps, MessageKind.DATA);
        Message m = ctx.post(data[plan.tLane[t]], plan.tWire[t], Verb.WRITE, tag, now);
        msgOf[t] = m.id();
        messages.put(m.id(), t << 1);
    }

    private void deliver(int t, long when, long now) {
        int o = plan.tTo[t];
        pendingIn[o]--;
        inReady[o] = Math.max(inReady[o], when);
        if (pendingIn[o] == 0) {
            long at = inReady[o] + opLatency[o];
            if (at <= now) {
                flags[o] |= ARMED;
                push(o);
            } else {
                agenda.add(at, code(ARM, o));
            }
        }
    }

    /** The receiver's op consumed transfer {@code t}: its slot is free for the lane's transfer {@code window} later. */
    private void consume(int t, long now) {
        if (plan.tSeq[t] < 0) {
            return;
        }
        int l = plan.tLane[t];
        int idx = plan.laneStart[l] + plan.tSeq[t] + plan.laneWindow[l];
        if (idx < plan.laneStart[l + 1]) {
            grant(plan.laneList[idx], msgOf[t] >= 0 ? new long[] {msgOf[t]} : folded[t], now, false);
        }
    }

    private void grant(int t, long[] deps, long now, boolean atStart) {
        int l = plan.tLane[t];
        if (plan.local(l)) {
            if (atStart) {
                creditArrived(t);
            } else {
                agenda.add(now + links.localLatencyPs(), code(NV_CREDIT, t));
            }
            return;
        }
        int o = plan.tFrom[t];
        // a clear-to-send is the protocol's, not the job's payload: kind control
        MessageTag tag = MessageTag.control(iteration, plan.opStep[o], plan.opChannel[o], "cts", deps);
        Message m = ctx.post(cts[l], NcclConstants.CTS_BYTES, Verb.WRITE, tag, now);
        ctsOf[t] = m.id();
        messages.put(m.id(), (t << 1) | 1);
    }

    private void creditArrived(int t) {
        int o = plan.tFrom[t];
        pendingCredit[o]--;
        push(o);
    }

    /** Message ids op {@code o} waited for: its network inputs, NVLink and empty inputs folded through. */
    private long[] depsOf(int o) {
        int from = plan.inStart[o];
        int to = plan.inStart[o + 1];
        if (from == to) {
            return !plan.opHasPred[o] && previousLast >= 0 ? new long[] {previousLast} : NO_DEPS;
        }
        if (to - from == 1) {
            int t = plan.inList[from];
            return msgOf[t] >= 0 ? new long[] {msgOf[t]} : folded[t];
        }
        long[] out = new long[0];
        for (int i = from; i < to; i++) {
            int t = plan.inList[i];
            long[] add = msgOf[t] >= 0 ? new long[] {msgOf[t]} : folded[t];
            int k = out.length;
            out = Arrays.copyOf(out, k + add.length);
            System.arraycopy(add, 0, out, k, add.length);
        }
        return out;
    }

    private void finishIteration(long now) {
        rows.add(row(now));
        previousLast = lastMessage;
        iteration++;
        if (iteration < job.iterations()) {
            iterStart = now + job.gapPs();
            agenda.add(iterStart + latency.basePs(), code(BEGIN, 0));
        } else {
            done = true;
        }
    }

    private JobIteration row(long finishPs) {
        long size = pairs != null && job.pairSizes().isExplicit() ? PairSizes.ncclTestsSize(pairs) : job.sizeBytes();
        return new JobIteration(job.name(), iteration, job.collective().key(), job.n(), size, iterStart, finishPs,
                job.collective().busbwFactor(job.n()), choice.algorithm().key(), choice.protocol().key());
    }

    private static long code(int kind, int index) {
        return ((long) kind << 32) | (index & 0xFFFFFFFFL);
    }
}
