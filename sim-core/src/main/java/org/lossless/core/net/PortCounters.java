package org.lossless.core.net;

/**
 * Per-priority counters of one port, as reported in {@code ports.csv}. Plain primitive arrays,
 * indexed by priority 0..7, so updating them on the hot path costs no allocation.
 */
public final class PortCounters {
    public static final int PRIORITIES = 8;
    /** Frame bytes and frames transmitted. */
    public final long[] txBytes = new long[PRIORITIES];
    public final long[] txPackets = new long[PRIORITIES];
    /** Frames and frame bytes dropped at this port (ingress or egress accounting). */
    public final long[] drops = new long[PRIORITIES];
    public final long[] dropBytes = new long[PRIORITIES];
    /** Frames marked CE by this port. */
    public final long[] ecnMarked = new long[PRIORITIES];
    /** PFC frames sent (XOFF and XON) and received, per priority. */
    public final long[] pauseTx = new long[PRIORITIES];
    public final long[] pauseRx = new long[PRIORITIES];
    /** Time this port's transmitter was paused for the priority, ps. */
    public final long[] pausedPs = new long[PRIORITIES];
    /** Largest egress queue seen, frame bytes. */
    public final long[] maxQueueBytes = new long[PRIORITIES];

    /** Whether the priority carried or saw anything worth a row in ports.csv. */
    public boolean active(int prio) {
        return txPackets[prio] > 0 || drops[prio] > 0 || pauseTx[prio] > 0 || pauseRx[prio] > 0
                || maxQueueBytes[prio] > 0;
    }
}
