package org.lossless.nic;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.Dscp;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PacketRing;
import org.lossless.core.net.PacketSource;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.PfcObserver;
import org.lossless.nic.cc.CcAlgorithm;

/**
 * An RDMA NIC with one port.
 *
 * <p>Queue pairs ({@link QueuePair}) are opened once ({@link #openQp}) and live for the run: messages
 * posted on one ({@link #post}, {@link #postRead}) are sent in post order with continuing PSNs, at the
 * rate the QP's congestion control has when each packet's turn comes (a second message starts where
 * the first left the rate, not at line rate). {@link #startFlow} is the one-message form.
 *
 * <p>Sending: control frames (ACK/NACK/CNP) first, then the queue pairs with data left in round robin,
 * each only when its rate limiter allows and its priority is not paused by PFC (a PAUSE for priority
 * p holds every QP and control frame of p). If every such QP waits on its limiter, one reused wake-up
 * event is set for the earliest. Loss recovery is each QP's {@link LossRecovery} ({@code nic.loss_recovery}):
 * go-back-N (a NACK, or a retransmission timeout with no progress, rewinds the QP to its first
 * unacknowledged packet) or IRN (selective repeat: the receiver keeps out-of-order packets and NACKs each
 * with a selective acknowledgement, the sender resends only the lost ones). The timeout, the QP's
 * recovery's value, is one lazy event per NIC ({@link RetransmitTimer}): it fires at the earliest possible
 * deadline and re-arms for the next, never per packet. ACKs and NACKs may wait an ACK generation delay
 * ({@link AckDelayLine}).
 * An idle QP (nothing to send, nothing unacknowledged) is in no list and schedules nothing.
 *
 * <p>Window ({@code nic.window}, or the congestion control's): a QP may send packet n only while the
 * payload of PSNs {@code ackedPsn+1 .. n} fits its window ({@link QueuePair#windowOpen}). A QP whose next
 * packet does not fit leaves the active list right after the send that filled the window (that packet
 * carries the AckReq bit, so a receiver coalescing ACKs answers it at once) and costs nothing until an ACK
 * moves {@code ackedPsn}, which puts it back. Without a window nothing here changes.
 *
 * <p>Congestion control ({@link CcAlgorithm}, chosen per QP by name through a {@link CcFactory}, default
 * {@code nic.cc}): the QP's rate limiter runs at its {@link org.lossless.nic.cc.CongestionControl}'s rate;
 * a CE-marked in-order data packet goes to the QP's {@link CongestionEcho} at the receiver, which asks for
 * a CNP now, later (one reused event for all delayed CNPs), not at all (coalesced), or as a flag on the
 * packet's ACK. A CNP or flagged ACK reaching the source is a congestion notification for the QP.
 *
 * <p>Receiving: in-order data counts towards its message, which finishes when its last byte arrives.
 * An ACK (cumulative) goes back every {@code ackEvery} packets and for the last packet of every message.
 * A packet that is not the expected one goes to the QP's loss recovery: go-back-N discards it and sends one
 * NACK per gap (the duplicate of a message's last packet is re-ACKed so a lost final ACK cannot hang the
 * sender); IRN keeps it and answers with a NACK that selectively acknowledges it, and when the expected
 * packet arrives delivers the packets it held after it in order and ACKs at once.
 *
 * <p>RDMA READ: the request is one packet in the requester's QP (in order with its other messages); the
 * responder, when the request arrives in order, appends the response to its own QP towards the requester
 * and sends it paced by that QP. The first response packet to arrive in order acknowledges the request
 * (real responders send no separate ACK); the requester acknowledges a response only at its last packet
 * (and AckReq packets, CNP flags), a stand-in for the responder's bookkeeping: real requesters send
 * nothing and re-issue the read after a gap or a timeout, modelled here as the NACK and the responder's
 * timeout.
 *
 * <p>Receive buffer (optional, {@link #enableRxBuffer}): frames of its priorities reach the transport
 * only when the host drains them ({@link RxBuffer}), and the NIC sends PFC to its switch when it fills.
 * Without it every frame is handled the moment it arrives.
 */
