package org.lossless.core.kernel;

import java.util.Arrays;

/**
 * Hand-offs waiting to cross from one partition to another ({@link Scheduler#handOff}): parallel arrays that grow and
 * are reused, so a frame crossing a cut allocates nothing once the arrays are large enough. Written by the sending
 * partition's thread during a window and read by the receiving partition's thread after the barrier; the barrier is
 * the only synchronisation, so the per-frame path takes no lock.
 */
final class Mail {
    long[] times = new long[16];
    /** Sender's key: its source id above its count of hand-offs. */
    long[] keys = new long[16];
    Delivery[] deliveries = new Delivery[16];
    Object[] payloads = new Object[16];
    int size;
    /** Earliest time held, or {@code Long.MAX_VALUE}. */
    long minTime = Long.MAX_VALUE;

    void add(long atPs, long key, Delivery d, Object payload) {
        if (size == times.length) {
            int n = size * 2;
            times = Arrays.copyOf(times, n);
            keys = Arrays.copyOf(keys, n);
            deliveries = Arrays.copyOf(deliveries, n);
            payloads = Arrays.copyOf(payloads, n);
        }
        times[size] = atPs;
        keys[size] = key;
        deliveries[size] = d;
        payloads[size] = payload;
        size++;
        if (atPs < minTime) {
            minTime = atPs;
        }
    }

    /** Forgets every entry (references cleared, so delivered frames are not held). */
    void clear() {
        Arrays.fill(deliveries, 0, size, null);
        Arrays.fill(payloads, 0, size, null);
        size = 0;
        minTime = Long.MAX_VALUE;
    }
}
