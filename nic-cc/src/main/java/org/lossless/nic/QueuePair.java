package org.lossless.nic;

import org.lossless.core.net.WireFormat;
import org.lossless.nic.dcqcn.ReactionPoint;

/**
 * The send side of one RC queue pair carrying one flow: what to send next, what is acknowledged,
 * and when the rate limiter allows the next packet.
 *
 * <p>Pacer: after a packet of {@code w} wire bytes started at {@code t}, the next may start at
 * {@code t + w·8/R}, where R is the rate <em>at the time of the check</em> (the DCQCN reaction point's
 * current rate, or the line rate without congestion control). A rate change therefore takes effect
 * on the packet waiting now, as in a hardware rate limiter, not one packet later.
 *
 * <p>Window ({@code nic.window}): packet n may be sent only while the payload bytes of PSNs
 * {@code ackedPsn+1 .. n} are at most {@link #windowBytes}; go-back-N rewinds {@code nextPsn} so a
 * retransmission counts the same way. The check is O(1) arithmetic on the PSNs (every packet but the
 * last carries exactly {@code mtu} payload bytes), with no per-packet state.
 */
final class QueuePair {
    final Flow flow;
    final int mtu;
    /** RoCEv2 UDP source port of this QP (ECMP entropy). */
    final int udpSrcPort;
    /** Line rate of the NIC, bps (the rate without congestion control). */
    final long lineRateBps;
    /** DCQCN reaction point, or null without congestion control. */
    final ReactionPoint rp;
    /** Next PSN to transmit; moves back on go-back-N. */
    long nextPsn;
    /** Highest PSN acknowledged cumulatively, -1 before the first ACK. */
    long ackedPsn = -1;
    /** Start time of the last packet sent, ps, and its wire bytes (0 before the first). */
    long lastSendPs;
    int lastWireBytes;
    /** Last time the QP sent or saw ACK progress, ps (retransmission timer base). */
    long lastProgressPs;
    /** Whether the QP sits in the NIC's list of senders with data to send. */
    boolean inActive;
    /** Payload bytes the QP may have unacknowledged; {@link Long#MAX_VALUE} without a window. */
    long windowBytes = Long.MAX_VALUE;

    QueuePair(Flow flow, int mtu, int udpSrcPort, long lineRateBps, ReactionPoint rp, long nowPs) {
        this.flow = flow;
        this.mtu = mtu;
        this.udpSrcPort = udpSrcPort;
        this.lineRateBps = lineRateBps;
        this.rp = rp;
        this.lastSendPs = nowPs;
        this.lastProgressPs = nowPs;
    }

    long totalPackets() {
        return flow.packets(mtu);
    }

    boolean hasDataLeft() {
        return nextPsn < totalPackets();
    }

    boolean fullyAcked() {
        return ackedPsn == totalPackets() - 1;
    }

    /**
     * Whether the window lets packet {@code nextPsn} go: the payload of PSNs {@code ackedPsn+1 .. nextPsn}
     * is at most {@link #windowBytes}. Always true without a window.
     */
    boolean windowOpen() {
        if (windowBytes == Long.MAX_VALUE) {
            return true;
        }
        long through = Math.min(flow.sizeBytes, (nextPsn + 1) * (long) mtu);
        return through - (ackedPsn + 1) * mtu <= windowBytes;
    }

    /** Payload bytes of packet {@code psn}. */
    int payloadOf(long psn) {
        return (int) Math.min(mtu, flow.sizeBytes - psn * mtu);
    }

    /** Current sending rate, bps; applies DCQCN timer effects up to {@code nowPs}. */
    long rateBps(long nowPs) {
        return rp == null ? lineRateBps : Math.max(1, rp.rateBps(nowPs));
    }

    /** Earliest start of the next packet at the rate in force at {@code nowPs}. */
    long eligibleAtPs(long nowPs) {
        return lastWireBytes == 0 ? lastSendPs : lastSendPs + WireFormat.serializationPs(lastWireBytes, rateBps(nowPs));
    }

    /**
     * When to look again if not eligible at {@code nowPs}: the eligibility time, or earlier when the
     * reaction point's rate changes on its own before then.
     */
    long wakeAtPs(long nowPs) {
        long at = eligibleAtPs(nowPs);
        if (rp != null) {
            long change = rp.nextChangePs();
            if (change > nowPs && change < at) {
                at = change;
            }
        }
        return at;
    }

    /** Records a packet of {@code wireBytes} started at {@code nowPs}. */
    void sent(long nowPs, int wireBytes) {
        lastSendPs = nowPs;
        lastWireBytes = wireBytes;
        lastProgressPs = nowPs;
        if (rp != null) {
            rp.onBytesSent(nowPs, wireBytes);
        }
    }

    /** Go-back-N: resend from {@code psn}; returns how many already-sent packets will be resent. */
    long goBackTo(long psn) {
        long resent = Math.max(0, nextPsn - psn);
        nextPsn = Math.min(nextPsn, psn);
        return resent;
    }
}
