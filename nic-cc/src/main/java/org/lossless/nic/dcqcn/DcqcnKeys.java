package org.lossless.nic.dcqcn;

import org.lossless.core.text.DidYouMean;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.lossless.core.units.Units;

/**
 * The {@code nic.dcqcn.*} scenario keys: their value kind, how a unit string sets a
 * {@link DcqcnParams.Builder} field, and how a value is written back in canonical units.
 */
public final class DcqcnKeys {
    /** Value kinds, for documentation and error messages. */
    public enum Kind { TIME, RATE, SIZE, FRACTION, INT, BOOL, ENUM }

    /** One key. */
    public record Key(String name, Kind kind, String meaning,
                      Function<DcqcnParams, String> format, BiConsumer<DcqcnParams.Builder, String> parse) {
    }

    private static final Map<String, Key> KEYS = new LinkedHashMap<>();

    static {
        time("cnp_interval", "NP: at most one CNP per QP per interval (np, np_sampled)",
            p -> p.cnpIntervalPs(), (b, v) -> b.cnpIntervalPs = v);
        enumKey("cnp_mode", "NP behaviour: np (coalescing), np_sampled, rp (report every CE)", CnpMode.values(),
            p -> p.cnpMode().key(), (b, v) -> b.cnpMode = CnpMode.valueOf(v));
        time("cnp_delay", "NP: fixed CNP-generation delay", p -> p.cnpDelayPs(), (b, v) -> b.cnpDelayPs = v);
        enumKey("cnp_scope", "NP: cnp_interval counted per qp or per NIC port (np mode)", CnpScope.values(),
            p -> p.cnpScope().key(), (b, v) -> b.cnpScope = CnpScope.valueOf(v));
        time("reaction_delay", "RP: fixed delay from a CNP's arrival until the reaction point acts on it",
            p -> p.reactionDelayPs(), (b, v) -> b.reactionDelayPs = v);
        enumKey("order", "order of operations: paper, alpha_first, timer_driven", Order.values(),
            p -> p.order().key(), (b, v) -> b.order = Order.valueOf(v));
        fraction("alpha_gain", "g", p -> p.alphaGain(), (b, v) -> b.alphaGain = v);
        time("alpha_update_period", "tau' (paper: decay after tau' without CNP) or the alpha timer period",
            p -> p.alphaUpdatePeriodPs(), (b, v) -> b.alphaUpdatePeriodPs = v);
        fraction("initial_alpha", "alpha at the first CNP", p -> p.initialAlpha(), (b, v) -> b.initialAlpha = v);
        time("rate_decrease_period", "RP window: at most one cut per period (timer_driven; 0 = per CNP)",
            p -> p.rateDecreasePeriodPs(), (b, v) -> b.rateDecreasePeriodPs = v);
        time("rate_decrease_offset", "decrease ticks at first CNP + offset + k*period",
            p -> p.rateDecreaseOffsetPs(), (b, v) -> b.rateDecreaseOffsetPs = v);
        enumKey("first_cnp_cut", "timer_driven: the first CNP cuts immediately or at the next tick",
            FirstCnpCut.values(), p -> p.firstCnpCut().key(), (b, v) -> b.firstCnpCut = FirstCnpCut.valueOf(v));
        rate("rate_on_first_cnp", "rate set by the first CNP instead of a cut (0 = off)",
            p -> p.rateOnFirstCnpBps(), (b, v) -> b.rateOnFirstCnpBps = v);
        fraction("decrease_gain", "cut = R_C * decrease_gain * alpha", p -> p.decreaseGain(),
            (b, v) -> b.decreaseGain = v);
        fraction("min_decrease_factor", "a cut leaves at least this fraction of the rate (0 = no cap)",
            p -> p.minDecreaseFactor(), (b, v) -> b.minDecreaseFactor = v);
        bool("clamp_target_rate", "R_T := R_C on every cut", p -> p.clampTargetRate(),
            (b, v) -> b.clampTargetRate = v);
        bool("clamp_after_timer_increase", "R_T := R_C on a cut after a timer increase",
            p -> p.clampAfterTimerIncrease(), (b, v) -> b.clampAfterTimerIncrease = v);
        bool("clamp_after_byte_increase", "R_T := R_C on a cut after a byte-counter increase",
            p -> p.clampAfterByteIncrease(), (b, v) -> b.clampAfterByteIncrease = v);
        time("rate_increase_timer", "T (0 = disabled)", p -> p.rateIncreaseTimerPs(),
            (b, v) -> b.rateIncreaseTimerPs = v);
        size("byte_counter", "B (0 = disabled)", p -> p.byteCounterBytes(), (b, v) -> b.byteCounterBytes = v);
        integer("fast_recovery_steps", "F", p -> p.fastRecoverySteps(), (b, v) -> b.fastRecoverySteps = v);
        rate("additive_increase", "R_AI", p -> p.additiveIncreaseBps(), (b, v) -> b.additiveIncreaseBps = v);
        rate("hyper_increase", "R_HAI", p -> p.hyperIncreaseBps(), (b, v) -> b.hyperIncreaseBps = v);
        enumKey("increase_stage_rule", "paper or mellanox classification of increase events", StageRule.values(),
            p -> p.stageRule().key(), (b, v) -> b.stageRule = StageRule.valueOf(v));
        bool("stage_increment_first", "count the event before classifying it (authors' ns-3)",
            p -> p.stageIncrementFirst(), (b, v) -> b.stageIncrementFirst = v);
        enumKey("hyper_step", "constant or progressive hyper-increase step", HyperStep.values(),
            p -> p.hyperStep().key(), (b, v) -> b.hyperStep = HyperStep.valueOf(v));
        bool("qcn_target_quirk", "authors' ns-3: R_T > 10 R_C at the first increase gives R_T/8",
            p -> p.qcnTargetQuirk(), (b, v) -> b.qcnTargetQuirk = v);
        rate("min_rate", "R_min", p -> p.minRateBps(), (b, v) -> b.minRateBps = v);
        rate("max_rate", "R_max (0 = line rate)", p -> p.maxRateBps(), (b, v) -> b.maxRateBps = v);
    }

