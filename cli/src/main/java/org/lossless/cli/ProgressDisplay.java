package org.lossless.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.lossless.experiments.run.RunProgress;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Shows how a run advances, from a daemon thread that reads the engine's volatile counters
 * ({@link RunProgress}) a few times a second: the simulation's hot path pays nothing (the kernel publishes
 * its clock once per batch of events).
 *
 * <ul>
 * <li>on a terminal: a progress bar on stderr (me.tongfei:progressbar): simulated time reached of the
 * target (the estimated end of the work while it lies ahead, marked {@code ~end}, else {@code stop_time}),
 * elapsed time, time left ({@code ?} while {@link RunEta} has no meaningful estimate), simulated microseconds
 * per second and million events per second;</li>
 * <li>otherwise (a log file, a batch job): one plain line every {@link #PLAIN_PERIOD_MS} ms, e.g.
 * {@code lossless: simulated 2.310 ms of 10 ms (23 %), 1.52 M events/s, 10 s elapsed}, with the time left
 * once {@link RunEta} has a meaningful estimate;</li>
 * <li>{@code --quiet}: nothing.</li>
 * </ul>
 * Once the simulation has ended and the results wait for the jobs' ideal ({@link RunProgress#computingIdealNow()}),
 * both say so ({@link #idealLine}) instead of showing a clock that no longer moves.
 */
final class ProgressDisplay implements AutoCloseable {
    /** Period of the plain progress line when stderr is not a terminal, ms. */
    static final long PLAIN_PERIOD_MS = 10_000;
    /** Period of the bar's updates on a terminal, ms. */
    static final long BAR_PERIOD_MS = 250;

    private final RunProgress progress;
    private final PrintWriter err;
    private final boolean terminal;
    private final Terminal where;
    private final long periodMs;
    private final LongSupplier clockMs;
    private final Thread thread;
    private final long startMs;
    private final RunEta eta = new RunEta();
    private volatile boolean closed;
    private ProgressBar bar;
    private volatile long target;
    private volatile boolean knownEnd;

    private ProgressDisplay(RunProgress progress, PrintWriter err, Terminal where, boolean terminal, long periodMs,
                            LongSupplier clockMs) {
        this.progress = progress;
        this.err = err;
        this.where = where;
        this.terminal = terminal;
        this.periodMs = periodMs;
        this.clockMs = clockMs;
        this.startMs = clockMs.getAsLong();
        this.thread = new Thread(this::loop, "lossless-progress");
        thread.setDaemon(true);
    }

    /** Starts showing {@code progress} on the user's {@code terminal}; {@code quiet} shows nothing. */
    static ProgressDisplay start(RunProgress progress, PrintWriter err, boolean quiet, Terminal terminal) {
        return start(progress, err, quiet, terminal, terminal.attached(), PLAIN_PERIOD_MS, System::currentTimeMillis);
    }

    static ProgressDisplay start(RunProgress progress, PrintWriter err, boolean quiet, boolean terminal, long periodMs,
                                 LongSupplier clockMs) {
        return start(progress, err, quiet, Terminal.local(), terminal, periodMs, clockMs);
    }

    private static ProgressDisplay start(RunProgress progress, PrintWriter err, boolean quiet, Terminal where,
                                         boolean terminal, long periodMs, LongSupplier clockMs) {
        ProgressDisplay d = new ProgressDisplay(progress, err, where, terminal, terminal ? BAR_PERIOD_MS : periodMs,
                clockMs);
        if (!quiet) {
            d.thread.start();
        }
        return d;
    }

    private void loop() {
        while (!closed) {
            try {
                Thread.sleep(periodMs);
            } catch (InterruptedException e) {
                return;
            }
            if (closed || !progress.started()) {
                continue;
            }
            synchronized (this) {
                if (closed) {
                    return;
                }
                long elapsed = clockMs.getAsLong() - startMs;
                eta.sample(elapsed, progress.simTimePs());
                if (terminal) {
                    updateBar();
                } else if (progress.computingIdealNow()) {
                    err.println(idealLine(progress.simTimePs(), elapsed));
                    err.flush();
                } else {
                    err.println(plainLine(progress, elapsed, eta));
                    err.flush();
                }
            }
        }
    }

    /**
     * The simulated time the display measures against, ps: the estimated end of the work when there is one
     * before stop_time, else stop_time. The estimate is a lower bound, so the run may go past it (congestion,
     * pauses, a tail of flows): the display then says so instead of measuring against stop_time, which would
     * show a falling percentage and an ETA of hours for a run that is about to end.
     */
    static long target(long estimatedEndPs, long stopTimePs) {
        return estimatedEndPs > 0 && estimatedEndPs < stopTimePs ? estimatedEndPs : stopTimePs;
    }

    /**
     * True if {@link #target} is where the work ends: its estimated end, or stop_time when the estimate reaches
     * it (the work lasts at least that long). Without an estimate (the work of programs: collectives, storage,
     * generated traffic) stop_time is only an upper bound.
     */
    static boolean knownEnd(long estimatedEndPs) {
        return estimatedEndPs > 0;
    }

    private void updateBar() {
        long t = target(progress.estimatedEndPs(), progress.stopTimePs());
        long nowUs = progress.simTimePs() / 1_000_000;
        boolean past = progress.simTimePs() > t;
        if (past) {
            t = progress.simTimePs(); // a full bar: the estimated end is behind, the real end is unknown
        }
        knownEnd = !past && knownEnd(progress.estimatedEndPs());
        if (bar == null) {
            target = t;
            bar = new ProgressBarBuilder().setTaskName("simulating").setInitialMax(Math.max(1, t / 1_000_000))
                    .setUnit(" us", 1).setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
                    .setUpdateIntervalMillis((int) BAR_PERIOD_MS).showSpeed()
                    .setEtaFunction(state -> left(eta.remainingMs(target, knownEnd)))
                    .setConsumer(where.columns() > 0
                            ? new ConsoleProgressBarConsumer(new PrintStream(where.stream(), true), where.columns())
                            : new ConsoleProgressBarConsumer(new PrintStream(where.stream(), true)))
                    .build();
        } else if (t != target) {
            target = t;
            bar.maxHint(Math.max(1, t / 1_000_000));
        }
        bar.stepTo(nowUs);
        if (progress.computingIdealNow()) {
            bar.setExtraMessage(" done; the jobs' ideal..."); // the simulation ended: the bar stays, not stuck
            return;
        }
        // short: the bar shares one terminal line with the counts, the times and the speed
        bar.setExtraMessage(String.format(Locale.ROOT, " %.1fMev/s%s",
                progress.events() / 1e3 / Math.max(1, clockMs.getAsLong() - startMs),
                past ? " past ~end" : t < progress.stopTimePs() ? " ~end" : ""));
    }

    private static Optional<Duration> left(OptionalLong ms) {
        return ms.isPresent() ? Optional.of(Duration.ofMillis(ms.getAsLong())) : Optional.empty();
    }

    /** One plain progress line, with the time left {@code eta} estimates. */
    static String plainLine(RunProgress p, long elapsedMs, RunEta eta) {
        long t = target(p.estimatedEndPs(), p.stopTimePs());
        return plainLine(p.simTimePs(), p.estimatedEndPs(), p.stopTimePs(), p.events(), elapsedMs,
                eta.remainingMs(t, knownEnd(p.estimatedEndPs())));
    }

    /**
     * One plain progress line at simulated time {@code now} (ps) of a run whose work ends at best at
     * {@code estimatedEnd} (ps; 0 or -1 if not known ahead) and stops at {@code stop} (ps), with {@code left}
     * ms of wall time left if that is known.
     */
    static String plainLine(long now, long estimatedEnd, long stop, long events, long elapsedMs, OptionalLong left) {
        long t = target(estimatedEnd, stop);
        String rate = eventRate(events, elapsedMs);
        if (t < stop && now > t) {
            return String.format(Locale.ROOT, "lossless: simulated %s, past the best-case end (~%s): the last flows "
                    + "are finishing (stop_time %s), %s, %s elapsed", Execution.ms(now), Execution.ms(t),
                    Execution.ms(stop), rate, seconds(elapsedMs));
        }
        if (!knownEnd(estimatedEnd)) {
            return String.format(Locale.ROOT, "lossless: simulated %s (the work's end is not known ahead; stop_time "
                    + "%s), %s, %s elapsed", Execution.ms(now), Execution.ms(stop), rate, seconds(elapsedMs));
        }
        String of = (t < stop ? "~" : "") + Execution.ms(t) + (t < stop ? " (estimated end)" : "");
        String line = String.format(Locale.ROOT, "lossless: simulated %s of %s (%d %%), %s, %s elapsed",
                Execution.ms(now), of, t <= 0 ? 0 : Math.min(100, now * 100 / t), rate, seconds(elapsedMs));
        if (left.isPresent()) {
            line += ", about " + seconds(left.getAsLong()) + " left";
        }
        return line;
    }

    /**
     * The plain line once the simulation has ended at {@code now} (ps) and the results wait for the jobs' ideal, the
     * message-level replay of each job alone (it runs beside the run when a core is free, else after it).
     */
    static String idealLine(long now, long elapsedMs) {
        return String.format(Locale.ROOT, "lossless: simulated %s: done; computing the jobs' ideal (each job alone, "
                + "message by message), %s elapsed", Execution.ms(now), seconds(elapsedMs));
    }

    static String eventRate(long events, long elapsedMs) {
        double perSecond = elapsedMs <= 0 ? 0 : events * 1000.0 / elapsedMs;
        return String.format(Locale.ROOT, "%.2f M events/s", perSecond / 1e6);
    }

    static String seconds(long ms) {
        Duration d = Duration.ofMillis(ms);
        return d.toHours() > 0 ? String.format(Locale.ROOT, "%d h %02d min", d.toHours(), d.toMinutesPart())
                : d.toMinutes() > 0 ? String.format(Locale.ROOT, "%d min %02d s", d.toMinutes(), d.toSecondsPart())
                : d.toSeconds() + " s";
    }

    /** Stops the display (the bar is closed, so the next line starts clean). */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        synchronized (this) {
            if (bar != null) {
                bar.close();
                bar = null;
            }
        }
    }
}
