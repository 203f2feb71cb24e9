package org.lossless.nic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;

/**
 * The send side of a {@link HostNic}: its queue pairs' data packets, and what the acknowledgements, NACKs and
 * congestion notifications coming back do to them.
 *
 * <p>Sending: the queue pairs with data left in round robin, each only when its rate limiter allows and its
 * priority is not paused by PFC. If every such QP waits on its limiter, one reused wake-up event is set for the
 * earliest. An idle QP (nothing to send, nothing unacknowledged) is in no list and schedules nothing.
 *
 * <p>Loss recovery is each QP's {@link LossRecovery} ({@code nic.loss_recovery}): go-back-N (a NACK, or a
 * retransmission timeout with no progress, rewinds the QP to its first unacknowledged packet) or IRN (the sender
 * resends only the lost ones). The timeout, the QP's recovery's value, is one lazy event per NIC
 * ({@link RetransmitTimer}): it fires at the earliest possible deadline and re-arms for the next, never per packet.
 *
 * <p>Window ({@code nic.window}, or the congestion control's): a QP may send packet n only while the payload of
 * PSNs {@code ackedPsn+1 .. n} fits its window ({@link QueuePair#windowOpen}). A QP whose next packet does not fit
 * leaves the active list right after the send that filled the window and costs nothing until an ACK moves
 * {@code ackedPsn}, which puts it back.
 *
 * <p>Congestion control: a CNP, or an ACK carrying the CNP flag, reaching the source is a congestion notification
 * for the QP; an algorithm that observes ACKs sees each one (its rate may rise, so a QP waiting on its limiter is
 * looked at again).
 */
final class NicSender {
    private final Scheduler sim;
    private final FlowTable flows;
    private final long nicRtoPs;
    private final FlowListener listener;
    /** Builds the data frames. */
    private final NicFrames frames;
    /**
     * QPs with packets still to (re)send, in {@code active[0 .. activeCount-1]}: a plain array (not a list), as
     * the port asks at every transmission and wake-up and on a large fabric each object on the way is a cache miss.
     */
    private QueuePair[] active = new QueuePair[4];
    private int activeCount;
    /** QPs with packets not yet acknowledged (superset of the retransmission candidates). */
    private final List<QueuePair> unacked = new ArrayList<>();
    private final Wakeup wakeup = new Wakeup();
    private final RetransmitTimer rto;
    private EgressPort port;
    private int roundRobin;

    NicSender(Scheduler sim, FlowTable flows, NicConfig config, FlowListener listener, NicFrames frames) {
        this.sim = sim;
        this.flows = flows;
        this.nicRtoPs = config.rtoPs();
        this.listener = listener;
        this.frames = frames;
        this.rto = new RetransmitTimer(sim, config.rtoPs(), unacked, this::timedOut);
    }

    /** Sets the NIC's egress port (kicked whenever a QP may send). */
    void attach(EgressPort egress) {
        this.port = egress;
    }

    /** Appends the payload of {@code f} to {@code qp} (a QP of this NIC) and lets it send. */
    void enqueue(QueuePair qp, Flow f) {
        f.qp = qp;
        qp.appendData(f);
        schedule(qp);
    }

    /** {@code qp} has a new entry: it has unacknowledged data now and may send. */
    void schedule(QueuePair qp) {
        long now = sim.now();
        if (qp.credits != null && !qp.outstanding()) {
            qp.credits.restart();
        }
        if (!qp.inUnacked) {
            qp.inUnacked = true;
            qp.lastProgressPs = now;
            unacked.add(qp);
        }
        if (!qp.inActive && qp.readyToSend()) {
            activate(qp);
        }
        rto.arm(now + rto(qp));
        port.kick();
    }

    private void activate(QueuePair qp) {
        if (!qp.inActive) {
            qp.inActive = true;
            if (activeCount == active.length) {
                active = Arrays.copyOf(active, activeCount * 2);
            }
            active[activeCount++] = qp;
        }
    }

    /**
     * Whether a QP has packets to (re)send (it may be waiting on its rate limiter, window or a pause). A QP that
     * joins the active list kicks the port.
     */
    boolean hasActive() {
        return activeCount != 0;
    }

