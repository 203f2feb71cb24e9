package org.lossless.core.net;

import java.util.Arrays;

/**
 * A free list of {@link Packet}s. Single-threaded, like the kernel. {@link #outstanding()} counts
 * packets acquired and not yet released, which tests use to check that nothing leaks.
 */
public final class PacketPool {
    private Packet[] free = new Packet[256];
    private int freeCount;
    private long outstanding;

    public Packet acquire() {
        outstanding++;
        if (freeCount == 0) {
            return new Packet();
        }
        Packet p = free[--freeCount];
        free[freeCount] = null;
        return p;
    }

    /** Returns {@code p} to the pool; the caller must hold no further reference to it. */
    public void release(Packet p) {
        outstanding--;
        p.reset();
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, freeCount * 2);
        }
        free[freeCount++] = p;
    }

    /** Packets acquired and not yet released. */
    public long outstanding() {
        return outstanding;
    }
}
