package org.lossless.core.kernel;

import java.util.concurrent.ConcurrentHashMap;

import org.lossless.core.random.RandomStreams;

/**
 * A conservative parallel engine: the model is cut into partitions, each with its own {@link EventLoop}, run by a
 * fixed set of threads in windows of simulated time no longer than the lookahead (the smallest delay with which one
 * partition can affect another: propagation plus the serialization of the smallest frame on any cut link).
 *
 * <p>A window {@code [t, end)} starts at the earliest pending event anywhere; every partition runs its events before
 * {@code end} without looking at the others; what crosses a cut ({@link Scheduler#handOff}) waits in the sender's
 * outbox and is delivered to the receiver, in (time, sender key) order, before the next window. The run's global
 * events (scheduled through the engine itself: traffic programs, telemetry, detectors) run between windows, on one
 * thread, with every partition stopped exactly at their time, and come first at their instant, as in a sequential
 * run. Ties inside a partition break by the partition-independent tie key ({@link TieOrder#SOURCE}). So a model that
 * keeps to the rules below gives the same results as on a sequential {@link Kernel} with that tie order, for any
 * number of partitions and threads.
 *
 * <p>Rules for the model: a component schedules only through the {@link #partition(int) partition} view of its own
 * partition (through its own {@link Scheduler#source(int) source}); it reaches a component of another partition only by
 * {@link Scheduler#handOff}, at least the lookahead ahead; only global events (not partition events) schedule global
 * events or call {@link #stop()}; a partition event that breaks a rule fails the run.
 *
 * <p>Threads: the calling thread and {@code threads - 1} workers started by {@link #runUntil} and ended with it. Each
 * window is planned between windows ({@link Claims}): the partitions, costliest of the last window first, dealt to the
 * threads so that their planned costs are even, each left on the thread that ran it last where that keeps them even; a
 * thread runs its own partitions, then takes the others' unstarted ones, so a slowed thread leaves its share to the
 * others but a thread that is a little late to wake does not lose it. The only synchronisation is the barrier at the
 * end of each window ({@link SpinBarrier}, which unparks its waiters on release, and before global work so that they
 * are awake when it ends) and one compare-and-set per partition per window; nothing is locked per event or per frame.
 * Where the machine makes one thread faster than all (cores far apart: every line the partitions share costs a hand-off
 * between them), the thread that runs the step between windows runs stretches of windows alone ({@link Pacer}).
 * Before global events the window's hand-offs are delivered to every partition: by the threads in a phase of their
 * own (one more barrier) when there are many, else by the thread that runs the global work; deferred work and events
 * that go ahead ({@link Ahead#runAt}) leave them to the partitions' next windows (they read nothing they change).
 */
public final class ParallelEngine extends EngineSignals {
    private final EventLoop global = new EventLoop(-1, TieOrder.SOURCE);
    private final Source globalSource;
    private final Partitions parts;
    private final EventLoop[] loops;
    private final Claims claims;
    /** The thread that ran each partition in the current window (the next window's plan keeps it there if it can). */
    private final int[] ranBy;
    /** Threads a run uses. */
    private final int threads;
    private final long lookaheadPs;
    private final RandomStreams streams;
    private final ParallelStats stats;
    private final SpinBarrier barrier;
    private ModelBuilder builder;
    private Deferred deferred;
    /** End of the last window run (exclusive), ps. */
    private long lastWindowEndPs;

    private long stopPs;
    private long windowEndPs;
    /** The threads deliver the last window's hand-offs, then global work runs ({@link #globalWorkDue}). */
    private boolean delivering;
    private boolean finished;
    private boolean running;
    private boolean inGlobal;
    /** Running partitions to the reach of the deferred work that stopped the run ({@link #drain}). */
    private boolean draining;
    /** The instant that work stopped the run, ps: the run's clock once drained. */
    private long drainEndPs;
    private volatile Throwable failure;
    /** Runs the global events that may go ahead of the partitions ({@link AheadWork}). */
    private final Ahead ahead;
    /** Whether the next windows run on every thread or on one ({@link #solo}). */
    private Pacer pacer;
    /** Wall time of the last barrier action's solo windows, ns (written before the release, read after it). */
    private long soloNs;
    /**
     * Fewest hand-offs waiting before global work that the threads deliver in a phase of their own (one more barrier);
     * fewer are delivered by the thread that runs the global work (about 0.1-0.2 us each: under a barrier's cost when a
     * thread has to wake for it; the k=8 all-reduce has about 66 per window, the k=16 permutation about 4,000).
     */
    private static final long PARALLEL_DELIVERY = 256;

