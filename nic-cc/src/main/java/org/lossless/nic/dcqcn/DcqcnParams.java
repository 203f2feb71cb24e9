package org.lossless.nic.dcqcn;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Complete DCQCN configuration of one NIC: notification point, reaction point and the profile's
 * order of operations (reference dcqcn.md §2-4). Times in ps, rates in bps, sizes in bytes,
 * alpha and gains as fractions in [0, 1]. Scenario keys ({@code nic.dcqcn.<key>}) are declared in
 * {@link DcqcnSchema}; {@code docs/dcqcn-profiles.md} tabulates the three built-in profiles.
 *
 * @param profile                  name of the profile the values started from
 * @param lineRateBps              NIC line rate; the maximum rate when {@code maxRateBps} is 0
 * @param order                    order of operations on congestion
 * @param cnpMode                  how the NP reports CE marks
 * @param cnpIntervalPs            NP coalescing interval tau per QP (ignored in RP mode)
 * @param cnpDelayPs               fixed CNP-generation delay at the NP
 * @param cnpScope                 whether {@code cnpIntervalPs} is counted per QP or per NIC port (mode NP only)
 * @param reactionDelayPs          fixed delay from a CNP's (or CNP flag's) arrival at the sending NIC until its
 *                                 reaction point acts on it
 * @param alphaGain                g: alpha := (1-g)alpha + g on congestion, (1-g)alpha on decay
 * @param alphaUpdatePeriodPs      tau' (PAPER: decay after tau' without CNP) or the alpha timer period
 * @param initialAlpha             alpha when the first CNP starts the QP's timers
 * @param rateDecreasePeriodPs     RP window W: at most one cut per W (TIMER_DRIVEN only; 0 = cut per CNP)
 * @param rateDecreaseOffsetPs     offset of the decrease ticks after the first CNP (HPCC: 1 ns)
 * @param firstCnpCut              TIMER_DRIVEN: cut at the first CNP or at the next tick
 * @param rateOnFirstCnpBps        absolute rate set by the first CNP instead of a cut (0 = off)
 * @param decreaseGain             cut = R_C * decreaseGain * alpha (1/2; mlx5: 1024/2^rpg_gd)
 * @param minDecreaseFactor        new rate &ge; this fraction of the old per cut (mlx5 0.5; 0 = no cap)
 * @param clampTargetRate          R_T := R_C on every cut
 * @param clampAfterTimerIncrease  R_T := R_C on a cut if a timer increase happened since the last cut
 * @param clampAfterByteIncrease   R_T := R_C on a cut if a byte-counter increase happened since the last cut
 * @param rateIncreaseTimerPs      T: increase event every T without a cut (0 = disabled)
 * @param byteCounterBytes         B: increase event per B bytes sent (0 = disabled)
 * @param fastRecoverySteps        F
 * @param additiveIncreaseBps      R_AI
 * @param hyperIncreaseBps         R_HAI
 * @param stageRule                classification of increase events
 * @param stageIncrementFirst      increment the firing counter before classifying (authors' ns-3: F-1 fast-recovery events)
 * @param hyperStep                constant or progressive hyper step
 * @param qcnTargetQuirk           authors' ns-3 quirk: at the first increase after a cut, R_T &gt; 10 R_C gives R_T := R_T/8
 * @param minRateBps               R_min
 * @param maxRateBps               R_max (0 = line rate)
 */
public record DcqcnParams(
    String profile,
    long lineRateBps,
    Order order,
    CnpMode cnpMode,
    long cnpIntervalPs,
    long cnpDelayPs,
    CnpScope cnpScope,
    long reactionDelayPs,
    double alphaGain,
    long alphaUpdatePeriodPs,
    double initialAlpha,
    long rateDecreasePeriodPs,
    long rateDecreaseOffsetPs,
    FirstCnpCut firstCnpCut,
    long rateOnFirstCnpBps,
    double decreaseGain,
    double minDecreaseFactor,
    boolean clampTargetRate,
    boolean clampAfterTimerIncrease,
    boolean clampAfterByteIncrease,
    long rateIncreaseTimerPs,
    long byteCounterBytes,
    int fastRecoverySteps,
    long additiveIncreaseBps,
    long hyperIncreaseBps,
    StageRule stageRule,
    boolean stageIncrementFirst,
    HyperStep hyperStep,
    boolean qcnTargetQuirk,
    long minRateBps,
    long maxRateBps) {

    /** Key prefix in scenario files. */
    public static final String PREFIX = "nic.dcqcn.";

    public DcqcnParams {
        if (profile == null || profile.isBlank()) {
            throw new IllegalArgumentException(PREFIX + "profile must not be empty");
        }
        if (order == null || cnpMode == null || cnpScope == null || firstCnpCut == null || stageRule == null
            || hyperStep == null) {
            throw new IllegalArgumentException(PREFIX + "order, cnp_mode, cnp_scope, first_cnp_cut,"
                + " increase_stage_rule and hyper_step must all be set");
        }
        positive(lineRateBps, "line rate (lineRateBps)");
        nonNegative(cnpIntervalPs, "cnp_interval");
        nonNegative(cnpDelayPs, "cnp_delay");
        nonNegative(reactionDelayPs, "reaction_delay");
        if (cnpScope == CnpScope.PORT && cnpMode != CnpMode.NP) {
            throw new IllegalArgumentException(PREFIX + "cnp_scope port needs cnp_mode np (a port-wide CNP interval"
                + " limits the CNPs the NP sends at once; cnp_mode " + cnpMode.key() + " has no such limiter)");
        }
        if (cnpMode == CnpMode.NP_SAMPLED && cnpIntervalPs == 0) {
            throw new IllegalArgumentException(PREFIX + "cnp_interval must be > 0 with cnp_mode np_sampled");
        }
        fraction(alphaGain, "alpha_gain");
        positive(alphaUpdatePeriodPs, "alpha_update_period");
        fraction(initialAlpha, "initial_alpha");
        nonNegative(rateDecreasePeriodPs, "rate_decrease_period");
        nonNegative(rateDecreaseOffsetPs, "rate_decrease_offset");
        if (order != Order.TIMER_DRIVEN && (rateDecreasePeriodPs != 0 || rateDecreaseOffsetPs != 0)) {
            throw new IllegalArgumentException(PREFIX + "rate_decrease_period and rate_decrease_offset need order"
                + " timer_driven (order " + order.key() + " cuts once per CNP); got rate_decrease_period "
                + rateDecreasePeriodPs + " ps");
        }
        if (rateDecreasePeriodPs > 0 && rateDecreaseOffsetPs >= rateDecreasePeriodPs) {
            throw new IllegalArgumentException(PREFIX + "rate_decrease_offset must be shorter than"
                + " rate_decrease_period, got " + rateDecreaseOffsetPs + " ps >= " + rateDecreasePeriodPs + " ps");
        }
        nonNegative(rateOnFirstCnpBps, "rate_on_first_cnp");
        if (!(decreaseGain > 0 && decreaseGain <= 64)) {
            throw new IllegalArgumentException(PREFIX + "decrease_gain must be in (0, 64], got " + decreaseGain);
        }
        fraction(minDecreaseFactor, "min_decrease_factor");
        nonNegative(rateIncreaseTimerPs, "rate_increase_timer");
        nonNegative(byteCounterBytes, "byte_counter");
        if (fastRecoverySteps < 0 || fastRecoverySteps > 1_000_000) {
            throw new IllegalArgumentException(PREFIX + "fast_recovery_steps must be in [0, 1000000], got "
                + fastRecoverySteps);
        }
        nonNegative(additiveIncreaseBps, "additive_increase");
        nonNegative(hyperIncreaseBps, "hyper_increase");
        positive(minRateBps, "min_rate");
        nonNegative(maxRateBps, "max_rate");
        long max = maxRateBps == 0 ? lineRateBps : maxRateBps;
        if (minRateBps > max) {
            throw new IllegalArgumentException(PREFIX + "min_rate (" + minRateBps + " bps) must not exceed the"
                + " maximum rate (" + max + " bps" + (maxRateBps == 0 ? ", the line rate" : "") + ")");
        }
    }

    /** The built-in profile {@code name} (paper2015, mlx5, hpcc2019) for a NIC of {@code lineRateBps}. */
    public static DcqcnParams profile(String name, long lineRateBps) {
        return DcqcnProfiles.of(name, lineRateBps);
    }

    /**
     * The profile {@code name} with {@code overrides} applied, checked once as a whole: a profile default that
     * does not suit this line rate (min_rate above a slow link) is fine when an override replaces it.
     */
    public static DcqcnParams profile(String name, long lineRateBps, Map<String, String> overrides) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("profile", name);
        all.putAll(overrides);
        return DcqcnSchema.params(DcqcnSchema.parse(all), lineRateBps);
    }

    /**
     * Resolves scenario settings: {@code profile} (default {@code defaultProfile}) then every other
     * key as an override. Keys may carry the {@code nic.dcqcn.} prefix.
     */
    public static DcqcnParams resolve(Map<String, String> settings, String defaultProfile, long lineRateBps) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("profile", defaultProfile);
        for (Map.Entry<String, String> e : settings.entrySet()) {
            all.put(DcqcnSchema.strip(e.getKey()), e.getValue());
        }
        return DcqcnSchema.params(DcqcnSchema.parse(all), lineRateBps);
    }

    /**
     * A copy with {@code overrides} applied: key (with or without {@code nic.dcqcn.}) to a unit
     * string ("55us", "40Mbps", "10MB", "1/256", "true", "np"). Unknown keys and bad values throw
     * {@link IllegalArgumentException} naming the key path (with a "did you mean" where close).
     */
    public DcqcnParams override(Map<String, String> overrides) {
        return overrides.isEmpty() ? this : DcqcnSchema.override(this, DcqcnSchema.parse(overrides));
    }

    /** Every key with its value in canonical unit strings, in documentation order (for resolved output). */
    public Map<String, String> toSettings() {
        return DcqcnSchema.settings(this);
    }

    /** R_max in bps: {@code maxRateBps}, or the line rate when that is 0. */
    public long effectiveMaxRateBps() {
        return maxRateBps == 0 ? lineRateBps : maxRateBps;
    }

    /** A copy for a NIC of another line rate (profile-derived rates are not rescaled). */
    public DcqcnParams withLineRate(long bps) {
        Builder b = toBuilder();
        b.lineRateBps = bps;
        return b.build();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void positive(long v, String key) {
        if (v <= 0) {
            throw new IllegalArgumentException(PREFIX + key + " must be > 0, got " + v);
        }
    }

    private static void nonNegative(long v, String key) {
        if (v < 0) {
            throw new IllegalArgumentException(PREFIX + key + " must be >= 0, got " + v);
        }
    }

    private static void fraction(double v, String key) {
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException(PREFIX + key + " must be in [0, 1], got " + v);
        }
    }

    /** Mutable copy used to build profiles and apply overrides; {@link #build()} validates. */
    public static final class Builder {
        public String profile;
        public long lineRateBps;
        public Order order;
        public CnpMode cnpMode;
        public long cnpIntervalPs;
        public long cnpDelayPs;
        public CnpScope cnpScope = CnpScope.QP;
        public long reactionDelayPs;
        public double alphaGain;
        public long alphaUpdatePeriodPs;
        public double initialAlpha;
        public long rateDecreasePeriodPs;
        public long rateDecreaseOffsetPs;
        public FirstCnpCut firstCnpCut = FirstCnpCut.IMMEDIATE;
        public long rateOnFirstCnpBps;
        public double decreaseGain = 0.5;
        public double minDecreaseFactor;
        public boolean clampTargetRate;
        public boolean clampAfterTimerIncrease;
        public boolean clampAfterByteIncrease;
        public long rateIncreaseTimerPs;
        public long byteCounterBytes;
        public int fastRecoverySteps;
        public long additiveIncreaseBps;
        public long hyperIncreaseBps;
        public StageRule stageRule = StageRule.PAPER;
        public boolean stageIncrementFirst;
        public HyperStep hyperStep = HyperStep.CONSTANT;
        public boolean qcnTargetQuirk;
        public long minRateBps;
        public long maxRateBps;

        public Builder() {
        }

        Builder(DcqcnParams p) {
            profile = p.profile;
            lineRateBps = p.lineRateBps;
            order = p.order;
            cnpMode = p.cnpMode;
            cnpIntervalPs = p.cnpIntervalPs;
            cnpDelayPs = p.cnpDelayPs;
            cnpScope = p.cnpScope;
            reactionDelayPs = p.reactionDelayPs;
            alphaGain = p.alphaGain;
            alphaUpdatePeriodPs = p.alphaUpdatePeriodPs;
            initialAlpha = p.initialAlpha;
            rateDecreasePeriodPs = p.rateDecreasePeriodPs;
            rateDecreaseOffsetPs = p.rateDecreaseOffsetPs;
            firstCnpCut = p.firstCnpCut;
            rateOnFirstCnpBps = p.rateOnFirstCnpBps;
            decreaseGain = p.decreaseGain;
            minDecreaseFactor = p.minDecreaseFactor;
            clampTargetRate = p.clampTargetRate;
            clampAfterTimerIncrease = p.clampAfterTimerIncrease;
            clampAfterByteIncrease = p.clampAfterByteIncrease;
            rateIncreaseTimerPs = p.rateIncreaseTimerPs;
            byteCounterBytes = p.byteCounterBytes;
            fastRecoverySteps = p.fastRecoverySteps;
            additiveIncreaseBps = p.additiveIncreaseBps;
            hyperIncreaseBps = p.hyperIncreaseBps;
            stageRule = p.stageRule;
            stageIncrementFirst = p.stageIncrementFirst;
            hyperStep = p.hyperStep;
            qcnTargetQuirk = p.qcnTargetQuirk;
            minRateBps = p.minRateBps;
            maxRateBps = p.maxRateBps;
        }

        public DcqcnParams build() {
            return new DcqcnParams(profile, lineRateBps, order, cnpMode, cnpIntervalPs, cnpDelayPs, cnpScope,
                reactionDelayPs, alphaGain,
                alphaUpdatePeriodPs, initialAlpha, rateDecreasePeriodPs, rateDecreaseOffsetPs, firstCnpCut,
                rateOnFirstCnpBps, decreaseGain, minDecreaseFactor, clampTargetRate, clampAfterTimerIncrease,
                clampAfterByteIncrease, rateIncreaseTimerPs, byteCounterBytes, fastRecoverySteps, additiveIncreaseBps, hyperIncreaseBps,
                stageRule, stageIncrementFirst, hyperStep, qcnTargetQuirk, minRateBps, maxRateBps);
        }
    }
}