public final class HostNic implements PacketReceiver, PacketSource {
    private final int host;
    private final String name;
    private final Scheduler sim;
    private final PacketPool pool;
    private final FlowTable flows;
    private final NicConfig config;
    private final FlowListener listener;
    /** Opens this NIC's queue pairs and keeps its congestion-control algorithms. */
    private final QpOpener qps;
    /** Builds the data and control frames it sends. */
    private final NicFrames frames;
    /** ACK/NACK frames waiting, per priority (a paused priority holds its own control frames). */
    private final PacketRing[] control = new PacketRing[8];
    /** QPs with packets still to (re)send. */
    private final List<QueuePair> active = new ArrayList<>();
    /** QPs with packets not yet acknowledged (superset of the retransmission candidates). */
    private final List<QueuePair> unacked = new ArrayList<>();
    private final Wakeup wakeup = new Wakeup();
    private final RetransmitTimer rto;
    private final CnpGenerator cnps;
    /** ACK generation delay ({@code nic.ack_delay}), or null without one (ACKs join the send queue at once). */
    private final AckDelayLine ackDelay;
    private EgressPort port;
    private int roundRobin;
    private long outOfOrderDrops;
    /** Set by {@link #deliver}: the in-order packet it delivered asks for a CNP flag on its ACK. */
    private boolean cnpFlag;
    /** The receive buffer, or null (frames go to the transport at once). */
    private RxBuffer rx;
    /** Path base RTTs for {@code nic.window: bdp}, or null. */
    private PathRtt pathRtt;

    public HostNic(int host, String name, Scheduler sim, PacketPool pool, FlowTable flows, NicConfig config,
                   FlowListener listener) {
        this(host, name, sim, pool, flows, config, listener, CcAlgorithms.BUILT_IN);
    }

    /** A NIC whose congestion-control algorithms come from {@code ccFactory}. */
    public HostNic(int host, String name, Scheduler sim, PacketPool pool, FlowTable flows, NicConfig config,
                   FlowListener listener, CcFactory ccFactory) {
        this.qps = new QpOpener(host, name, sim, flows, config, ccFactory);
        this.frames = new NicFrames(pool, host, config);
        this.host = host;
        this.name = name;
        this.sim = sim;
        this.pool = pool;
        this.flows = flows;
        this.config = config;
        this.listener = listener;
        for (int i = 0; i < control.length; i++) {
            control[i] = new PacketRing();
        }
        this.cnps = new CnpGenerator(sim, pool, flows, host, config, this::queueControl);
        this.rto = new RetransmitTimer(sim, config.rtoPs(), unacked, this::timedOut);
        this.ackDelay = config.ackDelayPs() > 0 ? new AckDelayLine(sim, config.ackDelayPs(), this::queueControl) : null;
    }

    /** Sets the NIC's egress port; the NIC is its packet source. */
    public void attach(EgressPort egress) {
        this.port = egress;
        egress.onLoss(p -> {
            if (p.type != PacketType.PFC) {
                egress.counters().drops[p.priority]++;
                egress.counters().dropBytes[p.priority] += p.frameBytes;
            }
            pool.release(p);
        });
        qps.algorithm(config.cc(), egress.rateBps());
    }

    /**
     * Puts a receive buffer ({@link NicConfig#rxBuffer}) in front of the transport. Call after {@link #attach}.
     *
     * @param thresholds  XOFF/XON occupancy thresholds for this NIC's link
     * @param pauseQuanta time field of the XOFFs it sends
     * @param refreshPs   XOFF refresh period, ps, or {@link org.lossless.core.net.PauseSender#NO_REFRESH}
     */
    public void enableRxBuffer(RxBufferConfig.Thresholds thresholds, int pauseQuanta, long refreshPs) {
        if (config.rxBuffer() == null) {
            throw new IllegalStateException(name + ": the NIC configuration has no rx_buffer");
        }
        this.rx = new RxBuffer(sim, pool, port, name, config.rxBuffer(), thresholds, pauseQuanta, refreshPs,
                this::handle);
    }

