package org.lossless.nic;

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
import org.lossless.core.net.WireFormat;

/**
 * An RDMA NIC with one port. Sending: control frames (ACKs) first, then the active queue pairs in
 * round robin, each only when its rate limiter allows; if every active QP is waiting on its limiter,
 * one wake-up event (reused) is set for the earliest. Receiving: in-order data is counted towards
 * its flow, which finishes when the last byte arrives; an ACK goes back every {@code ackEvery}
 * packets and for the last packet. Out-of-order data is discarded and counted (go-back-N is added
 * with congestion control).
 */
public final class HostNic implements PacketReceiver, PacketSource {
    private final int host;
    private final String name;
    private final Scheduler sim;
    private final PacketPool pool;
    private final FlowTable flows;
    private final NicConfig config;
    private final FlowListener listener;
    private final PacketRing control = new PacketRing();
    private final List<QueuePair> active = new ArrayList<>();
    private final Wakeup wakeup = new Wakeup();
    private EgressPort port;
    private int roundRobin;
    private long outOfOrderDrops;

    public HostNic(int host, String name, Scheduler sim, PacketPool pool, FlowTable flows, NicConfig config,
                   FlowListener listener) {
        this.host = host;
        this.name = name;
        this.sim = sim;
        this.pool = pool;
        this.flows = flows;
        this.config = config;
        this.listener = listener;
    }

    /** Sets the NIC's egress port; the NIC becomes its packet source. */
    public void attach(EgressPort egress) {
        this.port = egress;
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

    /** Data packets discarded because they arrived out of sequence. */
    public long outOfOrderDrops() {
        return outOfOrderDrops;
    }

    /** Starts sending {@code flow} now, at line rate. */
    public void startFlow(Flow flow) {
        if (flow.src != host) {
            throw new IllegalArgumentException("flow " + flow.id + " starts at host " + flow.src + ", not " + host);
        }
        active.add(new QueuePair(flow, udpSourcePort(flow.id), port.rateBps(), sim.now()));
        port.kick();
    }

    /** RoCEv2 source ports are drawn from 49152..65535, fixed per QP. */
    static int udpSourcePort(int flowId) {
        long h = (flowId + 1) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        return 49152 + (int) ((h >>> 40) & 0x3FFF);
    }

    @Override
    public Packet next(EgressPort egress) {
        Packet c = control.poll();
        if (c != null) {
            return c;
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
            if (qp.nextSendPs <= now) {
                Packet p = nextDataPacket(qp, now);
                if (qp.hasDataLeft()) {
                    roundRobin = idx + 1;
                } else {
                    active.remove(idx);
                    roundRobin = idx;
                }
                return p;
            }
            earliest = Math.min(earliest, qp.nextSendPs);
        }
        if (!wakeup.isScheduled() || wakeup.timePs() > earliest) {
            sim.schedule(wakeup, earliest);
        }
        return null;
    }

    private Packet nextDataPacket(QueuePair qp, long now) {
        Flow f = qp.flow;
        int payload = (int) Math.min(config.mtu(), f.sizeBytes - qp.bytesSent);
        boolean first = qp.bytesSent == 0;
        Packet p = pool.acquire();
        p.type = PacketType.DATA;
        p.flowId = f.id;
        p.srcHost = host;
        p.dstHost = f.dst;
        p.psn = qp.nextPsn++;
        p.payloadBytes = payload;
        p.frameBytes = WireFormat.dataFrameBytes(payload, first);
        p.wireBytes = WireFormat.wireBytes(p.frameBytes);
        p.priority = f.priority;
        p.ecnCapable = true;
        p.udpSrcPort = qp.udpSrcPort;
        qp.bytesSent += payload;
        p.last = qp.bytesSent == f.sizeBytes;
        qp.paceAfter(now, p.wireBytes);
        return p;
    }

    @Override
    public void receive(Packet p, int inPort) {
        switch (p.type) {
            case DATA -> receiveData(p);
            case ACK -> receiveAck(p);
            default -> { }
        }
        pool.release(p);
    }

    private void receiveData(Packet p) {
        Flow f = flows.get(p.flowId);
        if (p.psn != f.expectedPsn) {
            outOfOrderDrops++;
            return;
        }
        f.expectedPsn++;
        f.receivedBytes += p.payloadBytes;
        long now = sim.now();
        if (f.receivedBytes == f.sizeBytes) {
            f.finishPs = now;
            flows.markFinished();
            listener.flowFinished(f, now);
        }
        if (p.last || f.expectedPsn % config.ackEvery() == 0) {
            sendAck(p, f);
        }
    }

    private void sendAck(Packet data, Flow f) {
        Packet a = pool.acquire();
        a.type = PacketType.ACK;
        a.flowId = f.id;
        a.srcHost = host;
        a.dstHost = f.src;
        a.psn = f.expectedPsn - 1;
        a.priority = f.priority;
        a.frameBytes = WireFormat.ACK_FRAME;
        a.wireBytes = WireFormat.wireBytes(WireFormat.ACK_FRAME);
        a.udpSrcPort = data.udpSrcPort;
        a.last = data.last;
        control.add(a);
        port.kick();
    }

    private void receiveAck(Packet a) {
        if (a.last) {
            flows.get(a.flowId).ackedPs = sim.now();
        }
    }

    private final class Wakeup extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            port.kick();
        }
    }
}
