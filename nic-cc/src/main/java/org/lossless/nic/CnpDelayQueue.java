package org.lossless.nic;

import java.util.Arrays;

/**
 * CNPs the notification point will send later (a CNP-generation delay, or the end of a sampling
 * window): a binary min-heap of (time, flow id) in primitive arrays, FIFO for equal times.
 */
final class CnpDelayQueue {
    private long[] time = new long[16];
    private long[] seq = new long[16];
    private int[] flow = new int[16];
    private int size;
    private long nextSeq;

    void add(long atPs, int flowId) {
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            seq = Arrays.copyOf(seq, size * 2);
            flow = Arrays.copyOf(flow, size * 2);
        }
        int i = size++;
        time[i] = atPs;
        seq[i] = nextSeq++;
        flow[i] = flowId;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(i, parent)) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Time of the earliest entry; undefined when empty. */
    long firstTime() {
        return time[0];
    }

    /** Removes the earliest entry and returns its flow id. */
    int pollFlow() {
        int f = flow[0];
        size--;
        if (size > 0) {
            time[0] = time[size];
            seq[0] = seq[size];
            flow[0] = flow[size];
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    break;
                }
                int c = l + 1 < size && less(l + 1, l) ? l + 1 : l;
                if (!less(c, i)) {
                    break;
                }
                swap(c, i);
                i = c;
            }
        }
        return f;
    }

    private boolean less(int a, int b) {
        return time[a] < time[b] || (time[a] == time[b] && seq[a] < seq[b]);
    }

    private void swap(int a, int b) {
        long t = time[a];
        time[a] = time[b];
        time[b] = t;
        long s = seq[a];
        seq[a] = seq[b];
        seq[b] = s;
        int f = flow[a];
        flow[a] = flow[b];
        flow[b] = f;
    }
}
