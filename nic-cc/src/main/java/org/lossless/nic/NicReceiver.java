package org.lossless.nic;

import java.util.function.Consumer;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.nic.cc.CongestionEcho;

/**
 * The receive side of a {@link HostNic}: its queue pairs' arriving data packets and the control frames
 * (ACK, NACK, CNP) it answers them with, which the NIC queues and sends before any data.
 *
 * <p>In-order data counts towards its message, which finishes when its last byte arrives. An ACK (cumulative)
 * goes back every {@code ackEvery} packets and for the last packet of every message. A packet that is not the
 * expected one goes to the QP's loss recovery: go-back-N discards it and sends one NACK per gap (the duplicate of
 * a message's last packet is re-ACKed so a lost final ACK cannot hang the sender); IRN keeps it and answers with a
 * NACK that selectively acknowledges it, and when the expected packet arrives delivers the packets it held after it
 * in order and ACKs at once. ACKs and NACKs may wait an ACK generation delay ({@link AckDelayLine}).
 *
 * <p>A CE-marked in-order data packet goes to the QP's {@link CongestionEcho}, which asks for a CNP now, later (one
 * reused event for all delayed CNPs, {@link CnpGenerator}), not at all (coalesced), or as a flag on the packet's ACK.
 *
 * <p>RDMA READ: a request arriving in order hands the response to the send side (the responder's own QP towards
 * the requester); the first response packet to arrive in order acknowledges the request there. The requester
 * acknowledges a response only at its last packet (and AckReq packets, CNP flags).
 */
final class NicReceiver {
    private final Scheduler sim;
    private final FlowTable flows;
    private final FlowListener listener;
    private final int ackEvery;
    /** Builds the ACK/NACK frames. */
    private final NicFrames frames;
    /** The NIC's send side: READ responses join its QPs, READ requests are acknowledged there. */
    private final NicSender sender;
    /** Queues a control frame (ACK, NACK, CNP) at the NIC's port ({@link HostNic}, which sends them before data). */
    private final Consumer<Packet> queueControl;
    private final CnpGenerator cnps;
    /** ACK generation delay ({@code nic.ack_delay}), or null without one (ACKs join the send queue at once). */
    private final AckDelayLine ackDelay;
    private long outOfOrderDrops;
    private long trimNacks;
    /** RCCC's credit pacer (UET QPs with receiver credits). */
    private final CreditPacer pacer;
    /** Set by {@link #deliver}: the in-order packet it delivered asks for a CNP flag on its ACK. */
    private boolean cnpFlag;

    NicReceiver(Scheduler sim, PacketPool pool, FlowTable flows, int host, NicConfig config, FlowListener listener,
                NicFrames frames, NicSender sender, Consumer<Packet> queueControl) {
        this.sim = sim;
        this.flows = flows;
        this.listener = listener;
        this.ackEvery = config.ackEvery();
        this.frames = frames;
        this.sender = sender;
        this.queueControl = queueControl;
        this.cnps = new CnpGenerator(sim, pool, flows, host, config, queueControl);
        this.ackDelay = config.ackDelayPs() > 0 ? new AckDelayLine(sim, config.ackDelayPs(), queueControl) : null;
        this.pacer = new CreditPacer(sim, pool, host, config, queueControl);
    }

    /** The NIC's line rate, bps: RCCC grants at it. */
    void rate(long bps) {
        pacer.rate(bps);
    }

    /** RCCC grants sent. */
    long grants() {
        return pacer.grants();
    }

    /** CNPs sent (CNP flags on ACKs included). */
    long cnpsSent() {
        return cnps.sent();
    }

    /** Data packets discarded because they arrived out of sequence. */
    long outOfOrderDrops() {
        return outOfOrderDrops;
    }

    /** Data packet {@code p} arrived (the caller releases it). */
    void receiveData(Packet p) {
        QpReceiver qp = flows.rx(p.flowId);
        long now = sim.now();
        if (qp.rud != null) {
            receiveUet(qp, p, now);
            return;
        }
        if (p.trimmed()) {
            // RoCE has no use for a header without its payload: to the transport it is a lost packet
            outOfOrderDrops++;
            return;
        }
        if (p.psn != qp.expectedPsn) {
            outOfSequence(qp, p, now);
            return;
        }
        boolean request = qp.rxRequest();
        boolean last = deliver(qp, qp.expectedPsn, p, now);
        boolean cnpFlag = this.cnpFlag;
        // packets the loss recovery held after this one (IRN) are in order now
        boolean filled = false;
        while (qp.recovery.takeHeld(qp.expectedPsn)) {
            last |= deliver(qp, qp.expectedPsn, null, now);
            filled = true;
        }
        if (request && !filled) {
            // a lone READ request is acknowledged by its response, unless flagged or asked for
            if (cnpFlag || p.ackRequest()) {
                sendControl(PacketType.ACK, qp, qp.expectedPsn - 1, p, cnpFlag, 0);
            }
            return;
        }
        if (last || filled || (!qp.readResponses && (ackEvery == 1 || qp.expectedPsn % ackEvery == 0)) || cnpFlag || p.ackRequest()) {
            sendControl(PacketType.ACK, qp, qp.expectedPsn - 1, p, cnpFlag, 0);
        }
    }

