package org.lossless.nic;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PacketRing;
import org.lossless.core.net.PacketSource;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.PfcObserver;
import org.lossless.core.net.WireFormat;
import org.lossless.nic.dcqcn.CnpMode;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dcqcn.NotificationPoint;
import org.lossless.nic.dcqcn.ReactionPoint;

/**
 * An RDMA NIC with one port.
 *
 * <p>Sending: control frames (ACK/NACK) first, then the queue pairs with data left in round robin,
 * each only when its rate limiter allows and its priority is not paused by PFC (a PAUSE for priority
 * p holds every QP and control frame of p). If every such QP waits on its limiter, one reused wake-up
 * event is set for the earliest. Loss recovery is go-back-N: a NACK, or a retransmission timeout
 * with no progress, rewinds the QP to its first unacknowledged packet. The timeout is one lazy event
 * per NIC: it fires at the earliest possible deadline and re-arms for the next, never per packet.
 *
 * <p>Window ({@code nic.window}, when configured): a QP may send packet n only while the payload of PSNs
 * {@code ackedPsn+1 .. n} fits its window ({@link QueuePair#windowOpen}). A QP whose next packet does not
 * fit leaves the active list right after the send that filled the window (that packet carries the AckReq
 * bit, so a receiver coalescing ACKs answers it at once) and costs nothing until an ACK moves
 * {@code ackedPsn}, which puts it back. Without a window nothing here changes.
 *
 * <p>DCQCN (when configured): each QP's rate limiter runs at its reaction point's current rate; a
 * CE-marked in-order data packet goes to the flow's notification point, which sends a CNP now, later
 * (one reused event for all delayed CNPs), not at all (coalesced), or as a flag on the packet's ACK
 * (mode rp with an ACK per packet). A CNP or flagged ACK reaching the source calls the reaction point.
 *
 * <p>Receiving: in-order data counts towards its flow, which finishes when the last byte arrives.
 * An ACK (cumulative) goes back every {@code ackEvery} packets and for the last packet. A packet
 * beyond the expected PSN is discarded and triggers one NACK per gap; a duplicate is discarded (the
 * last packet's duplicate is re-ACKed so a lost final ACK cannot hang the sender).
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
    /** ACK/NACK frames waiting, per priority (a paused priority holds its own control frames). */
    private final PacketRing[] control = new PacketRing[8];
    /** QPs with packets still to (re)send. */
    private final List<QueuePair> active = new ArrayList<>();
    /** QPs with packets not yet acknowledged (superset of the retransmission candidates). */
    private final List<QueuePair> unacked = new ArrayList<>();
    private final Wakeup wakeup = new Wakeup();
    private final RetransmitTimer rto = new RetransmitTimer();
    private final CnpDelayQueue delayedCnps = new CnpDelayQueue();
    private final DelayedCnp delayedCnpEvent = new DelayedCnp();
    /** DCQCN parameters at this NIC's line rate, or null without congestion control. */
    private DcqcnParams dcqcn;
    private long cnpsSent;
    private EgressPort port;
    private int roundRobin;
    private long outOfOrderDrops;
    /** The receive buffer, or null (frames go to the transport at once). */
    private RxBuffer rx;
    /** Path base RTTs for {@code nic.window: bdp}, or null. */
    private PathRtt pathRtt;

    public HostNic(int host, String name, Scheduler sim, PacketPool pool, FlowTable flows, NicConfig config,
                   FlowListener listener) {
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
        DcqcnParams p = config.dcqcn();
        this.dcqcn = p == null || p.lineRateBps() == egress.rateBps() ? p : p.withLineRate(egress.rateBps());
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

    /**
     * The window of a QP of {@code flow}, payload bytes ({@link Long#MAX_VALUE}: none). For {@code bdp}:
     * base RTT x line rate, rounded up to whole MTUs, so the window lets a QP alone keep its line busy
     * (a packet's wire bytes exceed its payload, so the rounded-up count of MTU packets covers the RTT).
     */
    long windowBytes(Flow flow) {
        long w = config.window();
        if (w == NicConfig.NO_WINDOW) {
            return Long.MAX_VALUE;
        }
        if (w != NicConfig.BDP_WINDOW) {
            return w;
        }
        if (pathRtt == null) {
            throw new IllegalStateException(name + ": nic.window is bdp but no path RTT source is set");
        }
        BigInteger bits = BigInteger.valueOf(pathRtt.ps(host, flow.dst))
                .multiply(BigInteger.valueOf(port.rateBps()));
        BigInteger perMtu = BigInteger.valueOf(8_000_000_000_000L * config.mtu());
        long packets = bits.add(perMtu).subtract(BigInteger.ONE).divide(perMtu).longValueExact();
        return Math.max(1, packets) * config.mtu();
    }

    /** CNPs sent by this NIC's notification points (CNP flags on ACKs included). */
    public long cnpsSent() {
        return cnpsSent;
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

    /** Starts sending {@code flow} now, at line rate. */
    public void startFlow(Flow flow) {
        if (flow.src != host) {
            throw new IllegalArgumentException("flow " + flow.id + " starts at host " + flow.src + ", not " + host);
        }
        ReactionPoint rp = dcqcn == null ? null : new ReactionPoint(dcqcn);
        QueuePair qp = new QueuePair(flow, config.mtu(), flow.udpSrcPort, port.rateBps(), rp, sim.now());
        qp.windowBytes = windowBytes(flow);
        flow.qp = qp;
        activate(qp);
        unacked.add(qp);
        armTimeout(sim.now() + config.rtoPs());
        port.kick();
    }

    /** Lowest and highest RoCEv2 UDP source port (the dynamic range, 2^14 ports). */
    public static final int UDP_PORT_MIN = 49152;
    public static final int UDP_PORT_MAX = 65535;

    /** RoCEv2 source ports are drawn from 49152..65535, fixed per QP: a hash of the flow id. */
    public static int udpSourcePort(int flowId) {
        long h = (flowId + 1) * 0x9E3779B97F4A7C15L;
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
            if (egress.isPaused(qp.flow.priority)) {
                continue;
            }
            if (qp.eligibleAtPs(now) <= now) {
                Packet p = dataPacket(qp, now);
                if (qp.hasDataLeft() && qp.windowOpen()) {
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

    private Packet dataPacket(QueuePair qp, long now) {
        Flow f = qp.flow;
        long psn = qp.nextPsn++;
        int payload = qp.payloadOf(psn);
        Packet p = pool.acquire();
        p.type = PacketType.DATA;
        p.flowId = f.id;
        p.srcHost = host;
        p.dstHost = f.dst;
        p.psn = psn;
        p.payloadBytes = payload;
        p.frameBytes = WireFormat.dataFrameBytes(payload, psn == 0);
        p.wireBytes = WireFormat.wireBytes(p.frameBytes);
        p.priority = f.priority;
        p.ecnCapable = true;
        p.udpSrcPort = qp.udpSrcPort;
        p.last = psn == qp.totalPackets() - 1;
        // the packet that fills the window asks for an ACK (never set without a window)
        p.ackRequest = !p.last && !qp.windowOpen();
        qp.sent(now, p.wireBytes);
        return p;
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
        Flow f = flows.get(p.flowId);
        if (p.psn != f.expectedPsn) {
            outOfOrderDrops++;
            if (p.psn > f.expectedPsn && f.nackedPsn != f.expectedPsn) {
                f.nackedPsn = f.expectedPsn;
                sendControl(PacketType.NACK, f, f.expectedPsn, p);
            } else if (p.psn < f.expectedPsn && p.last) {
                sendControl(PacketType.ACK, f, f.expectedPsn - 1, p);
            }
            return;
        }
        f.expectedPsn++;
        f.receivedBytes += p.payloadBytes;
        long now = sim.now();
        boolean cnpFlag = p.ce && dcqcn != null && notify(f, now);
        if (f.receivedBytes == f.sizeBytes) {
            f.finishPs = now;
            flows.markFinished();
            listener.flowFinished(f, now);
        }
        if (p.last || f.expectedPsn % config.ackEvery() == 0 || cnpFlag || p.ackRequest) {
            sendControl(PacketType.ACK, f, f.expectedPsn - 1, p).ce = cnpFlag;
        }
    }

    /**
     * Notification point for a CE-marked packet of {@code f}. Returns true when the CNP rides on
     * this packet's ACK as a flag (mode rp with an ACK per packet, as in the HPCC simulator);
     * otherwise sends a CNP now, later (delay or sampling window), or not at all (coalesced).
     */
    private boolean notify(Flow f, long now) {
        if (f.np == null) {
            f.np = new NotificationPoint(dcqcn);
        }
        long at = f.np.onCePacket(now);
        if (at == NotificationPoint.NO_CNP) {
            return false;
        }
        cnpsSent++;
        if (at <= now && dcqcn.cnpMode() == CnpMode.RP && config.ackEvery() == 1) {
            return true;
        }
        if (at <= now) {
            sendCnp(f);
        } else {
            delayedCnps.add(at, f.id);
            if (!delayedCnpEvent.isScheduled() || delayedCnpEvent.timePs() > at) {
                sim.schedule(delayedCnpEvent, at);
            }
        }
        return false;
    }

    private void sendCnp(Flow f) {
        Packet c = pool.acquire();
        c.type = PacketType.CNP;
        c.flowId = f.id;
        c.srcHost = host;
        c.dstHost = f.src;
        c.priority = config.cnpPriority();
        c.frameBytes = WireFormat.CNP_FRAME;
        c.wireBytes = WireFormat.wireBytes(WireFormat.CNP_FRAME);
        c.udpSrcPort = f.qp == null ? 0 : f.qp.udpSrcPort;
        control[c.priority].add(c);
        port.kick();
    }

    /** A CNP, or an ACK carrying the CNP flag, for flow {@code flowId} reached its source. */
    private void congestionNotified(int flowId) {
        QueuePair qp = flows.get(flowId).qp;
        if (qp != null && qp.rp != null) {
            qp.rp.onCnp(sim.now());
        }
    }

    /** Queues an ACK (psn = highest in-order PSN) or NACK (psn = expected PSN) for {@code f}; returns it. */
    private Packet sendControl(PacketType type, Flow f, long psn, Packet data) {
        Packet a = pool.acquire();
        a.type = type;
        a.flowId = f.id;
        a.srcHost = host;
        a.dstHost = f.src;
        a.psn = psn;
        a.priority = config.ackPriority() == NicConfig.SAME_AS_DATA ? f.priority : config.ackPriority();
        a.frameBytes = WireFormat.ACK_FRAME;
        a.wireBytes = WireFormat.wireBytes(WireFormat.ACK_FRAME);
        a.udpSrcPort = data.udpSrcPort;
        control[a.priority].add(a);
        port.kick();
        return a;
    }

    private void receiveAck(Packet a) {
        if (a.ce) {
            congestionNotified(a.flowId);
        }
        QueuePair qp = flows.get(a.flowId).qp;
        if (a.psn <= qp.ackedPsn) {
            return;
        }
        qp.ackedPsn = a.psn;
        qp.lastProgressPs = sim.now();
        if (qp.fullyAcked()) {
            qp.flow.ackedPs = sim.now();
            unacked.remove(qp);
        } else if (!qp.inActive && qp.hasDataLeft() && qp.windowOpen()) {
            // window-blocked (only a window keeps a QP with data out of the active list): the ACK reopens it
            activate(qp);
            port.kick();
        }
    }

    private void receiveNack(Packet n) {
        QueuePair qp = flows.get(n.flowId).qp;
        if (n.psn - 1 > qp.ackedPsn) {
            qp.ackedPsn = n.psn - 1;
        }
        qp.lastProgressPs = sim.now();
        goBack(qp, n.psn);
    }

    private void goBack(QueuePair qp, long psn) {
        qp.flow.retransmittedPackets += qp.goBackTo(psn);
        if (qp.hasDataLeft()) {
            activate(qp);
            port.kick();
        }
    }

    private void armTimeout(long atPs) {
        if (!rto.isScheduled() || rto.timePs() > atPs) {
            sim.schedule(rto, atPs);
        }
    }

    /** Sends the delayed CNPs that are due and re-arms for the next. */
    private final class DelayedCnp extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            while (!delayedCnps.isEmpty() && delayedCnps.firstTime() <= now) {
                sendCnp(flows.get(delayedCnps.pollFlow()));
            }
            if (!delayedCnps.isEmpty()) {
                sim.schedule(this, delayedCnps.firstTime());
            }
        }
    }

    private final class Wakeup extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            port.kick();
        }
    }

    /** Checks every QP with unacknowledged data; rewinds the stalled ones; re-arms for the next deadline. */
    private final class RetransmitTimer extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            long next = Long.MAX_VALUE;
            for (int i = 0; i < unacked.size(); i++) {
                QueuePair qp = unacked.get(i);
                long deadline = qp.lastProgressPs + config.rtoPs();
                if (deadline <= now) {
                    if (qp.inActive) {
                        // still has packets to send (paused or rate-limited): not stalled by loss; look again later
                        deadline = now + config.rtoPs();
                    } else {
                        qp.flow.timeouts++;
                        qp.lastProgressPs = now;
                        goBack(qp, qp.ackedPsn + 1);
                        deadline = now + config.rtoPs();
                    }
                }
                next = Math.min(next, deadline);
            }
            if (next != Long.MAX_VALUE) {
                sim.schedule(this, next);
            }
        }
    }
}