    private DcqcnKeys() {
    }

    /** Every key in documentation order. */
    public static Map<String, Key> all() {
        return Collections.unmodifiableMap(KEYS);
    }

    /** All key names plus {@code profile}. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        names.add("profile");
        names.addAll(KEYS.keySet());
        return names;
    }

    /** The key without its {@code nic.dcqcn.} prefix. */
    public static String strip(String key) {
        String k = key.trim();
        return k.startsWith(DcqcnParams.PREFIX) ? k.substring(DcqcnParams.PREFIX.length()) : k;
    }

    /** Sets one key on {@code b}; throws naming the key path on unknown keys and bad values. */
    static void apply(DcqcnParams.Builder b, String rawKey, String value) {
        String name = strip(rawKey);
        Key key = KEYS.get(name);
        if (key == null) {
            String hint = name.equals("profile")
                ? " ('profile' selects the base profile; pass it to DcqcnParams.resolve)"
                : DidYouMean.suffix(name, names());
            throw new IllegalArgumentException(DcqcnParams.PREFIX + name + ": unknown key" + hint
                + "; allowed: " + String.join(", ", names()));
        }
        if (value == null) {
            throw new IllegalArgumentException(DcqcnParams.PREFIX + name + ": missing value");
        }
        try {
            key.parse().accept(b, value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(DcqcnParams.PREFIX + name + ": " + e.getMessage(), e);
        }
    }

    /** Canonical strings of every key of {@code p}, profile first. */
    static Map<String, String> describe(DcqcnParams p) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("profile", p.profile());
        for (Key k : KEYS.values()) {
            m.put(k.name(), k.format().apply(p));
        }
        return m;
    }

    private static void time(String n, String doc, Function<DcqcnParams, Long> get, LongSetter set) {
        KEYS.put(n, new Key(n, Kind.TIME, doc, p -> Units.formatTime(get.apply(p)),
            (b, v) -> set.set(b, Units.parseTime(v))));
    }

    private static void rate(String n, String doc, Function<DcqcnParams, Long> get, LongSetter set) {
        KEYS.put(n, new Key(n, Kind.RATE, doc, p -> Units.formatRate(get.apply(p)),
            (b, v) -> set.set(b, Units.parseRate(v))));
    }

    private static void size(String n, String doc, Function<DcqcnParams, Long> get, LongSetter set) {
        KEYS.put(n, new Key(n, Kind.SIZE, doc, p -> Units.formatSize(get.apply(p)),
            (b, v) -> set.set(b, Units.parseSize(v))));
    }

    private static void fraction(String n, String doc, Function<DcqcnParams, Double> get,
                                 BiConsumer<DcqcnParams.Builder, Double> set) {
        KEYS.put(n, new Key(n, Kind.FRACTION, doc, p -> formatFraction(get.apply(p)),
            (b, v) -> set.accept(b, Units.parseFraction(v))));
    }

    private static void integer(String n, String doc, Function<DcqcnParams, Integer> get,
                                BiConsumer<DcqcnParams.Builder, Integer> set) {
        KEYS.put(n, new Key(n, Kind.INT, doc, p -> Integer.toString(get.apply(p)), (b, v) -> {
            try {
                set.accept(b, Integer.parseInt(v));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad integer '" + v + "'");
            }
        }));
    }

    private static void bool(String n, String doc, Function<DcqcnParams, Boolean> get,
                             BiConsumer<DcqcnParams.Builder, Boolean> set) {
        KEYS.put(n, new Key(n, Kind.BOOL, doc, p -> Boolean.toString(get.apply(p)),
            (b, v) -> set.accept(b, parseBool(v))));
    }

    private static <E extends Enum<E>> void enumKey(String n, String doc, E[] values,
                                                    Function<DcqcnParams, String> get,
                                                    BiConsumer<DcqcnParams.Builder, String> set) {
        List<String> allowed = Arrays.stream(values).map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
        KEYS.put(n, new Key(n, Kind.ENUM, doc, get, (b, v) -> {
            String lower = v.toLowerCase(Locale.ROOT);
            if (!allowed.contains(lower)) {
                throw new IllegalArgumentException("bad value '" + v + "'" + DidYouMean.suffix(lower, allowed)
                    + " (allowed: " + String.join(", ", allowed) + ")");
            }
            set.accept(b, lower.toUpperCase(Locale.ROOT));
        }));
    }

    static boolean parseBool(String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off" -> false;
            default -> throw new IllegalArgumentException("bad boolean '" + v + "' (allowed: true, false, 1, 0)");
        };
    }

    /** Shortest exact form: "1/256" for reciprocals of integers, else the decimal. */
    static String formatFraction(double v) {
        if (v > 0 && v < 1) {
            double inv = 1 / v;
            if (inv == Math.rint(inv) && 1 / Math.rint(inv) == v) {
                return "1/" + (long) inv;
            }
            for (long den : new long[] {1024, 256, 100, 1000}) {
                double num = v * den;
                if (num == Math.rint(num) && Math.rint(num) / den == v) {
                    return (long) num + "/" + den;
                }
            }
        }
        return v == 0 ? "0" : v == 1 ? "1" : Double.toString(v);
    }

    @FunctionalInterface
    private interface LongSetter {
        void set(DcqcnParams.Builder b, long v);
    }
}
