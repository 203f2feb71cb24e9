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

    /**
     * Forgets the free packets, so that the collector can reclaim them: for the end of a run, when nothing will be
     * sent any more. A pool keeps every frame it ever made (at the end of a 1,024-host PFC-heavy run, a million of 72 bytes
     * besides its array), and what is built after the run (results, the pause graph) would otherwise be added to
     * them, growing the heap at its very end. A later {@link #acquire()} still works (it makes a new packet).
     *
     * @return how many packets were forgotten
     */
    public int discardFree() {
        int n = freeCount;
        free = new Packet[256];
        freeCount = 0;
        return n;
    }

    /** Packets acquired and not yet released. */
    public long outstanding() {
        return outstanding;
    }
}