    /** Reports the receive buffer's XOFF/XON decisions (port 0) to {@code o} too (observers add up); no effect without a buffer. */
    public void observePfc(PfcObserver o) {
        if (rx != null) {
            rx.observe(o);
        }
    }

    /** Whether this NIC has a receive buffer. */
    public boolean hasRxBuffer() {
        return rx != null;
    }

    /** Frames dropped because the receive buffer was full (also in the port's drops). */
    public long rxDrops() {
        return rx == null ? 0 : rx.drops();
    }

    /** Largest receive-buffer occupancy of {@code priority}, frame bytes. */
    public long rxPeakBytes(int priority) {
        return rx == null ? 0 : rx.peakBytes(priority);
    }

    /** Priorities whose pause sending storm protection switched off. */
    public long rxStormEvents() {
        return rx == null ? 0 : rx.stormEvents();
    }

    /** The receive buffer's thresholds in force, or null without one. */
    public RxBufferConfig.Thresholds rxThresholds() {
        return rx == null ? null : new RxBufferConfig.Thresholds(rx.xoffBytes(), rx.xonBytes());
    }

    /** Supplies the path base RTTs that size {@code nic.window: bdp} windows; needed only with that setting. */
    public void pathRtt(PathRtt rtt) {
        this.pathRtt = rtt;
    }

    /** CNPs sent by this NIC's notification points (CNP flags on ACKs included). */
    public long cnpsSent() {
        return cnps.sent();
    }

    public EgressPort port() {
        return port;
    }

    public String name() {
        return name;
    }

    public int host() {
        return host;
    }

    /** Data packets discarded at this receiver because they arrived out of sequence. */
    public long outOfOrderDrops() {
        return outOfOrderDrops;
    }

    /**
     * Opens a queue pair from this host to {@code dst}; it lives for the run.
     *
     * @param cc            its congestion control by name, or null for {@code nic.cc}
     * @param readResponses whether it carries RDMA READ responses (the responder's direction of a
     *                      connection): its receiver acknowledges only the last packet of each response
     */
    public QueuePair openQp(int dst, int priority, int udpSrcPort, String cc, boolean readResponses) {
        return openQp(dst, priority, Dscp.ofPriority(priority), udpSrcPort, cc, readResponses);
    }

    /**
     * Opens a queue pair ({@link #openQp(int, int, int, String, boolean)}) whose packets carry DSCP {@code dscp}
     * (0..63; the switches classify them by it).
     */
    public QueuePair openQp(int dst, int priority, int dscp, int udpSrcPort, String cc, boolean readResponses) {
        return qps.open(dst, priority, dscp, udpSrcPort, cc, readResponses, port.rateBps(), pathRtt);
    }

    /** Opens a queue pair ({@link #openQp(int, int, int, String, boolean)}) for WRITEs, SENDs and READ requests. */
    public QueuePair openQp(int dst, int priority, int udpSrcPort, String cc) {
        return openQp(dst, priority, udpSrcPort, cc, false);
    }

    /**
     * Posts WRITE or SEND {@code f} on {@code qp} (a QP of this NIC towards {@code f.dst}) now: it is sent
     * after every message posted on {@code qp} before it, at the rate the QP has when its turn comes.
     */
    public void post(QueuePair qp, Flow f) {
        if (f.verb == Verb.READ) {
            throw new IllegalArgumentException("flow " + f.id + " is a READ: post it with postRead");
        }
        check(qp, f, f.src, f.dst);
        enqueue(qp, f);
    }

