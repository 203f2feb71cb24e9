package org.lossless.nic;

import java.util.function.Consumer;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;
import org.lossless.nic.cc.CongestionEcho;

/**
 * The receiving NIC's congestion notifications: asks a QP's {@link CongestionEcho} about each CE-marked
 * in-order packet and sends the CNP it wants now, later (a CNP-generation delay or the end of a sampling
 * window: one reused event for all delayed CNPs of the NIC), or as a flag on the packet's ACK.
 */
final class CnpGenerator {
    private final Scheduler sim;
    private final PacketPool pool;
    private final FlowTable flows;
    private final int host;
    private final int cnpPriority;
    private final int cnpDscp;
    /** A CNP's frame and line bytes in {@code nic.wire}. */
    private final int cnpFrame;
    private final int cnpWire;
    /** The NIC acknowledges every packet, so a CNP due at once can ride on the ACK. */
    private final boolean ackPerPacket;
    /** Queues a control frame at the NIC's port. */
    private final Consumer<Packet> send;
    private final CnpDelayQueue delayed = new CnpDelayQueue();
    private final Delayed delayedEvent = new Delayed();
    private long sent;

    CnpGenerator(Scheduler sim, PacketPool pool, FlowTable flows, int host, NicConfig config, Consumer<Packet> send) {
        this.sim = sim;
        this.pool = pool;
        this.flows = flows;
        this.host = host;
        this.cnpPriority = config.cnpPriority();
        this.cnpDscp = config.cnpDscp();
        WireFormat w = config.wire();
        this.cnpFrame = w.controlFrame(w.cnpFrame());
        this.cnpWire = w.wire(cnpFrame);
        this.ackPerPacket = config.ackEvery() == 1;
        this.send = send;
    }

    /** CNPs sent (CNP flags on ACKs included). */
    long sent() {
        return sent;
    }

    /**
     * A CE-marked in-order packet of {@code qp} arrived (its echo is not null). Returns true when the CNP
     * rides on this packet's ACK as a flag; otherwise sends a CNP now, later, or not at all (coalesced).
     */
    boolean onCePacket(QpReceiver qp, long now) {
        CongestionEcho echo = qp.echo;
        long at = echo.onCePacket(now);
        if (at == CongestionEcho.NO_CNP) {
            return false;
        }
        sent++;
        if (at <= now && echo.cnpOnAck() && ackPerPacket) {
            return true;
        }
        if (at <= now) {
            sendCnp(qp);
        } else {
            delayed.add(at, qp.id);
            if (!delayedEvent.isScheduled() || delayedEvent.timePs() > at) {
                sim.schedule(delayedEvent, at);
            }
        }
        return false;
    }

    private void sendCnp(QpReceiver qp) {
        Packet c = pool.acquire();
        c.type = PacketType.CNP;
        c.flowId = qp.id;
        c.srcHost = host;
        c.dstHost = qp.src;
        c.priority = (byte) cnpPriority;
        c.dscp = (byte) cnpDscp;
        c.frameBytes = (char) cnpFrame;
        c.wireBytes = (char) cnpWire;
        c.udpSrcPort = (char) qp.udpSrcPort;
        send.accept(c);
    }

    /** Sends the delayed CNPs that are due and re-arms for the next. */
    private final class Delayed extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            while (!delayed.isEmpty() && delayed.firstTime() <= now) {
                sendCnp(flows.rx(delayed.pollFlow()));
            }
            if (!delayed.isEmpty()) {
                sim.schedule(this, delayed.firstTime());
            }
        }
    }
}
