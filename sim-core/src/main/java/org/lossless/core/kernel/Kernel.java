package org.lossless.core.kernel;

import java.util.concurrent.atomic.AtomicLong;

import org.lossless.core.random.RandomStreams;

/**
 * The sequential engine: one {@link EventLoop} run on the calling thread, named {@link RandomStreams}, behind the
 * small {@link Scheduler} API (a tiny event loop in the style of SSJ's simulator; DSOL provides the random streams).
 * Ties at one picosecond run in scheduling order ({@link TieOrder#FIFO}, the default) or by the parallel engine's
 * partition-independent key ({@link TieOrder#SOURCE}).
 *
 * <p>Each {@link #runUntil(long)} runs from {@link #now()} to the stop time. Events pending when a run ends are kept,
 * so a later {@code runUntil} continues where the last one stopped. Two ways to use it:
 *
 * <pre>{@code
 * // 1. Build first, then run (unit tests):
 * Kernel k = new Kernel();
 * k.schedule(event, 1_000);
 * k.runUntil(1_000_000);
 *
 * // 2. Build when the first run starts (the CLI, experiments):
 * Kernel k = Kernel.run(stopPs, seed, (scheduler, streams) -> { ... build, schedule first events ... });
 * }</pre>
 *
 * <p>Time after a run: {@code now()} is the stop time, or the time of the event that called
 * {@link #stop()}. Events at exactly the stop time run; later ones stay pending.
 *
 * <p>Threads: events run on the thread that calls {@code runUntil}. Schedule from events, from the builder, or
 * between runs, never from another thread during a run; {@link #requestAbort()} and the progress counters are the
 * only methods for other threads. An exception thrown by an event ends the run and propagates out of
 * {@code runUntil}.
 */
public final class Kernel extends EngineSignals {
    /** Scenario seed used by {@link #Kernel()}. */
    public static final long DEFAULT_SEED = 1L;
    /** Events run between two looks at an abort request and two publications of the progress counters. */
    public static final int BATCH = 4096;
    private static final AtomicLong IDS = new AtomicLong();

    static {
        DsolLogging.quiet(); // DSOL's random streams and djutils log through CategoryLogger: WARN and up, on stderr
    }

    private final String id = "lossless-kernel-" + IDS.incrementAndGet();
    private final EventLoop loop;
    /** The global source (0): events scheduled through the kernel itself. */
    private final Source global;
    private final RandomStreams streams;
    private ModelBuilder builder;
    private boolean running;
    /** Told of every event (measurements, e.g. the per-window loads of a partitioning); null on the fast path. */
    private java.util.function.Consumer<SimEvent> observer;

    /** A kernel with {@link #DEFAULT_SEED} and nothing scheduled. */
    public Kernel() {
        this(DEFAULT_SEED);
    }

    /** A kernel whose random streams derive from {@code seed}, with nothing scheduled. */
    public Kernel(long seed) {
        this(seed, (scheduler, streams) -> { });
    }

    /** A kernel whose model is built by {@code builder} when the first run starts; later runs continue it. */
    public Kernel(long seed, ModelBuilder builder) {
        this(seed, TieOrder.FIFO, builder);
    }

    /** A kernel with tie order {@code order} and nothing scheduled. */
    public Kernel(long seed, TieOrder order) {
        this(seed, order, (scheduler, streams) -> { });
    }

    /** A kernel with tie order {@code order} whose model is built by {@code builder} when the first run starts. */
    public Kernel(long seed, TieOrder order, ModelBuilder builder) {
        if (builder == null || order == null) {
            throw new IllegalArgumentException("builder and tie order must not be null");
        }
        this.streams = new RandomStreams(seed);
        this.builder = builder;
        this.loop = new EventLoop(order);
        this.global = loop.source(0);
    }

    /** Builds a model with {@code builder} and runs it to {@code stopPs}; returns the kernel for its counters. */
    public static Kernel run(long stopPs, long seed, ModelBuilder builder) {
        Kernel k = new Kernel(seed, builder);
        k.runUntil(stopPs);
        return k;
    }

    @Override
    public long now() {
        return loop.nowPs;
    }

    @Override
    public void schedule(SimEvent event, long atPs) {
        global.schedule(event, atPs);
    }

    @Override
    public boolean cancel(SimEvent event) {
        return loop.cancel(event);
    }

    @Override
    public Scheduler source(int sourceId) {
        return loop.source(sourceId);
    }

    /**
     * Runs events up to and including time {@code stopPs}, or until an event calls {@link #stop()}.
     *
     * @throws IllegalArgumentException if {@code stopPs} is before {@link #now()}
     * @throws IllegalStateException if called while a run is in progress (from inside an event)
     * @throws RuntimeException or {@link Error}: whatever an event (or the builder) threw
     */
    @Override
    public void runUntil(long stopPs) {
        if (running) {
            throw new IllegalStateException("runUntil called during a run (from inside an event?)");
        }
        if (stopPs < loop.nowPs) {
            throw new IllegalArgumentException("stop time " + stopPs + " ps is before now " + loop.nowPs + " ps");
        }
        running = true;
        aborted = false;
        loop.stopRequested = false;
        try {
            if (builder != null) {
                ModelBuilder b = builder;
                builder = null;
                b.build(this, streams);
            }
            while (true) {
                int n = observer == null ? loop.run(stopPs, BATCH) : loop.runObserved(stopPs, BATCH, observer);
                publish();
                if (loop.stopRequested) {
                    break;
                }
                if (n < BATCH) {
                    loop.nowPs = stopPs;
                    break;
                }
                if (abortRequested) {
                    aborted = true;
                    break;
                }
            }
        } finally {
            running = false;
            loop.stopRequested = false;
            publish();
        }
    }

    private void publish() {
        publishedNowPs = loop.nowPs;
        publishedEvents = loop.executed;
    }

    @Override
    public void stop() {
        if (running) {
            loop.stopRequested = true;
        }
    }

    @Override
    public long eventsExecuted() {
        return loop.executed;
    }

    /**
     * Tells {@code o} of every event after it ran ({@link #now()} is still its time; the event itself may already be
     * re-armed for a later one), or stops telling with null. For measurements only: a model must not change because it is observed.
     */
    public void observe(java.util.function.Consumer<SimEvent> o) {
        this.observer = o;
    }

    @Override
    public int partitions() {
        return 1;
    }

    /** The kernel itself, whatever {@code p}: one partition holds everything. */
    @Override
    public Scheduler partition(int p) {
        return this;
    }

    /** Events pending. */
    public int pending() {
        return loop.pending();
    }

    /** This kernel's name. */
    public String id() {
        return id;
    }

    @Override
    public RandomStreams streams() {
        return streams;
    }
}
