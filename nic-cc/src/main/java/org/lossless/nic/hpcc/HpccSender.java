package org.lossless.nic.hpcc;

import org.lossless.core.net.Packet;
import org.lossless.core.net.Telemetry;
import org.lossless.nic.cc.RateWindowSender;

/**
 * HPCC's sender for one QP (the paper's Algorithm 1 with one utilisation U for the most loaded hop, as the
 * HPCC simulator's {@code MULTI_RATE 0}). On every ACK with telemetry, for each hop i against the record the
 * previous ACK brought: {@code u_i = txRate_i / B_i + min(qlen_i, qlen_i') / (B_i T)} with
 * {@code txRate_i = Δtx_i / Δt_i}; U is the largest, blended into an EWMA over T with weight
 * {@code min(Δt, T)/T}. With {@code k = U / η}: if k &ge; 1 or the stage reached {@code max_stage},
 * {@code R = R_c / k + W_AI}, stage 0; else {@code R = R_c + W_AI}, stage + 1; R within [min_rate, line rate].
 * Once per RTT (an ACK for data sent after the last update) the reference rate R_c and the stage take the
 * new values; in between ({@code fast_react}) only the current rate follows. The window is
 * {@code W · R / line rate} with W = line rate x T, and the QP may start a packet while less than that is
 * unacknowledged (as the simulator's window check). No timers.
 */
final class HpccSender extends RateWindowSender {
    private final double eta;
    private final long aiBps;
    private final long maxStage;
    private final long minRateBps;
    private final long baseRttPs;
    private final boolean fastReact;
    private final int intBytes;
    /** W, bytes (the queue term's denominator). */
    private final long windowAtLineRate;

    /** The reference rate R_c, bps (the pacer's is {@code rateBps}). */
    private long refRateBps;
    private long stage;
    /** EWMA of the most loaded hop's normalised utilisation (starts at 1, as in the simulator). */
    private double u = 1;
    /** The first PSN sent after the last reference update; -1 before the first ACK. */
    private long updateAfterPsn = -1;
    /** The previous telemetry records, per hop. */
    private final long[] prev = new long[Telemetry.MAX_HOPS * Telemetry.FIELDS];

    HpccSender(HpccParams p, long lineRateBps, long bdpBytes, int mtu) {
        super(lineRateBps, bdpBytes, mtu);
        this.windowAtLineRate = bdpBytes;
        this.eta = p.eta();
        this.aiBps = p.aiBps();
        this.maxStage = p.maxStage();
        this.minRateBps = Math.min(p.minRateBps(), lineRateBps);
        this.baseRttPs = p.baseRttPs();
        this.fastReact = p.fastReact();
        this.intBytes = (int) p.intBytes();
        this.refRateBps = lineRateBps;
    }

    @Override
    public boolean collectsTelemetry() {
        return true;
    }

    @Override
    public int headerBytes() {
        return intBytes;
    }

    @Override
    public void onAck(long nowPs, Packet ack, long newlyAcked) {
        int hops = ack.intHops;
        if (updateAfterPsn < 0) {
            // first ACK: keep its records as the baseline
            if (hops > 0 && hops <= Telemetry.MAX_HOPS) {
                System.arraycopy(ack.intData, 0, prev, 0, hops * Telemetry.FIELDS);
            }
            updateAfterPsn = nextPsn;
            return;
        }
        boolean full = ack.psn >= updateAfterPsn;
        if (!full && !fastReact) {
            return;
        }
        if (hops > 0 && hops <= Telemetry.MAX_HOPS) {
            update(ack, hops, full);
        }
        if (full && nextPsn > updateAfterPsn) {
            updateAfterPsn = nextPsn;
        }
    }

    /** One update from {@code ack}'s records; {@code full}: also the reference rate and stage. */
    private void update(Packet ack, int hops, boolean full) {
        double maxU = 0;
        long dt = 0;
        boolean any = false;
        long[] d = ack.intData;
        for (int i = 0; i < hops; i++) {
            int o = i * Telemetry.FIELDS;
            long tau = d[o] - prev[o];
            if (tau > 0) {
                double rate = d[o + 3];
                double txRate = (d[o + 1] - prev[o + 1]) * 8e12 / tau;
                double ui = txRate / rate + (double) Math.min(d[o + 2], prev[o + 2]) * maxRateBps / rate / windowAtLineRate;
                if (!any || ui > maxU) {
                    maxU = ui;
                    dt = tau;
                }
                any = true;
            }
            System.arraycopy(d, o, prev, o, Telemetry.FIELDS);
        }
        if (!any) {
            return;
        }
        dt = Math.min(dt, baseRttPs);
        u = (u * (baseRttPs - dt) + maxU * dt) / baseRttPs;
        double k = u / eta;
        long next;
        long nextStage;
        if (k >= 1 || stage >= maxStage) {
            next = k > 0 ? (long) (refRateBps / k) + aiBps : maxRateBps;
            nextStage = 0;
        } else {
            next = refRateBps + aiBps;
            nextStage = stage + 1;
        }
        next = Math.max(minRateBps, Math.min(maxRateBps, next));
        rateBps = next;
        if (full) {
            refRateBps = next;
            stage = nextStage;
        }
    }

    /** The reference rate R_c, bps (for tests). */
    long referenceRateBps() {
        return refRateBps;
    }

    /** The utilisation EWMA (for tests). */
    double utilisation() {
        return u;
    }
}
