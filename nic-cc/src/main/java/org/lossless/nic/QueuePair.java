package org.lossless.nic;

import org.lossless.core.net.WireFormat;

/**
 * The send side of one RC queue pair carrying one flow: what to send next, what is acknowledged,
 * and when the rate limiter allows the next packet. Pacing: after a packet of w wire bytes at rate
 * R, the next may start w*8/R later (a "next send time" limiter, exact at any rate).
 */
final class QueuePair {
    final Flow flow;
    final int mtu;
    /** RoCEv2 UDP source port of this QP (ECMP entropy). */
    final int udpSrcPort;
    /** Next PSN to transmit; moves back on go-back-N. */
    long nextPsn;
    /** Highest PSN acknowledged cumulatively, -1 before the first ACK. */
    long ackedPsn = -1;
    /** Current sending rate, bps. */
    long rateBps;
    /** Earliest time the next packet may start, ps. */
    long nextSendPs;
    /** Last time the QP sent or saw ACK progress, ps (retransmission timer base). */
    long lastProgressPs;
    /** Whether the QP sits in the NIC's list of senders with data to send. */
    boolean inActive;

    QueuePair(Flow flow, int mtu, int udpSrcPort, long rateBps, long nowPs) {
        this.flow = flow;
        this.mtu = mtu;
        this.udpSrcPort = udpSrcPort;
        this.rateBps = rateBps;
        this.nextSendPs = nowPs;
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

    /** Payload bytes of packet {@code psn}. */
    int payloadOf(long psn) {
        return (int) Math.min(mtu, flow.sizeBytes - psn * mtu);
    }

    /** Charges a packet of {@code wireBytes} started at {@code nowPs} to the rate limiter. */
    void paceAfter(long nowPs, int wireBytes) {
        nextSendPs = Math.max(nextSendPs, nowPs) + WireFormat.serializationPs(wireBytes, rateBps);
    }

    /** Go-back-N: resend from {@code psn}; returns how many already-sent packets will be resent. */
    long goBackTo(long psn) {
        long resent = Math.max(0, nextPsn - psn);
        nextPsn = Math.min(nextPsn, psn);
        return resent;
    }
}
