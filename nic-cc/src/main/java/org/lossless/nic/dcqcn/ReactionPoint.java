package org.lossless.nic.dcqcn;

import org.lossless.nic.cc.CongestionControl;

/**
 * The DCQCN reaction point of one sending QP: alpha, current rate R_C, target rate R_T, the
 * rate-increase timer and byte counter, and (order TIMER_DRIVEN) the periodic alpha timer and the
 * RP decrease window (reference dcqcn.md §3).
 *
 * <p><b>Lazy timers.</b> No timer is ever scheduled. Every call takes the current time and first
 * applies, in time order, all timer effects up to and including that time: pending cuts at
 * decrease ticks and rate-increase timer events (a catch-up loop; once R_C = R_T = R_max further
 * timer events only count and are skipped in O(1)). Alpha is kept in closed form: its value at a
 * reference tick plus the number of elapsed periods, so a 1 µs alpha timer costs nothing while idle.
 * Times passed in must not decrease. Before its first CNP a QP sends at R_max and runs no timers.
 *
 * <p><b>Ties.</b> Timer events at exactly {@code now} happen before the call's own event (a CNP
 * at the same time as an alpha tick sees the tick applied). At equal times an alpha tick comes
 * before a decrease tick, and a decrease tick before an increase event (the cut restarts the timer).
 *
 * <p>Per call O(1) amortized, no allocation. Not thread-safe. As a {@link CongestionControl} it is the
 * sender side of {@link Dcqcn}: no window, no use of ACKs; the NIC reads {@link #rateBps} per packet.
 */
public final class ReactionPoint implements CongestionControl {
    /** "No such time". */
    public static final long NEVER = Long.MAX_VALUE;
    private static final int COUNTER_CAP = Integer.MAX_VALUE / 4;

    private final DcqcnParams p;
    private final double rMax;
    private final double rMin;
    private final double g;
    private final long alphaPeriod;
    private final long decPeriod;
    private final long incPeriod;
    private final long byteThreshold;
    private final int f;
    private final boolean timerEnabled;
    private final boolean byteEnabled;
    private final long reactionDelay;
    /**
     * CNPs received but not yet acted on ({@code reaction_delay} &gt; 0): their effect times, in order. Always empty
     * without a reaction delay, and then not looked at (the NIC reads the rate at every packet and wake-up).
     */
    private final DelayedCnps delayed = new DelayedCnps();

    private boolean started;
    private long lastNow = Long.MIN_VALUE;
    private double rc;
    private double rt;
    /** Alpha after {@code alphaTicks} ticks counted from {@code alphaOriginPs} (tick k at origin + k*period). */
    private double alpha;
    private long alphaOriginPs;
    private long alphaTicks;
    /** TIMER_DRIVEN: a CNP arrived during the current alpha period. */
    private boolean alphaCnpFlag;
    /** TIMER_DRIVEN: base of the decrease ticks (first CNP + offset); ticks at base + k*W, k &ge; 1. */
    private long decreaseBasePs;
    private long pendingCutPs = NEVER;
    private long nextIncreasePs = NEVER;
    private int timerStage;
    private int byteStage;
    private long byteCount;
    private boolean firstIncreaseSinceCut;
    /** R_C = R_T = R_max: timer and byte events change nothing but the stage counters. */
    private boolean saturated;
    private long cuts;
    private long cnps;

    public ReactionPoint(DcqcnParams params) {
        this.p = params;
        this.rMax = params.effectiveMaxRateBps();
        this.rMin = params.minRateBps();
        this.g = params.alphaGain();
        this.alphaPeriod = params.alphaUpdatePeriodPs();
        this.decPeriod = params.rateDecreasePeriodPs();
        this.incPeriod = params.rateIncreaseTimerPs();
        this.byteThreshold = params.byteCounterBytes();
        this.f = params.fastRecoverySteps();
        this.timerEnabled = incPeriod > 0;
        this.byteEnabled = byteThreshold > 0;
        this.reactionDelay = params.reactionDelayPs();
        reset();
    }

