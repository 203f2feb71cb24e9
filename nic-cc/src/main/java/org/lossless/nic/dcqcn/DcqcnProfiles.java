package org.lossless.nic.dcqcn;

import org.lossless.core.text.DidYouMean;

import java.util.List;

/**
 * The three named profiles of reference dcqcn.md §4; docs/dcqcn-profiles.md has them as tables
 * with sources. Each starts the QP's timers at its first CNP (idle QPs cost nothing).
 */
public final class DcqcnProfiles {
    public static final String PAPER2015 = "paper2015";
    public static final String MLX5 = "mlx5";
    public static final String HPCC2019 = "hpcc2019";
    /** Names accepted by {@link #of}. */
    public static final List<String> NAMES = List.of(PAPER2015, MLX5, HPCC2019);

    private static final long US = 1_000_000L;
    private static final long MBPS = 1_000_000L;

    private DcqcnProfiles() {
    }

    /** The profile {@code name} for a NIC of {@code lineRateBps}; unknown names throw with a suggestion. */
    public static DcqcnParams of(String name, long lineRateBps) {
        return builder(name, lineRateBps).build();
    }

    /** The profile's settings, not yet checked: overrides go on top before {@link DcqcnParams.Builder#build()}. */
    static DcqcnParams.Builder builder(String name, long lineRateBps) {
        return switch (name) {
            case PAPER2015 -> paper2015Builder(lineRateBps);
            case MLX5 -> mlx5Builder(lineRateBps);
            case HPCC2019 -> hpcc2019Builder(lineRateBps);
            default -> throw new IllegalArgumentException(DcqcnParams.PREFIX + "profile: unknown profile '" + name
                + "'" + DidYouMean.suffix(name, NAMES) + " (allowed: " + String.join(", ", NAMES) + ")");
        };
    }

    /** SIGCOMM'15 defaults as restated by CoNEXT'16 (dcqcn.md §4.1). */
    public static DcqcnParams paper2015(long lineRateBps) {
        return paper2015Builder(lineRateBps).build();
    }

    static DcqcnParams.Builder paper2015Builder(long lineRateBps) {
        DcqcnParams.Builder b = new DcqcnParams.Builder();
        b.profile = PAPER2015;
        b.lineRateBps = lineRateBps;
        b.order = Order.PAPER;
        b.cnpMode = CnpMode.NP;
        b.cnpIntervalPs = 50 * US;
        b.alphaGain = 1.0 / 256;
        b.alphaUpdatePeriodPs = 55 * US;
        b.initialAlpha = 1.0;
        b.decreaseGain = 0.5;
        b.minDecreaseFactor = 0;
        b.clampTargetRate = true;
        b.clampAfterTimerIncrease = false;
        b.clampAfterByteIncrease = false;     // moot: R_T := R_C on every cut
        b.rateIncreaseTimerPs = 55 * US;
        b.byteCounterBytes = 10_000_000L;
        b.fastRecoverySteps = 5;
        b.additiveIncreaseBps = 40 * MBPS;
        b.hyperIncreaseBps = 200 * MBPS;
        b.stageRule = StageRule.PAPER;
        b.hyperStep = HyperStep.PROGRESSIVE;
        b.minRateBps = 100 * MBPS;
        return b;
    }

    /** NVIDIA ConnectX firmware defaults (dcqcn.md §4.2, hardware.md §3). */
    public static DcqcnParams mlx5(long lineRateBps) {
        return mlx5Builder(lineRateBps).build();
    }

