package org.lossless.nic.importers;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongFunction;
import org.lossless.core.units.Units;

/**
 * One mlx5 sysfs knob (hardware.md §3): its scenario key and unit conversion, or why it is
 * ignored. The table is the documentation of {@code lossless import mlx5} (docs/dcqcn-import.md).
 *
 * @param side    "roce_rp" or "roce_np"
 * @param file    file name under that directory
 * @param key     scenario key path, or null when ignored
 * @param unit    the file's unit, for the docs
 * @param max     largest accepted value
 * @param convert value to unit string
 * @param reason  why an ignored knob is ignored
 */
record Mlx5Knob(String side, String file, String key, String unit, long max, LongFunction<String> conversion,
                String reason) {
    private static final Map<String, Mlx5Knob> TABLE = new LinkedHashMap<>();
    private static final long U32 = 0xFFFF_FFFFL;

    static {
        rp("clamp_tgt_rate", "nic.dcqcn.clamp_target_rate", "bool", 1, Mlx5Knob::bool);
        rp("clamp_tgt_rate_after_time_inc", "nic.dcqcn.clamp_after_timer_increase", "bool", 1, Mlx5Knob::bool);
        rp("rpg_time_reset", "nic.dcqcn.rate_increase_timer", "µs", U32, v -> Units.formatTime(v * 1_000_000L));
        rp("rpg_byte_reset", "nic.dcqcn.byte_counter", "64 B (unverified)", U32, v -> Units.formatSize(v * 64));
        rp("rpg_threshold", "nic.dcqcn.fast_recovery_steps", "events", 1_000_000, Long::toString);
        rp("rpg_ai_rate", "nic.dcqcn.additive_increase", "Mb/s", U32, Mlx5Knob::mbps);
        rp("rpg_hai_rate", "nic.dcqcn.hyper_increase", "Mb/s", U32, Mlx5Knob::mbps);
        rp("rpg_gd", "nic.dcqcn.decrease_gain", "log2(Gd)", 16, Mlx5Knob::gain);
        rp("rpg_min_dec_fac", "nic.dcqcn.min_decrease_factor", "%", 100, v -> v + "%");
        rp("rpg_max_rate", "nic.dcqcn.max_rate", "Mb/s (0 = line rate)", U32, Mlx5Knob::mbps);
        rp("rpg_min_rate", "nic.dcqcn.min_rate", "Mb/s", U32, Mlx5Knob::mbps);
        rp("rate_to_set_on_first_cnp", "nic.dcqcn.rate_on_first_cnp", "Mb/s (0 = off)", U32, Mlx5Knob::mbps);
        rp("dce_tcp_g", "nic.dcqcn.alpha_gain", "1/1024 weight G; gain (1024-G)/1024", 1024,
            v -> (1024 - v) + "/1024");
        rp("dce_tcp_rtt", "nic.dcqcn.alpha_update_period", "µs", U32, v -> Units.formatTime(v * 1_000_000L));
        rp("rate_reduce_monitor_period", "nic.dcqcn.rate_decrease_period", "µs", U32,
            v -> Units.formatTime(v * 1_000_000L));
        rp("initial_alpha_value", "nic.dcqcn.initial_alpha", "1/1024", 1024, v -> v + "/1024");
        np("min_time_between_cnps", "nic.dcqcn.cnp_interval", "µs", U32, v -> Units.formatTime(v * 1_000_000L));
        np("cnp_dscp", "nic.cnp_dscp", "DSCP", 63, Long::toString);
        np("cnp_802p_prio", "nic.cnp_priority", "PCP", 7, Long::toString);
        ignore("roce_np", "cnp_prio_mode", "whether cnp_802p_prio applies (1) or the QP's priority; the simulator"
            + " always sends CNPs on nic.cnp_priority");
        ignore("roce_np", "rtt_resp_dscp", "RTT-response packets (not DCQCN)");
        ignore("roce_np", "rtt_resp_dscp_valid", "RTT-response packets (not DCQCN)");
        ignore("roce_rp", "rtt_resp_dscp", "RTT-response packets (not DCQCN)");
        ignore("roce_rp", "rtt_resp_dscp_valid", "RTT-response packets (not DCQCN)");
    }

    /** The knob {@code side/file}, or null. */
    static Mlx5Knob find(String side, String file) {
        return TABLE.get(side + "/" + file);
    }

    /** All knobs in documentation order. */
    static Iterable<Mlx5Knob> all() {
        return TABLE.values();
    }

    String convert(long v, String path) {
        if (v > max) {
            throw new IllegalArgumentException(path + ": value " + v + " out of range for " + file + " (0.." + max
                + ", unit " + unit + ")");
        }
        return conversion.apply(v);
    }

    private static void rp(String file, String key, String unit, long max, LongFunction<String> c) {
        TABLE.put("roce_rp/" + file, new Mlx5Knob("roce_rp", file, key, unit, max, c, null));
    }

    private static void np(String file, String key, String unit, long max, LongFunction<String> c) {
        TABLE.put("roce_np/" + file, new Mlx5Knob("roce_np", file, key, unit, max, c, null));
    }

    private static void ignore(String side, String file, String reason) {
        TABLE.put(side + "/" + file, new Mlx5Knob(side, file, null, "", U32, null, reason));
    }

    private static String bool(long v) {
        return v == 1 ? "true" : "false";
    }

    private static String mbps(long v) {
        return Units.formatRate(v * 1_000_000L);
    }

    /** rpg_gd: cut = rate * alpha(1/1024 units) / 2^gd = rate * alpha * 2^(10 - gd). */
    private static String gain(long gd) {
        return gd >= 10 ? "1/" + (1L << (gd - 10)) : Long.toString(1L << (10 - gd));
    }
}
