package org.lossless.nic;


import org.lossless.core.kernel.Scheduler;
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
 * An RDMA NIC with one port: the queue pairs of one host, its {@link NicSender send side} and
 * {@link NicReceiver receive side}, and what a caller may ask of it.
 *
 * <p>Queue pairs ({@link QueuePair}) are opened once ({@link #openQp}) and live for the run: messages
 * posted on one ({@link #post}, {@link #postRead}) are sent in post order with continuing PSNs, at the
 * rate the QP's congestion control has when each packet's turn comes (a second message starts where
 * the first left the rate, not at line rate). {@link #startFlow} is the one-message form.
 *
 * <p>Sending: control frames (ACK/NACK/CNP, {@link NicReceiver}) first, then the queue pairs with data left in
 * round robin ({@link NicSender}), each only when its rate limiter allows and its priority is not paused by PFC
 * (a PAUSE for priority p holds every QP and control frame of p). Loss recovery is each QP's {@link LossRecovery}
 * ({@code nic.loss_recovery}): go-back-N or IRN (selective repeat).
 *
 * <p>Congestion control ({@link CcAlgorithm}, chosen per QP by name through a {@link CcFactory}, default
 * {@code nic.cc}): the QP's rate limiter runs at its {@link org.lossless.nic.cc.CongestionControl}'s rate;
 * a CE-marked in-order data packet goes to the QP's {@link org.lossless.nic.cc.CongestionEcho} at the receiver,
 * and a CNP or flagged ACK reaching the source is a congestion notification for the QP.
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
    /** Opens this NIC's queue pairs and keeps its congestion-control algorithms. */
    private final QpOpener qps;
    /** Data packets of its queue pairs; ACKs, NACKs and CNPs coming back. */
    private final NicSender sender;
    /** Data packets arriving; the ACKs, NACKs and CNPs answering them. */
    private final NicReceiver receiver;
    private EgressPort port;
    /** ACK/NACK/CNP frames waiting, per priority (a paused priority holds its own control frames). */
    private final PacketRing[] control = new PacketRing[8];
    /**
     * Bit p set while {@code control[p]} holds a frame: the port asks for a frame at every transmission and
     * wake-up, and on a large fabric eight cold rings would cost eight cache misses per question.
     */
    private int controlMask;
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
        this.host = host;
        this.name = name;
        this.sim = sim;
        this.pool = pool;
        this.flows = flows;
        this.config = config;
        NicFrames frames = new NicFrames(pool, host, config);
        this.sender = new NicSender(sim, flows, config, listener, frames);
        for (int i = 0; i < control.length; i++) {
            control[i] = new PacketRing();
        }
        this.receiver = new NicReceiver(sim, pool, flows, host, config, listener, frames, sender, this::queueControl);
    }

    /** Sets the NIC's egress port; the NIC is its packet source. */
    public void attach(EgressPort egress) {
        this.port = egress;
        sender.attach(egress);
        receiver.rate(egress.rateBps());
        egress.onLoss(p -> {
            if (p.type != PacketType.PFC && p.type != PacketType.LINK_CREDIT) {
                egress.counters().countDrop(p.priority, p.frameBytes);
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
        this.rx.wire(config.wire());
    }

    /**
     * Puts the receive buffer of {@code nic.rx_buffer} in front of the transport when this host has one
     * ({@link RxBufferConfig#appliesTo}), its thresholds computed for this NIC's link ({@link RxBufferConfig#thresholds}
     * with the largest frame at the NIC's MTU). Call after {@link #attach}.
     *
     * @param linkRateBps the host link's rate, bps
     * @param linkDelayPs the host link's cable delay, ps
     * @param pauseQuanta time field of the XOFFs it sends
     * @param refreshPs   XOFF refresh period, ps, or {@link org.lossless.core.net.PauseSender#NO_REFRESH}
     * @throws IllegalArgumentException naming the key when the buffer leaves no room for its thresholds on this link
     */
    public void enableRxBuffer(long linkRateBps, long linkDelayPs, int pauseQuanta, long refreshPs) {
        RxBufferConfig rxConfig = config.rxBuffer();
        if (rxConfig != null && rxConfig.appliesTo(host)) {
            enableRxBuffer(rxConfig.thresholds(linkRateBps, linkDelayPs, config.wire().largestFrame(config.mtu())),
                    pauseQuanta, refreshPs);
        }
    }

    /** The receive buffer's size per lossless priority, bytes; 0 without one. */
    public long rxBufferBytes() {
        return rx == null ? 0 : config.rxBuffer().sizeBytes();
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

    /** Frames of {@code priority} dropped because the receive buffer was full, and their frame bytes. */
    public long rxDrops(int priority) {
        return rx == null ? 0 : rx.drops(priority);
    }

    public long rxDropBytes(int priority) {
        return rx == null ? 0 : rx.dropBytes(priority);
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
        return receiver.cnpsSent();
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

    /** NACKs this receiver sent for trimmed packets (Ultra Ethernet). */
    public long trimNacksSent() {
        return receiver.trimNacks();
    }

    /**
     * Credit stalls of this NIC's senders (Ultra Ethernet RCCC): times a QP spent its last credit (or lost its
     * speculative credit to the first ACK) with data still to send, and so waited for a grant.
     */
    public long creditStalls() {
        return sender.creditStalls();
    }

    /** RCCC grants this receiver sent (Ultra Ethernet). */
    public long creditGrantsSent() {
        return receiver.grants();
    }

    /** Data packets discarded at this receiver because they arrived out of sequence. */
    public long outOfOrderDrops() {
        return receiver.outOfOrderDrops();
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
        return openQp(dst, priority, dscp, udpSrcPort, cc, readResponses, null);
    }

    /**
     * Opens a queue pair ({@link #openQp(int, int, int, int, String, boolean)}) on transport {@code transport}
     * ({@link UetConfig#ROCEV2} or {@link UetConfig#UET}; null: {@code nic.transport}). A UET QP takes its settings
     * from {@code nic.uet} whatever {@code nic.transport}; the receiving NIC follows each QP's transport.
     */
    public QueuePair openQp(int dst, int priority, int dscp, int udpSrcPort, String cc, boolean readResponses,
                            String transport) {
        return qps.open(dst, priority, dscp, udpSrcPort, cc, readResponses, port.rateBps(), pathRtt, transport);
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
        sender.enqueue(qp, f);
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
        sender.schedule(requestQp);
    }

    private void check(QueuePair qp, Flow f, int from, int to) {
        if (qp.src != host || from != host || qp.dst != to || f.qp != null) {
            throw new IllegalArgumentException(name + ": flow " + f.id + " (" + f.src + " -> " + f.dst
                    + ") cannot be posted on " + qp + (f.qp != null ? ": already posted" : ""));
        }
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

    /** The next frame: a control frame whose priority {@code egress} does not hold paused (highest first), else data. */
    @Override
    public Packet next(EgressPort egress) {
        for (int m = controlMask; m != 0; ) {
            int prio = 31 - Integer.numberOfLeadingZeros(m);
            if (!egress.isPaused(prio) && !egress.creditBlocked(prio, control[prio].peek().frameBytes)) {
                PacketRing ring = control[prio];
                Packet c = ring.poll();
                if (ring.isEmpty()) {
                    controlMask &= ~(1 << prio);
                }
                return c;
            }
            m &= ~(1 << prio);
        }
        return sender.next(egress);
    }

    /**
     * Whether a control frame or a queue pair with packets to (re)send is waiting (paused, rate- or
     * window-limited included): the port comes back at the end of its frame if so. Otherwise whatever makes one
     * sendable (a control frame queued, a post, an ACK opening a window, a loss recovery) kicks the port.
     */
    @Override
    public boolean hasQueued() {
        return controlMask != 0 || sender.hasActive();
    }

    /** Queues control frame {@code c} (ACK, NACK, CNP) on its priority and lets the port send. */
    private void queueControl(Packet c) {
        control[c.priority].add(c);
        controlMask |= 1 << c.priority;
        port.kick();
    }

    @Override
    public void receive(Packet p, int inPort) {
        if (port.credits() != null && creditArrival(p)) {
            return;
        }
        if (rx != null && p.type != PacketType.PFC && config.rxBuffer().buffers(p.priority)) {
            if (!rx.accept(p)) {
                pool.release(p);
            }
            return;
        }
        handle(p);
    }

    /**
     * Under credit-based flow control: a credit update is for this NIC's transmitter (true: handled); a frame of a
     * credited class is taken by the NIC at once, so its credit goes straight back to the switch (false: it goes on).
     * A NIC's receive path is not modelled as a buffer under CBFC (nic.rx_buffer is refused with it).
     */
    private boolean creditArrival(Packet p) {
        if (p.type == PacketType.LINK_CREDIT) {
            port.credits().received(p);
            pool.release(p);
            return true;
        }
        if (p.type != PacketType.PFC && port.underCredit(p.priority) && !p.trimmed()) {
            port.credits().returnCredit(p.priority, p.frameBytes);
        }
        return false;
    }

    /**
     * Whether frame {@code p}, on its way to this NIC, may complete a message when it arrives (tell the listener), asked
     * once per frame when it is put on the NIC's incoming link, in the link's order (a parallel run ends its window
     * right after such an arrival, so that traffic programs react at the same instant as in a sequential run).
     * Conservative: true whenever unsure; never for PFC frames, CNPs or credits.
     * <ul>
     * <li>A data frame of an in-order QP (go-back-N): the last of its message.</li>
     * <li>A data frame of a QP that takes packets out of order (IRN, UET's RUD): its receiver completes messages in
     * PSN order, when the next expected PSN passes a message's last packet, so that packet must have arrived, hence
     * been put on this link no later than the frame that completes it: true when a message's last packet put on the
     * link so far is at or past the receiver's next expected PSN ({@link QpReceiver#noteArriving}).</li>
     * <li>A data frame of an in-order QP carrying READ responses: the first or last of its entry (the first
     * acknowledges its request, and with it what was posted before; the last completes the READ), or any that does not
     * directly follow a packet of its entry ({@link QpReceiver#noteResponse}).</li>
     * <li>Any data frame of an out-of-order QP carrying READ responses, or of a QP not yet opened.</li>
     * <li>An acknowledgement (a UET ACK by its cumulative part) or NACK that reaches the end of its QP's first
     * unacknowledged message.</li>
     * </ul>
     * A NIC with a receive buffer completes messages when frames drain, later than they arrive: a parallel run does
     * not cut a fabric with one.
     */
    public boolean mayComplete(Packet p) {
        switch (p.type) {
            case DATA: {
                // the receiving end (this NIC's partition), not the sender's QP object (another partition's, written per packet)
                QpReceiver rx = p.flowId < flows.nextQpId() ? flows.rx(p.flowId) : null;
                if (rx == null) {
                    return true;
                }
                boolean inOrder = rx.rud == null && rx.recovery instanceof GoBackN;
                if (rx.readResponses) {
                    return !inOrder || rx.noteResponse(p.psn, p.last());
                }
                return inOrder ? p.last() : rx.noteArriving(p.psn, p.last());
            }
            case ACK:
            case NACK: {
                QueuePair qp = p.flowId < flows.nextQpId() ? flows.qp(p.flowId) : null;
                if (qp == null) {
                    return true;
                }
                return qp.mayCompleteThrough(p.type == PacketType.ACK && qp.rud != null ? Rud.cumulative(p.psn) : p.psn);
            }
            default:
                return false;
        }
    }

    /** Whether this NIC has a receive buffer (frames wait in it before the transport takes them). */
    public boolean buffersReceive() {
        return rx != null;
    }

    /** The transport's handling of an arrived (or drained) frame; releases it. */
    private void handle(Packet p) {
        switch (p.type) {
            case DATA -> receiver.receiveData(p);
            case ACK -> sender.receiveAck(p);
            case NACK -> sender.receiveNack(p);
            case CNP -> sender.congestionNotified(p.flowId);
            case CREDIT -> sender.receiveCredit(p);
            case PFC -> port.onPause(p);
            default -> { }
        }
        pool.release(p);
    }
}