    static DcqcnParams.Builder mlx5Builder(long lineRateBps) {
        DcqcnParams.Builder b = new DcqcnParams.Builder();
        b.profile = MLX5;
        b.lineRateBps = lineRateBps;
        b.order = Order.TIMER_DRIVEN;
        b.cnpMode = CnpMode.NP;
        b.cnpIntervalPs = 2 * US;             // min_time_between_cnps in the firmware dump (4 on older firmware)
        b.cnpScope = CnpScope.QP;             // per QP, as NSDI'23 ran it; some firmware counts per port
        b.alphaGain = 5.0 / 1024;             // (1024 - dce_tcp_g 1019) / 1024
        b.alphaUpdatePeriodPs = 1 * US;       // dce_tcp_rtt
        b.initialAlpha = 1023.0 / 1024;       // initial_alpha_value
        b.rateDecreasePeriodPs = 4 * US;      // rate_reduce_monitor_period
        b.firstCnpCut = FirstCnpCut.NEXT_WINDOW; // "reduced at the beginning of the next rate_reduce_monitor_period"
        b.rateOnFirstCnpBps = 0;
        b.decreaseGain = 0.5;                 // 1024 / 2^rpg_gd(11)
        b.minDecreaseFactor = 0.5;            // rpg_min_dec_fac 50 %
        b.clampTargetRate = false;
        b.clampAfterTimerIncrease = true;
        // the firmware clamps after a byte-counter increase whatever clamp_tgt_rate_after_time_inc says: that flag
        // makes it clamp "if the transmission rate was increased due to the timer, and not only due to the byte
        // counter" (mlx5 driver and mlxconfig texts; dcqcn-profiles.md)
        b.clampAfterByteIncrease = true;
        b.rateIncreaseTimerPs = 300 * US;     // rpg_time_reset
        b.byteCounterBytes = 32767L * 64;     // rpg_byte_reset in 64-B units (unit unverified)
        b.fastRecoverySteps = 1;              // rpg_threshold
        b.additiveIncreaseBps = 5 * MBPS;
        b.hyperIncreaseBps = 50 * MBPS;
        b.stageRule = StageRule.MELLANOX;
        b.hyperStep = HyperStep.CONSTANT;
        b.minRateBps = 1 * MBPS;
        return b;
    }

    /**
     * The HPCC ns-3 simulator's {@code run.py --cc dcqcn} (dcqcn.md §4.3). R_AI and R_HAI scale with
     * the host link speed as 5 and 50 Mb/s per 25 Gb/s.
     */
    public static DcqcnParams hpcc2019(long lineRateBps) {
        return hpcc2019Builder(lineRateBps).build();
    }

    static DcqcnParams.Builder hpcc2019Builder(long lineRateBps) {
        DcqcnParams.Builder b = new DcqcnParams.Builder();
        b.profile = HPCC2019;
        b.lineRateBps = lineRateBps;
        b.order = Order.TIMER_DRIVEN;
        b.cnpMode = CnpMode.RP;
        b.cnpIntervalPs = 0;
        b.alphaGain = 1.0 / 256;              // EWMA_GAIN
        b.alphaUpdatePeriodPs = 1 * US;       // ALPHA_RESUME_INTERVAL
        b.initialAlpha = 1.0;
        b.rateDecreasePeriodPs = 4 * US;      // RATE_DECREASE_INTERVAL
        b.rateDecreaseOffsetPs = 1_000;       // decrease check 1 ns after the alpha tick
        b.firstCnpCut = FirstCnpCut.NEXT_WINDOW;
        b.decreaseGain = 0.5;
        b.minDecreaseFactor = 0;
        b.clampTargetRate = false;            // CLAMP_TARGET_RATE 0
        b.clampAfterTimerIncrease = true;     // clamps when its timer stage > 0
        b.clampAfterByteIncrease = false;     // no byte counter
        b.rateIncreaseTimerPs = 300 * US;     // RP_TIMER
        b.byteCounterBytes = 0;               // timer-only increase
        b.fastRecoverySteps = 1;              // FAST_RECOVERY_TIMES
        b.additiveIncreaseBps = lineRateBps / 5000;   // 5 Mb/s per 25 Gb/s
        b.hyperIncreaseBps = lineRateBps / 500;       // 50 Mb/s per 25 Gb/s
        b.stageRule = StageRule.MELLANOX;
        b.hyperStep = HyperStep.CONSTANT;
        b.minRateBps = Math.min(1_000 * MBPS, lineRateBps);  // MIN_RATE 1000Mb/s
        return b;
    }
}