    /**
     * The next data packet of the QPs that may send on {@code egress} now, or null (the wake-up is set if one waits on
     * its limiter). A QP found with no packet at all to build (no data left and no retransmission asked for: a later
     * acknowledgement covered the packet its loss recovery was to resend, IRN or UET) leaves the list first.
     */
    Packet next(EgressPort egress) {
        scan:
        while (true) {
            int n = activeCount;
            if (n == 0) {
                return null;
            }
            long now = sim.now();
            long earliest = Long.MAX_VALUE;
            int idx = roundRobin < n ? roundRobin : roundRobin % n;
            for (int i = 0; i < n; i++, idx = idx + 1 < n ? idx + 1 : 0) {
                QueuePair qp = active[idx];
                if (egress.isPaused(qp.priority) || egress.underCredit(qp.priority) && egress.creditBlocked(qp.priority, frames.largestFrame(qp))) {
                    continue; // under CBFC a QP waits for credit for a full-size frame (its next may be smaller)
                }
                long at = qp.eligibleAtPs(now);
                if (at <= now) {
                    if (!qp.hasPacketToBuild()) {
                        leave(idx, n);
                        continue scan;
                    }
                    Packet p = frames.data(qp, now);
                    if (qp.readyToSend()) {
                        roundRobin = idx + 1;
                    } else {
                        leave(idx, n);
                    }
                    return p;
                }
                earliest = Math.min(earliest, qp.wakeAtPs(now, at));
            }
            if (earliest != Long.MAX_VALUE && (!wakeup.isScheduled() || wakeup.timePs() > earliest)) {
                sim.schedule(wakeup, earliest);
            }
            return null;
        }
    }

    /** Takes the QP at {@code idx} of the {@code n} active ones out of the list; the round robin goes on at its place. */
    private void leave(int idx, int n) {
        QueuePair qp = active[idx];
        System.arraycopy(active, idx + 1, active, idx, n - idx - 1);
        active[--activeCount] = null;
        qp.inActive = false;
        roundRobin = idx;
    }

    /** A CNP, or an ACK carrying the CNP flag, for QP {@code qpId} reached its source. */
    void congestionNotified(int qpId) {
        QueuePair qp = flows.qp(qpId);
        qp.cc.onCongestionNotification(sim.now());
        qp.cnps++;
        qp.currentEntry().cnps++;
    }

    /** ACK {@code a} arrived. */
    void receiveAck(Packet a) {
        QueuePair qp = flows.qp(a.flowId);
        if (qp.rud != null) {
            receiveUetAck(qp, a);
            return;
        }
        if (a.ce()) {
            congestionNotified(a.flowId);
        }
        if (a.psn <= qp.ackedPsn) {
            if (qp.ccAcks) {
                ccAck(qp, a, 0);
            }
            return;
        }
        acknowledge(qp, a.psn, a);
    }

    /**
     * A UET ACK ({@link Rud#ackPsn}): the packet that triggered it is selectively acknowledged, the cumulative
     * acknowledgement moves, the congestion control sees the bytes newly delivered with the ECN echo and the RTT
     * sample, and REPS may recycle the packet's entropy. ECN here is an echo on every ACK, not a CNP.
     */
    private void receiveUetAck(QueuePair qp, Packet a) {
        long cum = Rud.cumulative(a.psn);
        long delivered = qp.rud.onAck(qp, Rud.trigger(a.psn), cum);
        if (qp.credits != null && qp.credits.stopSpeculating(qp.hasDataLeft())) {
            frames.creditStalls++;
        }
        qp.spray.acked(a.udpSrcPort, a.ce());
        if (cum > qp.ackedPsn) {
            acknowledge(qp, cum, null);
        } else if (!qp.inActive && qp.readyToSend()) {
            // a selective acknowledgement frees window without moving the cumulative one
            activate(qp);
            port.kick();
        }
        if (qp.ccAcks) {
            ccAck(qp, a, delivered);
        }
    }

    /** An RCCC grant of {@code c.psn} payload bytes for its QP arrived. */
    void receiveCredit(Packet c) {
        QueuePair qp = flows.qp(c.flowId);
        if (qp.credits == null) {
            return;
        }
        qp.credits.grant(c.psn);
        resume(qp);
    }

