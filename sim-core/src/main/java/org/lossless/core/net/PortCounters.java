package org.lossless.core.net;

/**
 * Per-priority counters of one port, as reported in {@code ports.csv}: frames and frame bytes sent, dropped,
 * ECN-marked, PFC frames sent and received, time paused (ps), and the largest egress queue (frame bytes; kept by
 * the queues, see {@link QueuePeaks}).
 *
 * <p>Layout: one row of {@link #FIELDS} longs per priority, the row's counters side by side, made at the first
 * count of that priority (and the table of rows at the first count of the port). A transmitted frame updates
 * two adjacent longs of one row (one cache line) instead of one long in each of two arrays behind this object
 * (three cold lines per frame on a large fabric, where every port is cold at every frame); and a priority that
 * never counts anything costs nothing (a 27,648-host fat-tree has 166,000 ports, most using one priority: 9
 * arrays of 8 longs each were 119 MB there, a row of the one used priority is about 150 bytes a port).
 * Reads of a priority never counted give 0. Counters only grow. No allocation on the per-frame path once a
 * priority's row exists.
 */
public final class PortCounters {
    public static final int PRIORITIES = 8;
    // ---- a priority's row: the fields in this order (the first two are what every transmitted frame updates) ----
    /** Frame bytes transmitted. */
    static final int TX_BYTES = 0;
    /** Frames transmitted (PFC frames excluded: they count in {@link #PAUSE_TX}). */
    private static final int TX_PACKETS = 1;
    private static final int DROPS = 2;
    private static final int DROP_BYTES = 3;
    /** Frames marked CE. */
    private static final int ECN_MARKED = 4;
    private static final int PAUSE_TX = 5;
    private static final int PAUSE_RX = 6;
    private static final int PAUSED_PS = 7;
    /** Longs per row. */
    static final int FIELDS = 8;

    /** Rows by priority (each null until that priority counts something); null until the port counts anything. */
    private long[][] rows;
    /** Where the port's egress queues keep their high-water marks (a switch port's), or null (none: 0). */
    private QueuePeaks peaks;

    /**
     * The largest frame bytes each priority's egress queue held at once so far. The queue keeps it, where it is
     * compared at every enqueue anyway, and the counters ask when read: the per-frame path writes no counter.
     */
    @FunctionalInterface
    public interface QueuePeaks {
        /** High-water mark of the queue of {@code prio}, frame bytes. */
        long peakBytes(int prio);
    }

    /** The row of {@code prio}, made if needed: for writers that keep it (the port's transmit path). */
    long[] row(int prio) {
        long[][] r = rows;
        if (r == null) {
            r = rows = new long[PRIORITIES][];
        }
        long[] row = r[prio];
        if (row == null) {
            row = r[prio] = new long[FIELDS];
        }
        return row;
    }

    private long get(int prio, int field) {
        long[][] r = rows;
        if (r == null) {
            return 0;
        }
        long[] row = r[prio];
        return row == null ? 0 : row[field];
    }

    // ---- counting ----

    /** Counts a transmitted frame of {@code frameBytes} at {@code prio}. */
    public void countTx(int prio, int frameBytes) {
        countTx(row(prio), frameBytes);
    }

    /** Counts a transmitted frame of {@code frameBytes} in {@code row}, a row of {@link #row} kept by its writer. */
    static void countTx(long[] row, int frameBytes) {
        row[TX_BYTES] += frameBytes;
        row[TX_PACKETS]++;
    }

    /** Counts a frame of {@code frameBytes} dropped at this port (ingress or egress accounting). */
    public void countDrop(int prio, int frameBytes) {
        long[] row = row(prio);
        row[DROPS]++;
        row[DROP_BYTES] += frameBytes;
    }

    /** Counts a frame marked CE by this port. */
    public void countEcnMarked(int prio) {
        countEcnMarked(row(prio));
    }

    /** Counts a frame marked CE in {@code row}, a row of {@link #row} kept by its writer. */
    static void countEcnMarked(long[] row) {
        row[ECN_MARKED]++;
    }

    /** Counts a PFC frame sent (XOFF or XON) for {@code prio}. */
    public void countPauseTx(int prio) {
        row(prio)[PAUSE_TX]++;
    }

    /** Counts a PFC frame received for {@code prio}. */
    public void countPauseRx(int prio) {
        row(prio)[PAUSE_RX]++;
    }

    /** Adds {@code ps} (&ge; 0) to the time this port's transmitter was paused for {@code prio}. */
    public void addPausedPs(int prio, long ps) {
        row(prio)[PAUSED_PS] += ps;
    }

    /** Reports the queues' high-water marks of {@code source} as {@link #maxQueueBytes} (set once, by the queues). */
    public void queuePeaks(QueuePeaks source) {
        this.peaks = java.util.Objects.requireNonNull(source, "source");
    }

    // ---- reading (0 for a priority never counted) ----

    /** Frame bytes transmitted. */
    public long txBytes(int prio) {
        return get(prio, TX_BYTES);
    }

    /** Frames transmitted (not PFC frames). */
    public long txPackets(int prio) {
        return get(prio, TX_PACKETS);
    }

    /** Frames dropped at this port. */
    public long drops(int prio) {
        return get(prio, DROPS);
    }

    /** Frame bytes dropped at this port. */
    public long dropBytes(int prio) {
        return get(prio, DROP_BYTES);
    }

    /** Frames marked CE by this port. */
    public long ecnMarked(int prio) {
        return get(prio, ECN_MARKED);
    }

    /** PFC frames sent (XOFF and XON). */
    public long pauseTx(int prio) {
        return get(prio, PAUSE_TX);
    }

    /** PFC frames received. */
    public long pauseRx(int prio) {
        return get(prio, PAUSE_RX);
    }

    /** Time this port's transmitter was paused, ps. */
    public long pausedPs(int prio) {
        return get(prio, PAUSED_PS);
    }

    /** Largest egress queue seen, frame bytes. */
    public long maxQueueBytes(int prio) {
        return peaks == null ? 0 : peaks.peakBytes(prio);
    }

    /** Whether the priority carried or saw anything worth a row in ports.csv. */
    public boolean active(int prio) {
        return txPackets(prio) > 0 || drops(prio) > 0 || pauseTx(prio) > 0 || pauseRx(prio) > 0
                || maxQueueBytes(prio) > 0;
    }
}
