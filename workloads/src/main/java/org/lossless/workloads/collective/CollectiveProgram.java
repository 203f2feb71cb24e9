package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.OneTimerProgram;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Runs a {@link CollectiveJob}: takes its plan once ({@link PlanView}: a ring computed step by step, other algorithms
 * built whole), keeps the state of the ops in flight ({@link PlanState}), and per iteration issues every op when
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
public final class CollectiveProgram extends OneTimerProgram {
    private static final int ARM = 0;
    private static final int NV_DELIVER = 1;
    private static final int PXN_POST = 2;
    private static final int NV_CREDIT = 3;
    private static final int BEGIN = 4;
    private static final int NIC_POST = 5;
    /** A clear-to-send's delay ({@link CollectiveJob#ctsDelayOrDefaultPs}) is over: the sender's proxy has seen it. */
    private static final int NET_CREDIT = 6;
    private static final byte ARMED = PlanState.ARMED;
    private static final byte PRED = PlanState.PRED;
    private static final byte ISSUED = PlanState.ISSUED;
    private static final long[] NO_DEPS = new long[0];

    private final CollectiveJob job;
    private final Agenda agenda = new Agenda();
    private final LongIntMap messages = new LongIntMap();
    private final List<JobIteration> rows = new ArrayList<>();
    private PlanView plan;
    private Tuner.Choice choice;
    private StepLatencies latency;
    private long[][] pairs;
    private Connection[] data;
    private Connection[] cts;
    private int[] position;
    private ServerLinks links;

    private PlanState state;
    /** A clear-to-send's size, made once: sizes are immutable, and every message would otherwise make its own. */
    private final MessageSize ctsSize = MessageSize.of(NcclConstants.CTS_BYTES);
    /** The size of the data message posted last: slices of one size follow each other, and share it. */
    private MessageSize dataSize;
    private int[] stack = new int[64];
    private int stackSize;
    private int issued;
    private int iteration;
    private long iterStart;
    private long lastMessage = -1;
    private long previousLast = -1;
    /** When the last iteration ended, ps: a data message delivered before it is still the iteration's last. */
    private long finishedPs = Long.MIN_VALUE;
    /**
     * Whether the program may run ahead ({@link #decidesAhead}): 1 yes, 0 no, -1 not asked yet (the plan is scanned
     * at the first question, after the start: a training job's calls are never asked).
     */
    private int ahead = -1;
    private boolean done;
    /** Build every plan whole, rings too (tests compare the two). */
    private final boolean stored;
    /** {@link #minReactionDelayPs()}, fixed at construction. */
    private final long reactionDelayPs;

    public CollectiveProgram(CollectiveJob job) {
        this(job, false);
    }

