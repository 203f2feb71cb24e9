package org.lossless.nic.dcqcn;

import java.util.Arrays;

/**
 * The effect times of CNPs a reaction point has received but not yet acted on ({@code reaction_delay}):
 * a FIFO of longs (times arrive in order, since the delay is fixed). Allocates only when it grows.
 */
final class DelayedCnps {
    private long[] times = new long[0];
    private int head;
    private int size;

    void add(long t) {
        if (size == times.length) {
            long[] bigger = new long[Math.max(4, times.length * 2)];
            for (int i = 0; i < size; i++) {
                bigger[i] = times[(head + i) % times.length];
            }
            times = bigger;
            head = 0;
        }
        times[(head + size) % times.length] = t;
        size++;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The earliest time; only when not empty. */
    long first() {
        return times[head];
    }

    long poll() {
        long t = times[head];
        head = (head + 1) % times.length;
        size--;
        return t;
    }

    void clear() {
        head = 0;
        size = 0;
        Arrays.fill(times, 0);
    }
}
