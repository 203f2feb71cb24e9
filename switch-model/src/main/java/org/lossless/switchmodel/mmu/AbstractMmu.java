package org.lossless.switchmodel.mmu;

/**
 * What every {@link Mmu} keeps the same way: the PFC state of each ingress (port, PG) (paused flag,
 * XOFF and XON counts), drop counters per {@link Mmu} result and per (port, PG) for headroom drops.
 * Subclasses do the buffer accounting. Index of (port, PG) = port × PGs per port + PG.
 */
abstract class AbstractMmu implements Mmu {
    private final int pgsPerPort;
    private final boolean[] paused;
    private final long[] xoffs;
    private final long[] xons;
    private final long[] hdrmDrops;
    private final long[] hdrmDropBytes;
    private final long[] hdrmPoolDrops;
    private final long[] drops = new long[RESULTS];
    private final long[] dropBytes = new long[RESULTS];

    AbstractMmu(int ports, int pgsPerPort) {
        this.pgsPerPort = pgsPerPort;
        int n = ports * pgsPerPort;
        paused = new boolean[n];
        xoffs = new long[n];
        xons = new long[n];
        hdrmDrops = new long[n];
        hdrmDropBytes = new long[n];
        hdrmPoolDrops = new long[n];
    }

    /** Flat index of ingress (port, PG). */
    final int pgIndex(int port, int pg) {
        return port * pgsPerPort + pg;
    }

    /** Whether PG index {@code i} has an XOFF outstanding. */
    final boolean pausedAt(int i) {
        return paused[i];
    }

    /** Counts a drop of {@code bytes} for {@code reason} and returns the reason (for {@code admit}). */
    final int drop(int reason, int bytes) {
        drops[reason]++;
        dropBytes[reason] += bytes;
        return reason;
    }

    /** Counts a lossless drop at PG index {@code i} that its own headroom had room for: the shared headroom pool full. */
    final int dropHeadroomPool(int i, int bytes) {
        hdrmPoolDrops[i]++;
        return dropHeadroom(i, bytes);
    }

    /** Counts a lossless drop at PG index {@code i}: headroom (or the shared headroom pool) full. */
    final int dropHeadroom(int i, int bytes) {
        hdrmDrops[i]++;
        hdrmDropBytes[i] += bytes;
        return drop(DROP_HEADROOM, bytes);
    }

    @Override
    public final void markXoffSent(int inPort, int pg) {
        int i = pgIndex(inPort, pg);
        paused[i] = true;
        xoffs[i]++;
    }

    @Override
    public final void markXonSent(int inPort, int pg) {
        int i = pgIndex(inPort, pg);
        paused[i] = false;
        xons[i]++;
    }

    @Override
    public final boolean isPaused(int inPort, int pg) {
        return paused[pgIndex(inPort, pg)];
    }

    @Override
    public final long drops(int result) {
        return drops[result];
    }

    @Override
    public final long dropBytes(int result) {
        return dropBytes[result];
    }

    @Override
    public final long headroomDrops(int inPort, int pg) {
        return hdrmDrops[pgIndex(inPort, pg)];
    }

    @Override
    public final long headroomDropBytes(int inPort, int pg) {
        return hdrmDropBytes[pgIndex(inPort, pg)];
    }

    @Override
    public final long headroomPoolDrops(int inPort, int pg) {
        return hdrmPoolDrops[pgIndex(inPort, pg)];
    }

    @Override
    public final long xoffCount(int inPort, int pg) {
        return xoffs[pgIndex(inPort, pg)];
    }

    @Override
    public final long xonCount(int inPort, int pg) {
        return xons[pgIndex(inPort, pg)];
    }
}