    CollectiveProgram(CollectiveJob job, boolean stored) {
        super(job.name());
        this.job = job;
        this.stored = stored;
        this.reactionDelayPs = reactionDelayPs(job.ctsDelayOrDefaultPs(), job.stepLatencyPs(), job.servers());
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

    PlanView plan() {
        return plan;
    }

    /** The per-op state of the iteration in flight (after {@link #start}). */
    PlanState state() {
        return state;
    }

    @Override
    protected void begin(TrafficContext context) {
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
        data = new Connection[plan.lanes()];
        cts = new Connection[plan.lanes()];
        ConnectionOptions ctsOptions = new ConnectionOptions(job.connection().priority(), 1, job.connection().cc(),
                job.connection().dscp());
        for (int l = 0; l < plan.lanes(); l++) {
            if (!plan.local(l)) {
                data[l] = ctx.connect(plan.laneNic(l), plan.laneDstNic(l), job.connection());
                cts[l] = ctx.connect(plan.laneDstNic(l), plan.laneNic(l), ctsOptions);
            }
        }
        state = new PlanState(plan);
        iterStart = job.startPs();
        agenda.add(iterStart + latency.basePs(), ctx.nowPs(), code(BEGIN, 0));
    }

    /**
     * Whether the plan lets the program decide ahead ({@link #decidesAhead}): no PCIe model, no empty slice, and no op
     * that waits both for a transfer inside a server (NVLink, or PCIe between GPUs: delivered by the program's own timer)
     * and for one over the network (delivered by a completion). Then only the timer posts, and each op's inputs arrive
     * either all from completions or all from the timer, so which of the two made an op ready, and so the stamp of its
     * agenda entry, does not depend on the order in which completions and timers are reported. Transfers inside a server
     * are timers with durations known when they are issued (the GPU's NVLink queue is served first come, first served
     * in issue order, and only the timer issues), so they run ahead like the steps. A ring's view knows this without
     * reading its ops ({@link PlanView#singleInputsWithBytes}); every other plan is scanned, once: about 0.1 us a
     * transfer, under a thousandth of what running those transfers costs. (Plans of more than 4 M transfers used to be
     * left unscanned, and so never ran ahead: past its first half millisecond the 1,024-GPU ring's windows on several
     * threads then averaged a few nanoseconds, each ended by a timer; benchmarks/README.md, "Step 22".)
     */
    private boolean network() {
        if (links.pcie()) {
            return false;
        }
        if (plan.singleInputsWithBytes()) {
            return true;
        }
        for (int l = 0; l < plan.lanes(); l++) {
            for (int i = 0; i < plan.laneCount(l); i++) {
                if (plan.wire(plan.laneTransfer(l, i)) == 0) {
                    return false;
                }
            }
        }
        for (int o = 0; o < plan.ops(); o++) {
            int inputs = plan.inCount(o);
            if (inputs > 1) {
                boolean local = plan.local(plan.lane(plan.in(o, 0)));
                for (int i = 1; i < inputs; i++) {
                    if (plan.local(plan.lane(plan.in(o, i))) != local) {
                        return false; // some inputs from the timer, some from completions
                    }
                }
            }
        }
        return true;
    }

    /**
     * The iteration's plan: ring reduce-scatter, all-gather and all-reduce computed from ids ({@link RingView}), the
     * other algorithms built whole.
     */
    private PlanView build(Tuner.Choice c) {
        if (!stored && c.algorithm() == Algorithm.RING && job.collective() != Collective.BROADCAST) {
            return new RingView(job, c.protocol(), job.pxn());
        }
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
                agenda.add(seen, nowPs, code(NET_CREDIT, t));
            } else {
                creditArrived(t);
            }
        } else {
            lastMessage = m.id();
            if (nowPs < finishedPs) {
                previousLast = m.id(); // came before the iteration's end, reported after it (its timer ran ahead)
            }
            long at = links.pcie() ? links.fromNic(plan.lane(t), plan.wire(t), nowPs) : nowPs;
            if (at > nowPs) {
                agenda.add(at, nowPs, code(NV_DELIVER, t));
            } else {
                deliver(t, nowPs, nowPs);
            }
        }
        // entries due now wait for the timer, also due now: a completion's reaction posts only what it set off
        pump(nowPs);
        wakeAt(agenda.isEmpty() ? -1 : agenda.peekTime());
    }

    /**
     * The least of the delays on the paths from a completion (the only ones this program is told of are deliveries) to
     * a post or timer: a clear-to-send is seen {@code cts_delay} after it arrived, a slice received over the network is
     * used at least the network step after its last byte ({@link StepLatencies#leastNetStepPs}: known before the tuner
     * chose), and with a PCIe model it first crosses the NIC's PCIe link, a timer at least the link's latency after its
     * last byte ({@link ServerLinks#fromNic}). Either of the first two may be set to 0 by the job, and then so is this.
     */
    @Override
    public long minReactionDelayPs() {
        return reactionDelayPs; // asked at every post and timer
    }

    /**
     * {@link #minReactionDelayPs()} of a job with clear-to-send delay {@code ctsDelayPs} (after its default) and step
     * latency {@code stepLatencyPs} (-1: NCCL's) on the fabric's GPU servers {@code servers} (null: none; with a PCIe
     * model at most the PCIe link's latency: a slice delivered over the network reaches its GPU that much later, on a
     * timer), for a program that runs such jobs as its calls.
     */
    public static long reactionDelayPs(long ctsDelayPs, long stepLatencyPs, GpuServers servers) {
        long d = Math.min(ctsDelayPs, StepLatencies.leastNetStepPs(stepLatencyPs));
        return servers == null || servers.pcie() == null ? d : Math.min(d, servers.pcie().latencyPs());
    }

    /**
     * True when no op waits both for a transfer inside a server and for one over the network, there is no PCIe model and
     * no empty slice ({@link #network()}), a reaction delay is declared and an iteration's gap and base latency are at
     * least that long: then a completion only notes what it delivered and adds agenda entries at least that delay later
     * (stamped with its instant, so their order does not depend on when it is reported), every post and every transfer
     * inside a server comes from the timer, and the one value a timer reads of completions reported late, the
     * iteration's last message, is read only at the next iteration's start, at least that delay after the iteration's
     * end. A ring or an all-to-all on GPU servers decides ahead (each op has one input); a tree whose server-local
     * chain meets the network at one GPU does not.
     */
    @Override
    public boolean decidesAhead() {
        if (ahead < 0 && plan != null) {
            ahead = job.gapPs() + latency.basePs() >= minReactionDelayPs() && network() ? 1 : 0;
        }
        return ahead == 1;
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
    @Override
    protected void after(long now) {
        pump(now);
        while (!agenda.isEmpty() && agenda.peekTime() <= now) {
            long c = agenda.poll();
            handle((int) (c >>> 32), (int) c, now);
            pump(now);
        }
        wakeAt(agenda.isEmpty() ? -1 : agenda.peekTime());
    }

    private void handle(int kind, int index, long now) {
        switch (kind) {
            case ARM -> {
                state.addFlags(index, ARMED);
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
        state.reset();
        issued = 0;
        long[] startDeps = previousLast >= 0 ? new long[] {previousLast} : NO_DEPS;
        for (int l = 0; l < plan.lanes(); l++) {
            int end = Math.min(plan.laneWindow(l), plan.laneCount(l));
            for (int i = 0; i < end; i++) {
                grant(plan.laneTransfer(l, i), startDeps, now, true);
            }
        }
        // every op's flags start as PlanState.defaults: PRED without a stream predecessor, ARMED without inputs
        for (int j = 0; j < plan.sources(); j++) {
            push(plan.source(j));
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
            if (state.flags(o) == (ARMED | PRED) && state.pendingCredit(o) == 0) {
                issue(o, now);
            }
        }
    }

    private void issue(int o, long now) {
        state.addFlags(o, ISSUED);
        issued++;
        for (int i = 0; i < plan.outCount(o); i++) {
            int t = plan.out(o, i);
            int kind = plan.laneKind(plan.lane(t));
            long wire = plan.wire(t);
            if (wire == 0) {
                state.folded(t, depsOf(o, -1));
                deliver(t, now, now);
            } else if (kind == Plan.NET) {
                toNic(t, now);
            } else {
                state.folded(t, depsOf(o, -1));
                long arrive = links.local(position[plan.rank(o)], wire, now);
                agenda.add(arrive, now, code(kind == Plan.PXN ? PXN_POST : NV_DELIVER, t));
            }
        }
        for (int i = 0; i < plan.inCount(o); i++) {
            consume(plan.in(o, i), now);
        }
        int next = plan.next(o);
        if (next >= 0) {
            state.addFlags(next, PRED);
            push(next);
        }
        state.issued(o);
        if (issued == plan.ops()) {
            finishIteration(now);
        }
    }

    /** Network transfer {@code t} is ready in its sending GPU's memory: posted now, or once its NIC's PCIe link lets it. */
    private void toNic(int t, long now) {
        long at = links.pcie() ? links.toNic(plan.lane(t), plan.wire(t), now) : now;
        if (at > now) {
            agenda.add(at, now, code(NIC_POST, t));
        } else {
            post(t, now);
        }
    }

    private void post(int t, long now) {
        int o = plan.from(t);
        int l = plan.lane(t);
        long ctsId = state.ctsOf(t);
        long[] deps = plan.laneKind(l) == Plan.PXN ? with(state.folded(t), ctsId) : depsOf(o, ctsId);
        MessageTag tag = new MessageTag(iteration, plan.step(o), plan.channel(o), "data", deps, MessageKind.DATA);
        long wire = plan.wire(t);
        if (dataSize == null || dataSize.bytes() != wire) {
            dataSize = MessageSize.of(wire);
        }
        Message m = ctx.post(data[l], dataSize, Verb.WRITE, tag, now);
        state.msgOf(t, m.id());
        messages.put(m.id(), t << 1);
        state.posted(t);
    }

    private void deliver(int t, long when, long now) {
        int o = plan.to(t);
        if (state.arrived(o, when) == 0) {
            long at = state.inReady(o) + opLatency(o);
            if (at <= now) {
                state.addFlags(o, ARMED);
                push(o);
            } else {
                agenda.add(at, now, code(ARM, o));
            }
        }
    }

    /** Software latency between an op's last input and its issue: the network step's if any input crossed the network. */
    private long opLatency(int o) {
        int inputs = plan.inCount(o);
        if (inputs == 0) {
            return 0;
        }
        for (int i = 0; i < inputs; i++) {
            if (!plan.local(plan.lane(plan.in(o, i)))) {
                return latency.netStepPs();
            }
        }
        return latency.nvlinkStepPs();
    }

    /** The receiver's op consumed transfer {@code t}: its slot is free for the lane's transfer {@code window} later. */
    private void consume(int t, long now) {
        int seq = plan.seq(t);
        if (seq < 0) {
            return;
        }
        int l = plan.lane(t);
        int idx = seq + plan.laneWindow(l);
        if (idx < plan.laneCount(l)) {
            long msg = state.msgOf(t);
            grant(plan.laneTransfer(l, idx), msg >= 0 ? new long[] {msg} : state.folded(t), now, false);
        }
    }

    private void grant(int t, long[] deps, long now, boolean atStart) {
        int l = plan.lane(t);
        if (plan.local(l)) {
            if (atStart) {
                creditArrived(t);
            } else {
                agenda.add(now + links.localLatencyPs(), now, code(NV_CREDIT, t));
            }
            return;
        }
        int o = plan.from(t);
        // a clear-to-send is the protocol's, not the job's payload: kind control
        MessageTag tag = MessageTag.control(iteration, plan.step(o), plan.channel(o), "cts", deps);
        Message m = ctx.post(cts[l], ctsSize, Verb.WRITE, tag, now);
        state.ctsOf(t, m.id());
        messages.put(m.id(), (t << 1) | 1);
    }

    private void creditArrived(int t) {
        int o = plan.from(t);
        state.credit(o);
        push(o);
    }

    /** Message ids op {@code o} waited for: its network inputs, NVLink and empty inputs folded through. */
    /**
     * The messages op {@code o}'s output depends on, then {@code extra} (a clear-to-send's message) unless it is -1.
     * The common case, one input that posted a message, makes one array holding both (the serial step between
     * windows posts thousands: benchmarks/README.md, "Step 16").
     */
    private long[] depsOf(int o, long extra) {
        int inputs = plan.inCount(o);
        if (inputs == 0) {
            return with(!plan.hasPred(o) && previousLast >= 0 ? new long[] {previousLast} : NO_DEPS, extra);
        }
        if (inputs == 1) {
            long msg = state.msgOf(plan.in(o, 0));
            if (msg >= 0) {
                return extra < 0 ? new long[] {msg} : new long[] {msg, extra};
            }
            return with(state.folded(plan.in(o, 0)), extra);
        }
        long[] out = new long[0];
        for (int i = 0; i < inputs; i++) {
            long[] add = depsThrough(plan.in(o, i));
            int k = out.length;
            out = Arrays.copyOf(out, k + add.length);
            System.arraycopy(add, 0, out, k, add.length);
        }
        return with(out, extra);
    }

    /** {@code deps} with {@code extra} added at the end (a new array), or {@code deps} itself when it is -1. */
    private static long[] with(long[] deps, long extra) {
        if (extra < 0) {
            return deps;
        }
        long[] out = Arrays.copyOf(deps, deps.length + 1);
        out[deps.length] = extra;
        return out;
    }

    /** Transfer {@code t}'s message, or what it folded through when it posted none. */
    private long[] depsThrough(int t) {
        long msg = state.msgOf(t);
        return msg >= 0 ? new long[] {msg} : state.folded(t);
    }

    private void finishIteration(long now) {
        rows.add(row(now));
        previousLast = lastMessage;
        finishedPs = now;
        iteration++;
        if (iteration < job.iterations()) {
            iterStart = now + job.gapPs();
            agenda.add(iterStart + latency.basePs(), now, code(BEGIN, 0));
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