    /**
     * @param seed        scenario seed of the named random streams
     * @param partitions  number of partitions (at least 1)
     * @param threads     threads wanted (at least 1); at most {@code partitions} are used
     * @param lookaheadPs longest window, ps (at least 1): the smallest delay of any hand-off across partitions
     * @param weights     expected load of each partition (the first window's claim order), or null for equal loads
     */
    public ParallelEngine(long seed, int partitions, int threads, long lookaheadPs, long[] weights) {
        if (partitions < 1 || threads < 1 || lookaheadPs < 1) {
            throw new IllegalArgumentException("partitions " + partitions + ", threads " + threads + ", lookahead "
                    + lookaheadPs + " ps: each must be at least 1");
        }
        if (weights != null && weights.length != partitions) {
            throw new IllegalArgumentException(weights.length + " weights for " + partitions + " partitions");
        }
        this.streams = new RandomStreams(seed);
        this.lookaheadPs = lookaheadPs;
        ConcurrentHashMap<Integer, Integer> owners = new ConcurrentHashMap<>();
        global.owners = owners;
        globalSource = global.source(0);
        parts = new Partitions(partitions, owners);
        loops = parts.loops;
        this.threads = Math.min(threads, partitions);
        claims = new Claims(partitions, this.threads, weights);
        ranBy = new int[partitions];
        stats = new ParallelStats(partitions, this.threads, lookaheadPs);
        barrier = new SpinBarrier(this.threads);
        ahead = new Ahead(global, loops);
        pacer = Pacer.of(this.threads, this::eventsExecuted);
    }

    /** As the other constructor, with {@code builder} run when the first run starts. */
    public ParallelEngine(long seed, int partitions, int threads, long lookaheadPs, long[] weights,
                          ModelBuilder builder) {
        this(seed, partitions, threads, lookaheadPs, weights);
        this.builder = builder;
    }

    /** Sets how runs choose between all threads and one (for tests; the default: {@link Pacer#of}). */
    void pace(boolean enabled, long blockNs, long keepNs) {
        pacer = new Pacer(enabled && threads > 1, blockNs, Pacer.BLOCKS, keepNs, this::eventsExecuted);
    }

    /** Sets the run's deferred work (before the first run). */
    public void defer(Deferred d) {
        if (running) {
            throw new IllegalStateException("deferred work is set before the run");
        }
        this.deferred = d;
        ahead.work(d instanceof AheadWork w ? w : null);
    }

    /** Threads a run uses: the threads asked for, at most one per partition. */
    public int threads() {
        return threads;
    }

    @Override
    public int partitions() {
        return loops.length;
    }

    /** The longest window, ps. */
    public long lookaheadPs() {
        return lookaheadPs;
    }

    /** The order in which the next window's partitions are claimed, costliest first (for tests). */
    int[] claimOrder() {
        return claims.order();
    }

    /** The global events that run ahead of the partitions ({@link AheadWork}), for the model's deferred work. */
    public Ahead ahead() {
        return ahead;
    }

    /** Figures of the runs so far: windows, events per partition, time spent waiting at barriers. */
    public ParallelStats stats() {
        return stats;
    }

    /**
     * Partition {@code p}'s view: components of the partition take their {@link Scheduler#source(int) source} from
     * it. Scheduling through the view itself is not allowed (an event needs a source).
     */
    @Override
    public Scheduler partition(int p) {
        return new PartitionView(loops[p]);
    }

    // ------------------------------------------------------------------ the run's global events

    @Override
    public long now() {
        return global.nowPs;
    }

    /** Schedules a global event; only from the builder, between runs or from another global event. */
    @Override
    public void schedule(SimEvent event, long atPs) {
        checkGlobal("schedule a global event");
        globalSource.schedule(event, atPs);
    }

    @Override
    public boolean cancel(SimEvent event) {
        checkGlobal("cancel a global event");
        return global.cancel(event);
    }

