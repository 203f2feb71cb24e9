package org.lossless.workloads.training;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.collective.Agenda;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.CollectiveProgram;
import org.lossless.workloads.collective.LongIntMap;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.OneTimerProgram;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * The training executor: runs a {@link TrainingJob}'s per-rank graphs iteration by iteration on the traffic-program
 * seam. A compute node is a timer; a communication node waits for its partners ({@link Rendezvous}) and then runs
 * as one call of the collective engine ({@link CollectiveProgram}, the same code as a stand-alone collective job),
 * whose messages the packet engine carries like any other; its end releases the nodes that depend on it.
 *
 * <p>Iterations run back to back: iteration k+1 starts when every node of every rank of iteration k has ended
 * (the optimizer step is a synchronisation point), plus a blocking checkpoint when one is due. The job keeps one
 * engine timer: compute ends and its calls' timers share one {@link Agenda}.
 */
public final class TrainingProgram extends OneTimerProgram implements ChildRun.Host {
    private static final long COMPUTE = 0;
    private static final long CHILD = 1;
    private static final long BEGIN = 2;
    private static final int CHECKPOINT_SLOT = Integer.MAX_VALUE;

    private final TrainingJob job;
    private final TrainingSource source;
    private final Agenda agenda = new Agenda();
    private final LongIntMap slotOfMessage = new LongIntMap();
    private final ConnectionPool pool = new ConnectionPool();
    private final TunerCache tuner = new TunerCache();
    private final List<ChildRun> slots = new ArrayList<>();
    private final IntStack freeSlots = new IntStack();
    private final IntStack work = new IntStack();
    private final IntStack released = new IntStack();
    private final IterationLog log;
    private final CheckpointWriter checkpoint;
    private Rendezvous rendezvous;
    private RankRun[] runs;
    private Call[][] callOf;
    private int ranksLeft;
    private int activeCalls;
    private int iteration;
    private long iterStart;
    private boolean running;
    private boolean done;
    /** {@link #minReactionDelayPs()}, fixed at construction. */
    private final long reactionDelayPs;
    /** Timer generations handed out (wraps after 2^32 timers; an entry lives far shorter than that). */
    private int generations;
    /**
     * Codes of agenda entries that were moved ({@link #childTimer}), left in the heap until they reach its head: they
     * never fire and never count as pending. Only in a parallel run whose timers run ahead ({@link #decidesAhead}).
     */
    private final LongIntMap ghosts = new LongIntMap();
    private int ghostCount;

    public TrainingProgram(TrainingJob job) {
        super(job.name());
        this.job = job;
        this.source = job.source();
        this.log = new IterationLog(job);
        this.checkpoint = job.checkpoint() == null ? null
                : new CheckpointWriter(job.checkpoint(), job.hostOfRank(), job.comm().connection());
        CommSettings c = job.comm();
        this.reactionDelayPs = checkpoint != null ? 0 : CollectiveProgram.reactionDelayPs(c.ctsDelayPs() >= 0
                ? c.ctsDelayPs() : org.lossless.workloads.collective.StepLatencies.CTS_DELAY_PS, c.stepLatencyPs(),
                c.servers());
    }

    public TrainingJob job() {
        return job;
    }

    @Override
    protected void begin(TrafficContext context) {
        int hosts = ctx.topology().hostCount();
        for (int h : job.hostOfRank()) {
            if (h >= hosts) {
                throw new IllegalArgumentException("job " + job.name() + ": host " + h + " does not exist");
            }
        }
        rendezvous = new Rendezvous(source.communicators(), source.ranks());
        agenda.add(Math.max(job.startPs(), ctx.nowPs()), ctx.nowPs(), BEGIN << 62);
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        int slot = slotOfMessage.get(m.id(), -1);
        if (slot >= 0 && slot != CHECKPOINT_SLOT) {
            ChildRun child = slots.get(slot);
            child.program.onDelivered(m, nowPs);
            settle(child, nowPs);
        }
        reacted(nowPs);
    }

