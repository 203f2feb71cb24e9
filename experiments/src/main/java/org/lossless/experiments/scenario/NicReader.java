package org.lossless.experiments.scenario;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Reads {@code nic}: MTU, congestion control and the DCQCN profile with its overrides. */
final class NicReader {
    static final String[] DCQCN_KEYS = {"profile", "alpha_gain", "alpha_update_period", "rate_decrease_period",
        "rate_increase_timer", "byte_counter", "fast_recovery_steps", "additive_increase", "hyper_increase",
        "min_rate", "cnp_interval", "cnp_mode", "initial_alpha", "rate_on_first_cnp", "min_decrease_factor",
        "clamp_target_rate"};

    private NicReader() {
    }

    static NicConfig read(Cursor c) {
        c.object("mtu", "cc", "dcqcn");
        Cursor mtuKey = c.key("mtu");
        long mtu = mtuKey.size(Defaults.MTU_BYTES);
        if (mtu < NicConfig.MIN_MTU || mtu > NicConfig.MAX_MTU) {
            throw mtuKey.error(Units.formatSize(mtu) + " is out of range: the MTU (RDMA payload per packet) must be "
                    + NicConfig.MIN_MTU + " to " + NicConfig.MAX_MTU + " bytes, e.g. 1024 or 4096");
        }
        NicConfig.CongestionControl cc = c.key("cc").choice(NicConfig.CongestionControl.class, Defaults.CC);
        return new NicConfig((int) mtu, cc, dcqcn(c.key("dcqcn")));
    }

    static DcqcnConfig dcqcn(Cursor c) {
        c.object(DCQCN_KEYS);
        DcqcnConfig.Profile profile = c.key("profile").choice(DcqcnConfig.Profile.class, Defaults.DCQCN_PROFILE);
        Cursor fr = c.key("fast_recovery_steps");
        Cursor mode = c.key("cnp_mode");
        Cursor clamp = c.key("clamp_target_rate");
        return new DcqcnConfig(profile,
                fraction(c.key("alpha_gain")),
                time(c.key("alpha_update_period")),
                time(c.key("rate_decrease_period")),
                time(c.key("rate_increase_timer")),
                c.key("byte_counter").present() ? OptionalLong.of(c.key("byte_counter").size()) : OptionalLong.empty(),
                fr.present() ? OptionalInt.of((int) fr.integer(0, 1000)) : OptionalInt.empty(),
                rate(c.key("additive_increase")),
                rate(c.key("hyper_increase")),
                rate(c.key("min_rate")),
                time(c.key("cnp_interval")),
                mode.present() ? Optional.of(mode.choice(DcqcnConfig.CnpMode.class)) : Optional.empty(),
                fraction(c.key("initial_alpha")),
                rate(c.key("rate_on_first_cnp")),
                fraction(c.key("min_decrease_factor")),
                clamp.present() ? Optional.of(clamp.bool(false)) : Optional.empty());
    }

    private static OptionalDouble fraction(Cursor c) {
        return c.present() ? OptionalDouble.of(c.fraction()) : OptionalDouble.empty();
    }

    private static OptionalLong time(Cursor c) {
        return c.present() ? OptionalLong.of(c.timePs()) : OptionalLong.empty();
    }

    private static OptionalLong rate(Cursor c) {
        return c.present() ? OptionalLong.of(c.rateBps()) : OptionalLong.empty();
    }
}
