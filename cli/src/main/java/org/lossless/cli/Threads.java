package org.lossless.cli;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.lossless.core.kernel.ParallelStats;

import org.lossless.experiments.run.PacketEngine;

/**
 * The {@code --threads N} option: one simulation on N threads (the partitioned engine; its results are the same for
 * every N). Without the option a run uses the sequential engine. 1..{@value #MAX}, or {@value #AUTO} for the cores the
 * JVM sees; more threads than the fabric has useful partitions run as that many, said once on stderr.
 */
final class Threads {
    /** The most threads accepted: more is a typo, not a machine. */
    static final int MAX = 1024;

    private Threads() {
    }

    /** The option's word for every core the JVM sees. */
    static final String AUTO = "auto";

    /** Checks {@code n} (exit 2 with one message when bad). */
    static int check(int n) {
        if (n < 1 || n > MAX) {
            throw bad(Integer.toString(n));
        }
        return n;
    }

    /**
     * The threads {@code text} asks for: a number 1..{@value #MAX}, or {@value #AUTO} for {@code cores} (the cores the
     * JVM sees, or a sweep run's share of them); null when the option is not given. Exit 2 with one message when bad.
     */
    static Integer parse(String text, int cores) {
        if (text == null) {
            return null;
        }
        String t = text.strip();
        if (t.equals(AUTO)) {
            return Math.max(1, Math.min(MAX, cores));
        }
        if (!t.matches("[+-]?\\d{1,9}")) {
            throw bad(org.lossless.core.text.Printable.of(text));
        }
        return check(Integer.parseInt(t));
    }

    private static UserError bad(String given) {
        return new UserError("--threads " + given + ": give a number of threads from 1 to " + MAX + ", or " + AUTO
                + " for every core (one simulation on that many cores; the results do not depend on it)");
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