    @Override
    public void onAcked(Message m, long nowPs) {
        int slot = slotOfMessage.remove(m.id(), -1);
        if (slot == CHECKPOINT_SLOT) {
            if (checkpoint.acked()) {
                log.checkpointEnded(nowPs - checkpoint.startPs());
                next(nowPs);
                after(nowPs); // the next iteration starts at this very instant (declared: no reaction delay)
                return;
            }
        } else if (slot >= 0) {
            ChildRun child = slots.get(slot);
            child.outstanding--;
            child.program.onAcked(m, nowPs);
            settle(child, nowPs);
        }
        reacted(nowPs);
    }

    /**
     * The least time between a completion and anything the job posts or arms in reaction: its completions go to its
     * calls, each a collective-engine program, which react no sooner than their clear-to-send delay or least network
     * step ({@link CollectiveProgram#minReactionDelayPs}, from the job's settings, the same for every call); a call ends
     * on its own timer (its last op's step latency), never at a completion, so what its end releases (compute, the next
     * calls) comes later still. A checkpoint's last acknowledgement starts the next iteration at that very instant:
     * with checkpoints, 0.
     */
    @Override
    public long minReactionDelayPs() {
        return reactionDelayPs; // asked at every post and timer
    }

    /**
     * True while the job declares a reaction delay (no checkpoints) and every call it is running decides ahead ({@link
     * CollectiveProgram#decidesAhead}: a ring, an all-to-all or halving-doubling on GPU servers, no PCIe model, no
     * empty slice); asked before each timer that would run ahead, so the answer follows the calls. Then what a timer
     * does does not depend on completions less than that delay before it: a completion only goes to its call (which
     * adds to its own agenda at least the delay later and posts nothing) and frees a call's slot (a slot is a name, no
     * result reads it); calls end, compute nodes end and iterations start on timers only; the job's agenda orders
     * ties by stamp, and a call's timer re-armed by a completion reported late keeps the place its last timer gave it
     * ({@link #childTimer}). A call started inside a window cannot get a completion in it (the window is shorter than a
     * frame's trip to a NIC), and the next window asks again.
     */
    @Override
    public boolean decidesAhead() {
        if (reactionDelayPs == 0) {
            return false;
        }
        for (ChildRun c : slots) {
            if (c != null && !c.ended && !c.program.decidesAhead()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean finished() {
        return done;
    }

    @Override
    public List<JobIteration> jobIterations() {
        return log.rows(running ? iterStart : -1, iteration);
    }

    /** Every iteration's breakdown, in order (an unfinished one last, with its problem). */
    public List<TrainingIteration> trainingIterations() {
        return log.iterations(running ? "iteration " + iteration + " did not finish before the run ended" : null,
                iteration);
    }

    /** The timeline ranks' node times, iteration by iteration. */
    public List<TimelineEntry> timeline() {
        return log.timeline();
    }

    /** Connections the job opened (a call reuses its communicator's). */
    public int connectionsOpened() {
        return pool.size();
    }

    // ---- ChildRun.Host

    @Override
    public TrafficContext context() {
        return ctx;
    }

    @Override
    public Connection connection(long group, int ordinal, int src, int dst, ConnectionOptions options) {
        return pool.get(ctx, group, ordinal, src, dst, options);
    }

    /**
     * Puts the call's timer in the job's agenda, stamped with the instant that asked (entries at one time run in the
     * order of their stamps, then of their insertion: in time order, the insertion order). A call's timer is re-armed
     * at a completion only to an earlier time (a completion adds to the call's agenda, never takes from it). When the
     * call's own timer last ran after that completion's instant, the completion is reported after timers run ahead of
     * it ({@link #decidesAhead}): in time order that timer ran after the completion and placed the call's timer, at its
     * own place among ties, at the earliest of the call's times, this one included; so the entry is moved to this time
     * at that place (its old entry becomes a ghost: it never fires), not placed anew.
     */
    @Override
    public void childTimer(ChildRun child, int previous, long atPs) {
        long now = ctx.nowPs();
        long code = childCode(child.slot, child.timerGeneration);
        if (child.placeStampPs > now) {
            if (child.armed) {
                ghosts.put(childCode(child.slot, previous), 1);
                ghostCount++;
            }
            agenda.addPlaced(atPs, child.placeStampPs, child.placeOrder, code);
        } else {
            child.placeStampPs = now;
            child.placeOrder = agenda.add(atPs, now, code);
        }
        child.armed = true;
    }

    private static long childCode(int slot, int generation) {
        return (CHILD << 62) | ((long) slot << 32) | (generation & 0xFFFFFFFFL);
    }

    /** Takes the ghosts ({@link #ghosts}) off the agenda's head. */
    private void dropGhosts() {
        while (ghostCount > 0 && !agenda.isEmpty() && ghosts.remove(agenda.peekCode(), -1) >= 0) {
            agenda.poll();
            ghostCount--;
        }
    }

    @Override
    public int nextGeneration() {
        return ++generations;
    }

    @Override
    public void childPosted(int slot, Message m) {
        slotOfMessage.put(m.id(), slot);
        if ("data".equals(m.tag().operation())) {
            log.fabricBytes(m.bytes());
        }
    }

    // ---- the walk

    /** Runs what is due at {@code now}; re-arms the job's timer; detects a stall. */
    @Override
    protected void after(long now) {
        drain(now);
        dropGhosts();
        while (!agenda.isEmpty() && agenda.peekTime() <= now) {
            long code = agenda.poll();
            handle(code, now);
            drain(now);
            dropGhosts();
        }
        rearm();
    }

    /**
     * After a completion: runs only what it set off. Entries due now that earlier events put on the agenda wait for
     * the job's timer, also due now, as {@link org.lossless.workloads.collective.CollectiveProgram}'s do: run here
     * they would post at the completion's instant, sooner than {@link #minReactionDelayPs} (a call's step timer that
     * falls on the very picosecond of another slice's delivery did, and stopped the run).
     */
    private void reacted(long now) {
        drain(now);
        dropGhosts();
        rearm();
    }

    /** Detects a stall (nothing pending, ranks still have nodes); asks for the timer at the next entry. */
    private void rearm() {
        if (running && agenda.size() == ghostCount && activeCalls == 0 && work.isEmpty() && ranksLeft > 0) {
            stall();
        }
        wakeAt(agenda.isEmpty() ? -1 : agenda.peekTime());
    }

    private void handle(long code, long now) {
        int kind = (int) (code >>> 62);
        if (kind == COMPUTE) {
            endNode((int) (code >>> 40), (int) (code & ((1L << 40) - 1)), now);
        } else if (kind == CHILD) {
            ChildRun child = slots.get((int) ((code >>> 32) & 0x3FFFFFFF));
            if (child != null && child.timerGeneration == (int) code) {
                child.armed = false; // its entry is off the agenda (an ended call's fires for nothing)
            }
            if (child != null && !child.ended && child.timerGeneration == (int) code) {
                child.program.onTimer(now);
                if (!child.armed) {
                    // where its re-arm would have gone: a completion reported late may arm it there (childTimer)
                    child.placeStampPs = now;
                    child.placeOrder = agenda.reserve();
                }
                settle(child, now);
            }
        } else {
            begin(now);
        }
    }

    private void begin(long now) {
        int n = source.ranks();
        runs = new RankRun[n];
        callOf = new Call[n][];
        boolean[] onTimeline = log.timelineRanks(source);
        for (int r = 0; r < n; r++) {
            RankGraph g = source.graph(r, iteration, onTimeline[r]);
            if (g.rank() != r) {
                throw new IllegalStateException("the source gave rank " + g.rank() + "'s graph for rank " + r);
            }
            runs[r] = new RankRun(g);
            callOf[r] = new Call[g.size()];
        }
        iterStart = now;
        running = true;
        ranksLeft = 0;
        for (int r = 0; r < n; r++) {
            if (runs[r].done()) {
                runs[r].finishedPs = now;
                continue;
            }
            ranksLeft++;
            released.clear();
            runs[r].initial(released);
            queue(r);
        }
        if (ranksLeft == 0) {
            finishIteration(now);
        }
    }

    /** Moves the nodes {@link RankRun} released for rank {@code r} onto the work list. */
    private void queue(int r) {
        while (!released.isEmpty()) {
            work.push(released.pop());
            work.push(r);
        }
    }

    private void drain(long now) {
        while (!work.isEmpty()) {
            int r = work.pop();
            int i = work.pop();
            RankRun run = runs[r];
            if (!run.eligible(i)) {
                continue;
            }
            run.markStarted(i, now);
            RankGraph g = run.g;
            if (g.kind[i] == NodeKind.COMPUTE.ordinal()) {
                run.start[i] = now;
                long d = g.value[i];
                if (d == 0) {
                    endNode(r, i, now);
                } else {
                    agenda.add(now + d, now, (COMPUTE << 62) | ((long) r << 40) | i);
                }
            } else {
                Call call = rendezvous.arrive(g, i, now);
                if (call != null) {
                    launch(call, now);
                }
            }
        }
    }

    private void launch(Call call, long now) {
        call.startPs = now;
        for (int m = 0; m < call.ranks.length; m++) {
            int r = call.ranks[m];
            runs[r].start[call.nodes[m]] = now;
            callOf[r][call.nodes[m]] = call;
        }
        if (call.ranks.length == 1) {
            endCall(call, now);
            return;
        }
        int[] hosts = new int[call.ranks.length];
        for (int m = 0; m < hosts.length; m++) {
            hosts[m] = job.host(call.ranks[m]);
        }
        String name = CallJobs.safeName(call.name);
        CollectiveJob cj = call.pointToPoint
                ? CallJobs.pointToPoint(name, hosts[0], hosts[1], call.sizeBytes, job.comm(), now)
                : tuner.resolve(CallJobs.collective(name, call.collective, hosts, call.sizeBytes, call.pairs, job.comm(),
                        now), ctx);
        long group = call.pointToPoint ? -1 - ((long) call.ranks[0] * source.ranks() + call.ranks[1]) : call.comm;
        int slot = freeSlots.isEmpty() ? slots.size() : freeSlots.pop();
        ChildRun child = new ChildRun(slot, call, new CollectiveProgram(cj), this, group);
        if (slot == slots.size()) {
            slots.add(child);
        } else {
            slots.set(slot, child);
        }
        activeCalls++;
        child.program.start(child);
        settle(child, now);
    }

    /** Ends the child's call once its program is done; frees its slot once nothing of it is in flight. */
    private void settle(ChildRun child, long now) {
        if (!child.ended && child.program.finished()) {
            child.ended = true;
            activeCalls--;
            endCall(child.call, now);
        }
        if (child.ended && child.outstanding == 0 && slots.get(child.slot) == child) {
            slots.set(child.slot, null);
            freeSlots.push(child.slot);
        }
    }

    private void endCall(Call call, long now) {
        call.endPs = now;
        log.call(call);
        for (int m = 0; m < call.ranks.length; m++) {
            endNode(call.ranks[m], call.nodes[m], now);
        }
    }

    private void endNode(int r, int i, long now) {
        RankRun run = runs[r];
        released.clear();
        run.end(i, now, released);
        queue(r);
        if (run.done()) {
            ranksLeft--;
            if (ranksLeft == 0) {
                finishIteration(now);
            }
        }
    }

    private void finishIteration(long now) {
        running = false;
        log.iterationEnded(new IterationBook(runs, callOf, iterStart, now), runs, iteration, iterStart, now, source);
        runs = null;
        callOf = null;
        rendezvous.clear();
        int ended = iteration++;
        if (checkpoint != null && job.checkpoint().after(ended)) {
            log.checkpointStarted();
            checkpoint.start(ctx, ended, m -> slotOfMessage.put(m.id(), CHECKPOINT_SLOT));
        } else {
            next(now);
        }
    }

    /** Starts the next iteration now, or ends the job after the last. */
    private void next(long now) {
        if (iteration < job.iterations()) {
            agenda.add(now, now, BEGIN << 62);
        } else {
            done = true;
        }
    }

    /** Nothing can move: no compute pending, no call running, ranks still have nodes. */
    private void stall() {
        log.stalled(problem(), iterStart);
        running = false;
        done = true;
    }

    /** What the running iteration waits for (a stall), or null. */
    private String problem() {
        if (runs == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder("iteration " + iteration + " did not finish: ");
        List<Call> waiting = rendezvous.waiting();
        if (waiting.isEmpty()) {
            sb.append(ranksLeft).append(" ranks still had work and no call was waiting");
        }
        for (int k = 0; k < Math.min(3, waiting.size()); k++) {
            Call c = waiting.get(k);
            sb.append(k == 0 ? "" : "; ").append(c.name).append(" waited for ")
                    .append(c.ranks.length - c.arrived).append(" of ").append(c.ranks.length).append(" ranks");
        }
        return sb.toString();
    }
}
