package org.lossless.cli;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.lossless.core.kernel.ParallelStats;

import org.lossless.experiments.run.PacketEngine;

/**
 * The {@code --threads N} option: one simulation on N threads (the partitioned engine; its results are the same for
 * every N). Without the option a run uses the sequential engine. 1..{@value #MAX}; more threads than the fabric has
 * useful partitions run as that many, said once on stderr.
 */
final class Threads {
    /** The most threads accepted: more is a typo, not a machine. */
    static final int MAX = 1024;

    private Threads() {
    }

    /** Checks {@code n} (exit 2 with one message when bad). */
    static int check(int n) {
        if (n < 1 || n > MAX) {
            throw new UserError("--threads " + n + ": give a number of threads from 1 to " + MAX
                    + " (one simulation on that many cores; the results do not depend on it)");
        }
        return n;
    }

    /** The context whose runner runs on {@code threads} threads (null: unchanged). */
    static Context apply(Context ctx, Integer threads) {
        return apply(ctx, threads, null);
    }

    /**
     * As {@link #apply(Context, Integer)}; {@code stats} (may be null) is told the partitioned engine's figures after
     * each run ({@link ParallelLine}).
     */
    static Context apply(Context ctx, Integer threads, Consumer<ParallelStats> stats) {
        if (threads == null) {
            return ctx;
        }
        int n = check(threads);
        AtomicBoolean said = new AtomicBoolean();
        PacketEngine.Parallelism p = new PacketEngine.Parallelism(n, null, note -> {
            if (said.compareAndSet(false, true)) {
                ctx.err().println("note: " + note);
                ctx.err().flush();
            }
        }, stats);
        return new Context(ctx.out(), ctx.err(), ctx.cwd(), () -> ctx.runner().get().withParallelism(p), ctx.reporter(),
                ctx.terminal());
    }
}
