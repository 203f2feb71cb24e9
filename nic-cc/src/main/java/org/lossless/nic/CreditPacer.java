package org.lossless.nic;

import java.util.ArrayDeque;
import java.util.function.Consumer;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;

/**
 * RCCC's receiver side at one NIC: the QPs whose packets arrive here and whose senders have more to send wait in a
 * ring; the pacer grants them credit round robin, {@code grantBytes} at a time, no faster than the NIC's own link
 * can carry the granted packets (the next grant waits the line time of the full packets it covers). So the senders
 * of an incast together get credit at the receiver's line rate, whatever their number. A packet that queued beyond
 * the target on its way (its one-way delay above half the base RTT plus the target queueing delay) by x holds the
 * grants for x (a trimmed one for one grant's line time), so a standing queue (what speculation put there) drains. One event per NIC, pending only while a sender waits; no allocation per packet.
 *
 * <p>Simplified against UET's RCCC: whether a sender has more to send (which its packets' headers tell a UET
 * receiver) is read from the sender when the pacer's turn comes; no per-sender credit targets or priorities.
 */
final class CreditPacer extends SimEvent {
    private static final long serialVersionUID = 1L;
    private final transient Scheduler sim;
    private final transient PacketPool pool;
    private final transient Consumer<Packet> queueControl;
    private final int host;
    private final int mtu;
    private final long grantBytes;
    private final int packetWire;
    private final int controlFrame;
    private final int controlWire;
    private final transient ArrayDeque<QueuePair> waiting = new ArrayDeque<>();
    private long rateBps;
    /** Earliest time of the next grant, ps. */
    private long nextPs;
    private long grants;
    /** No grant before this time, ps: the excess queueing the latest packets saw drains by then. */
    private long holdUntilPs;

    CreditPacer(Scheduler sim, PacketPool pool, int host, NicConfig config, Consumer<Packet> queueControl) {
        this.sim = sim;
        this.pool = pool;
        this.host = host;
        this.mtu = config.mtu();
        this.grantBytes = (long) config.uet().grantPackets() * config.mtu();
        WireFormat wire = config.wire();
        this.packetWire = wire.fullPacketWire(config.mtu());
        this.controlFrame = wire.controlFrame(wire.ackFrame());
        this.controlWire = wire.wire(controlFrame);
        this.queueControl = queueControl;
    }

    /** The NIC's line rate, bps (set when it is attached). */
    void rate(long bps) {
        this.rateBps = bps;
    }

    /**
     * A packet arrived on {@code qp}, {@code excessPs} later than half the base RTT plus the target queueing delay
     * (&le; 0: in time), or trimmed: grants pause until the excess it saw has drained (a trim: one grant's line time).
     */
    void arrived(QueuePair qp, long excessPs, boolean trimmed) {
        long now = sim.now();
        long hold = trimmed ? interval(grantBytes) : excessPs;
        if (hold > 0) {
            holdUntilPs = Math.max(holdUntilPs, now + hold);
        }
        if (!qp.inPacer) {
            qp.inPacer = true;
            waiting.add(qp);
        }
        if (!isScheduled()) {
            sim.schedule(this, Math.max(sim.now(), nextPs));
        }
    }

    long grants() {
        return grants;
    }

    @Override
    protected void fire() {
        QueuePair qp = waiting.poll();
        while (qp != null && !(qp.hasDataLeft() || qp.rud.hasLost())) {
            qp.inPacer = false;   // nothing left to send: out of the ring until its next packet arrives
            qp = waiting.poll();
        }
        if (qp == null) {
            return;
        }
        if (sim.now() < holdUntilPs) {
            // a standing queue: this turn passes without a grant
            waiting.addFirst(qp);
            nextPs = sim.now() + interval(grantBytes);
            sim.schedule(this, nextPs);
            return;
        }
        waiting.add(qp);
        Packet c = pool.acquire();
        c.type = PacketType.CREDIT;
        c.flowId = qp.id;
        c.srcHost = host;
        c.dstHost = qp.src;
        c.psn = grantBytes;
        c.priority = (byte) qp.priority;
        c.dscp = (byte) qp.dscp;
        c.udpSrcPort = (char) qp.udpSrcPort;
        c.frameBytes = (char) controlFrame;
        c.wireBytes = (char) controlWire;
        queueControl.accept(c);
        grants++;
        nextPs = sim.now() + interval(grantBytes);
        sim.schedule(this, nextPs);
    }

    /** Line time of the full packets {@code bytes} of payload take on this NIC's link, ps. */
    private long interval(long bytes) {
        long packets = (bytes + mtu - 1) / mtu;
        return WireFormat.serializationPs((int) (packets * packetWire), rateBps);
    }
}