    /** The request of READ {@code f} is acknowledged (its response began to arrive here). */
    void ackRequest(Flow f) {
        QueuePair req = f.requestQp;
        if (f.requestPsn > req.ackedPsn) {
            acknowledge(req, f.requestPsn, null);
        }
    }

    /** Cumulative acknowledgement of {@code qp} up to {@code psn} by {@code ack} (null: implied by a READ response). */
    private void acknowledge(QueuePair qp, long psn, Packet ack) {
        long now = sim.now();
        long before = qp.ackedPsn;
        long newly = qp.ackThrough(psn, now, listener);
        qp.recovery.acked(qp, before);
        qp.lastProgressPs = now;
        if (qp.credits != null && !qp.outstanding() && qp.hasDataLeft() && !qp.credits.positive() && !qp.inPacer) {
            // RCCC: data to send, no credit, nothing in flight, and not waiting in its receiver's grant ring (the
            // ring let it go when it had nothing more to send; the message behind was posted while its last packets
            // were still unacknowledged). Nothing would tell the receiver of it, so no grant would ever come, and
            // with nothing outstanding no timeout either: it speculates again, as a message posted on an idle QP does
            qp.credits.restart();
        }
        if (ack != null && qp.ccAcks) {
            ccAck(qp, ack, newly);
        }
        if (qp.fullyAcked()) {
            unacked.remove(qp);
            qp.inUnacked = false;
        } else {
            // the timeout in force may be shorter now (IRN's RTO_low); a no-op when the timer is due earlier anyway
            rto.arm(now + rto(qp));
            if (!qp.inActive && qp.readyToSend()) {
                // window- or cap-blocked (only those keep a QP with data out of the active list): the ACK reopens it
                activate(qp);
                port.kick();
            }
        }
    }

    /**
     * Shows ACK {@code a} to the QP's congestion control. Its rate may have risen: a QP waiting on its rate
     * limiter is looked at again now (the kick re-arms the wake-up no later than its new eligibility time).
     */
    private void ccAck(QueuePair qp, Packet a, long newly) {
        long now = sim.now();
        qp.cc.onAck(now, a, newly);
        qp.cc.onRttSample(now, now - a.tsPs);
        if (qp.inActive) {
            port.kick();
        }
    }

    /** NACK {@code n} arrived: everything before its PSN is acknowledged, and the QP's loss recovery decides what to resend. */
    void receiveNack(Packet n) {
        QueuePair qp = flows.qp(n.flowId);
        long before = qp.ackedPsn;
        if (n.psn - 1 > before) {
            qp.ackThrough(n.psn - 1, sim.now(), listener);
            qp.recovery.acked(qp, before);
        }
        qp.lastProgressPs = sim.now();
        long trimmed = n.sackPsn();
        boolean uetLoss = qp.rud != null && trimmed > qp.ackedPsn && trimmed < qp.nextPsn;
        qp.recovery.nacked(qp, n.psn, trimmed);
        if (uetLoss) {
            // a trimmed packet: congestion on its path (the entropy is not recycled)
            qp.cc.onNack(sim.now(), qp.payloadOf(trimmed));
        }
        resume(qp);
    }

    /** After the loss recovery changed what {@code qp} sends next: it sends again if it may. */
    private void resume(QueuePair qp) {
        if (qp.readyToSend()) {
            activate(qp);
            port.kick();
        }
    }

    /** Times a QP spent its last RCCC credit with data still to send (it then waited for a grant). */
    long creditStalls() {
        return frames.creditStalls;
    }

    /** The retransmission timeout of {@code qp} now, ps (its loss recovery's; go-back-N: {@code nic.rto}). */
    private long rto(QueuePair qp) {
        return qp.recovery.rtoPs(qp, nicRtoPs);
    }

    /** {@code qp}'s retransmission timer expired: its loss recovery decides what to send again. */
    private void timedOut(QueuePair qp) {
        qp.currentEntry().timeouts++;
        qp.recovery.timedOut(qp);
        if (qp.credits != null) {
            qp.credits.timeout(qp.mtu);
        }
        resume(qp);
    }

    private final class Wakeup extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            port.kick();
        }
    }
}
