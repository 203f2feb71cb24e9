package org.lossless.core.kernel;

import java.util.concurrent.atomic.AtomicLong;

import org.lossless.core.random.RandomStreams;

/**
 * The simulation kernel: a DSOL {@link FastDevsSimulator} in integer picoseconds, a
 * {@link SimModel} and named {@link RandomStreams}, behind the small {@link Scheduler} API.
 *
 * <p>Each {@link #runUntil(long)} is one DSOL replication from {@link #now()} to the stop time,
 * started once and waited for. Events pending when a run ends are kept, so a later
 * {@code runUntil} continues where the last one stopped (as a new replication). Two ways to use it:
 *
 * <pre>{@code
 * // 1. Build first, then run (unit tests):
 * Kernel k = new Kernel();
 * k.schedule(event, 1_000);
 * k.runUntil(1_000_000);
 *
 * // 2. Build inside DSOL's constructModel() (the CLI, experiments):
 * Kernel k = Kernel.run(stopPs, seed, (scheduler, streams) -> { ... build, schedule first events ... });
 * }</pre>
 *
 * <p>Time after a run: {@code now()} is the stop time, or the time of the event that called
 * {@link #stop()}. Events at exactly the stop time run; later ones stay pending.
 *
 * <p>Threads: events run on DSOL's worker thread, one replication at a time; the calling thread
 * waits (an interrupt of the waiting thread does not cut the run short; its interrupt status is
 * set again when {@code runUntil} returns). Schedule from events, from the builder, or between runs,
 * never from another thread during a run. An exception thrown by an event ends the run and is rethrown by
 * {@code runUntil}. DSOL's worker thread is not a daemon; it ends with each run, and every path
 * out of {@code runUntil} (a failure too) ends it. Still, the CLI's {@code main} must end with
 * {@code System.exit(code)} on every path (done, bad input, internal error), so that nothing else
 * (a DSOL Experiment, a GUI, a stuck model) can keep the JVM alive.
 */
public final class Kernel implements Scheduler {
    /** Scenario seed used by {@link #Kernel()}. */
    public static final long DEFAULT_SEED = 1L;
    private static final AtomicLong IDS = new AtomicLong();

    private final String id = "lossless-kernel-" + IDS.incrementAndGet();
    private final FastDevsSimulator simulator = FastDevsSimulator.create(id);
    private final RandomStreams streams;
    private final SimModel model;
    private boolean built;
    private boolean running;
    private int runs;

    /** A kernel with {@link #DEFAULT_SEED} and nothing scheduled. */
    public Kernel() {
        this(DEFAULT_SEED);
    }

    /** A kernel whose random streams derive from {@code seed}, with nothing scheduled. */
    public Kernel(long seed) {
        this(seed, (scheduler, streams) -> { });
    }

    /**
     * A kernel whose model is built by {@code builder} inside DSOL's {@code constructModel()} when
     * the first run starts; later runs continue the same model.
     */
    public Kernel(long seed, ModelBuilder builder) {
        if (builder == null) {
            throw new IllegalArgumentException("builder must not be null");
        }
        simulator.setRetainPendingEvents(true);
        streams = new RandomStreams(seed);
        ModelBuilder once = (scheduler, s) -> {
            if (!built) {
                built = true;
                builder.build(scheduler, s);
            }
        };
        model = new SimModel(simulator, streams, once, this);
    }

    /** Builds a model with {@code builder} and runs it to {@code stopPs}; returns the kernel for its counters. */
    public static Kernel run(long stopPs, long seed, ModelBuilder builder) {
        Kernel k = new Kernel(seed, builder);
        k.runUntil(stopPs);
        return k;
    }

    @Override
    public long now() {
        return simulator.now();
    }

    @Override
    public void schedule(SimEvent event, long atPs) {
        simulator.schedule(event, atPs);
    }

    @Override
    public boolean cancel(SimEvent event) {
        return simulator.cancel(event);
    }

    /**
     * Runs events up to and including time {@code stopPs} as one DSOL replication, or until an
     * event calls {@link #stop()}. Returns when the replication has ended.
     *
     * @throws IllegalArgumentException if {@code stopPs} is before {@link #now()}
     * @throws IllegalStateException if called while a run is in progress (from inside an event)
     * @throws RuntimeException or {@link Error}: whatever an event threw
     */
    public void runUntil(long stopPs) {
        if (running) {
            throw new IllegalStateException("runUntil called during a run (from inside an event?)");
        }
        long start = now();
        if (stopPs < start) {
            throw new IllegalArgumentException("stop time " + stopPs + " ps is before now " + start + " ps");
        }
        // DSOL needs a positive run length. A run that ends where it starts begins 1 ps earlier,
        // which changes nothing: no event can be pending before now.
        long replicationStart = stopPs == start ? start - 1 : start;
        // a naming context of its own (KernelReplication): kernels on parallel threads share no DSOL state
        KernelReplication replication = new KernelReplication(id + "-run-" + (++runs), replicationStart,
                stopPs - replicationStart);
        running = true;
        // DSOL's start() waits for its worker in a sleep loop that swallows interrupts: keep a pending one
        boolean interrupted = Thread.interrupted();
        try {
            simulator.initialize(model, replication, false);
            simulator.start();
            simulator.awaitEndOfReplication();
        } finally {
            running = false;
            simulator.shutdownWorker();
            replication.removeFromContext();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        Throwable failure = simulator.failure();
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException("event failed at " + now() + " ps", failure);
        }
    }

    /** Ends the current run right after the event that calls it; the clock stays at that event's time. */
    public void stop() {
        simulator.endReplicationAfterCurrentEvent();
    }

    /**
     * Asks a running {@link #runUntil} to return soon (after the current batch of events), from any thread;
     * {@link #aborted()} then tells. For interrupts (Ctrl-C): the model is left mid-run.
     */
    public void requestAbort() {
        simulator.requestAbort();
    }

    /** True if the last run was ended by {@link #requestAbort()}. */
    public boolean aborted() {
        return simulator.aborted();
    }

    /** Simulated time reached, ps, readable from another thread (updated every few thousand events). */
    public long progressNowPs() {
        return simulator.publishedNowPs();
    }

    /** Events executed, readable from another thread (updated every few thousand events). */
    public long progressEvents() {
        return simulator.publishedEvents();
    }

    /** Model events executed so far, over all runs. */
    public long eventsExecuted() {
        return simulator.eventsExecuted();
    }

    /** Model events pending. */
    public int pending() {
        return simulator.pendingModelEvents();
    }

    /** This kernel's name: the DSOL simulator id, also the name of its worker thread. */
    public String id() {
        return id;
    }

    /** The named random streams, seeded from this kernel's seed. */
    public RandomStreams streams() {
        return streams;
    }

    /** The DSOL simulator behind this kernel (for DSOL listeners and statistics). */
    public FastDevsSimulator simulator() {
        return simulator;
    }

    /** The DSOL model behind this kernel. */
    public SimModel model() {
        return model;
    }
}
