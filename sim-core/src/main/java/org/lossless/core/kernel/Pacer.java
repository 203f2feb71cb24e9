package org.lossless.core.kernel;

import java.util.function.LongSupplier;

/**
 * Whether a {@link ParallelEngine}'s next windows run on all its threads or on one ("solo": the thread that runs the
 * step between windows runs every partition, the others sleep at the barrier): the engine measures both ways as it
 * runs and keeps the faster. Which thread runs a partition never changes a result, so neither does this.
 *
 * <p>Why: two threads of one model pay for every cache line their partitions share, at the machine's cost of moving a
 * line between cores. On a machine whose cores are close that is tens of nanoseconds and several threads pay; on this
 * project's 2-core VM it is 200-270 ns most of the time, and two threads of the k=8 all-reduce took 1.2-2.1x one
 * thread's wall time (benchmarks/README.md, step 28). The machine, not the scenario, decides, and it may change its mind
 * during a run (that VM flips between its two states within seconds), so the choice is measured, not predicted.
 *
 * <p>The measure: events per nanosecond of wall time over a stretch of windows (steps and barriers included). A run's
 * events are the same in either way, so the faster way runs more of them per nanosecond. The schedule, in wall time: a
 * cycle of four probes of {@code probeNs} each, the way being kept first, then the other way twice, then the first
 * again (X Y Y X: each way pays once for moving the partitions' state between cores), then a stretch of the faster
 * way: {@code keepNs}, doubled for each cycle in a row that kept the same way (up to 32x: probing costs less while the
 * answer holds). One thread is kept only when it was at least {@link #MARGIN} times as fast in both pairs of adjacent
 * probes, so that a trend in the machine's speed (the compiler warming up at the start of a run) does not pass for a
 * gain; otherwise the threads are kept (what scales on a larger machine). A probe or a stretch ends at the first window
 * end past its length.
 *
 * <p>Cost: one {@link System#nanoTime()} per window, and the run's event count at the end of each probe. The other
 * threads sleep during solo windows (parked, woken when the threads run again), so they take no CPU then.
 */
final class Pacer {
    /** One probe, ns of wall time (the engine's default). */
    static final long PROBE_NS = 25_000_000;
    /** The faster way's stretch between two cycles of probes, ns (the engine's default). */
    static final long KEEP_NS = 250_000_000;
    /**
     * Longest stretch, in {@code keepNs}: 32 (8 s by default), so that a machine that changes state is followed within
     * seconds while a run whose answer holds spends about 1 % of its time probing.
     */
    static final long MAX_KEEPS = 32;
    /** How much more events per ns one thread must have run than all of them to be kept. */
    static final double MARGIN = 1.05;

    private final boolean enabled;
    private final long probeNs;
    private final long keepNs;
    private final LongSupplier events;
    /** 0-3: the cycle's probes (X Y Y X, X = the way kept before); 4: keeping. */
    private int phase;
    private boolean keepSolo;
    private long phaseStartNs;
    private long phaseStartEvents;
    /** This cycle's probes, in order: events per ns of wall time. */
    private final double[] rate = new double[4];
    /** The keep under way, ns: {@code keepNs} doubled for every cycle in a row that gave the same verdict, up to 32x. */
    private long keepingNs;
    /** Cycles decided, and of them those that kept one thread. */
    private long cycles;
    private long soloCycles;

    /**
     * The engine's pacer for {@code threads}: it probes with more than one thread, unless the system property {@code
     * lossless.parallel.adaptive} is {@code false} (benchmarks of the threads alone: every window on every thread).
     * The properties {@code lossless.parallel.probeNs} and {@code lossless.parallel.keepNs} replace the lengths, for
     * tests (0: the way changes at every window) and benchmarks.
     */
    static Pacer of(int threads, LongSupplier events) {
        boolean on = threads > 1 && !"false".equals(System.getProperty("lossless.parallel.adaptive"));
        return new Pacer(on, Long.getLong("lossless.parallel.probeNs", PROBE_NS),
                Long.getLong("lossless.parallel.keepNs", KEEP_NS), events);
    }

    /**
     * @param enabled whether to probe at all (false: the threads always run together)
     * @param probeNs one probe, ns of wall time (0: one window)
     * @param keepNs  the faster way's stretch, ns (0: one window)
     * @param events  the run's events so far (read at the end of each probe)
     */
    Pacer(boolean enabled, long probeNs, long keepNs, LongSupplier events) {
        if (probeNs < 0 || keepNs < 0) {
            throw new IllegalArgumentException("probe " + probeNs + " ns, keep " + keepNs + " ns: negative");
        }
        this.enabled = enabled;
        this.probeNs = probeNs;
        this.keepNs = keepNs;
        this.keepingNs = keepNs;
        this.events = events;
    }

    /** A run starts at {@code nowNs}: the phase under way measures from here (not across the pause between runs). */
    void restart(long nowNs) {
        if (enabled) {
            phaseStartNs = nowNs;
            phaseStartEvents = events.getAsLong();
        }
    }

    /** After a window's step, at {@code nowNs}: whether the next window runs on one thread. */
    boolean solo(long nowNs) {
        if (!enabled) {
            return false;
        }
        if (nowNs - phaseStartNs >= (phase == 4 ? keepingNs : probeNs)) {
            long n = events.getAsLong();
            if (phase < 4) {
                rate[phase] = nowNs > phaseStartNs ? (double) (n - phaseStartEvents) / (nowNs - phaseStartNs) : 0;
            }
            if (phase == 3) {
                boolean solo = decide();
                keepingNs = cycles > 1 && solo == keepSolo ? Math.min(MAX_KEEPS * keepNs, 2 * keepingNs) : keepNs;
                keepSolo = solo;
            }
            phase = (phase + 1) % 5;
            phaseStartNs = nowNs;
            phaseStartEvents = n;
        }
        return phase == 4 ? keepSolo : probingSolo();
    }

    /** In a probe: whether it is one of one thread (X Y Y X, X the way kept). */
    private boolean probingSolo() {
        return keepSolo == (phase == 0 || phase == 3);
    }

    /**
     * The cycle's verdict: one thread only if it ran at least {@link #MARGIN} times the events per ns of all threads in
     * both adjacent pairs of probes (the first two, the last two), so that a machine (or a compiler) speeding up during
     * the cycle does not pass for one way's gain.
     */
    private boolean decide() {
        int s1 = keepSolo ? 0 : 1; // the first pair's probe of one thread; the second pair's is 3 - s1
        boolean solo = faster(rate[s1], rate[1 - s1]) && faster(rate[3 - s1], rate[2 + s1]);
        cycles++;
        soloCycles += solo ? 1 : 0;
        return solo;
    }

    private static boolean faster(double solo, double together) {
        return solo > 0 && solo >= MARGIN * together;
    }

    /** Cycles of probes decided so far. */
    long cycles() {
        return cycles;
    }

    /** Of {@link #cycles()}: those after which one thread was kept. */
    long soloCycles() {
        return soloCycles;
    }
}