    /**
     * Posts RDMA READ {@code f} now: its request goes on {@code requestQp} (this NIC's QP towards the
     * responder {@code f.src}); the responder sends the payload on {@code responseQp} (its QP towards this
     * host, opened with {@code readResponses}) when the request has arrived.
     */
    public void postRead(QueuePair requestQp, QueuePair responseQp, Flow f) {
        if (f.verb != Verb.READ) {
            throw new IllegalArgumentException("flow " + f.id + " is not a READ");
        }
        check(requestQp, f, f.dst, f.src);
        if (responseQp.src != f.src || responseQp.dst != host || !responseQp.readResponses) {
            throw new IllegalArgumentException("flow " + f.id + ": the response QP must run from host " + f.src
                    + " to host " + host + " and carry READ responses");
        }
        f.qp = responseQp;
        f.requestQp = requestQp;
        f.requestPsn = requestQp.endPsn;
        requestQp.appendReadRequest(f);
        schedule(requestQp);
    }

    private void check(QueuePair qp, Flow f, int from, int to) {
        if (qp.src != host || from != host || qp.dst != to || f.qp != null) {
            throw new IllegalArgumentException(name + ": flow " + f.id + " (" + f.src + " -> " + f.dst
                    + ") cannot be posted on " + qp + (f.qp != null ? ": already posted" : ""));
        }
    }

    /** Appends the payload of {@code f} to {@code qp} (a QP of this NIC) and lets it send. */
    private void enqueue(QueuePair qp, Flow f) {
        f.qp = qp;
        qp.appendData(f);
        schedule(qp);
    }

    /** {@code qp} has a new entry: it has unacknowledged data now and may send. */
    private void schedule(QueuePair qp) {
        long now = sim.now();
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

    /** Starts sending {@code flow} now on a QP of its own (its UDP port and priority, the NIC's congestion control). */
    public void startFlow(Flow flow) {
        if (flow.src != host) {
            throw new IllegalArgumentException("flow " + flow.id + " starts at host " + flow.src + ", not " + host);
        }
        post(openQp(flow.dst, flow.priority, flow.udpSrcPort, null), flow);
    }

    /** Lowest and highest RoCEv2 UDP source port (the dynamic range, 2^14 ports). */
    public static final int UDP_PORT_MIN = 49152;
    public static final int UDP_PORT_MAX = 65535;

    /**
     * RoCEv2 source ports are drawn from 49152..65535, fixed per QP: a hash of {@code id}, the connection id
     * (which with one connection per flow, the {@code flows} default, is the flow id).
     */
    public static int udpSourcePort(int id) {
        long h = (id + 1) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        return UDP_PORT_MIN + (int) ((h >>> 40) & 0x3FFF);
    }

    /**
     * The UDP source port of QP {@code qp} (0-based) of connection {@code connectionId}: QP 0 keeps
     * {@link #udpSourcePort(int)}, QP j the j-th next port, wrapping inside 49152..65535, so the QPs of
     * one connection have distinct ports (for up to 16,384 QPs) and the ECMP hash spreads them.
     */
    public static int udpSourcePort(int connectionId, int qp) {
        if (qp < 0 || qp > UDP_PORT_MAX - UDP_PORT_MIN) {
            throw new IllegalArgumentException("QP index must be 0.." + (UDP_PORT_MAX - UDP_PORT_MIN) + ", got " + qp);
        }
        return UDP_PORT_MIN + (udpSourcePort(connectionId) - UDP_PORT_MIN + qp) % (UDP_PORT_MAX - UDP_PORT_MIN + 1);
    }

    private void activate(QueuePair qp) {
        if (!qp.inActive) {
            qp.inActive = true;
            active.add(qp);
        }
    }

    @Override
    public Packet next(EgressPort egress) {
        for (int prio = control.length - 1; prio >= 0; prio--) {
            if (!control[prio].isEmpty() && !egress.isPaused(prio)) {
                return control[prio].poll();
            }
        }
        int n = active.size();
        if (n == 0) {
            return null;
        }
        long now = sim.now();
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int idx = (roundRobin + i) % n;
            QueuePair qp = active.get(idx);
            if (egress.isPaused(qp.priority)) {
                continue;
            }
            if (qp.eligibleAtPs(now) <= now) {
                Packet p = frames.data(qp, now);
                if (qp.readyToSend()) {
                    roundRobin = idx + 1;
                } else {
                    active.remove(idx);
                    qp.inActive = false;
                    roundRobin = idx;
                }
                return p;
            }
            earliest = Math.min(earliest, qp.wakeAtPs(now));
        }
        if (earliest != Long.MAX_VALUE && (!wakeup.isScheduled() || wakeup.timePs() > earliest)) {
            sim.schedule(wakeup, earliest);
        }
        return null;
    }

