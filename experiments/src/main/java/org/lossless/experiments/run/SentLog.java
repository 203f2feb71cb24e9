package org.lossless.experiments.run;

import java.util.Arrays;

/**
 * What the messages of an ideal replay ({@link IdealContext}) put on the hosts' ports, in post order, in flat
 * arrays (a few words per message): post time (ps), payload sender and receiver (host numbers), wire bits
 * (payload and every packet's headers) and latency (its {@code ideal_fct} less its own serialization, ps).
 */
final class SentLog {
    private long[] post = new long[64];
    private int[] src = new int[64];
    private int[] dst = new int[64];
    private long[] bits = new long[64];
    private long[] tail = new long[64];
    private int size;

    void add(long postPs, int from, int to, long wireBits, long latencyPs) {
        if (size == post.length) {
            int n = size * 2;
            post = Arrays.copyOf(post, n);
            src = Arrays.copyOf(src, n);
            dst = Arrays.copyOf(dst, n);
            bits = Arrays.copyOf(bits, n);
            tail = Arrays.copyOf(tail, n);
        }
        post[size] = postPs;
        src[size] = from;
        dst[size] = to;
        bits[size] = wireBits;
        tail[size] = latencyPs;
        size++;
    }

    int size() {
        return size;
    }

    long postPs(int i) {
        return post[i];
    }

    int src(int i) {
        return src[i];
    }

    int dst(int i) {
        return dst[i];
    }

    long bits(int i) {
        return bits[i];
    }

    long tailPs(int i) {
        return tail[i];
    }
}