    /** Global sources are not partitioned: id 0 is the engine itself. */
    @Override
    public Scheduler source(int id) {
        if (id != 0) {
            throw new IllegalArgumentException("source " + id + ": take it from its partition (partition(p).source(id))");
        }
        return this;
    }

    private void checkGlobal(String what) {
        if (running && !inGlobal && !ahead.running()) {
            throw new IllegalStateException("a partition event tried to " + what + " (only global events may)");
        }
    }

    // ------------------------------------------------------------------ running

    @Override
    public void runUntil(long stopPs) {
        if (running) {
            throw new IllegalStateException("runUntil called during a run (from inside an event?)");
        }
        if (stopPs < global.nowPs) {
            throw new IllegalArgumentException("stop time " + stopPs + " ps is before now " + global.nowPs + " ps");
        }
        if (builder != null) {
            ModelBuilder b = builder;
            builder = null;
            b.build(this, streams);
        }
        this.stopPs = stopPs;
        finished = false;
        failure = null;
        draining = false;
        aborted = false;
        global.stopRequested = false;
        running = true;
        long wallStart = System.nanoTime();
        pacer.restart(wallStart);
        try {
            plan(); // no flip: mail still waiting from the last run stays where the next window reads it
            if (!finished) {
                Workers.run(threads, this::work);
            }
        } finally {
            running = false;
            inGlobal = false;
            stats.wallNs += System.nanoTime() - wallStart;
            stats.paced(pacer.cycles(), pacer.soloCycles());
            publish();
        }
        if (failure != null) {
            throw Rethrow.unchecked(failure);
        }
    }

    /**
     * The run was stopped by deferred work at {@code endPs} while partitions may have run up to {@code reachPs} (the
     * work's reaction delay allowed it): every partition now runs exactly to {@code reachPs}, without global events or
     * deferred work, so that the state does not depend on how far each partitioning's windows went; the run's clock
     * stays at {@code endPs}.
     */
    private void drain(long endPs, long reachPs) {
        draining = true;
        drainEndPs = endPs;
        stopPs = Math.min(stopPs, reachPs);
        planDrain();
    }

    /**
     * Deferred work that schedules nothing ({@link Deferred#reactionDelayPs()} {@code Long.MAX_VALUE}) stopped the run at
     * {@code atPs}: the model must have stopped every partition there ({@link Deferred#horizonPs}, {@link
     * Scheduler#yieldAfterNow()}), or the results would depend on the partitioning.
     */
    private void checkStoppedAt(long atPs) {
        int p = parts.pastAt(atPs);
        if (p >= 0) {
            throw new IllegalStateException("the run was stopped at " + atPs + " ps by deferred work, but partition "
                    + p + " had run to " + loops[p].nowPs + " ps: the model did not announce the stop (horizonPs)");
        }
    }

    /** The next window of a {@link #drain}, or the end of the run. */
    private void planDrain() {
        long t = parts.next();
        if (t > stopPs) {
            global.nowPs = drainEndPs;
            draining = false;
            finished = true;
            return;
        }
        windowEndPs = Math.min(Ahead.saturatedAdd(t, lookaheadPs), stopPs + 1);
        lastWindowEndPs = windowEndPs;
        stats.window(t, windowEndPs);
    }

    /** One thread's share: the partitions it claims in each window, then the barrier, until the run is finished. */
    private void work(int thread) {
        SpinBarrier b = barrier;
        Claims c = claims;
        Runnable action = () -> between(thread);
        while (true) {
            if (delivering) {
                for (int p = c.claim(thread); p >= 0; p = c.claim(thread)) {
                    deliver(p);
                }
            } else {
                for (int p = c.claim(thread); p >= 0; p = c.claim(thread)) {
                    runWindow(p, thread);
                }
            }
            long t0 = System.nanoTime();
            long late = b.await(action);
            stats.barrierNs[thread] += System.nanoTime() - t0 - soloNs;
            stats.wakeNs[thread] += late;
            if (finished) {
                return;
            }
        }
    }

