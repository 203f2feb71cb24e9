package org.lossless.nic.timely;

import org.lossless.core.net.Packet;
import org.lossless.nic.cc.RateWindowSender;

/**
 * TIMELY's rate computation for one QP (the paper's Algorithm 1, once per window of data as in the HPCC
 * simulator: an RTT sample counts when its ACK covers data sent after the previous update, or after go-back-N's
 * rewind, {@link #rewound}). With
 * {@code diff = (1-α)·diff + α·(rtt - prevRtt)} and {@code g = diff / minRTT}:
 * <ul>
 *   <li>rtt &lt; T_low: increase;</li>
 *   <li>rtt &gt; T_high: {@code R = R · (1 - β (1 - T_high / rtt))};</li>
 *   <li>g &le; 0: increase;</li>
 *   <li>else {@code R = R · max(0, 1 - β g)};</li>
 * </ul>
 * an increase adds δ, or the HAI step after {@code hai_after} increases in a row; R within [min_rate, line
 * rate]. The first sample only sets prevRtt. No timers.
 */
final class TimelySender extends RateWindowSender {
    private final TimelyParams p;
    private final long minRateBps;
    private long stage;
    private double rttDiffPs;
    private long prevRttPs;
    private long ackedPsn = -1;
    /** First PSN of the next window; -1 before the first sample. */
    private long updateAfterPsn = -1;

    TimelySender(TimelyParams p, long lineRateBps, long bdpBytes, int mtu) {
        super(lineRateBps, bdpBytes, mtu);
        this.p = p;
        this.minRateBps = Math.min(p.minRateBps(), lineRateBps);
    }

    @Override
    public void onAck(long nowPs, Packet ack, long newlyAcked) {
        ackedPsn = ack.psn;
    }

    /**
     * Go-back-N went back: the window is the data sent from the rewind on. Waiting for an ACK past what had been sent
     * before (the HPCC simulator's gate) held the rate for as long as the resent data took: a sender at the floor
     * rate that lost a packet in every such stretch never updated again (a tree all-reduce with frame errors took
     * 99 ms instead of 4.0).
     */
    @Override
    protected void rewound(long next) {
        if (next < updateAfterPsn) {
            updateAfterPsn = next;
        }
    }

    @Override
    public void onRttSample(long nowPs, long rttPs) {
        if (updateAfterPsn >= 0 && ackedPsn < updateAfterPsn) {
            return; // within the window of the last update
        }
        if (updateAfterPsn >= 0) {
            double diff = (1 - p.alpha()) * rttDiffPs + p.alpha() * (rttPs - prevRttPs);
            double gradient = diff / p.minRttPs();
            boolean increase;
            double factor = 0;
            if (rttPs < p.tLowPs()) {
                increase = true;
            } else if (rttPs > p.tHighPs()) {
                factor = 1 - p.beta() * (1 - (double) p.tHighPs() / rttPs);
                increase = false;
            } else if (gradient <= 0) {
                increase = true;
            } else {
                factor = Math.max(0, 1 - p.beta() * gradient);
                increase = false;
            }
            if (increase) {
                rateBps = Math.min(maxRateBps, rateBps + (stage < p.haiAfter() ? p.aiBps() : p.haiBps()));
                stage++;
            } else {
                rateBps = Math.max(minRateBps, (long) (rateBps * factor));
                stage = 0;
            }
            rttDiffPs = diff;
        }
        if (nextPsn > updateAfterPsn) {
            updateAfterPsn = nextPsn;
            prevRttPs = rttPs;
        }
    }
}