    /** Back to the initial state: line (max) rate, no timers, the next CNP is a first CNP. */
    public void reset() {
        started = false;
        lastNow = Long.MIN_VALUE;
        rc = rMax;
        rt = rMax;
        alpha = p.initialAlpha();
        alphaTicks = 0;
        alphaCnpFlag = false;
        pendingCutPs = NEVER;
        nextIncreasePs = NEVER;
        timerStage = 0;
        byteStage = 0;
        byteCount = 0;
        saturated = true;
        cuts = 0;
        cnps = 0;
        delayed.clear();
    }

    public DcqcnParams params() {
        return p;
    }

    // ------------------------------------------------------------------ events from the NIC

    /**
     * A CNP (or an ACK with the CNP flag) for this QP arrived at {@code nowPs}. Returns true if the
     * rate was cut at once; in order TIMER_DRIVEN the cut usually waits for the next decrease tick
     * (see {@link #nextChangePs()}). With a {@code reaction_delay} d the reaction point acts on it at
     * {@code nowPs + d} (after the timer events up to then): the call returns false and the effect is
     * applied lazily when a later call passes that time ({@link #nextChangePs()} includes it).
     */
    public boolean onCnp(long nowPs) {
        advance(nowPs);
        if (reactionDelay > 0) {
            delayed.add(nowPs + reactionDelay);
            return false;
        }
        return react(nowPs);
    }

    /** The reaction point acts on a CNP at {@code t} (timer effects up to {@code t} already applied). */
    private boolean react(long t) {
        cnps++;
        long before = cuts;
        if (!started) {
            firstCnp(t);
            return cuts != before || p.rateOnFirstCnpBps() > 0;
        }
        switch (p.order()) {
            case PAPER -> {
                double a = commitAlpha(t);
                cut(t, a);
                restartPaperAlpha(t, (1 - g) * a + g);
            }
            case ALPHA_FIRST -> {
                double a = (1 - g) * commitAlpha(t) + g;
                restartPaperAlpha(t, a);
                cut(t, a);
            }
            case TIMER_DRIVEN -> {
                commitAlpha(t);
                alphaCnpFlag = true;
                if (decPeriod == 0) {
                    cut(t, alpha);
                } else if (pendingCutPs == NEVER) {
                    pendingCutPs = nextDecreaseTickAfter(t);
                }
            }
        }
        return cuts != before;
    }

    /** {@link CongestionControl}: a CNP or a CNP flag on an ACK; {@link #onCnp}. */
    @Override
    public void onCongestionNotification(long nowPs) {
        onCnp(nowPs);
    }

    /**
     * The QP put {@code bytes} on the wire at {@code nowPs} (feeds the byte counter). Call it per
     * packet, or per batch: events are applied one per B bytes.
     */
    @Override
    public void onBytesSent(long nowPs, long bytes) {
        advance(nowPs);
        if (!started || !byteEnabled) {
            return;
        }
        byteCount += bytes;
        if (byteCount < byteThreshold) {
            return;
        }
        if (saturated) {
            long n = byteCount / byteThreshold;
            byteCount -= n * byteThreshold;
            byteStage = addCapped(byteStage, n);
            return;
        }
        while (byteCount >= byteThreshold) {
            byteCount -= byteThreshold;
            increase(false);
        }
    }

    // ------------------------------------------------------------------ what the NIC reads

    /**
     * Current rate R_C at {@code nowPs} in bps (all timer effects up to now applied), rounded down, at
     * least 1 (the rate limiter's value).
     */
    @Override
    public long rateBps(long nowPs) {
        advance(nowPs);
        return Math.max(1, (long) rc);
    }

    /** Current rate R_C at {@code nowPs}, bps, unrounded. */
    public double rate(long nowPs) {
        advance(nowPs);
        return rc;
    }

    /** Target rate R_T at {@code nowPs}, bps. */
    public double targetRate(long nowPs) {
        advance(nowPs);
        return rt;
    }