    /**
     * Partition {@code p}'s window, on {@code thread}: deliver what the others handed it, then run its events before the
     * window end; its cost (events and hand-offs) orders the next window's claims.
     */
    private void runWindow(int p, int thread) {
        if (failure != null) {
            return;
        }
        try {
            int handed = parts.deliver(p);
            long c0 = stats.cpuNow();
            long t0 = System.nanoTime();
            long n = parts.run(p, windowEndPs);
            long ns = System.nanoTime() - t0;
            ranBy[p] = thread;
            claims.record(p, n + handed);
            stats.ran(p, thread, n, handed, ns, stats.cpuNow() - c0);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** Delivers what the others handed partition {@code p} in the last window (before the run's global work). */
    private void deliver(int p) {
        try {
            stats.handOffs[p] += parts.deliver(p);
        } catch (Throwable t) {
            fail(t);
        }
    }

    private synchronized void fail(Throwable t) {
        if (failure == null) {
            failure = t;
        }
    }

    /**
     * Between windows, on {@code thread} with every partition stopped: flip the mail, run the global events that are
     * due, choose the next window (or finish); then, while the {@link Pacer} says so, run the next windows here alone.
     */
    private void between(int thread) {
        soloNs = 0;
        long t = timedStep();
        if (!finished && pacer.solo(t)) {
            solo(thread, t);
        }
    }

    /** {@link #step()}, timed as a step between windows; returns when it ended ({@link System#nanoTime()}). */
    private long timedStep() {
        long t0 = System.nanoTime();
        long c0 = stats.cpuNow();
        boolean window = !delivering;
        step();
        long t1 = System.nanoTime();
        stats.stepped(window, t1 - t0, stats.cpuNow() - c0);
        return t1;
    }

    /** Windows (and delivery phases) run on {@code thread} alone, each with its step, while the pacer says so. */
    private void solo(int thread, long startNs) {
        barrier.sleep(true);
        long t = startNs;
        boolean kept = pacer.keeping();
        try {
            boolean more;
            do {
                boolean window = !delivering;
                for (int p = 0; p < loops.length; p++) {
                    if (window) {
                        runWindow(p, thread);
                    } else {
                        deliver(p);
                    }
                }
                stats.soloWindow(window, kept);
                t = timedStep();
                more = !finished && pacer.solo(t);
                kept = pacer.keeping();
            } while (more);
        } finally {
            barrier.sleep(false);
            soloNs = t - startNs;
            stats.solo(soloNs);
        }
    }

    /** {@link #between(int)}'s work. */
    private void step() {
        if (delivering) { // every partition has what was handed to it: now the global work
            delivering = false;
            parts.delivered();
            claims.reset();
            barrier.wake();
            plan();
            return;
        }
        parts.flip();
        stats.windowEnded(claims);
        claims.reset(ranBy);
        if (deferred != null && failure == null) {
            try {
                deferred.windowEnded();
            } catch (Throwable t) {
                fail(t);
            }
        }
        if (threads > 1 && globalWorkDue()) {
            if (parts.undelivered() >= PARALLEL_DELIVERY && globalEventDue()) { // the hand-offs first, by every thread
                delivering = true;
                return;
            }
            barrier.wake(); // global work next, on this thread: the others wake now, not after it
        }
        plan();
    }

    /**
     * Whether {@link #plan} will run global events or deferred work before the next window. Only a global event
     * ({@link #globalEventDue}) has every hand-off delivered first, which the threads then do in a phase of their own;
     * deferred work alone needs none (a phase for it was one more barrier at most windows of a collective:
     * benchmarks/README.md, "Step 21").
     */
    private boolean globalWorkDue() {
        return failure == null && !draining && !abortRequested
                && (globalEventDue() || deferred != null && deferred.pendingPs() != Long.MAX_VALUE);
    }

    private boolean globalEventDue() {
        long tg = global.nextTime();
        return tg <= stopPs && tg <= parts.next();
    }

    /** Runs the global events that are due and chooses the next window, or finishes the run. */
    private void plan() {
        if (failure != null) {
            finished = true;
            return;
        }
        try {
            publish();
            if (draining) {
                planDrain();
                return;
            }
            while (true) {
                if (abortRequested) {
                    aborted = true;
                    finished = true;
                    return;
                }
                if (deferred != null) {
                    long td = deferred.pendingPs();
                    if (td != Long.MAX_VALUE) {
                        long d = deferred.reactionDelayPs();
                        long reach = d == Long.MAX_VALUE ? Long.MAX_VALUE : td + Math.max(1, d) - 1;
                        if (loops.length > 1 && reach < lastWindowEndPs - 1) {
                            throw new IllegalStateException("work recorded at " + td + " ps in a window that ran to "
                                    + (lastWindowEndPs - 1) + " ps: the model did not announce it (horizonPs)");
                        }
                        // the window's hand-offs stay in the mail: each partition takes its own at its next window's
                        // start (Deferred: the work reads nothing they change), unless the work ends the run here
                        runGlobal(td, true);
                        if (global.stopRequested) {
                            deliverAll(); // the run's end state holds them, as when delivered before the work
                            if (d == Long.MAX_VALUE) {
                                checkStoppedAt(td);
                                finished = true;
                            } else if (reach > td) {
                                drain(td, reach);
                            } else {
                                finished = true;
                            }
                            return;
                        }
                        continue;
                    }
                }
                long tp = parts.next();
                long tg = global.nextTime();
                if (ahead.stopsAtPs() <= Math.min(Math.min(tp, tg), stopPs)) {
                    setClocks(ahead.stopsAtPs()); // an event that ran ahead ended the run there
                    finished = true;
                    return;
                }
                if (tg <= tp && tg <= stopPs) {
                    if (deferred != null && loops.length > 1 && ahead.runAt(tg, deferred)) {
                        stats.globalWorkRan();
                        continue;
                    }
                    deliverAll();
                    runGlobal(tg, false);
                    if (global.stopRequested) {
                        finished = true;
                        return;
                    }
                    continue;
                }
                long t = Math.min(tp, tg);
                if (t > stopPs) {
                    setClocks(stopPs);
                    finished = true;
                    return;
                }
                global.nowPs = t;
                long end = Math.min(Ahead.saturatedAdd(t, lookaheadPs), Ahead.saturatedAdd(stopPs, 1));
                if (deferred != null && loops.length > 1) {
                    end = Math.min(Math.min(end, Ahead.saturatedAdd(deferred.horizonPs(t), 1)), ahead.stopsAtPs());
                    long ranAhead = ahead.events();
                    end = ahead.run(end);
                    if (ahead.events() != ranAhead) {
                        stats.globalWorkRan();
                    }
                }
                windowEndPs = Math.min(end, global.nextTime());
                lastWindowEndPs = windowEndPs;
                stats.window(t, windowEndPs);
                return;
            }
        } catch (Throwable e) {
            inGlobal = false;
            fail(e);
            finished = true;
        }
    }

    /**
     * Runs the deferred work ({@code deferred} true) or the global events due at {@code atPs} as the run's global level
     * there: every partition's clock is moved there first (every partition event before it has run, none after it), so
     * that what a global event does to a component sees the same time as in a sequential run. (No Runnable: a lambda
     * capturing the instant was allocated per window.)
     */
    private void runGlobal(long atPs, boolean deferredWork) {
        setClocks(atPs);
        stats.globalWorkRan();
        inGlobal = true;
        try {
            if (deferredWork) {
                deferred.run(atPs);
            } else {
                global.run(atPs, Integer.MAX_VALUE);
            }
        } finally {
            inGlobal = false;
        }
    }

    /** Moves the global clock and every partition's to {@code atPs} (no partition has run past it). */
    private void setClocks(long atPs) {
        global.nowPs = atPs;
        parts.setClocks(atPs);
    }

    /** Delivers every waiting hand-off now (before global events look at the partitions). */
    private void deliverAll() {
        parts.deliverAll(stats.handOffs);
    }

    private void publish() {
        publishedNowPs = global.nowPs;
        publishedEvents = eventsExecuted();
    }

    /** Ends the run right after the current global event; partition events may not stop the run. */
    @Override
    public void stop() {
        if (running && !inGlobal && !ahead.running()) {
            throw new IllegalStateException("a partition event tried to stop the run (only global events may)");
        }
        if (running) {
            global.stopRequested = true;
        }
    }

    @Override
    public long eventsExecuted() {
        return global.executed + parts.executed();
    }

    @Override
    public RandomStreams streams() {
        return streams;
    }
}
