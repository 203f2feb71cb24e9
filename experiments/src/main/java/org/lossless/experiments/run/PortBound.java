package org.lossless.experiments.run;

import java.util.Arrays;
import java.util.List;

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
 * A message belongs to the iteration whose window (start to finish) holds its post time; a job's iterations never
 * overlap (each program starts the next after the last ended). O(messages × log iterations): the messages are
 * grouped by iteration with one counting sort.
 */
final class PortBound {
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
        int n = windows.size();
        long[] starts = new long[n];
        for (int w = 0; w < n; w++) {
            starts[w] = windows.get(w).startPs();
        }
        int[] windowOf = new int[sent.size()];
        int[] count = new int[n + 1];
        for (int i = 0; i < sent.size(); i++) {
            long t = sent.postPs(i);
            int w = Arrays.binarySearch(starts, t);
            w = w >= 0 ? last(starts, w) : -w - 2;
            windowOf[i] = w >= 0 && t <= windows.get(w).finishPs() ? w : -1;
            if (windowOf[i] >= 0) {
                count[windowOf[i] + 1]++;
            }
        }
        for (int w = 0; w < n; w++) {
            count[w + 1] += count[w];
        }
        int[] order = new int[count[n]];
        int[] next = Arrays.copyOf(count, n);
        for (int i = 0; i < sent.size(); i++) {
            if (windowOf[i] >= 0) {
                order[next[windowOf[i]]++] = i;
            }
        }
        Scratch hosts = new Scratch(rates.length);
        Scratch ups = new Scratch(edges.edges());
        long[][] bound = new long[2][n];
        for (int w = 0; w < n; w++) {
            long[] b = window(windows.get(w).startPs(), order, count[w], count[w + 1], sent, rates, edges, hosts, ups);
            bound[0][w] = b[0];
            bound[1][w] = b[1];
        }
        return bound;
    }

    /** Bits out and in per port (host or edge switch) and the ports touched; left zero between windows. */
    private static final class Scratch {
        final long[] out;
        final long[] in;
        final int[] touched;
        int size;

        Scratch(int ports) {
            out = new long[ports];
            in = new long[ports];
            touched = new int[ports];
        }

        void add(int from, int to, long bits) {
            if (out[from] == 0 && in[from] == 0) {
                touched[size++] = from;
            }
            out[from] += bits;
            if (out[to] == 0 && in[to] == 0) {
                touched[size++] = to;
            }
            in[to] += bits;
        }

        /** The busiest port's time at {@code rates} (0 for a port without rate), then cleared. */
        long busiest(long[] rates) {
            long max = 0;
            for (int k = 0; k < size; k++) {
                int p = touched[k];
                if (rates[p] > 0) {
                    max = Math.max(max, WireFormat.bitsToPs(Math.max(out[p], in[p]), rates[p]));
                }
                out[p] = 0;
                in[p] = 0;
            }
            size = 0;
            return max;
        }
    }

    /** The last index of a run of equal starts (several windows starting at the same time: the last one). */
    private static int last(long[] starts, int w) {
        while (w + 1 < starts.length && starts[w + 1] == starts[w]) {
            w++;
        }
        return w;
    }

    /** The port and uplink bounds of the messages {@code order[from..to)} of a window starting at {@code start}. */
    private static long[] window(long start, int[] order, int from, int to, SentLog sent, long[] rates,
                                 EdgeUplinks edges, Scratch hosts, Scratch ups) {
        if (from == to) {
            return new long[] {-1, -1};
        }
        long first = Long.MAX_VALUE;
        long tail = Long.MAX_VALUE;
        boolean crossed = false;
        for (int k = from; k < to; k++) {
            int i = order[k];
            first = Math.min(first, sent.postPs(i));
            tail = Math.min(tail, sent.tailPs(i));
            int s = sent.src(i);
            int d = sent.dst(i);
            hosts.add(s, d, sent.bits(i));
            int es = edges.edgeOf()[s];
            int ed = edges.edgeOf()[d];
            if (es != ed) {
                ups.add(es, ed, sent.bits(i));
                crossed = true;
            }
        }
        long port = first - start + hosts.busiest(rates) + tail;
        long uplink = ups.busiest(edges.upBps());
        return new long[] {port, crossed && uplink > 0 ? first - start + uplink + tail : 0};
    }
}
