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
 * <p>The measure: events per nanosecond of wall time (steps and barriers included). A run's events are the same in
 * either way, so the faster way runs more of them per nanosecond. But a run's rate changes by itself from one stretch
 * to the next, 2x within 0.1 s on a collective's phases and 100x over its first second (the compiler warming up), so the
 * two ways are measured in short blocks that take turns: a cycle of {@code blocks} blocks of {@code blockNs} each, in
 * groups of four, the way being kept first, then the other twice, then the first again (X Y Y X: a change that is
 * steady over a group falls on both ways alike, and each way pays as often for moving the partitions' state between
 * cores). Each block ends at the first window end past its length. One thread is kept only when it ran at least {@link
 * #MARGIN} times the events per ns of all threads in both halves of the cycle, measured apart; otherwise the threads
 * are kept (what scales on a larger machine). Then a stretch of the way kept: {@code keepNs}, doubled for each cycle in
 * a row that kept the same way (up to {@link #MAX_KEEPS}x: probing costs less while the answer holds).
 *
 * <p>Cost: one {@link System#nanoTime()} per window, and the run's event count at the end of each block. The other
 * threads sleep during solo windows (parked, woken when the threads run again), so they take no CPU then.
 */
final class Pacer {
    /** One block of a cycle's probes, ns of wall time (the engine's default). */
    static final long BLOCK_NS = 2_000_000;
    /** Blocks in a cycle (the engine's default): 16 (two halves of two X Y Y X groups), about 32 ms. */
    static final int BLOCKS = 16;
    /** The faster way's stretch between two cycles of probes, ns (the engine's default). */
    static final long KEEP_NS = 250_000_000;
    /**
     * Longest stretch, in {@code keepNs}: 32 (8 s by default), so that a machine that changes state is followed within
     * seconds while a run whose answer holds spends well under 1 % of its time probing.
     */
    static final long MAX_KEEPS = 32;
    /** How much more events per ns one thread must have run than all of them to be kept. */
    static final double MARGIN = 1.05;

    private final boolean enabled;
    private final long blockNs;
    private final int blocks;
    private final long keepNs;
    private final LongSupplier events;
    /** The block of the cycle under way, 0 to {@code blocks - 1}, or -1 while keeping a way. */
    private int block;
    private boolean keepSolo;
    private long phaseStartNs;
    private long phaseStartEvents;
    /** This cycle's sums by half (first index) and way (second: 0 all threads, 1 one): wall ns and events. */
    private final long[][] wallNs = new long[2][2];
    private final long[][] done = new long[2][2];
    /** The keep under way, ns: {@code keepNs} doubled for every cycle in a row that gave the same verdict. */
    private long keepingNs;
    /** Cycles decided, and of them those that kept one thread. */
    private long cycles;
    private long soloCycles;

    /**
     * The engine's pacer for {@code threads}: it probes with more than one thread, unless the system property {@code
     * lossless.parallel.adaptive} is {@code false} (benchmarks of the threads alone: every window on every thread).
     * The properties {@code lossless.parallel.blockNs} and {@code lossless.parallel.keepNs} replace the lengths, for
     * tests (0: the way changes at every window) and benchmarks.
     */
    static Pacer of(int threads, LongSupplier events) {
        boolean on = threads > 1 && !"false".equals(System.getProperty("lossless.parallel.adaptive"));
        return new Pacer(on, Long.getLong("lossless.parallel.blockNs", BLOCK_NS), BLOCKS,
                Long.getLong("lossless.parallel.keepNs", KEEP_NS), events);
    }

    /**
     * @param enabled whether to probe at all
     * @param blockNs one block of the probes, ns of wall time (0: one window)
     * @param blocks  blocks in a cycle, a positive multiple of 8 (two halves of X Y Y X groups)
     * @param keepNs  the faster way's stretch, ns (0: one window)
     * @param events  the run's events so far (read at the end of each block)
     */
    Pacer(boolean enabled, long blockNs, int blocks, long keepNs, LongSupplier events) {
        if (blockNs < 0 || keepNs < 0 || blocks < 8 || blocks % 8 != 0) {
            throw new IllegalArgumentException("blocks of " + blockNs + " ns, " + blocks + " a cycle, keep " + keepNs
                    + " ns: lengths at least 0 and blocks a positive multiple of 8");
        }
        this.enabled = enabled;
        this.blockNs = blockNs;
        this.blocks = blocks;
        this.keepNs = keepNs;
        this.keepingNs = keepNs;
        this.events = events;
    }

    /** A run starts at {@code nowNs}: the block or stretch under way measures from here (not across the pause between runs). */
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
        if (nowNs - phaseStartNs >= (block < 0 ? keepingNs : blockNs)) {
            long n = events.getAsLong();
            if (block < 0) {
                block = 0;
            } else {
                int half = 2 * block / blocks;
                int way = blockSolo(block) ? 1 : 0;
                wallNs[half][way] += nowNs - phaseStartNs;
                done[half][way] += n - phaseStartEvents;
                if (++block == blocks) {
                    boolean solo = decide();
                    keepingNs = cycles > 1 && solo == keepSolo ? Math.min(MAX_KEEPS * keepNs, 2 * keepingNs) : keepNs;
                    keepSolo = solo;
                    block = -1;
                }
            }
            phaseStartNs = nowNs;
            phaseStartEvents = n;
        }
        return block < 0 ? keepSolo : blockSolo(block);
    }

    /** Block {@code b} of a cycle: whether it runs on one thread (X Y Y X in each group of four, X the way kept). */
    private boolean blockSolo(int b) {
        int k = b & 3;
        return keepSolo == (k == 0 || k == 3);
    }

    /**
     * The cycle's verdict: one thread only if it ran at least {@link #MARGIN} times the events per ns of all threads in
     * both halves of the cycle; the sums then start anew.
     */
    private boolean decide() {
        boolean solo = faster(0) && faster(1);
        cycles++;
        soloCycles += solo ? 1 : 0;
        for (long[] a : wallNs) {
            java.util.Arrays.fill(a, 0);
        }
        for (long[] a : done) {
            java.util.Arrays.fill(a, 0);
        }
        return solo;
    }

    /** In half {@code h}: whether one thread ran at least {@link #MARGIN} times the events per ns of all threads. */
    private boolean faster(int h) {
        long[] ns = wallNs[h];
        long[] n = done[h];
        return ns[0] > 0 && ns[1] > 0 && n[1] > 0 && (double) n[1] / ns[1] >= MARGIN * n[0] / ns[0];
    }

    /** Whether the way last returned by {@link #solo} is the one kept after a verdict (not a block of the probes). */
    boolean keeping() {
        return block < 0;
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
