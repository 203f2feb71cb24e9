package org.lossless.nic.cc;

import java.math.BigInteger;

/**
 * The common part of the ACK-clocked rate senders (HPCC, TIMELY, DCTCP): a pacer rate that changes only on
 * ACKs (no timers, so {@link #nextChangePs()} is {@link #NEVER}), the next PSN the QP would send, and an
 * optional window of one BDP scaled by the rate, {@code W · R / line rate}, which the QP may start a packet
 * under while less than it is unacknowledged (the HPCC simulator's {@code VAR_WIN} window and its
 * {@code IsWinBound}): the window returned is that plus one packet less a byte.
 */
public abstract class RateWindowSender implements CongestionControl {
    /** The line rate, the highest rate, bps. */
    protected final long maxRateBps;
    /** The window at line rate W, bytes, or 0 without a window. */
    private final long bdpBytes;
    private final int mtu;
    /** The pacer's rate, bps. */
    protected long rateBps;
    /** PSN after the last one sent (the next new PSN). */
    protected long nextPsn;

    /**
     * @param lineRateBps the NIC's line rate (the first rate)
     * @param bdpBytes    W, bytes, or 0 for no window
     * @param mtu         payload bytes per packet
     */
    protected RateWindowSender(long lineRateBps, long bdpBytes, int mtu) {
        this.maxRateBps = lineRateBps;
        this.bdpBytes = bdpBytes;
        this.mtu = mtu;
        this.rateBps = lineRateBps;
    }

    /**
     * One BDP of window for algorithm {@code algorithm} ({@code nic.<algorithm>}): {@link #bdpBytes} at its base RTT,
     * which must be resolved by then ({@code base_rtt: auto} is filled in from the fabric before the run).
     */
    public static long bdpWindow(String algorithm, long baseRttPs, long rateBps) {
        if (baseRttPs == CcKeys.AUTO) {
            throw new IllegalArgumentException("nic." + algorithm + ".base_rtt is auto but the fabric's base RTT was not filled in");
        }
        return bdpBytes(baseRttPs, rateBps);
    }

    /** {@code rtt x rate}, whole bytes (rounded down, at least 1): W of a window. */
    public static long bdpBytes(long rttPs, long rateBps) {
        return Math.max(1, BigInteger.valueOf(rttPs).multiply(BigInteger.valueOf(rateBps))
                .divide(BigInteger.valueOf(8_000_000_000_000L)).longValueExact());
    }

    @Override
    public final long rateBps(long nowPs) {
        return rateBps;
    }

    @Override
    public final long nextChangePs() {
        return NEVER;
    }

    @Override
    public final void onBytesSent(long nowPs, long wireBytes) {
    }

    @Override
    public final void onSent(long nowPs, long next) {
        if (next < nextPsn) {
            rewound(next);
        }
        nextPsn = next;
    }

    /**
     * Loss recovery sent the QP back (go-back-N): the packet just sent again is followed by PSN {@code next}, below
     * {@link #nextPsn}. A sender whose updates wait for an ACK past what it had sent restarts that wait here.
     */
    protected void rewound(long next) {
    }

    @Override
    public void onCongestionNotification(long nowPs) {
    }

    @Override
    public final boolean hasWindow() {
        return bdpBytes > 0;
    }

    @Override
    public final long windowBytes() {
        return Math.max(1, (long) ((double) bdpBytes * rateBps / maxRateBps)) + mtu - 1;
    }

    @Override
    public final boolean observesAcks() {
        return true;
    }
}
