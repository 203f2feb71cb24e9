package org.lossless.nic.nscc;

import org.lossless.core.net.Packet;
import org.lossless.nic.cc.CongestionControl;

/**
 * NSCC's window for one QP, in bytes, as Ultra Ethernet 1.0 describes it and the UEC's reference simulator runs it.
 * Every ACK brings an RTT sample and the ECN echo of the packet it acknowledges; the queueing delay is the RTT less
 * the path's base RTT (the smallest RTT seen, at most the configured one). Four cases:
 * <ul>
 *   <li>no ECN, delay below target: proportional increase, {@code inc += alpha x acked x (target - delay)}, or fast
 *       increase ({@code cwnd += fi_scale x acked}) once more than a window was acknowledged with less than 1 us of
 *       queueing;</li>
 *   <li>no ECN, delay at or above target: fair increase, {@code inc += fi x acked};</li>
 *   <li>ECN, delay at or above target: multiplicative decrease, at most once per base RTT, by
 *       {@code max(1 - gamma (avg - target) / avg, 1 - max_md)} of the window, where avg is the delay's EWMA;</li>
 *   <li>ECN, delay below target: nothing (the packet's path is congested, not the flow: spraying moves it).</li>
 * </ul>
 * The increases collect in {@code inc} and are applied as {@code cwnd += inc / cwnd} every 8 MTUs acknowledged or
 * base RTT (fulfil adjustment), with an extra {@code eta} once per base RTT. Quick adapt: when a NACK (trimming) came,
 * or the delay exceeds 4 x target, and less than maxwnd / 2^qa_gate was delivered in the last base RTT + target,
 * the window drops to what was delivered; the bytes then in flight are not reacted to again. A NACK otherwise takes
 * its bytes off the window. The window stays within [one MTU, max_window x BDP]; it starts at the largest.
 *
 * <p>Constants (htsim {@code initNsccParams}): a = BDP / (100 Gb/s x 12 us), b = target / 12 us,
 * alpha = 4 MTU a b / target, fi = 5 MTU a, eta = 0.15 MTU a, fi_scale = 0.25 a. Simplified: the bytes in flight at
 * quick adapt are taken as the window (the NIC's count of payload in flight is not shown to the algorithm); NSCC
 * does not pace (the window alone holds the QP). No allocation.
 */
final class NsccSender implements CongestionControl {
    private final NsccParams p;
    private final long lineRateBps;
    private final double mtu;
    private final long targetPs;
    private final double alpha;
    private final double fi;
    private final double eta;
    private final double fiScale;
    private final double adjustBytes;
    private final double qaThresholdPs;
    private long baseRttPs;
    private double maxWnd;
    private double cwnd;
    private double incBytes;
    private double receivedBytes;
    private double achievedBytes;
    private double bytesToIgnore;
    private double bytesIgnored;
    private double fiCount;
    private boolean increase;
    private boolean triggerQa;
    private double avgDelayPs;
    private long lastDecPs = Long.MIN_VALUE / 2;
    private long lastAdjustPs;
    private long qaEndPs;
    /** From the ACK being handled ({@link #onAck}), used by the RTT sample that follows it. */
    private long ackedBytes;
    private boolean ecn;
    /** Counters for tests and reports: multiplicative decreases, quick adapts, NACK reactions. */
    private long decreases;
    private long quickAdapts;

    /**
     * @param mtu       payload bytes per packet
     * @param baseRttPs the QP's path base RTT (a full packet out and its ACK back, empty network), ps
     */
    NsccSender(NsccParams p, long lineRateBps, int mtu, long baseRttPs) {
        if (baseRttPs <= 0) {
            throw new IllegalArgumentException("NSCC needs a base RTT > 0 ps, got " + baseRttPs);
        }
        this.p = p;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
        this.baseRttPs = baseRttPs;
        this.targetPs = p.targetPs(baseRttPs);
        double bdp = bdp(baseRttPs);
        double a = bdp / NsccParams.REFERENCE_BDP_BYTES;
        double b = targetPs / NsccParams.REFERENCE_RTT_PS;
        this.alpha = 4.0 * mtu * a * b / targetPs;
        this.fi = 5.0 * mtu * a;
        this.eta = 0.15 * mtu * a;
        this.fiScale = 0.25 * a;
        this.adjustBytes = 8.0 * mtu;
        this.qaThresholdPs = 4.0 * targetPs;
        this.maxWnd = Math.max(mtu, p.maxWindowBdp() * bdp);
        this.cwnd = maxWnd;
    }

    private double bdp(long rttPs) {
        return (double) rttPs * lineRateBps / 8e12;
    }

    @Override
    public long rateBps(long nowPs) {
        return lineRateBps;
    }

    @Override
    public long nextChangePs() {
        return NEVER;
    }

    @Override
    public void onBytesSent(long nowPs, long wireBytes) {
    }

    /** ECN is echoed on every ACK and handled there; a CNP never comes on this transport. */
    @Override
    public void onCongestionNotification(long nowPs) {
    }

