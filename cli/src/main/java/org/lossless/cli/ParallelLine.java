package org.lossless.cli;

import java.util.Locale;
import java.util.function.Consumer;

import org.lossless.core.kernel.ParallelStats;

/**
 * The line {@code run --threads N} prints after the simulator's cost: how the run went on the partitioned engine
 * and what limits it, from the engine's own measurements of this run ({@link ParallelStats}):
 * {@code "  (parallel: 2 threads on 8 partitions, 3,785 windows of 0.86 us simulated on average (at most 1.00 us, the
 * lookahead); 24 % of the engine's wall time was the step between windows on one thread (...), so more threads can
 * make this run at most 4.2x faster)"}.
 *
 * <p>The mean window is the simulated time the windows ran (each from its start, the earliest pending event, to its
 * end) over their number; the stretches with nothing pending are in no window. The serial share is the wall time of
 * the steps between windows (after a window and after a delivery phase), which one thread runs while the others wait,
 * over the engine's wall time ({@link ParallelStats#wallNs()}). By Amdahl's law, however many threads run the rest,
 * the run cannot take less than its steps, so {@code 1 / share} bounds the speed-up over this run (not over one
 * thread, which was not measured), assuming the steps take no less time on more threads (they do the same work on as
 * many or more partitions). Under {@value #BOUND_SHARE_PERCENT} % the bound (over 50x) is no limit worth a number: the
 * line says so instead. Nothing with one partition (the engine's note says why) or without {@code --threads}.
 *
 * <p>When the engine ran some windows on one thread because it measured one thread faster than all on this machine
 * (cores far apart; {@code ParallelEngine}'s pacer), the line ends with how many (not counting those that only
 * measured it): {@code "; 1,210 of the windows (32 %) ran on one thread: on this machine one was faster than 2
 * (measured as the run went)"}; when that is more than half of them, it adds that a run without {@code --threads} is
 * likely faster still (one thread of the partitioned engine pays for its windows and its step between them, which the
 * sequential engine does not; benchmarks/README.md, step 29: the 48 MB all-reduce's two partitions on one thread took
 * 1.85-2.3 s of engine time, the sequential engine 1.43-1.60 s). When one thread ran only to measure, the line says so:
 * {@code "; 48 of the windows (1 %) ran on one thread to measure whether one is faster on this machine: it was not"}
 * (or, before the first measurement ended, that the run ended before that was known).
 *
 * <p>The simulator's own cost, like the line before it: on the console only, never in a result file (those are the
 * same bytes for every N).
 */
final class ParallelLine implements Consumer<ParallelStats> {
    /** Serial share, in percent, from which the line gives Amdahl's bound (below it the bound exceeds 50x). */
    static final int BOUND_SHARE_PERCENT = 2;

    /** The run's figures, once the engine has run (null: no run on the partitioned engine). */
    private volatile Figures figures;

    /** Told the engine's figures after the run ({@link org.lossless.experiments.run.PacketEngine.Parallelism}). */
    @Override
    public void accept(ParallelStats s) {
        figures = new Figures(s.threads(), s.partitions(), s.windows(), s.windowPs(), s.lookaheadPs(), s.stepNs(),
                s.wallNs(), s.soloWindows(), s.keptSoloWindows(), s.paceCycles());
    }

    /** The line, or empty when the run did not go on several partitions of the partitioned engine. */
    String line() {
        Figures f = figures;
        return f == null ? "" : f.line();
    }

    /**
     * What the line says, as the engine measured it.
     *
     * @param threads     threads the run used
     * @param partitions  partitions of the fabric
     * @param windows     windows run
     * @param windowPs    simulated time the windows ran, ps ({@link ParallelStats#windowPs()})
     * @param lookaheadPs the longest window the cut allows, ps
     * @param stepNs      wall time of the steps between windows, both kinds, ns
     * @param wallNs      wall time of the engine's run, ns
     * @param soloWindows windows the engine ran on one thread, to measure whether that is faster or because it was
     * @param keptSolo    of them, those run on one thread because that was faster on this machine
     * @param paceCycles  the engine's measurements of that decided (0: the run ended before the first)
     */
    record Figures(int threads, int partitions, long windows, long windowPs, long lookaheadPs, long stepNs,
                   long wallNs, long soloWindows, long keptSolo, long paceCycles) {
        String line() {
            if (partitions <= 1) {
                return "";
            }
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  (parallel: %d thread%s on %d "
                    + "partitions, ", threads, threads == 1 ? "" : "s", partitions));
            if (windows == 0) {
                return sb.append("no window run)").toString();
            }
            sb.append(String.format(Locale.ROOT, "%,d window%s of %.2f us simulated on average (at most %.2f us, the "
                    + "lookahead)", windows, windows == 1 ? "" : "s", windowPs / 1e6 / windows, lookaheadPs / 1e6));
            if (wallNs > 0) {
                double share = (double) stepNs / wallNs;
                String what = " of the engine's wall time was the step between windows on one thread (the traffic "
                        + "programs' reactions and timers, global events, the next window's plan)";
                if (stepNs * 100 >= BOUND_SHARE_PERCENT * wallNs) { // in integers: 2 % exactly gives the bound
                    sb.append(String.format(Locale.ROOT, "; %.0f %%%s, so more threads can make this run at most %.1fx "
                            + "faster", 100 * share, what, 1 / share));
                } else {
                    sb.append("; under ").append(BOUND_SHARE_PERCENT).append(" %").append(what)
                            .append(", too little to bound what more threads can gain");
                }
            }
            if (keptSolo > 0) {
                sb.append(String.format(Locale.ROOT, "; %,d of the windows (%.0f %%) ran on one thread: on this machine "
                        + "one was faster than %d (measured as the run went)", keptSolo, 100.0 * keptSolo / windows,
                        threads));
                if (2 * keptSolo > windows) {
                    sb.append(", and a run without --threads (the sequential engine) is likely faster still");
                }
            } else if (soloWindows > 0) {
                sb.append(String.format(Locale.ROOT, "; %,d of the windows (%.0f %%) ran on one thread to measure whether "
                        + "one is faster on this machine: %s", soloWindows, 100.0 * soloWindows / windows,
                        paceCycles > 0 ? "it was not" : "the run ended before that was known"));
            }
            return sb.append(')').toString();
        }
    }
}
