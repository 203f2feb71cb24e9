package org.lossless.nic.dctcp;

import org.lossless.core.net.Packet;
import org.lossless.nic.cc.RateWindowSender;

/**
 * DCTCP's rate control for one QP, as the HPCC simulator's {@code CC_MODE 8}. Per ACK (in this order):
 * <ol>
 *   <li>count it if it echoes a mark; when it covers data sent after the last update (once per window),
 *       {@code α = (1-g) α + g · min(1, marked / acks expected in the window)}, and start a new window;</li>
 *   <li>leave congestion-window reduction (CWR) once data sent after the last cut is acknowledged;</li>
 *   <li>a mark outside CWR cuts {@code R = max(min_rate, R (1 - α/2))} and enters CWR;</li>
 *   <li>outside CWR, at each new window, {@code R = min(line rate, R + ai)}.</li>
 * </ol>
 * α starts at 1, the rate at line rate. The window (if on) is BDP x R / line rate. No timers.
 */
final class DctcpSender extends RateWindowSender {
    private final double g;
    private final long aiBps;
    private final long minRateBps;
    private double alpha = 1;
    /** Marks not yet seen by an ACK (the notification comes just before its ACK, or as a separate CNP). */
    private int pendingMarks;
    private long marked;
    /** PSN after the window's last packet; -1 before the first ACK. */
    private long windowEndPsn = -1;
    private long batch;
    private boolean cwr;
    private long cwrEndPsn;

    DctcpSender(DctcpParams p, long lineRateBps, long bdpBytes, int mtu) {
        super(lineRateBps, bdpBytes, mtu);
        this.g = p.g();
        this.aiBps = p.aiBps();
        this.minRateBps = Math.min(p.minRateBps(), lineRateBps);
    }

    @Override
    public void onCongestionNotification(long nowPs) {
        pendingMarks++;
    }

    @Override
    public void onAck(long nowPs, Packet ack, long newlyAcked) {
        boolean mark = pendingMarks > 0;
        pendingMarks = 0;
        long ackNext = ack.psn + 1;
        boolean newWindow = false;
        if (mark) {
            marked++;
        }
        if (ackNext > windowEndPsn) {
            newWindow = true;
            if (windowEndPsn < 0) {
                batch = nextPsn + 1;
            } else {
                alpha = (1 - g) * alpha + g * Math.min(1.0, (double) marked / batch);
                marked = 0;
                batch = nextPsn - ackNext + 1;
            }
            windowEndPsn = nextPsn;
        }
        if (cwr && ackNext > cwrEndPsn) {
            cwr = false;
        }
        if (mark && !cwr) {
            rateBps = Math.max(minRateBps, (long) (rateBps * (1 - alpha / 2)));
            cwr = true;
            cwrEndPsn = nextPsn;
        }
        if (!cwr && newWindow) {
            rateBps = Math.min(maxRateBps, rateBps + aiBps);
        }
    }

    /** α (for tests). */
    double alpha() {
        return alpha;
    }
}