    /** Alpha at {@code nowPs} (fraction; mlx5's 1/1024 units divided by 1024). */
    public double alpha(long nowPs) {
        advance(nowPs);
        if (!started) {
            return p.initialAlpha();
        }
        return alphaAt(nowPs);
    }

    /**
     * When R_C will next change on its own (a pending cut at a decrease tick or the next
     * rate-increase timer event that can still raise the rate), as of the last call; {@link #NEVER}
     * if nothing is due. A NIC that re-times a pending send on rate changes schedules a check then;
     * a NIC that reads {@link #rateBps} at each send can ignore it.
     */
    @Override
    public long nextChangePs() {
        long inc = saturated ? NEVER : nextIncreasePs;
        return Math.min(Math.min(pendingCutPs, inc), reactionDelay == 0 || delayed.isEmpty() ? NEVER : delayed.first());
    }

    /** Whether this QP has received a CNP (its timers run). */
    public boolean started() {
        return started;
    }

    /** Timer stage counter i_T (events since the last cut), as of the last call. */
    public int timerStage() {
        return timerStage;
    }

    /** Byte-counter stage counter i_B (events since the last cut), as of the last call. */
    public int byteStage() {
        return byteStage;
    }

    /** Cuts so far (rate decreases), as of the last call. */
    public long cuts() {
        return cuts;
    }

    /** CNPs received. */
    public long cnps() {
        return cnps;
    }

    // ------------------------------------------------------------------ internals

    private void firstCnp(long t) {
        started = true;
        alpha = p.initialAlpha();
        alphaOriginPs = t;
        alphaTicks = 0;
        alphaCnpFlag = false;
        decreaseBasePs = t + p.rateDecreaseOffsetPs();
        if (p.rateOnFirstCnpBps() > 0) {
            rc = rt = Math.max(rMin, Math.min(rMax, (double) p.rateOnFirstCnpBps()));
            restartIncrease(t);
            return;
        }
        if (p.order() != Order.TIMER_DRIVEN || decPeriod == 0 || p.firstCnpCut() == FirstCnpCut.IMMEDIATE) {
            if (p.order() == Order.ALPHA_FIRST) {
                alpha = (1 - g) * alpha + g;
            }
            cut(t, alpha);
            if (p.order() == Order.PAPER) {
                alpha = (1 - g) * alpha + g;
            }
        } else {
            pendingCutPs = decreaseBasePs + decPeriod;
        }
    }

    /**
     * Applies all timer events at times &le; now, in time order, and the delayed CNPs due by then, each after
     * the timer events up to its time.
     */
    private void advance(long now) {
        if (now < lastNow) {
            throw new IllegalArgumentException("time went backwards: " + now + " ps < " + lastNow + " ps");
        }
        lastNow = now;
        while (reactionDelay > 0 && !delayed.isEmpty() && delayed.first() <= now) {
            long t = delayed.poll();
            applyTimers(t);
            react(t);
        }
        applyTimers(now);
    }

    /** Applies all timer events at times &le; now, in time order. */
    private void applyTimers(long now) {
        if (!started) {
            return;
        }
        while (true) {
            long tCut = pendingCutPs;
            long tInc = nextIncreasePs;
            if (tCut <= now && tCut <= tInc) {
                pendingCutPs = NEVER;
                cut(tCut, commitAlpha(tCut));
                continue;
            }
            if (tInc > now) {
                return;
            }
            if (saturated) {
                long limit = Math.min(now, tCut == NEVER ? now : tCut - 1);
                if (tInc <= limit) {
                    long n = (limit - tInc) / incPeriod + 1;
                    timerStage = addCapped(timerStage, n);
                    nextIncreasePs = tInc + n * incPeriod;
                    continue;
                }
            }
            nextIncreasePs = tInc + incPeriod;
            increase(true);
        }
    }

    private void cut(long t, double a) {
        if (p.clampTargetRate() || (p.clampAfterTimerIncrease() && timerStage > 0)
                || (p.clampAfterByteIncrease() && byteStage > 0)) {
            rt = rc;
        }
        double fraction = p.decreaseGain() * a;
        if (p.minDecreaseFactor() > 0) {
            fraction = Math.min(fraction, 1 - p.minDecreaseFactor());
        }
        fraction = Math.min(fraction, 1);
        rc = Math.max(rMin, rc * (1 - fraction));
        cuts++;
        restartIncrease(t);
    }

