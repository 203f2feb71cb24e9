package org.lossless.experiments.scenario;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The {@code nic.dcqcn} section: a named parameter profile (reference/dcqcn.md §4) and the keys that
 * override it. An empty optional means "the profile's value"; the profiles' numbers live with the DCQCN
 * implementation, not here.
 *
 * @param profile              base parameter set
 * @param alphaGain            g, 0..1 ({@code alpha_gain})
 * @param alphaUpdatePeriodPs  alpha timer / decay interval, ps ({@code alpha_update_period})
 * @param rateDecreasePeriodPs RP decrease window, ps ({@code rate_decrease_period})
 * @param rateIncreaseTimerPs  rate-increase timer T, ps ({@code rate_increase_timer})
 * @param byteCounterBytes     byte counter B, bytes; 0 disables it ({@code byte_counter})
 * @param fastRecoverySteps    F ({@code fast_recovery_steps})
 * @param additiveIncreaseBps  R_AI ({@code additive_increase})
 * @param hyperIncreaseBps     R_HAI ({@code hyper_increase})
 * @param minRateBps           R_min ({@code min_rate})
 * @param cnpIntervalPs        NP: at most one CNP per QP per interval, ps; 0 = a CNP per marked packet ({@code cnp_interval})
 * @param cnpMode              where CNPs are coalesced ({@code cnp_mode})
 * @param initialAlpha         alpha at the start, 0..1 ({@code initial_alpha})
 * @param rateOnFirstCnpBps    rate set at the first CNP, 0 = off ({@code rate_on_first_cnp})
 * @param minDecreaseFactor    a cut keeps at least this fraction of the rate, 0..1 (mlx5 rpg_min_dec_fac / 100)
 *                             ({@code min_decrease_factor})
 * @param clampTargetRate      R_T := R_C on every cut ({@code clamp_target_rate})
 */
public record DcqcnConfig(Profile profile, OptionalDouble alphaGain, OptionalLong alphaUpdatePeriodPs,
                          OptionalLong rateDecreasePeriodPs, OptionalLong rateIncreaseTimerPs,
                          OptionalLong byteCounterBytes, OptionalInt fastRecoverySteps,
                          OptionalLong additiveIncreaseBps, OptionalLong hyperIncreaseBps, OptionalLong minRateBps,
                          OptionalLong cnpIntervalPs, Optional<CnpMode> cnpMode, OptionalDouble initialAlpha,
                          OptionalLong rateOnFirstCnpBps, OptionalDouble minDecreaseFactor,
                          Optional<Boolean> clampTargetRate) {
    public DcqcnConfig {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(cnpMode, "cnpMode");
        Objects.requireNonNull(clampTargetRate, "clampTargetRate");
        requireFraction("alpha_gain", alphaGain);
        requireFraction("initial_alpha", initialAlpha);
        requireFraction("min_decrease_factor", minDecreaseFactor);
        requireNonNegative("alpha_update_period", alphaUpdatePeriodPs);
        requireNonNegative("rate_decrease_period", rateDecreasePeriodPs);
        requireNonNegative("rate_increase_timer", rateIncreaseTimerPs);
        requireNonNegative("byte_counter", byteCounterBytes);
        requireNonNegative("additive_increase", additiveIncreaseBps);
        requireNonNegative("hyper_increase", hyperIncreaseBps);
        requireNonNegative("min_rate", minRateBps);
        requireNonNegative("cnp_interval", cnpIntervalPs);
        requireNonNegative("rate_on_first_cnp", rateOnFirstCnpBps);
        if (fastRecoverySteps.isPresent() && fastRecoverySteps.getAsInt() < 0) {
            throw new IllegalArgumentException("fast_recovery_steps must be >= 0");
        }
    }

    /** The profile with no overrides. */
    public static DcqcnConfig of(Profile profile) {
        return new DcqcnConfig(profile, OptionalDouble.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalLong.empty(), OptionalInt.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), Optional.empty(),
                OptionalDouble.empty(), OptionalLong.empty(), OptionalDouble.empty(), Optional.empty());
    }

    private static void requireFraction(String key, OptionalDouble v) {
        if (v.isPresent() && !(v.getAsDouble() >= 0 && v.getAsDouble() <= 1)) {
            throw new IllegalArgumentException(key + " must be in [0, 1], got " + v.getAsDouble());
        }
    }

    private static void requireNonNegative(String key, OptionalLong v) {
        if (v.isPresent() && v.getAsLong() < 0) {
            throw new IllegalArgumentException(key + " must be >= 0, got " + v.getAsLong());
        }
    }

    /** Named parameter sets of reference/dcqcn.md §4. */
    public enum Profile {
        /** SIGCOMM'15 defaults as restated by CoNEXT'16 (§4.1). */
        PAPER2015,
        /** NVIDIA ConnectX firmware defaults (§4.2). */
        MLX5,
        /** What the HPCC ns-3 simulator runs at 100 Gb/s (§4.3). */
        HPCC2019
    }

    /** Where CNPs are coalesced (reference/dcqcn.md §2). */
    public enum CnpMode {
        /** At the notification point: at most one CNP per QP per cnp_interval. */
        NP,
        /** At the reaction point: a CNP per marked packet, at most one cut per decrease window. */
        RP
    }
}
