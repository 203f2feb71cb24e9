package org.lossless.experiments.run;

import java.util.Arrays;
import java.util.List;

import org.lossless.core.net.WireFormat;
import org.lossless.workloads.traffic.JobIteration;

/**
 * The port bound of a job's iterations ({@link IdealRun}): for each finished iteration, from its start to its
 * first message's post, plus the busiest host port's wire bits (egress or ingress) at that port's line rate, plus
 * the smallest latency of the iteration's messages. A message belongs to the iteration whose window (start to
 * finish) holds its post time; a job's iterations never overlap (each program starts the next after the last
 * ended). O(messages × log iterations): the messages are grouped by iteration with one counting sort.
 */
final class PortBound {
    private PortBound() {
    }

    /**
     * The port bound of each of {@code windows} (finished iterations, in start order), ps from its start; -1 for an
     * iteration without a message.
     *
     * @param rates line rate of every host's port, bps, by host number
     */
    static long[] of(List<JobIteration> windows, SentLog sent, long[] rates) {
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
        long[] out = new long[rates.length];
        long[] in = new long[rates.length];
        int[] touched = new int[rates.length];
        long[] bound = new long[n];
        for (int w = 0; w < n; w++) {
            bound[w] = window(windows.get(w).startPs(), order, count[w], count[w + 1], sent, rates, out, in, touched);
        }
        return bound;
    }

    /** The last index of a run of equal starts (several windows starting at the same time: the last one). */
    private static int last(long[] starts, int w) {
        while (w + 1 < starts.length && starts[w + 1] == starts[w]) {
            w++;
        }
        return w;
    }

    /** The bound of the messages {@code order[from..to)} of a window starting at {@code start}; scratch arrays left zero. */
    private static long window(long start, int[] order, int from, int to, SentLog sent, long[] rates, long[] out,
                               long[] in, int[] touched) {
        if (from == to) {
            return -1;
        }
        long first = Long.MAX_VALUE;
        long tail = Long.MAX_VALUE;
        int hosts = 0;
        for (int k = from; k < to; k++) {
            int i = order[k];
            first = Math.min(first, sent.postPs(i));
            tail = Math.min(tail, sent.tailPs(i));
            int s = sent.src(i);
            int d = sent.dst(i);
            if (out[s] == 0 && in[s] == 0) {
                touched[hosts++] = s;
            }
            out[s] += sent.bits(i);
            if (out[d] == 0 && in[d] == 0) {
                touched[hosts++] = d;
            }
            in[d] += sent.bits(i);
        }
        long busiest = 0;
        for (int k = 0; k < hosts; k++) {
            int h = touched[k];
            busiest = Math.max(busiest, WireFormat.bitsToPs(Math.max(out[h], in[h]), rates[h]));
            out[h] = 0;
            in[h] = 0;
        }
        return first - start + busiest + tail;
    }
}
