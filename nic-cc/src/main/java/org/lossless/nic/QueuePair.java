package org.lossless.nic;

import org.lossless.core.net.WireFormat;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * One direction of a reliable connection: the send queue of an RC queue pair at host {@link #src}; the receive state
 * of its peer at {@link #dst} is its {@link QpReceiver} ({@link #rx}), and the entries both ends read its {@link
 * SendQueue}, each its own object so that the two ends, which a partitioned run may run on two threads at once, do
 * not write one object per packet (benchmarks/README.md, "Step 12b"). It lives
 * for the whole run: its messages ({@link Flow}s) are sent in post order, PSNs continue from one message to
 * the next, and its rate limiter and congestion-control state carry over.
 *
 * <p>Send queue ({@link SendQueue}): entries in post order, each a range of PSNs. A late NACK can still rewind into
 * an acknowledged message whose entry is held.
 *
 * <p>Pacer: after a packet of {@code w} wire bytes started at {@code t}, the next may start at
 * {@code t + w·8/R}, where R is the congestion control's rate <em>at the time of the check</em>, so a rate
 * change takes effect on the packet waiting now, as in a hardware rate limiter. An idle QP's pacer has long
 * expired when its next message comes: that message starts at once, at the rate the QP has then.
 *
 * <p>Window: packet n may be sent only while the payload bytes of PSNs {@code ackedPsn+1 .. n} are at most
 * the window ({@code nic.window}, and the algorithm's when it has one), and while {@code n - ackedPsn} packets
 * are at most the loss recovery's cap on packets in flight (IRN's BDP-FC); go-back-N rewinds {@code nextPsn}
 * so a retransmission counts the same way. O(1) per packet from the entry offsets.
 *
 * <p>Loss recovery ({@link LossRecovery}, go-back-N or IRN; the QP knows neither by name): before each packet
 * the NIC calls {@link #selectPacket}, which picks the recovery's out-of-order retransmission if it has one,
 * else {@link #nextPsn}. A packet whose PSN was sent before counts as retransmitted for its message
 * ({@link Flow#retransmittedPackets}, {@link Flow#retransmittedBytes}) when it goes out.
 */
public final class QueuePair {
    /** Dense id of the run's QPs ({@link FlowTable#qp}); carried in the {@code flowId} of its packets. */
    final int id;
    /** Sending host and receiving host. */
    final int src;
    final int dst;
    /** 802.1p priority of its data packets. */
    final int priority;
    /** DSCP of its data packets (and of their ACKs unless {@code nic.ack_dscp} is set), 0..63; set when opened. */
    int dscp;
    final int mtu;
    /** RoCEv2 UDP source port of this QP (ECMP entropy). */
    final int udpSrcPort;
    /** Sender-side congestion control (rate, window). */
    final CongestionControl cc;
    /** Receiver-side echo (CNP generation), or null when the receiver echoes nothing. */
    final CongestionEcho echo;
    final boolean ccWindow;
    final boolean ccAcks;
    /** Its data packets collect in-band telemetry; extra header bytes each carries (both from {@link #cc}). */
    final boolean ccTelemetry;
    final int ccHeaderBytes;
    /**
     * This QP carries RDMA READ responses (the responder's direction): its receiver, the requester,
     * acknowledges only the last packet of each response, AckReq packets and CNP flags.
     */
    final boolean readResponses;

    /** The send queue's entries (written by posts, read by both ends). */
    final SendQueue q;
    /** The receiving end, at {@link #dst}. */
    final QpReceiver rx;
    /** Entry holding {@link #nextPsn} ({@code count} when everything posted was sent). */
    private int sendIdx;
    /** First entry not fully acknowledged. */
    private int ackIdx;
    /** PSN and payload byte offset after the last posted entry. */
    long endPsn;
    private long endBytes;
    /** The message posted last, or null. */
    Flow lastPosted;

    /** Next PSN to transmit; moves back on go-back-N. */
    long nextPsn;
    /** Highest PSN acknowledged cumulatively, -1 before the first ACK. */
    long ackedPsn = -1;
    /**
     * Payload bytes of PSNs 0..ackedPsn; kept only while {@link #countsAckedBytes()} (a window or a congestion
     * control that sees ACKs reads it), else 0: the per-ACK look at the entries' offsets is then saved.
     */
    private long ackedBytes;
    /** Start time of the last packet sent, ps, and its wire bytes (0 before the first). */
    long lastSendPs;
    int lastWireBytes;
    /**
     * Start of the retransmission timer, ps: the last ACK progress or timeout, or the send of a packet when
     * nothing was outstanding ({@link RetransmitTimer}).
     */
    long lastProgressPs;
    /** Whether the QP sits in the NIC's list of senders with data to send. */
    boolean inActive;
    /** Whether the QP sits in the NIC's list of QPs with unacknowledged packets. */
    boolean inUnacked;
    /** Payload bytes the QP may have unacknowledged ({@code nic.window}); {@link Long#MAX_VALUE} without a window. */
    long windowBytes = Long.MAX_VALUE;
    /** Congestion notifications (CNPs or CNP flags) this QP received. */
    long cnps;
    /** Name of its congestion control ({@code nic.cc} or the connection's). */
    String algorithm = "";
    /** Loss recovery, both ends. */
    final LossRecovery recovery;
    /** Most packets in flight after a new one ({@link LossRecovery#inFlightCapPackets()}). */
    private final long inFlightCap;
    /** Highest PSN ever sent, -1 before the first: a packet at or below it is a retransmission. */
    private long maxSentPsn = -1;
    /** The packet being built ({@link #selectPacket}): its PSN, its entry, and whether it is an out-of-order retransmission. */
    private long txPsn;
    private int txIdx;
    private boolean txOutOfOrder;

    /** Ultra Ethernet: the QP's RUD state (also its {@link #recovery}), or null on RoCEv2. */
    Rud rud;
    /** Ultra Ethernet: the entropy of each packet, or null on RoCEv2 (the QP's port on every packet). */
    Spray spray;
    /** Ultra Ethernet RCCC: the sender's credit, or null without receiver credits. */
    Credits credits;
    /** RCCC, receiver side: whether the QP waits in its receiver's credit pacer. */
    boolean inPacer;
    /**
     * RCCC, receiver side: an arriving whole packet whose one-way delay exceeds this (half the path's base RTT plus
     * the target queueing delay), ps, asks for no new grant, so a standing queue drains.
     */
    long creditDelayLimitPs;

    QueuePair(int id, int src, int dst, int priority, int mtu, int udpSrcPort, CongestionControl cc,
              CongestionEcho echo, boolean readResponses, LossRecovery recovery, long nowPs) {
        this.id = id;
        this.src = src;
        this.dst = dst;
        this.priority = priority;
        this.mtu = mtu;
        this.udpSrcPort = udpSrcPort;
        this.cc = cc;
        this.echo = echo;
        this.ccWindow = cc.hasWindow();
        this.ccAcks = cc.observesAcks();
        this.ccTelemetry = cc.collectsTelemetry();
        this.ccHeaderBytes = cc.headerBytes();
        this.readResponses = readResponses;
        this.recovery = recovery;
        this.inFlightCap = recovery.inFlightCapPackets();
        this.lastSendPs = nowPs;
        this.lastProgressPs = nowPs;
        this.q = new SendQueue(this, mtu);
        this.rx = new QpReceiver(this, q);
    }

    public int id() {
        return id;
    }

    public int src() {
        return src;
    }

    public int dst() {
        return dst;
    }

    public int priority() {
        return priority;
    }

    /** DSCP of its data packets, 0..63. */
    public int dscp() {
        return dscp;
    }

    public int udpSrcPort() {
        return udpSrcPort;
    }

    /** Its congestion control by name ({@code dcqcn}, {@code hpcc}, ...). */
    public String algorithm() {
        return algorithm;
    }

    /** Its transport: {@link UetConfig#UET} (reliable unordered delivery) or {@link UetConfig#ROCEV2}. */
    public String transport() {
        return rud != null ? UetConfig.UET : UetConfig.ROCEV2;
    }

    /** Packets a UET QP sent on an entropy recycled by REPS (0 on RoCE, which has one path per QP). */
    public long recycledEntropies() {
        return spray == null ? 0 : spray.recycled();
    }

    /** Congestion notifications this QP received. */
    public long cnps() {
        return cnps;
    }

    /** The QP's current rate-limiter rate, bps (0 when it has nothing unacknowledged). */
    public long currentRateBps(long nowPs) {
        return inUnacked ? rateBps(nowPs) : 0;
    }

    // ------------------------------------------------------------------ the send queue

    /** Appends the data of {@code f} (WRITE, SEND or READ response) as the next entry. */
    void appendData(Flow f) {
        append(f, f.packets(mtu), f.sizeBytes, false);
    }

    /** Appends the one request packet of RDMA READ {@code f} (no payload). */
    void appendReadRequest(Flow f) {
        append(f, 1, 0, true);
    }

    private void append(Flow f, long packets, long bytes, boolean request) {
        SendQueue e = q;
        if (e.full()) {
            // entries before every index (sending, acknowledged but the last, receiving, the packet being built) are
            // never read again: dropped when they are a quarter of the arrays, so a persistent QP holds its messages
            // in flight rather than every message it carried (and lets go of their Flows); else the arrays grow
            int drop = e.keepsEntries ? 0 : droppable();
            if (drop > 0 && drop >= e.capacity() / 4) {
                dropEntries(drop);
            } else {
                e.grow();
            }
        }
        if (e.keepsEntries && e.count >= e.capacity() / 2) {
            e.askCompaction(this); // its receiver may run beside it now: the table drops them between windows
        }
        e.add(f, endPsn, packets, endBytes, bytes, request);
        endPsn += packets;
        endBytes += bytes;
        lastPosted = f;
    }

    /** Entries before every index of either end: their messages are done with, never read again. */
    private int droppable() {
        return Math.min(Math.min(sendIdx, rx.rxIdx), Math.min(ackIdx - 1, txIdx));
    }

    private void dropEntries(int drop) {
        q.dropFirst(drop);
        sendIdx -= drop;
        ackIdx -= drop;
        rx.rxIdx -= drop;
        txIdx -= drop;
    }

    /**
     * Drops the entries of the messages this QP is done with ({@link FlowTable#compactQueues}): only where neither end
     * runs (between the windows of a partitioned run), as it moves both ends' indices.
     */
    void compact() {
        int drop = droppable();
        if (drop > 0) {
            dropEntries(drop);
        }
        q.compacted(); // it may ask again
    }

    /** Entries held (posted and not yet dropped): tests. */
    int entriesHeld() {
        return q.count;
    }

    boolean hasDataLeft() {
        return nextPsn < endPsn;
    }

    boolean fullyAcked() {
        return ackedPsn == endPsn - 1;
    }

    /** Whether packets were sent and not yet acknowledged (the retransmission timer runs). */
    boolean outstanding() {
        return nextPsn > ackedPsn + 1;
    }

    /**
     * Whether the QP has a packet it may send now: a retransmission its loss recovery asks for, or a packet
     * at {@link #nextPsn} that the window and the cap let go.
     */
    boolean readyToSend() {
        if (credits != null && !credits.positive()) {
            return false;
        }
        return recovery.retransmitPsn(this) >= 0 || (hasDataLeft() && windowOpen());
    }

    /**
     * Whether there is a packet to build at all, window and cap aside: data not yet sent, or a retransmission its loss
     * recovery asks for. (A later acknowledgement may take back a retransmission after the QP joined the NIC's active
     * list.) The data first: one comparison for nearly every packet.
     */
    boolean hasPacketToBuild() {
        return hasDataLeft() || recovery.retransmitPsn(this) >= 0;
    }

    /**
     * Picks the packet to build next: the loss recovery's retransmission if it has one, else {@link #nextPsn}
     * (valid while {@link #readyToSend()}). The {@code send...} methods then describe it, {@link #advanceSend}
     * commits it.
     */
    long selectPacket() {
        long r = recovery.retransmitPsn(this);
        txOutOfOrder = r >= 0;
        if (txOutOfOrder) {
            txPsn = r;
            txIdx = q.entryOf(r);
        } else {
            txPsn = nextPsn;
            txIdx = sendIdx;
        }
        return txPsn;
    }

    /** The operation of the selected packet's message. */
    Verb sendVerb() {
        return q.verb(txIdx);
    }

    /** Whether the selected packet is an RDMA READ request. */
    boolean sendingRequest() {
        return q.isRequest(txIdx);
    }

    /** Packet index of the selected packet within its entry. */
    long sendOffsetInEntry() {
        return txPsn - q.first(txIdx);
    }

    /** Whether the selected packet is the last packet of its entry. */
    boolean sendingLastOfEntry() {
        return txPsn == q.end(txIdx) - 1;
    }

    /** Payload bytes of the selected packet. */
    int nextPayload() {
        return q.payload(txIdx, txPsn);
    }

    /** Payload bytes of packet {@code psn} (0 &lt;= psn &lt; endPsn), any entry. */
    int payloadOf(long psn) {
        return q.payload(q.entryOf(psn), psn);
    }

    /**
     * Records that the selected packet goes out: a new one moves {@link #nextPsn} past it (and past its entry if
     * it was the last); one sent before counts as a retransmission of its message.
     */
    void advanceSend() {
        if (txPsn <= maxSentPsn) {
            Flow f = q.entry(txIdx);
            f.retransmittedPackets++;
            f.retransmittedBytes += q.payload(txIdx, txPsn);
        } else {
            maxSentPsn = txPsn;
        }
        if (txOutOfOrder) {
            recovery.retransmitted(txPsn);
            return;
        }
        if (nextPsn == q.end(sendIdx) - 1) {
            sendIdx++;
        }
        nextPsn++;
    }

    /**
     * Whether the window lets packet {@code nextPsn} go: the payload of PSNs {@code ackedPsn+1 .. nextPsn}
     * is at most the window, and their count at most the loss recovery's cap. Always true without either.
     * Only while {@link #hasDataLeft()}.
     */
    boolean windowOpen() {
        if (nextPsn - ackedPsn > inFlightCap) {
            return false;
        }
        long w = windowBytes;
        if (ccWindow) {
            w = Math.min(w, cc.windowBytes());
        }
        if (w == Long.MAX_VALUE) {
            return true;
        }
        long sackedBytes = rud == null ? 0 : rud.sackedBytes();
        return q.bytesThrough(sendIdx, nextPsn) - ackedBytes - sackedBytes <= w;
    }

    /**
     * Cumulative acknowledgement up to {@code psn} (&gt; {@link #ackedPsn}): moves the acknowledged point and
     * reports every message entry it completes to {@code done} (a READ's request entry is not reported: the
     * READ completes when its response arrives). Returns the payload bytes newly acknowledged (0 when the QP does
     * not count them, {@link #countsAckedBytes()}).
     */
    /**
     * Whether a cumulative acknowledgement (or NACK) up to {@code psn}, arriving later, may complete a message of this
     * QP: its first unacknowledged message ends at or before {@code psn}. Only grows true as acknowledgements arrive
     * (the first unacknowledged message only moves on), and a message posted after the frame was sent is past what
     * the frame acknowledges, so asking when the frame is put on the link towards the NIC is safe. A UET QP's
     * selective acknowledgements complete nothing: its messages complete by the cumulative acknowledgement alone.
     */
    boolean mayCompleteThrough(long psn) {
        return ackIdx < q.count && q.end(ackIdx) - 1 <= psn;
    }

    long ackThrough(long psn, long nowPs, FlowListener done) {
        ackedPsn = psn;
        SendQueue e = q;
        while (ackIdx < e.count && e.end(ackIdx) - 1 <= psn) {
            if (!e.isRequest(ackIdx)) {
                Flow f = e.entry(ackIdx);
                f.acknowledged(nowPs);
                done.flowAcked(f, nowPs);
            }
            ackIdx++;
        }
        if (!countsAckedBytes()) {
            return 0;
        }
        long before = ackedBytes;
        int i = ackIdx < e.count && e.first(ackIdx) <= psn ? ackIdx : ackIdx - 1;
        ackedBytes = e.bytesThrough(i, psn);
        return ackedBytes - before;
    }

    /**
     * Whether anything reads the acknowledged payload bytes: the window ({@code nic.window}, set when the QP opens,
     * before its first ACK; or the congestion control's) or a congestion control that sees ACKs (their newly
     * acknowledged bytes).
     */
    private boolean countsAckedBytes() {
        return ccAcks || ccWindow || windowBytes != Long.MAX_VALUE;
    }

    /** The first message not fully acknowledged, or the last posted one when all are (CNPs and timeouts count there). */
    Flow currentEntry() {
        return ackIdx < q.count ? q.entry(ackIdx) : lastPosted;
    }

    /**
     * Go-back-N: resend from {@code psn}; returns how many already-sent packets will be resent (each counts as
     * retransmitted when it goes out again).
     */
    long goBackTo(long psn) {
        long resent = Math.max(0, nextPsn - psn);
        if (resent == 0) {
            return 0;
        }
        sendIdx = q.entryOf(psn);
        nextPsn = psn;
        return resent;
    }

    /** Payload bytes of message {@code f} its receiver took in order ({@link QpReceiver#rxBytesOf}). */
    long rxBytesOf(Flow f) {
        return rx.rxBytesOf(f);
    }

    // ------------------------------------------------------------------ pacing

    /** Current sending rate, bps; applies the congestion control's timer effects up to {@code nowPs}. */
    long rateBps(long nowPs) {
        return cc.rateBps(nowPs);
    }

    /** Earliest start of the next packet at the rate in force at {@code nowPs}. */
    long eligibleAtPs(long nowPs) {
        return lastWireBytes == 0 ? lastSendPs : lastSendPs + WireFormat.serializationPs(lastWireBytes, rateBps(nowPs));
    }

    /**
     * When to look again if not eligible at {@code nowPs}: the eligibility time {@code at} (its
     * {@link #eligibleAtPs} at {@code nowPs}), or earlier when the congestion control's rate changes on its own
     * before then.
     */
    long wakeAtPs(long nowPs, long at) {
        long change = cc.nextChangePs();
        if (change > nowPs && change < at) {
            at = change;
        }
        return at;
    }

    /**
     * Records a packet of {@code wireBytes} started at {@code nowPs} (after {@link #advanceSend}); starts the
     * retransmission timer if it is the only packet outstanding. A READ response QP restarts it at every packet:
     * its timer stands in for the requester's, which sees the response arrive packet by packet (the requester
     * acknowledges only a response's last packet here), so a long, slow response is not timed out.
     */
    void sent(long nowPs, int wireBytes) {
        lastSendPs = nowPs;
        lastWireBytes = wireBytes;
        if (readResponses || nextPsn == ackedPsn + 2) {
            lastProgressPs = nowPs;
        }
        cc.onBytesSent(nowPs, wireBytes);
        if (ccAcks) {
            cc.onSent(nowPs, nextPsn);
        }
    }

    @Override
    public String toString() {
        return "QP" + id + "[" + src + "->" + dst + " prio " + priority + ", " + (q.dropped + q.count) + " messages, next PSN "
                + nextPsn + "/" + endPsn + ", acked " + ackedPsn + "]";
    }
}
