package org.lossless.nic;

import java.util.List;
import java.util.function.Consumer;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * A NIC's retransmission timers (the IB requester's local ACK timeout), one lazy event for all its QPs: it fires
 * at the earliest possible deadline, times out the QPs whose timer expired and re-arms for the next; never an
 * event per packet.
 *
 * <p>A QP's timer runs while it has packets sent but not acknowledged ({@link QueuePair#outstanding()}): it
 * starts when a packet leaves with nothing outstanding and restarts at each ACK progress and each timeout
 * ({@link QueuePair#lastProgressPs}). When it expires the QP is timed out whatever else it is doing: also a QP
 * that still has packets to send (held by PFC, its rate limiter or its window), as a real requester's timer
 * does not care why no ACK came. A QP with nothing outstanding (e.g. paused before its first packet) has no
 * running timer. The timeout in force is the QP's loss recovery's ({@link LossRecovery#rtoPs}: {@code nic.rto}
 * for go-back-N, RTO_low or RTO_high for IRN by the packets in flight), taken when the timer is looked at; an ACK
 * that shortens it re-arms the event ({@link #arm}).
 */
final class RetransmitTimer extends SimEvent {
    private static final long serialVersionUID = 1L;

    private final transient Scheduler sim;
    /** {@code nic.rto}, ps: go-back-N's timeout; a QP's loss recovery gives the one in force ({@link LossRecovery#rtoPs}). */
    private final long rtoPs;
    /** The NIC's QPs with unacknowledged entries (a superset of those with a running timer). */
    private final transient List<QueuePair> unacked;
    /** Called for each QP whose timer expired (after its timer was restarted). */
    private final transient Consumer<QueuePair> onTimeout;

    RetransmitTimer(Scheduler sim, long rtoPs, List<QueuePair> unacked, Consumer<QueuePair> onTimeout) {
        this.sim = sim;
        this.rtoPs = rtoPs;
        this.unacked = unacked;
        this.onTimeout = onTimeout;
    }

    /** Makes sure the timers are looked at no later than {@code atPs}. */
    void arm(long atPs) {
        if (!isScheduled() || timePs() > atPs) {
            sim.schedule(this, atPs);
        }
    }

    @Override
    protected void fire() {
        long now = sim.now();
        long next = Long.MAX_VALUE;
        for (int i = 0; i < unacked.size(); i++) {
            QueuePair qp = unacked.get(i);
            long rto = qp.recovery.rtoPs(qp, rtoPs);
            long deadline = qp.lastProgressPs + rto;
            if (deadline <= now) {
                if (qp.outstanding()) {
                    qp.lastProgressPs = now;
                    onTimeout.accept(qp);
                }
                // timed out: restarted; nothing outstanding: no timer runs, look again later
                deadline = now + qp.recovery.rtoPs(qp, rtoPs);
            }
            next = Math.min(next, deadline);
        }
        if (next != Long.MAX_VALUE) {
            sim.schedule(this, next);
        }
    }
}