    @Override
    public void receive(Packet p, int inPort) {
        if (rx != null && p.type != PacketType.PFC && config.rxBuffer().buffers(p.priority)) {
            if (!rx.accept(p)) {
                pool.release(p);
            }
            return;
        }
        handle(p);
    }

    /** The transport's handling of an arrived (or drained) frame; releases it. */
    private void handle(Packet p) {
        switch (p.type) {
            case DATA -> receiveData(p);
            case ACK -> receiveAck(p);
            case NACK -> receiveNack(p);
            case CNP -> congestionNotified(p.flowId);
            case PFC -> port.onPause(p);
            default -> { }
        }
        pool.release(p);
    }

    private void receiveData(Packet p) {
        QueuePair qp = flows.qp(p.flowId);
        long now = sim.now();
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
            if (cnpFlag || p.ackRequest) {
                sendControl(PacketType.ACK, qp, qp.expectedPsn - 1, p).ce = cnpFlag;
            }
            return;
        }
        if (last || filled || (!qp.readResponses && qp.expectedPsn % config.ackEvery() == 0) || cnpFlag
                || p.ackRequest) {
            sendControl(PacketType.ACK, qp, qp.expectedPsn - 1, p).ce = cnpFlag;
        }
    }

    /**
     * Delivers packet {@code psn} (= the expected PSN) of {@code qp} in order: counts its payload, completes its
     * message at its last packet, hands a READ request to the responder's QP. Returns whether it was the last
     * packet of a message (a READ request is not: its response acknowledges it). For the packet that just
     * arrived ({@code arrived}, null for one held before) its CE mark goes to the QP's echo, and
     * {@link #cnpFlag} says whether the ACK carries the CNP flag.
     */
    private boolean deliver(QueuePair qp, long psn, Packet arrived, long now) {
        qp.expectedPsn++;
        cnpFlag = false;
        Flow f = qp.rxEntry();
        if (qp.rxRequest()) {
            // an RDMA READ request: this NIC is the responder; the response joins its own QP towards the requester
            qp.rxReceived(psn);
            cnpFlag = arrived != null && arrived.ce && qp.echo != null && cnps.onCePacket(qp, now);
            enqueue(f.qp, f);
            return false;
        }
        if (f.requestQp != null && qp.rxFirstOfEntry(psn)) {
            // the first response packet of a READ acknowledges its request at this NIC, the requester
            ackRequest(f);
        }
        f.receivedBytes += qp.rxPayload(psn);
        cnpFlag = arrived != null && arrived.ce && qp.echo != null && cnps.onCePacket(qp, now);
        if (qp.rxReceived(psn)) {
            f.finishPs = now;
            flows.markFinished();
            listener.flowFinished(f, now);
            return true;
        }
        return false;
    }

    /** Data packet {@code p} is not the expected one: its QP's loss recovery decides what happens. */
    private void outOfSequence(QueuePair qp, Packet p, long now) {
        switch (qp.recovery.outOfSequence(qp, p.psn, p.last, now)) {
            case DROP -> outOfOrderDrops++;
            case ACK -> {
                outOfOrderDrops++;
                sendControl(PacketType.ACK, qp, qp.expectedPsn - 1, p);
            }
            case NACK -> {
                outOfOrderDrops++;
                sendControl(PacketType.NACK, qp, qp.expectedPsn, p).sackPsn(-1);
            }
            case SACK -> {
                boolean cnpFlag = p.ce && qp.echo != null && cnps.onCePacket(qp, now);
                Packet n = sendControl(PacketType.NACK, qp, qp.expectedPsn, p);
                n.sackPsn(p.psn);
                n.ce = cnpFlag;
            }
            default -> throw new IllegalStateException();
        }
    }

    /** The request of READ {@code f} is acknowledged (its response began to arrive here). */
    private void ackRequest(Flow f) {
        QueuePair req = f.requestQp;
        if (f.requestPsn > req.ackedPsn) {
            acknowledge(req, f.requestPsn, null);
        }
    }

    /** A CNP, or an ACK carrying the CNP flag, for QP {@code qpId} reached its source. */
    private void congestionNotified(int qpId) {
        QueuePair qp = flows.qp(qpId);
        qp.cc.onCongestionNotification(sim.now());
        qp.cnps++;
        qp.currentEntry().cnps++;
    }

    /** Queues an ACK (psn = highest in-order PSN) or NACK (psn = expected PSN) for {@code qp}; returns it. */
    private Packet sendControl(PacketType type, QueuePair qp, long psn, Packet data) {
        Packet a = frames.control(type, qp, psn, data);
        if (ackDelay != null) {
            ackDelay.add(a);
        } else {
            queueControl(a);
        }
        return a;
    }

    /** Queues control frame {@code c} (ACK, NACK, CNP) on its priority and lets the port send. */
    private void queueControl(Packet c) {
        control[c.priority].add(c);
        port.kick();
    }

    private void receiveAck(Packet a) {
        if (a.ce) {
            congestionNotified(a.flowId);
        }
        QueuePair qp = flows.qp(a.flowId);
        if (a.psn <= qp.ackedPsn) {
            if (qp.ccAcks) {
                ccAck(qp, a, 0);
            }
            return;
        }
        acknowledge(qp, a.psn, a);
    }

    /** Cumulative acknowledgement of {@code qp} up to {@code psn} by {@code ack} (null: implied by a READ response). */
    private void acknowledge(QueuePair qp, long psn, Packet ack) {
        long now = sim.now();
        long before = qp.ackedPsn;
        long newly = qp.ackThrough(psn, now, listener);
        qp.recovery.acked(qp, before);
        qp.lastProgressPs = now;
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

    private void receiveNack(Packet n) {
        QueuePair qp = flows.qp(n.flowId);
        long before = qp.ackedPsn;
        if (n.psn - 1 > before) {
            qp.ackThrough(n.psn - 1, sim.now(), listener);
            qp.recovery.acked(qp, before);
        }
        qp.lastProgressPs = sim.now();
        qp.recovery.nacked(qp, n.psn, n.sackPsn());
        resume(qp);
    }

    /** After the loss recovery changed what {@code qp} sends next: it sends again if it may. */
    private void resume(QueuePair qp) {
        if (qp.readyToSend()) {
            activate(qp);
            port.kick();
        }
    }

    /** The retransmission timeout of {@code qp} now, ps (its loss recovery's; go-back-N: {@code nic.rto}). */
    private long rto(QueuePair qp) {
        return qp.recovery.rtoPs(qp, config.rtoPs());
    }

    /** {@code qp}'s retransmission timer expired: its loss recovery decides what to send again. */
    private void timedOut(QueuePair qp) {
        qp.currentEntry().timeouts++;
        qp.recovery.timedOut(qp);
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
