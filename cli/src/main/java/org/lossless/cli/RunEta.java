package org.lossless.cli;

import java.util.ArrayDeque;
import java.util.OptionalLong;

/**
 * The wall time a run has left, from samples of its progress (elapsed wall ms, simulated ps), or nothing when
 * an estimate would not mean anything:
 *
 * <ul>
 *   <li>when the run's end is not known ahead: the work of programs (collectives, storage, generated traffic)
 *       ends when it ends and stop_time is only an upper bound, so the simulated time still to go is unknown
 *       (measured against a stop_time of seconds, a run was shown "2 h 18 min left" a minute before it
 *       ended);</li>
 *   <li>before {@link #MIN_ELAPSED_MS} of wall time and {@link #MIN_FRACTION} of the target: the first
 *       seconds are JIT compilation and the start of the traffic;</li>
 *   <li>while the pace has not settled: the pace over the last {@link #WINDOW_MS} of wall time and over the
 *       second half of that window differ by more than {@link #STEADY} (a slow start still in the window, or
 *       the traffic changing);</li>
 *   <li>when the target is behind (the run is past its estimated end).</li>
 * </ul>
 *
 * Otherwise: the simulated time left at the pace of the last {@link #WINDOW_MS} (not since the start, which
 * the slow beginning would drag down). Thread-safe: the progress bar asks from its own thread.
 */
final class RunEta {
    /** No estimate before this much wall time, ms. */
    static final long MIN_ELAPSED_MS = 10_000;
    /** No estimate before this fraction of the target is simulated. */
    static final double MIN_FRACTION = 0.05;
    /** The pace is measured over this much recent wall time, ms. */
    static final long WINDOW_MS = 20_000;
    /** The most the window's pace and its second half's may differ, as a ratio. */
    static final double STEADY = 1.25;

    /** {elapsed ms, simulated ps}, oldest first; the first one is at or before the window's start. */
    private final ArrayDeque<long[]> samples = new ArrayDeque<>();

    RunEta() {
        samples.add(new long[] {0, 0});
    }

    /** The run has simulated {@code simPs} after {@code elapsedMs} of wall time (both non-decreasing). */
    synchronized void sample(long elapsedMs, long simPs) {
        samples.addLast(new long[] {elapsedMs, simPs});
        while (samples.size() > 2) {
            long[] first = samples.pollFirst();
            if (samples.peekFirst()[0] > elapsedMs - WINDOW_MS) {
                samples.addFirst(first); // keep one sample at or before the window's start
                break;
            }
        }
    }

    /**
     * Wall ms left until the simulation reaches {@code targetPs}, or empty. {@code knownEnd}: the target is
     * where the work ends (its estimated end, or stop_time when the work lasts at least that long), not
     * stop_time as a mere upper bound.
     */
    synchronized OptionalLong remainingMs(long targetPs, boolean knownEnd) {
        long[] last = samples.peekLast();
        long[] first = samples.peekFirst();
        if (!knownEnd || targetPs <= 0 || last[0] < MIN_ELAPSED_MS || last[1] < MIN_FRACTION * targetPs
                || last[1] >= targetPs) {
            return OptionalLong.empty();
        }
        long[] mid = null;
        for (long[] s : samples) {
            if (s[0] >= (first[0] + last[0]) / 2) {
                mid = s;
                break;
            }
        }
        if (mid == null || mid == last || mid == first) {
            return OptionalLong.empty();
        }
        double window = pace(first, last);
        double recent = pace(mid, last);
        if (!(window > 0) || !(recent > 0) || recent / window > STEADY || window / recent > STEADY) {
            return OptionalLong.empty();
        }
        return OptionalLong.of((long) Math.ceil((targetPs - last[1]) / window));
    }

    private static double pace(long[] from, long[] to) {
        return to[0] > from[0] ? (double) (to[1] - from[1]) / (to[0] - from[0]) : 0;
    }
}
