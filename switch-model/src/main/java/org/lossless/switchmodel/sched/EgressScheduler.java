package org.lossless.switchmodel.sched;

import org.lossless.core.net.PacketRing;

/**
 * The scheduling state of one egress port: strict tiers, then DWRR. The port pulls one frame at a time
 * (when its wire is free), so this is the pull form of Shreedhar and Varghese's DWRR: the queue whose turn
 * it is keeps sending while its deficit covers its head frame; then the turn passes to the next eligible
 * DWRR queue in ascending queue order (wrapping), which earns its quantum on arrival. No events, no
 * allocation: an idle port costs nothing.
 *
 * <p>Eligible = non-empty and not paused by PFC (the caller's mask). Rules for deficits:
 * <ul>
 * <li>a queue that becomes empty loses its deficit ({@link #emptied}; classic DWRR);</li>
 * <li>a paused but non-empty queue is skipped without earning a quantum and keeps its deficit (it is
 *     still backlogged and gets no credit it cannot use); it resumes with it when the pause ends;</li>
 * <li>a strict queue preempts DWRR between frames; the DWRR turn and deficits are left as they were.</li>
 * </ul>
 * Differences from the paper: a queue that becomes active again takes its fixed place in the ring (as
 * switch ASICs do) rather than the tail of an active list; bytes are counted on the wire
 * ({@link org.lossless.core.net.Packet#wireBytes}: frame + preamble + IFG), so weights divide link time.
 *
 * <p>Invariant: after a queue's turn its deficit is below its head frame, so deficits stay under
 * quantum + largest frame. Work per call: a quantum at least as large as the largest frame (the default)
 * needs at most one pass over the eight queues; a smaller quantum at most ceil(frame / quantum) passes.
 */
public final class EgressScheduler {
    private final int strictMask;
    /** DWRR queues (complement of the strict ones within 0..7). */
    private final int dwrrMask;
    private final int[] quantum = new int[SchedulingPlan.QUEUES];
    /** Credit left in the current round, bytes on the wire. */
    private final int[] deficit = new int[SchedulingPlan.QUEUES];
    /** The DWRR queue whose turn it is; starts at 7 so that the first turn goes to the lowest queue. */
    private int current = SchedulingPlan.QUEUES - 1;

    public EgressScheduler(SchedulingPlan plan) {
        this.strictMask = plan.strictMask();
        this.dwrrMask = ~plan.strictMask() & 0xFF;
        for (int q = 0; q < quantum.length; q++) {
            quantum[q] = plan.quantum(q);
        }
    }

    /**
     * The queue to serve now, or -1 if none is eligible. For a DWRR queue the head frame's wire bytes are
     * charged to its deficit: the caller must dequeue that head.
     *
     * @param eligible bit q set: queue q is non-empty and not paused
     * @param queues   the eight queues (only the head of the chosen DWRR queues is read; a queue that never held a
     *                 frame may be null)
     */
    public int select(int eligible, PacketRing[] queues) {
        int strict = eligible & strictMask;
        if (strict != 0) {
            return 31 - Integer.numberOfLeadingZeros(strict);
        }
        int d = eligible & dwrrMask;
        if (d == 0) {
            return -1;
        }
        for (;;) {
            int q = current;
            if ((d >>> q & 1) != 0) {
                int size = queues[q].peek().wireBytes;
                if (size <= deficit[q]) {
                    deficit[q] -= size;
                    return q;
                }
            }
            int above = d & (-2 << q);
            int next = Integer.numberOfTrailingZeros(above != 0 ? above : d);
            deficit[next] += quantum[next];
            current = next;
        }
    }

    /** Queue {@code q} has become empty: its unused credit is forfeited (classic DWRR). */
    public void emptied(int q) {
        deficit[q] = 0;
    }

    /** Credit of queue {@code q} now, bytes (for tests). */
    public int deficit(int q) {
        return deficit[q];
    }
}
