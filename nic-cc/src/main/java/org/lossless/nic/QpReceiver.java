package org.lossless.nic;

import org.lossless.nic.cc.CongestionEcho;

/**
 * The receiving end of a {@link QueuePair}, at host {@link #dst}: the next PSN it expects and the entry of the send
 * queue that PSN belongs to, with copies of what the receiver reads of the connection (its id, hosts, priority,
 * echo, loss recovery). Its own object, written only by the receiver's events: in a partitioned run the two ends of a
 * connection may run on two threads at once, and one object written by both per packet (as the QP was until
 * 2026-12-07) moves its cache lines between the cores at every packet (benchmarks/README.md, "Step 12b"). The sender's
 * state stays in the {@link QueuePair}, the entries both read in its {@link SendQueue}.
 */
final class QpReceiver {
    /** The connection (the sender's end): for what only Ultra Ethernet's and the loss recoveries' rarer paths read. */
    final QueuePair qp;
    private final SendQueue queue;
    final int id;
    final int src;
    final int dst;
    final int priority;
    final int udpSrcPort;
    /** DSCP of the QP's data packets (and of their ACKs unless {@code nic.ack_dscp} is set); set when opened. */
    int dscp;
    /** Receiver-side echo (CNP generation), or null when the receiver echoes nothing. */
    final CongestionEcho echo;
    /** The QP carries RDMA READ responses: the requester acknowledges only a response's last packet (and asks). */
    final boolean readResponses;
    final LossRecovery recovery;
    /** Ultra Ethernet: the QP's RUD state, or null on RoCEv2 (set when opened). */
    Rud rud;

    /** Next PSN expected. */
    long expectedPsn;
    /** Entry of the send queue holding {@link #expectedPsn}. */
    int rxIdx;
    /**
     * Highest PSN of a message's last packet put on the link towards this receiver so far, -1 before any (a parallel
     * run's question, {@link #noteArriving}; written in this receiver's partition, as frames are put on its link).
     */
    private long lastEndOnLink = -1;
    /**
     * The last data PSN put on the link towards this receiver and whether it was the last of its entry ({@link
     * #noteResponse}: an in-order QP carrying READ responses; -2 and true before any).
     */
    private long lastOnLink = -2;
    private boolean lastOnLinkEnded = true;

    QpReceiver(QueuePair qp, SendQueue queue) {
        this.qp = qp;
        this.queue = queue;
        this.id = qp.id;
        this.src = qp.src;
        this.dst = qp.dst;
        this.priority = qp.priority;
        this.udpSrcPort = qp.udpSrcPort;
        this.echo = qp.echo;
        this.readResponses = qp.readResponses;
        this.recovery = qp.recovery;
    }

    /**
     * Notes data packet {@code psn} ({@code last}: the last of its message) as it is put on the link towards this
     * receiver, and says whether its arrival may complete a message, for a QP that takes packets out of order (IRN,
     * UET). Messages complete in PSN order, when {@link #expectedPsn} passes a message's last packet; that packet
     * arrives no later than the packet that completes the message (it is that packet or was held before it), and the
     * link delivers in order, so it was noted no later. Hence a completion at this packet's arrival needs a noted
     * last packet at or past the expected PSN now (which can only grow until then). Conservative: a resent last packet
     * counts again.
     */
    boolean noteArriving(long psn, boolean last) {
        if (psn < expectedPsn) {
            return false; // had already: a duplicate delivers nothing (the expected PSN only grows)
        }
        if (last && psn > lastEndOnLink) {
            lastEndOnLink = psn;
        }
        return lastEndOnLink >= expectedPsn;
    }

    /**
     * Notes data packet {@code psn} ({@code last}: the last of its entry) as it is put on the link towards this
     * receiver, and says whether its arrival may complete a message, for an in-order QP (go-back-N) carrying READ
     * responses: the last packet of an entry completes the READ, and the first acknowledges its request, and with it
     * what its requester posted before (a WRITE, say). A packet that directly follows a packet of its entry that was
     * not the last is neither; any other (an entry's first, or a resent one after a jump back) may be.
     */
    boolean noteResponse(long psn, boolean last) {
        boolean within = psn == lastOnLink + 1 && !lastOnLinkEnded;
        lastOnLink = psn;
        lastOnLinkEnded = last;
        return last || !within;
    }

    /** The entry the next in-order packet ({@link #expectedPsn}) belongs to. */
    Flow rxEntry() {
        return queue.entry(rxIdx);
    }

    /** Whether the next in-order packet is an RDMA READ request. */
    boolean rxRequest() {
        return queue.isRequest(rxIdx);
    }

    /** Whether PSN {@code psn} is the first packet of the current entry. */
    boolean rxFirstOfEntry(long psn) {
        return psn == queue.first(rxIdx);
    }

    /**
     * Called for the in-order packet {@code psn} ({@link #expectedPsn} has moved past it); returns the entry it
     * completes, or null.
     */
    Flow rxReceived(long psn) {
        if (psn == queue.end(rxIdx) - 1) {
            return queue.entry(rxIdx++);
        }
        return null;
    }

    /**
     * Payload bytes of message {@code f} (not finished, its payload sent on this QP) taken in order: those of its PSNs
     * before {@link #expectedPsn} when it is the current entry, else none (entries are received strictly in order;
     * one not reached yet has none).
     */
    long rxBytesOf(Flow f) {
        if (rxIdx >= queue.count || queue.entry(rxIdx) != f || queue.isRequest(rxIdx) || expectedPsn <= queue.first(rxIdx)) {
            return 0;
        }
        return queue.bytesThrough(rxIdx, expectedPsn - 1) - queue.offset(rxIdx);
    }
}