    private void restartIncrease(long t) {
        timerStage = 0;
        byteStage = 0;
        byteCount = 0;
        firstIncreaseSinceCut = true;
        nextIncreasePs = timerEnabled ? t + incPeriod : NEVER;
        saturated = rc == rMax && rt == rMax;
    }

    /** One increase event from the timer ({@code byTimer}) or the byte counter (dcqcn.md §3.4). */
    private void increase(boolean byTimer) {
        if (p.stageIncrementFirst()) {
            bump(byTimer);
        }
        int s = byTimer ? timerStage : byteStage;
        int lo;
        int hi;
        if (timerEnabled && byteEnabled) {
            lo = Math.min(timerStage, byteStage);
            hi = Math.max(timerStage, byteStage);
        } else {
            lo = hi = s;
        }
        int stage; // 0 fast recovery, 1 additive, 2 hyper
        if (p.stageRule() == StageRule.PAPER) {
            int other = byTimer ? byteStage : timerStage;
            stage = s < f ? 0 : (other < f ? 1 : 2);
        } else {
            stage = lo > f ? 2 : (hi >= f ? 1 : 0);
        }
        if (p.qcnTargetQuirk() && firstIncreaseSinceCut && rt > 10 * rc) {
            rt = rt / 8;
        }
        firstIncreaseSinceCut = false;
        if (stage == 1) {
            rt = Math.min(rMax, rt + p.additiveIncreaseBps());
        } else if (stage == 2) {
            long step = p.hyperStep() == HyperStep.CONSTANT ? 1 : Math.max(1, (long) lo - f + 1);
            rt = Math.min(rMax, rt + step * (double) p.hyperIncreaseBps());
        }
        rc = (rt + rc) / 2;
        if (!p.stageIncrementFirst()) {
            bump(byTimer);
        }
        saturated = rc == rMax && rt == rMax;
    }

    private void bump(boolean byTimer) {
        if (byTimer) {
            timerStage = addCapped(timerStage, 1);
        } else {
            byteStage = addCapped(byteStage, 1);
        }
    }

    private static int addCapped(int stage, long n) {
        return (int) Math.min(COUNTER_CAP, stage + n);
    }

    /** First decrease tick strictly after {@code t} (ticks at base + k*W, k &ge; 1). */
    private long nextDecreaseTickAfter(long t) {
        long k = Math.max(1, Math.floorDiv(t - decreaseBasePs, decPeriod) + 1);
        return decreaseBasePs + k * decPeriod;
    }

    /** Applies the alpha ticks at times &le; t to the stored state and returns alpha at t. */
    private double commitAlpha(long t) {
        long k = Math.floorDiv(t - alphaOriginPs, alphaPeriod);
        if (k > alphaTicks) {
            alpha = decay(alpha, alphaCnpFlag, k - alphaTicks);
            alphaCnpFlag = false;
            alphaTicks = k;
        }
        return alpha;
    }

    private double alphaAt(long t) {
        long k = Math.floorDiv(t - alphaOriginPs, alphaPeriod);
        return k > alphaTicks ? decay(alpha, alphaCnpFlag, k - alphaTicks) : alpha;
    }

    /** {@code n} alpha ticks from {@code a}; the first one sees {@code cnp} (TIMER_DRIVEN flag). */
    private double decay(double a, boolean cnp, long n) {
        double keep = 1 - g;
        a = keep * a + (cnp ? g : 0);
        long rest = n - 1;
        if (rest <= 64) {
            for (long i = 0; i < rest; i++) {
                a *= keep;
            }
            return a;
        }
        return a * Math.pow(keep, rest);
    }

    private void restartPaperAlpha(long t, double a) {
        alpha = a;
        alphaOriginPs = t;
        alphaTicks = 0;
    }
}
