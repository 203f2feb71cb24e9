package org.lossless.nic;

import org.lossless.core.net.MessageSize;

/**
 * One message on one queue pair, from the host that sends its payload ({@link #src}) to the host that
 * receives it ({@link #dst}): its definition plus the progress the NICs record. Flow ids are dense,
 * 0..n-1, so state can live in arrays.
 *
 * <p>A message is posted on a persistent {@link QueuePair} ({@link HostNic#post}); several messages on one
 * QP are sent in post order with continuing PSNs. {@link HostNic#startFlow} is the one-message form: a
 * fresh QP at line rate carrying only this flow. For an RDMA READ ({@link Verb#READ}) the payload goes
 * from the responder ({@code src}) to the requester ({@code dst}): the request travels on the requester's
 * QP, the response on the responder's.
 *
 * <p>A connection that spreads one user message over several QPs (scenario key {@code qps}) is several
 * Flows here, one per QP; the experiments layer maps them back to the user's message.
 *
 * <p>Its size comes as a {@link MessageSize}, checked where it was made (at the read, or where a message was cut into
 * its queue pairs' parts), and is kept as a {@code long}: this record does not check it again.
 */
public final class Flow {
    public final int id;
    public final String workload;
    /** Host that sends the payload (for a READ: the responder). */
    public final int src;
    /** Host that receives the payload (for a READ: the requester). */
    public final int dst;
    /** Payload bytes, &gt;= 1 ({@link MessageSize}). */
    public final long sizeBytes;
    /** When the message is handed to the NIC, ps. */
    public final long startPs;
    public final int priority;
    /** RoCEv2 UDP source port of the QP {@link HostNic#startFlow} opens for it, 49152..65535 (ECMP entropy). */
    public final int udpSrcPort;
    /** The operation. */
    public final Verb verb;

    /** When the destination held the last byte, ps; -1 until then. */
    long finishPs = -1;
    /** When the payload's sender saw the last ACK, ps; -1 until then. */
    long ackedPs = -1;
    /** Data packets of this message sent again (after a NACK or a timeout), counted as they go out. */
    long retransmittedPackets;
    /** Payload bytes of those packets. */
    long retransmittedBytes;
    /** Retransmission timeouts that fired while this message was the QP's first unacknowledged one. */
    long timeouts;
    /** Congestion notifications its QP received while it was the QP's first unacknowledged message. */
    long cnps;
    /**
     * {@link #retransmittedPackets}, {@link #retransmittedBytes} and {@link #cnps} when the last acknowledgement arrived
     * ({@link #acknowledged}): a go-back-N sender may still resend packets the receiver already acknowledged, and the
     * QP's CNPs go to its last message once every one is acknowledged, so the live counters may move on after it.
     * What the message's row reports is fixed at that instant, in the sender's own events, so that it does not
     * depend on when the row is made (a parallel run makes it between windows).
     */
    private long retransmittedPacketsAtAck;
    private long retransmittedBytesAtAck;
    private long cnpsAtAck;
    /** The QP that sends the payload, once posted (for a READ: the responder's). */
    QueuePair qp;
    /** READ only: the requester's QP that carries the request; null otherwise. */
    QueuePair requestQp;
    /** READ only: the PSN of the request on {@link #requestQp}. */
    long requestPsn = -1;

    /** A flow on its own QP whose UDP source port is {@link HostNic#udpSourcePort(int) derived from its id}. */
    public Flow(int id, String workload, int src, int dst, MessageSize size, long startPs, int priority) {
        this(id, workload, src, dst, size, startPs, priority, HostNic.udpSourcePort(id));
    }

    /** An RDMA WRITE whose QP uses RoCEv2 UDP source port {@code udpSrcPort} (49152..65535). */
    public Flow(int id, String workload, int src, int dst, MessageSize size, long startPs, int priority,
                int udpSrcPort) {
        this(id, workload, src, dst, size, startPs, priority, udpSrcPort, Verb.WRITE);
    }