    @Override
    public boolean hasWindow() {
        return true;
    }

    @Override
    public long windowBytes() {
        return (long) cwnd;
    }

    @Override
    public boolean observesAcks() {
        return true;
    }

    @Override
    public void onAck(long nowPs, Packet ack, long newlyAcked) {
        ackedBytes = newlyAcked;
        ecn = ack.ce();
        achievedBytes += newlyAcked;
        receivedBytes += newlyAcked;
        bytesIgnored += newlyAcked;
    }

    @Override
    public void onRttSample(long nowPs, long rttPs) {
        long newly = ackedBytes;
        boolean skip = ecn;
        ackedBytes = 0;
        if (rttPs > 0 && rttPs < baseRttPs) {
            baseRttPs = rttPs;
            maxWnd = Math.max(mtu, p.maxWindowBdp() * bdp(rttPs));
        }
        double delay;
        if (rttPs >= baseRttPs) {
            delay = rttPs - baseRttPs;
            updateDelay(delay, skip);
        } else {
            delay = avgDelayPs;
        }
        if (quickAdapt(nowPs, false, skip, delay)) {
            return;
        }
        if (!skip && delay >= targetPs) {
            incBytes += fi * newly;
        } else if (!skip) {
            fastIncrease(newly, delay);
            if (!increase) {
                incBytes += alpha * newly * (targetPs - delay);
            }
        } else if (delay >= targetPs) {
            multiplicativeDecrease(nowPs);
        }
        bound();
        if (receivedBytes > adjustBytes || nowPs - lastAdjustPs > baseRttPs) {
            cwnd += incBytes / cwnd;
            if (nowPs - lastAdjustPs >= baseRttPs) {
                cwnd += eta;
                lastAdjustPs = nowPs;
            }
            incBytes = 0;
            receivedBytes = 0;
        }
        bound();
    }

    /** A NACK (a trimmed packet) of {@code nackedBytes} payload bytes: quick adapt, or the bytes off the window. */
    @Override
    public void onNack(long nowPs, long nackedBytes) {
        bytesIgnored += nackedBytes;
        updateDelay(baseRttPs, true);
        triggerQa = true;
        if (!quickAdapt(nowPs, true, true, 0)) {
            cwnd -= nackedBytes;
            bound();
        }
    }

    private void updateDelay(double delay, boolean skip) {
        double a = p.delayAlpha();
        if (!skip && delay > targetPs) {
            avgDelayPs = a * baseRttPs * 0.25 + (1 - a) * avgDelayPs;
        } else if (delay > 5.0 * baseRttPs) {
            avgDelayPs = 0.0125 * delay + (1 - 0.0125) * avgDelayPs;
        } else {
            avgDelayPs = a * delay + (1 - a) * avgDelayPs;
        }
    }

    private void fastIncrease(long newly, double delay) {
        if (p.fastIncrease() && delay < NsccParams.FAST_INCREASE_DELAY_PS) {
            fiCount += newly;
            if (fiCount > cwnd || increase) {
                cwnd += newly * fiScale;
                increase = true;
                return;
            }
        } else {
            fiCount = 0;
        }
        increase = false;
    }

    private void multiplicativeDecrease(long nowPs) {
        increase = false;
        fiCount = 0;
        if (avgDelayPs > targetPs && nowPs - lastDecPs > baseRttPs) {
            cwnd *= Math.max(1 - p.gamma() * (avgDelayPs - targetPs) / avgDelayPs, 1 - p.maxMd());
            lastDecPs = nowPs;
            decreases++;
        }
    }

    private boolean quickAdapt(long nowPs, boolean loss, boolean skip, double delay) {
        if (!p.quickAdapt()) {
            return false;
        }
        boolean done = false;
        if (bytesIgnored < bytesToIgnore && skip) {
            done = true;
        } else if (nowPs > qaEndPs) {
            if (qaEndPs != 0 && (triggerQa || loss || delay > qaThresholdPs)
                    && achievedBytes < maxWnd / (1L << p.qaGate())) {
                bytesToIgnore = cwnd;
                cwnd = Math.max(achievedBytes, mtu);
                bytesIgnored = 0;
                triggerQa = false;
                done = true;
                quickAdapts++;
            }
            achievedBytes = 0;
            qaEndPs = nowPs + baseRttPs + targetPs;
        }
        if (done) {
            incBytes = 0;
            receivedBytes = 0;
        }
        return done;
    }

    private void bound() {
        cwnd = Math.max(mtu, Math.min(maxWnd, cwnd));
    }

    /** The window, bytes. */
    double cwnd() {
        return cwnd;
    }

    /** Largest window, bytes. */
    double maxWindow() {
        return maxWnd;
    }

    /** Target queueing delay, ps. */
    long targetPs() {
        return targetPs;
    }

    long decreases() {
        return decreases;
    }

    long quickAdapts() {
        return quickAdapts;
    }
}
