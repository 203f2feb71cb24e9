package org.lossless.nic;

import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.Telemetry;
import org.lossless.core.net.WireFormat;

/**
 * Builds the frames a {@link HostNic} sends, from its packet pool: a QP's data packets and its ACK/NACK
 * control frames. Holds no state of its own (hot path: no allocation beyond the pool, no logging).
 */
final class NicFrames {
    private final PacketPool pool;
    private final int host;
    /**
     * {@code nic.ack_priority} and {@code nic.ack_dscp} ({@link NicConfig#SAME_AS_DATA}: the QP's), kept here: an ACK
     * per data frame then reads no field of the config (another object, cold in cache on a large fabric).
     */
    private final int ackPriority;
    private final int ackDscp;
    /**
     * {@code nic.wire}, resolved once per NIC: one immutable row shared by every NIC of the run (hot in cache; its
     * methods are a max and an add).
     */
    private final WireFormat wire;

    /** Packets that spent a QP's last RCCC credit with data still to send (credit stalls). */
    long creditStalls;

    NicFrames(PacketPool pool, int host, NicConfig config) {
        this.pool = pool;
        this.host = host;
        this.ackPriority = config.ackPriority();
        this.ackDscp = config.ackDscp();
        this.wire = config.wire();
    }

    /**
     * The next data frame of {@code qp} at {@code now}: the packet its loss recovery picks (a resend or the next
     * new one), sized by verb (RETH, READ response headers, the congestion control's header), stamped for
     * telemetry and RTT; the QP's send state and congestion control see it as sent.
     */
    /**
     * The largest data frame QP {@code qp} builds, bytes: a full-MTU packet with its first-packet headers and its
     * congestion control's header (what a QP must hold credit for under CBFC before it builds its next packet).
     */
    int largestFrame(QueuePair qp) {
        return wire.largestFrame(qp.mtu) + qp.ccHeaderBytes;
    }

    Packet data(QueuePair qp, long now) {
        long psn = qp.selectPacket();
        Verb verb = qp.sendVerb();
        int payload = qp.nextPayload();
        boolean last = qp.sendingLastOfEntry();
        int frame;
        if (qp.sendingRequest()) {
            frame = wire.readRequestFrame();
        } else if (verb == Verb.WRITE) {
            frame = wire.dataFrame(payload, qp.sendOffsetInEntry() == 0 || qp.recovery.rethInEveryWritePacket());
        } else if (verb == Verb.SEND) {
            frame = wire.dataFrame(payload, false);
        } else {
            frame = wire.readResponseFrame(payload, last || qp.sendOffsetInEntry() == 0);
        }
        frame += qp.ccHeaderBytes;   // after the padding
        qp.advanceSend();
        if (qp.credits != null && qp.credits.spend(payload, qp.hasDataLeft())) {
            creditStalls++;
        }
        Packet p = pool.acquire();
        p.type = PacketType.DATA;
        p.flowId = qp.id;
        p.srcHost = host;
        p.dstHost = qp.dst;
        p.psn = psn;
        p.frameBytes = (char) frame;
        p.wireBytes = (char) wire.wire(frame);
        p.priority = (byte) qp.priority;
        p.dscp = (byte) qp.dscp;
        p.ecnCapable(true);
        p.udpSrcPort = (char) (qp.spray == null ? qp.udpSrcPort : qp.spray.next());
        p.last(last);
        p.tsPs = now;
        if (qp.ccTelemetry) {
            Telemetry.start(p);
        }
        // the packet that fills the window asks for an ACK (never set without a window)
        p.ackRequest(!last && qp.hasDataLeft() && !qp.windowOpen());
        qp.sent(now, p.wireBytes);
        return p;
    }

    /**
     * An ACK (psn = highest in-order PSN) or NACK (psn = expected PSN) of {@code qp} answering data frame
     * {@code data}: on the ACK priority and DSCP, echoing the data's timestamp and whatever the QP's congestion
     * echo copies (CE, telemetry). The caller queues it.
     */
    Packet control(PacketType type, QpReceiver qp, long psn, Packet data) {
        Packet a = pool.acquire();
        a.type = type;
        a.flowId = qp.id;
        a.srcHost = host;
        a.dstHost = qp.src;
        a.psn = psn;
        a.priority = (byte) (ackPriority == NicConfig.SAME_AS_DATA ? qp.priority : ackPriority);
        a.dscp = (byte) (ackDscp == NicConfig.SAME_AS_DATA ? qp.dscp : ackDscp);
        a.frameBytes = (char) wire.ackFrame();
        a.udpSrcPort = data.udpSrcPort;
        a.tsPs = data.tsPs;
        if (qp.echo != null) {
            qp.echo.echo(data, a);   // may grow the frame by the congestion control's header (HPCC's INT)
        }
        int frame = wire.controlFrame(a.frameBytes);   // padded with that header in it, as HPCC pads its ACK
        a.frameBytes = (char) frame;
        a.wireBytes = (char) wire.wire(frame);
        return a;
    }
}
