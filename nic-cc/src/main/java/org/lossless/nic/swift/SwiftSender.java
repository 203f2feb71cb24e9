package org.lossless.nic.swift;

import org.lossless.core.net.Packet;
import org.lossless.nic.cc.CongestionControl;

/**
 * Swift's window for one QP (the paper's Algorithm 1; retransmission and fast-recovery reactions are left
 * to go-back-N). On every ACK with its RTT sample d and target t ({@link SwiftParams#targetPs}):
 * <ul>
 *   <li>d &lt; t: {@code cwnd += ai · acked / cwnd} (cwnd &ge; 1) or {@code cwnd += ai · acked} (below 1);</li>
 *   <li>else, at most once per RTT: {@code cwnd *= max(1 − β (d − t)/d, 1 − max_mdf)};</li>
 * </ul>
 * acked in packets (payload bytes / MTU), cwnd within [min_cwnd, max_cwnd]; a decrease restarts the
 * once-per-RTT clock (the paper restarts it whenever cwnd did not grow; taken literally, ACKs that may not
 * decrease would keep restarting it and the window could never fall again). The QP may have {@code ceil(cwnd)} packets unacknowledged; below one packet it
 * keeps one and is paced at {@code cwnd} packets per RTT. No timers.
 */
final class SwiftSender implements CongestionControl {
    private final SwiftParams p;
    private final long lineRateBps;
    private final int mtu;
    private final int switches;
    /** Wire bits of a full data packet (pacing below one packet per RTT). */
    private final double packetBits;
    private double cwnd;
    private long rttPs;
    private long lastDecreasePs = Long.MIN_VALUE / 2;
    private double ackedPackets;
    private long rateBps;

    SwiftSender(SwiftParams p, long lineRateBps, int mtu, int packetWireBytes, int switches, double initialCwnd) {
        this.p = p;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
        this.switches = switches;
        this.packetBits = 8.0 * packetWireBytes;
        this.cwnd = Math.max(p.minCwnd(), Math.min(p.maxCwnd(), initialCwnd));
        this.rateBps = lineRateBps;
    }

    @Override
    public long rateBps(long nowPs) {
        return rateBps;
    }

    @Override
    public long nextChangePs() {
        return NEVER;
    }

    @Override
    public void onBytesSent(long nowPs, long wireBytes) {
    }

    @Override
    public void onCongestionNotification(long nowPs) {
        // Swift does not use ECN
    }

    @Override
    public boolean hasWindow() {
        return true;
    }

    @Override
    public long windowBytes() {
        return (long) Math.max(1, Math.ceil(cwnd)) * mtu;
    }

    @Override
    public boolean observesAcks() {
        return true;
    }

    @Override
    public void onAck(long nowPs, Packet ack, long newlyAcked) {
        ackedPackets = (double) newlyAcked / mtu;
    }

    @Override
    public void onRttSample(long nowPs, long delayPs) {
        rttPs = delayPs;
        double prev = cwnd;
        double target = p.targetPs(switches, cwnd);
        if (delayPs < target) {
            cwnd += cwnd >= 1 ? p.ai() * ackedPackets / cwnd : p.ai() * ackedPackets;
        } else if (nowPs - lastDecreasePs >= rttPs) {
            cwnd *= Math.max(1 - p.beta() * (delayPs - target) / delayPs, 1 - p.maxMdf());
        }
        cwnd = Math.max(p.minCwnd(), Math.min(p.maxCwnd(), cwnd));
        if (cwnd < prev) {
            lastDecreasePs = nowPs;
        }
        ackedPackets = 0;
        rateBps = cwnd >= 1 ? lineRateBps
                : Math.max(1, Math.min(lineRateBps, (long) (packetBits * cwnd * 1e12 / rttPs)));
    }

    /** The window, packets (for tests). */
    double cwnd() {
        return cwnd;
    }

    /** The current target delay, ps (for tests). */
    double targetPs() {
        return p.targetPs(switches, cwnd);
    }
}