    /**
     * Delivers packet {@code psn} (= the expected PSN) of {@code qp} in order: moves the receiver past it (its
     * message's {@link Flow#receivedBytes()} follow from that), completes its message at its last packet, hands a
     * READ request to the responder's QP. Returns whether it was the last
     * packet of a message (a READ request is not: its response acknowledges it). For the packet that just
     * arrived ({@code arrived}, null for one held before) its CE mark goes to the QP's echo, and
     * {@link #cnpFlag} says whether the ACK carries the CNP flag.
     */
    private boolean deliver(QpReceiver qp, long psn, Packet arrived, long now) {
        qp.expectedPsn++;
        cnpFlag = false;
        if (qp.rxRequest()) {
            // an RDMA READ request: this NIC is the responder; the response joins its own QP towards the requester
            Flow f = qp.rxEntry();
            qp.rxReceived(psn);
            cnpFlag = arrived != null && arrived.ce() && qp.echo != null && cnps.onCePacket(qp, now);
            sender.enqueue(f.qp, f);
            return false;
        }
        // (only a QP carrying READ responses has entries with a request; the message's bytes received are
        // worked out from the QP when asked, so a packet that completes nothing needs no look at its Flow)
        if (qp.readResponses && qp.rxFirstOfEntry(psn) && qp.rxEntry().requestQp != null) {
            // the first response packet of a READ acknowledges its request at this NIC, the requester
            sender.ackRequest(qp.rxEntry());
        }
        cnpFlag = arrived != null && arrived.ce() && qp.echo != null && cnps.onCePacket(qp, now);
        Flow f = qp.rxReceived(psn);
        if (f != null) {
            f.finishPs = now;
            flows.markFinished();
            listener.flowFinished(f, now);
            return true;
        }
        return false;
    }

    /**
     * Ultra Ethernet (RUD, {@link Rud}): a trimmed packet is NACKed at once (unless already had); any other is
     * taken whatever its order, delivered with what it completes, and acknowledged at once by an ACK that carries
     * the cumulative acknowledgement, its own PSN, its ECN mark and its timestamp.
     */
    private void receiveUet(QpReceiver qp, Packet p, long now) {
        long psn = p.psn;
        if (qp.qp.credits != null) {
            // RCCC: the sender may have more to send; a trimmed packet or one that queued beyond the target says
            // the last hop holds a standing queue
            pacer.arrived(qp.qp, now - p.tsPs - qp.qp.creditDelayLimitPs, p.trimmed());
        }
        if (p.trimmed()) {
            if (!qp.rud.has(qp.expectedPsn, psn)) {
                trimNacks++;
                sendControl(PacketType.NACK, qp, qp.expectedPsn, p, false, psn);
            }
            return;
        }
        if (psn == qp.expectedPsn) {
            deliver(qp, psn, p, now);
            while (qp.recovery.takeHeld(qp.expectedPsn)) {
                deliver(qp, qp.expectedPsn, null, now);
            }
        } else if (qp.recovery.outOfSequence(qp.expectedPsn, psn, now) == LossRecovery.Reply.DROP) {
            outOfOrderDrops++;   // beyond the reorder window: the sender's timeout resends it
            return;
        }
        sendControl(PacketType.ACK, qp, Rud.ackPsn(qp.expectedPsn, psn), p, p.ce(), 0);
    }

    /** NACKs sent for trimmed packets (Ultra Ethernet). */
    long trimNacks() {
        return trimNacks;
    }

    /** Data packet {@code p} is not the expected one: its QP's loss recovery decides what happens. */
    private void outOfSequence(QpReceiver qp, Packet p, long now) {
        switch (qp.recovery.outOfSequence(qp.expectedPsn, p.psn, now)) {
            case DROP -> outOfOrderDrops++;
            case ACK -> {
                outOfOrderDrops++;
                sendControl(PacketType.ACK, qp, qp.expectedPsn - 1, p, false, 0);
            }
            case NACK -> {
                outOfOrderDrops++;
                sendControl(PacketType.NACK, qp, qp.expectedPsn, p, false, -1);
            }
            case SACK -> {
                boolean cnpFlag = p.ce() && qp.echo != null && cnps.onCePacket(qp, now);
                sendControl(PacketType.NACK, qp, qp.expectedPsn, p, cnpFlag, p.psn);
            }
            default -> throw new IllegalStateException();
        }
    }

    /**
     * Queues an ACK (psn = highest in-order PSN) or NACK (psn = expected PSN) for {@code qp}, complete: with the CNP
     * flag {@code ce} and, for a NACK, its {@code sackPsn} (-1: none; ignored for an ACK). Complete before it is
     * queued, as the port may start it, and show it to a probe, at once.
     */
    private void sendControl(PacketType type, QpReceiver qp, long psn, Packet data, boolean ce, long sackPsn) {
        Packet a = frames.control(type, qp, psn, data);
        a.ce(ce);
        if (type == PacketType.NACK) {
            a.sackPsn(sackPsn);
        }
        if (ackDelay != null) {
            ackDelay.add(a);
        } else {
            queueControl.accept(a);
        }
    }
}