    /** A message of operation {@code verb}; {@code src} and {@code dst} are the payload's sender and receiver. */
    public Flow(int id, String workload, int src, int dst, MessageSize size, long startPs, int priority,
                int udpSrcPort, Verb verb) {
        if (id < 0) {
            throw new IllegalArgumentException("flow id must be >= 0");
        }
        if (src == dst) {
            throw new IllegalArgumentException("flow " + id + ": source and destination are both host " + src);
        }
        if (startPs < 0) {
            throw new IllegalArgumentException("flow " + id + ": start must be >= 0 ps");
        }
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("flow " + id + ": priority must be 0..7, got " + priority);
        }
        if (udpSrcPort < HostNic.UDP_PORT_MIN || udpSrcPort > HostNic.UDP_PORT_MAX) {
            throw new IllegalArgumentException("flow " + id + ": UDP source port must be " + HostNic.UDP_PORT_MIN
                    + ".." + HostNic.UDP_PORT_MAX + ", got " + udpSrcPort);
        }
        this.id = id;
        this.workload = workload;
        this.src = src;
        this.dst = dst;
        this.sizeBytes = size.bytes();
        this.startPs = startPs;
        this.priority = priority;
        this.udpSrcPort = udpSrcPort;
        this.verb = java.util.Objects.requireNonNull(verb, "verb");
    }

    public boolean finished() {
        return finishPs >= 0;
    }

    public long finishPs() {
        return finishPs;
    }

    /**
     * Payload bytes the destination holds, in order: all of them once finished, else what its QP's receiver has
     * taken in order of it so far ({@link QueuePair#rxBytesOf}). Worked out when asked rather than counted per
     * packet, so that the receive path does not touch this object at every packet.
     */
    public long receivedBytes() {
        if (finishPs >= 0) {
            return sizeBytes;
        }
        return qp == null ? 0 : qp.rxBytesOf(this);
    }

    public long ackedPs() {
        return ackedPs;
    }

    /** Its sender saw the last acknowledgement at {@code nowPs}: fixes the counters its row reports. */
    void acknowledged(long nowPs) {
        ackedPs = nowPs;
        retransmittedPacketsAtAck = retransmittedPackets;
        retransmittedBytesAtAck = retransmittedBytes;
        cnpsAtAck = cnps;
    }

    /** {@link #retransmittedPackets()} as it stood at the last acknowledgement (live before it). */
    public long retransmittedPacketsUntilAcked() {
        return ackedPs >= 0 ? retransmittedPacketsAtAck : retransmittedPackets;
    }

    /** {@link #retransmittedBytes()} as it stood at the last acknowledgement (live before it). */
    public long retransmittedBytesUntilAcked() {
        return ackedPs >= 0 ? retransmittedBytesAtAck : retransmittedBytes;
    }

    /** {@link #cnpsReceived()} as it stood at the last acknowledgement (live before it). */
    public long cnpsUntilAcked() {
        return ackedPs >= 0 ? cnpsAtAck : cnps;
    }

    /**
     * The rate-limiter rate of the QP sending its payload, bps: 0 before the flow is posted and after its
     * sender has seen every byte acknowledged.
     */
    public long currentRateBps(long nowPs) {
        return qp == null || ackedPs >= 0 ? 0 : qp.rateBps(nowPs);
    }

    /** Congestion notifications (CNPs or CNP flags) counted for this message; 0 without congestion control. */
    public long cnpsReceived() {
        return cnps;
    }

    public long retransmittedPackets() {
        return retransmittedPackets;
    }

    /** Payload bytes of the data packets of this message sent again. */
    public long retransmittedBytes() {
        return retransmittedBytes;
    }

    public long timeouts() {
        return timeouts;
    }

    /** The QP sending its payload, or null before it is posted. */
    public QueuePair queuePair() {
        return qp;
    }

    /** Number of packets at payload {@code mtu} bytes each (the last may be shorter). */
    public long packets(int mtu) {
        return (sizeBytes + mtu - 1) / mtu;
    }
}
