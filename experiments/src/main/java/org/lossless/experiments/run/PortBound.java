package org.lossless.experiments.run;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.lossless.core.net.WireFormat;
import org.lossless.workloads.traffic.JobIteration;

/**
 * The port bounds of a job's iterations ({@link IdealRun}): for each finished iteration, from its start to its
 * first message's post, plus the smallest latency of the iteration's messages, plus
 * <ul>
 *   <li>(<b>port</b>) the busiest host port's wire bits (egress or ingress) at that port's line rate, or</li>
 *   <li>(<b>uplink</b>) the busiest edge switch's uplinks ({@link EdgeUplinks}): the wire bits of the messages
 *       that leave (or enter) it towards hosts of other edge switches, at the summed rate of its cables to other
 *       switches: on an oversubscribed ToR, its hosts' traffic to other ToRs cannot go faster than its uplinks.</li>
 * </ul>
 * A message belongs to the window (finished iteration) that starts last at or before its post time (of several
 * starting then, the last in the list), and only if its post time is at or before that window's finish; a job's
 * iterations never overlap (each program starts the next after the last ended).
 *
 * <p>One sequential pass over the {@link SentLog} in its own order (each message's window by binary search over the
 * starts: O(messages × log windows)), summing per window the bits out and in of every host and every edge switch,
 * and keeping the least post time and least latency. Nothing is kept per message: the sums take windows × (hosts +
 * edge switches) × 2 longs; past {@link #PASS_BYTES} the windows are split into ranges, one pass over the log each.
 * Sums and maxima do not depend on the order of the messages, so the bounds are those of any grouping.
 */
final class PortBound {
    /** Bytes of sums one pass may hold (64 MB); more windows than fit take several passes. */
    static final long PASS_BYTES = 64L << 20;
    /** Messages between two looks at the stop signal. */
    private static final int STOP_CHECK_PERIOD = 1 << 16;

    private PortBound() {
    }

    /**
     * The port and uplink bounds ({@code [0]} and {@code [1]}) of each of {@code windows} (finished iterations, in
     * start order), ps from its start; -1 for an iteration without a message (0 uplink bound: nothing crossed one).
     *
     * @param rates line rate of every host's port, bps, by host number
     * @param edges every host's edge switch and each edge switch's uplink rate
     */
    static long[][] of(List<JobIteration> windows, SentLog sent, long[] rates, EdgeUplinks edges) {
        return of(windows, sent, rates, edges, PASS_BYTES, null);
    }

    /**
     * As {@link #of(List, SentLog, long[], EdgeUplinks)} with at most about {@code passBytes} of sums per pass (at
     * least one window's); {@code stop} (may be null) is asked now and then and ends the work with a
     * {@link CancellationException} when true.
     */
    static long[][] of(List<JobIteration> windows, SentLog sent, long[] rates, EdgeUplinks edges, long passBytes,
                       BooleanSupplier stop) {
        int n = windows.size();
        long[] starts = new long[n];
        long[] finishes = new long[n];
        for (int w = 0; w < n; w++) {
            starts[w] = windows.get(w).startPs();
            finishes[w] = windows.get(w).finishPs();
        }
        long perWindow = 2L * Long.BYTES * (rates.length + edges.edges());
        int per = (int) Math.max(1, Math.min(n, passBytes / Math.max(1, perWindow)));
        long[][] bound = new long[2][n];
        for (int lo = 0; lo < n; lo += per) {
            pass(starts, finishes, lo, Math.min(n, lo + per), sent, rates, edges, stop, bound);
        }
        return bound;
    }

    /** The window of a message posted at {@code t}, or -1 when none holds it. */
    static int windowOf(long[] starts, long[] finishes, long t) {
        int w = Arrays.binarySearch(starts, t);
        if (w >= 0) {
            while (w + 1 < starts.length && starts[w + 1] == starts[w]) {
                w++; // several windows start at t: the last one
            }
        } else {
            w = -w - 2;
        }
        return w >= 0 && t <= finishes[w] ? w : -1;
    }

    /** The bounds of windows {@code lo..hi)} into {@code bound}, from one pass over {@code sent}. */
    private static void pass(long[] starts, long[] finishes, int lo, int hi, SentLog sent, long[] rates,
                             EdgeUplinks edges, BooleanSupplier stop, long[][] bound) {
        int k = hi - lo;
        int h = rates.length;
        int e = edges.edges();
        int[] edgeOf = edges.edgeOf();
        long[] hostOut = new long[k * h];
        long[] hostIn = new long[k * h];
        long[] edgeOut = new long[k * e];
        long[] edgeIn = new long[k * e];
        long[] first = new long[k];
        long[] tail = new long[k];
        boolean[] any = new boolean[k];
        boolean[] crossed = new boolean[k];
        Arrays.fill(first, Long.MAX_VALUE);
        Arrays.fill(tail, Long.MAX_VALUE);
        SentLog.Reader r = sent.reader();
        long read = 0;
        while (r.next()) {
            if (stop != null && ++read % STOP_CHECK_PERIOD == 0 && stop.getAsBoolean()) {
                throw new CancellationException("ideal port bound stopped");
            }
            int w = windowOf(starts, finishes, r.postPs());
            if (w < lo || w >= hi) {
                continue;
            }
            int j = w - lo;
            any[j] = true;
            first[j] = Math.min(first[j], r.postPs());
            tail[j] = Math.min(tail[j], r.tailPs());
            int s = r.src();
            int d = r.dst();
            long bits = r.bits();
            hostOut[j * h + s] += bits;
            hostIn[j * h + d] += bits;
            int es = edgeOf[s];
            int ed = edgeOf[d];
            if (es != ed) {
                edgeOut[j * e + es] += bits;
                edgeIn[j * e + ed] += bits;
                crossed[j] = true;
            }
        }
        for (int j = 0; j < k; j++) {
            int w = lo + j;
            if (!any[j]) {
                bound[0][w] = -1;
                bound[1][w] = -1;
                continue;
            }
            long lead = first[j] - starts[w];
            bound[0][w] = lead + busiest(hostOut, hostIn, j * h, rates) + tail[j];
            long uplink = busiest(edgeOut, edgeIn, j * e, edges.upBps());
            bound[1][w] = crossed[j] && uplink > 0 ? lead + uplink + tail[j] : 0;
        }
    }

    /** The busiest port's time, ps: its bits out or in (the larger) at its rate; a port without rate is skipped. */
    private static long busiest(long[] out, long[] in, int from, long[] rates) {
        long max = 0;
        for (int p = 0; p < rates.length; p++) {
            long bits = Math.max(out[from + p], in[from + p]);
            if (rates[p] > 0 && bits != 0) {
                max = Math.max(max, WireFormat.bitsToPs(bits, rates[p]));
            }
        }
        return max;
    }
}
