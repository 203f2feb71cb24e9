package org.lossless.nic;

import org.lossless.core.net.WireFormat;

/**
 * The send side of one RC queue pair carrying one flow: what to send next and when the rate limiter
 * allows it. Pacing: after a packet of w wire bytes at rate R, the next may start w*8/R later (a
 * token-free "next send time" limiter, exact at any rate).
 */
final class QueuePair {
    final Flow flow;
    /** RoCEv2 UDP source port of this QP (ECMP entropy). */
    final int udpSrcPort;
    long nextPsn;
    long bytesSent;
    /** Current sending rate, bps. */
    long rateBps;
    /** Earliest time the next packet may start, ps. */
    long nextSendPs;

    QueuePair(Flow flow, int udpSrcPort, long rateBps, long nowPs) {
        this.flow = flow;
        this.udpSrcPort = udpSrcPort;
        this.rateBps = rateBps;
        this.nextSendPs = nowPs;
    }

    boolean hasDataLeft() {
        return bytesSent < flow.sizeBytes;
    }

    /** Charges a packet of {@code wireBytes} started at {@code nowPs} to the rate limiter. */
    void paceAfter(long nowPs, int wireBytes) {
        nextSendPs = Math.max(nextSendPs, nowPs) + WireFormat.serializationPs(wireBytes, rateBps);
    }
}
