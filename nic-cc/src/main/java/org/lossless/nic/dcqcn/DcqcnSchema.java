package org.lossless.nic.dcqcn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.DefaultBy;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.TextForm;
import org.lossless.core.settings.Values;
import org.lossless.core.text.DidYouMean;
import org.lossless.core.units.Units;

/**
 * The schema of {@code nic.dcqcn}: {@code profile} and every parameter's name, type, range, doc line and default
 * per profile (the three profiles of reference dcqcn.md §4, sources in docs/dcqcn-profiles.md), declared once. A
 * key whose value differs between profiles has its default by {@code profile} ({@link Key#defaultBy}); the
 * {@code hpcc2019} rates scale with the host line rate ({@link DefaultBy.Derived}). The scenario reader reads
 * the section through it, {@link #params} makes the {@link DcqcnParams} (which checks the set as a whole), the
 * resolved scenario writes it from it and docs/scenario.md's {@code nic.dcqcn} table is generated from it.
 *
 * <p>Each key has DCQCN's own {@link TextForm} (as scenario files have always written it): booleans also
 * {@code 1}/{@code 0}/{@code yes}/{@code no}/{@code on}/{@code off}, names in any case, fractions written
 * {@code 1/256} when that is shorter; ranges are {@link DcqcnParams}' checks (its messages), shown by the docs
 * from the keys' {@link Bounds}.
 */
public final class DcqcnSchema {
    private static final long US = 1_000_000L;
    private static final long MBPS = 1_000_000L;
    private static final String P = DcqcnProfiles.PAPER2015;
    private static final String M = DcqcnProfiles.MLX5;
    private static final String H = DcqcnProfiles.HPCC2019;

    /** One parameter: its key, how it sets a builder field and how it is read from the record. */
    private record Field(Key key, BiConsumer<DcqcnParams.Builder, Object> set, Function<DcqcnParams, Object> get) {
        Field bounds(Bounds b) {
            return new Field(key.bounds(b), set, get);
        }
    }

    private static final List<Field> FIELDS = List.of(
            time("cnp_interval", by(50 * US, 2 * US, 0L), "NP: at most one CNP per QP per interval τ",
                    (b, v) -> b.cnpIntervalPs = v, DcqcnParams::cnpIntervalPs),
            choice("cnp_mode", CnpMode.values(), by("np", "np", "rp"), "how the notification point reports CE marks:"
                    + " coalesced per QP, sampled windows, or every mark", (b, v) -> b.cnpMode = CnpMode.valueOf(v),
                    p -> p.cnpMode().key()),
            time("cnp_delay", 0L, "fixed CNP-generation delay at the NP (0 in every profile: not published)",
                    (b, v) -> b.cnpDelayPs = v, DcqcnParams::cnpDelayPs),
            choice("cnp_scope", CnpScope.values(), "qp", "`cnp_interval` counted per receiving QP or per NIC port "
                    + "(mode `np`; dcqcn-profiles.md, \"CNP scope\")", (b, v) -> b.cnpScope = CnpScope.valueOf(v),
                    p -> p.cnpScope().key()),
            time("reaction_delay", 0L, "fixed delay from a CNP's arrival at the sender until its reaction point acts "
                    + "(0 in every profile: not published)", (b, v) -> b.reactionDelayPs = v,
                    DcqcnParams::reactionDelayPs),
            choice("order", Order.values(), by("paper", "timer_driven", "timer_driven"), "order of operations on "
                    + "congestion", (b, v) -> b.order = Order.valueOf(v), p -> p.order().key()),
            fraction("alpha_gain", by(1.0 / 256, 5.0 / 1024, 1.0 / 256), Bounds.closed(0, 1), "α gain g",
                    (b, v) -> b.alphaGain = v, DcqcnParams::alphaGain),
            time("alpha_update_period", by(55 * US, 1 * US, 1 * US), "α decay interval τ′ (`paper`, `alpha_first`) or"
                    + " α timer period (`timer_driven`)", (b, v) -> b.alphaUpdatePeriodPs = v,
                    DcqcnParams::alphaUpdatePeriodPs).bounds(Bounds.above(0)),
            fraction("initial_alpha", by(1.0, 1023.0 / 1024, 1.0), Bounds.closed(0, 1), "α at the QP's first CNP",
                    (b, v) -> b.initialAlpha = v, DcqcnParams::initialAlpha),
            time("rate_decrease_period", by(0L, 4 * US, 4 * US), "`timer_driven`: at most one cut per window (0 = a "
                    + "cut per CNP)", (b, v) -> b.rateDecreasePeriodPs = v, DcqcnParams::rateDecreasePeriodPs),
            time("rate_decrease_offset", by(0L, 0L, 1_000L), "`timer_driven`: decrease ticks at first CNP + offset + "
                    + "k × period; below `rate_decrease_period`", (b, v) -> b.rateDecreaseOffsetPs = v,
                    DcqcnParams::rateDecreaseOffsetPs),
            choice("first_cnp_cut", FirstCnpCut.values(), by("immediate", "next_window", "next_window"),
                    "`timer_driven`: the first CNP cuts at once or at the next tick",
                    (b, v) -> b.firstCnpCut = FirstCnpCut.valueOf(v), p -> p.firstCnpCut().key()),
            rate("rate_on_first_cnp", 0L, "rate set by the first CNP instead of a cut; `0` = off",
                    (b, v) -> b.rateOnFirstCnpBps = v, DcqcnParams::rateOnFirstCnpBps),
            fraction("decrease_gain", 0.5, Bounds.openClosed(0, 1), "cut = R_C × decrease_gain × α",
                    (b, v) -> b.decreaseGain = v, DcqcnParams::decreaseGain),
            fraction("min_decrease_factor", by(0.0, 0.5, 0.0), Bounds.closed(0, 1), "a cut keeps at least this "
                    + "fraction of the rate (mlx5 `rpg_min_dec_fac` / 100); 0 = no cap",
                    (b, v) -> b.minDecreaseFactor = v, DcqcnParams::minDecreaseFactor),
            bool("clamp_target_rate", by(true, false, false), "R_T ← R_C on every cut",
                    (b, v) -> b.clampTargetRate = v, DcqcnParams::clampTargetRate),
            bool("clamp_after_timer_increase", by(false, true, true), "R_T ← R_C on a cut after a timer increase",
                    (b, v) -> b.clampAfterTimerIncrease = v, DcqcnParams::clampAfterTimerIncrease),
            // mlx5: the firmware clamps after a byte-counter increase whatever clamp_tgt_rate_after_time_inc says
            bool("clamp_after_byte_increase", by(false, true, false), "R_T ← R_C on a cut after a byte-counter "
                    + "increase (`mlx5`: true, the firmware's rule)", (b, v) -> b.clampAfterByteIncrease = v,
                    DcqcnParams::clampAfterByteIncrease),
            time("rate_increase_timer", by(55 * US, 300 * US, 300 * US), "rate-increase timer T (0 = off)",
                    (b, v) -> b.rateIncreaseTimerPs = v, DcqcnParams::rateIncreaseTimerPs),
            // mlx5: rpg_byte_reset 32767 in 64-B units (unit unverified)
            size("byte_counter", by(10_000_000L, 32767L * 64, 0L), "byte counter B (0 = off; `mlx5`'s 2,097,088 B "
                    + "rests on an unverified unit, dcqcn-profiles.md)", (b, v) -> b.byteCounterBytes = v,
                    DcqcnParams::byteCounterBytes),
            integer("fast_recovery_steps", by(5, 1, 1), "fast-recovery stages F", (b, v) -> b.fastRecoverySteps = v,
                    DcqcnParams::fastRecoverySteps),
            rate("additive_increase", by(40 * MBPS, 5 * MBPS, new DefaultBy.Derived("line rate / 5000",
                    line -> line / 5000)), "R_AI (`hpcc2019`: 5 Mb/s per 25 Gb/s of the host link)",
                    (b, v) -> b.additiveIncreaseBps = v, DcqcnParams::additiveIncreaseBps),
            rate("hyper_increase", by(200 * MBPS, 50 * MBPS, new DefaultBy.Derived("line rate / 500",
                    line -> line / 500)), "R_HAI (`hpcc2019`: 50 Mb/s per 25 Gb/s of the host link)",
                    (b, v) -> b.hyperIncreaseBps = v, DcqcnParams::hyperIncreaseBps),
            choice("increase_stage_rule", StageRule.values(), by("paper", "mellanox", "mellanox"), "how increase "
                    + "events are classified", (b, v) -> b.stageRule = StageRule.valueOf(v), p -> p.stageRule().key()),
            bool("stage_increment_first", false, "count the event before classifying it (authors' ns-3)",
                    (b, v) -> b.stageIncrementFirst = v, DcqcnParams::stageIncrementFirst),
            choice("hyper_step", HyperStep.values(), by("progressive", "constant", "constant"), "R_T += R_HAI, or "
                    + "+= i × R_HAI", (b, v) -> b.hyperStep = HyperStep.valueOf(v), p -> p.hyperStep().key()),
            bool("qcn_target_quirk", false, "authors' ns-3: R_T > 10 R_C at the first increase gives R_T / 8",
                    (b, v) -> b.qcnTargetQuirk = v, DcqcnParams::qcnTargetQuirk),
            rate("min_rate", by(100 * MBPS, 1 * MBPS, new DefaultBy.Derived("min(1Gbps, line rate)",
                    line -> Math.min(1_000 * MBPS, line))), "R_min; at most the maximum rate",
                    (b, v) -> b.minRateBps = v, DcqcnParams::minRateBps).bounds(Bounds.above(0)),
            rate("max_rate", 0L, "R_max; `0` = the line rate", (b, v) -> b.maxRateBps = v, DcqcnParams::maxRateBps));

    /** {@code nic.dcqcn}: {@code profile}, then every parameter in documentation order. */
    public static final Section DCQCN = Section.of("nic.dcqcn", keys());

    private DcqcnSchema() {
    }

    private static Key[] keys() {
        List<Key> k = new ArrayList<>();
        k.add(Key.choice("profile", DcqcnProfiles.NAMES, DcqcnProfiles.MLX5, "the profile every key not given takes"
                + " its value from: `paper2015` = SIGCOMM'15/CoNEXT'16 defaults; `mlx5` = NVIDIA ConnectX firmware "
                + "defaults; `hpcc2019` = the HPCC ns-3 simulator"));
        FIELDS.forEach(f -> k.add(f.key()));
        return k.toArray(Key[]::new);
    }

    /** Every key name, {@code profile} first (what unknown-key messages list). */
    public static List<String> names() {
        return List.of(DCQCN.names());
    }

    /** The parameter keys (not {@code profile}), in documentation order. */
    public static List<Key> parameters() {
        return FIELDS.stream().map(Field::key).toList();
    }

    /**
     * The record of {@code written} (as read; null or empty: every default of {@code mlx5}) at a NIC of
     * {@code lineRateBps}: each key not written takes its profile's value. The record checks the set as a whole
     * ({@link IllegalArgumentException} naming {@code nic.dcqcn.<key>}).
     */
    public static DcqcnParams params(Values written, long lineRateBps) {
        return builder(written, lineRateBps).build();
    }

    /** The resolved values, not yet checked as a whole. */
    static DcqcnParams.Builder builder(Values written, long lineRateBps) {
        Values v = DCQCN.resolve(written == null ? Values.empty(DCQCN) : written, lineRateBps);
        DcqcnParams.Builder b = new DcqcnParams.Builder();
        b.profile = v.text("profile");
        b.lineRateBps = lineRateBps;
        for (Field f : FIELDS) {
            f.set().accept(b, v.get(f.key().name()));
        }
        return b;
    }

    /** {@code p} with the keys of {@code written} replaced (its {@code profile} too, which changes no value). */
    static DcqcnParams override(DcqcnParams p, Values written) {
        DcqcnParams.Builder b = p.toBuilder();
        if (written.has("profile")) {
            b.profile = written.text("profile");
        }
        for (Field f : FIELDS) {
            if (written.has(f.key().name())) {
                f.set().accept(b, written.get(f.key().name()));
            }
        }
        return b.build();
    }

    /** Every key of {@code p} at its value as scenario text, {@code profile} first (fractions as {@code 1/256}). */
    static Map<String, String> settings(DcqcnParams p) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("profile", p.profile());
        for (Field f : FIELDS) {
            Object v = f.get().apply(p);
            m.put(f.key().name(),
                    v instanceof Double d ? formatFraction(d) : String.valueOf(f.key().form().yaml().apply(v)));
        }
        return m;
    }

    /** Every key of {@code p} at its value, {@code profile} first: what the resolved scenario writes. */
    public static Values values(DcqcnParams p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("profile", p.profile());
        for (Field f : FIELDS) {
            m.put(f.key().name(), f.get().apply(p));
        }
        return new Values(DCQCN, m);
    }

    /**
     * Scenario text (key with or without {@code nic.dcqcn.} -&gt; unit string such as "55us", "1/256", "np") as
     * written values, each parsed by its key's {@link TextForm}. An unknown key or a bad value throws
     * {@link IllegalArgumentException} naming the key path (with a "did you mean" where close).
     */
    public static Values parse(Map<String, String> settings) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String name = strip(e.getKey());
            Key key = DCQCN.keys().stream().filter(k -> k.name().equals(name)).findFirst().orElse(null);
            if (key == null) {
                throw new IllegalArgumentException(DcqcnParams.PREFIX + name + ": unknown key"
                        + DidYouMean.suffix(name, names()) + "; allowed: " + String.join(", ", names()));
            }
            if (e.getValue() == null) {
                throw new IllegalArgumentException(DcqcnParams.PREFIX + name + ": missing value");
            }
            try {
                m.put(name, key.form() != null ? key.form().parse().apply(e.getValue().strip())
                        : profile(e.getValue().strip()));
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(DcqcnParams.PREFIX + name + ": " + ex.getMessage(), ex);
            }
        }
        return new Values(DCQCN, m);
    }

    private static String profile(String name) {
        if (!DcqcnProfiles.NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown profile '" + name + "'" + DidYouMean.suffix(name,
                    DcqcnProfiles.NAMES) + " (allowed: " + String.join(", ", DcqcnProfiles.NAMES) + ")");
        }
        return name;
    }

    /** The key without its {@code nic.dcqcn.} prefix. */
    public static String strip(String key) {
        String k = key.trim();
        return k.startsWith(DcqcnParams.PREFIX) ? k.substring(DcqcnParams.PREFIX.length()) : k;
    }

    // ---- the keys' declarations: kind, text form, default (plain or by profile), builder field, record value ----

    /** A default per profile, in {@link DcqcnProfiles#NAMES}' order. */
    private static Map<String, Object> by(Object paper2015, Object mlx5, Object hpcc2019) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(P, paper2015);
        m.put(M, mlx5);
        m.put(H, hpcc2019);
        return m;
    }

    private static Key dflt(Key k, Object d) {
        return d instanceof Map<?, ?> table ? k.defaultBy("profile", cast(table)) : k.defaultValue(d);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    private static Field time(String n, Object d, String doc, BiConsumer<DcqcnParams.Builder, Long> set,
                              Function<DcqcnParams, Long> get) {
        Key k = Key.time(n, null, doc).bounds(Bounds.atLeast(0)).form(new TextForm("a time such as 55us",
                Units::parseTime, v -> Units.formatTime((Long) v)));
        return new Field(dflt(k, d), (b, v) -> set.accept(b, (Long) v), get::apply);
    }

    private static Field rate(String n, Object d, String doc, BiConsumer<DcqcnParams.Builder, Long> set,
                              Function<DcqcnParams, Long> get) {
        Key k = Key.rate(n, null, doc).bounds(Bounds.atLeast(0)).form(new TextForm("a rate such as 40Mbps",
                Units::parseRate, v -> Units.formatRate((Long) v)));
        return new Field(dflt(k, d), (b, v) -> set.accept(b, (Long) v), get::apply);
    }

    private static Field size(String n, Object d, String doc, BiConsumer<DcqcnParams.Builder, Long> set,
                              Function<DcqcnParams, Long> get) {
        Key k = Key.size(n, null, doc).bounds(Bounds.atLeast(0)).form(new TextForm("a size such as 10MB",
                Units::parseSize, v -> Units.formatSize((Long) v)));
        return new Field(dflt(k, d), (b, v) -> set.accept(b, (Long) v), get::apply);
    }

    /** A fraction-like number: read as {@link Units#parseFraction}, written {@code 1/256} when that is shorter. */
    private static Field fraction(String n, Object d, Bounds range, String doc,
                                  BiConsumer<DcqcnParams.Builder, Double> set, Function<DcqcnParams, Double> get) {
        Key k = Key.number(n, null, doc).bounds(range).form(new TextForm("a fraction such as 1/256 or 0.5",
                Units::parseFraction, v -> fractionYaml((Double) v)));
        return new Field(dflt(k, d), (b, v) -> set.accept(b, (Double) v), get::apply);
    }

    private static Field integer(String n, Object d, String doc, BiConsumer<DcqcnParams.Builder, Integer> set,
                                 Function<DcqcnParams, Integer> get) {
        Key k = Key.integer(n, Integer.MIN_VALUE, Integer.MAX_VALUE, null, doc).bounds(Bounds.closed(0, 1_000_000))
                .form(new TextForm("an integer", t -> {
                    try {
                        return Integer.parseInt(t);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("bad integer '" + t + "'");
                    }
                }, v -> v));
        return new Field(dflt(k, d), (b, v) -> set.accept(b, (Integer) v), get::apply);
    }

    private static Field bool(String n, Object d, String doc, BiConsumer<DcqcnParams.Builder, Boolean> set,
                              Function<DcqcnParams, Boolean> get) {
        Key k = Key.bool(n, null, doc).form(new TextForm("true or false", DcqcnSchema::parseBool, v -> v));
        return new Field(dflt(k, d), (b, v) -> set.accept(b, (Boolean) v), get::apply);
    }

    private static <E extends Enum<E>> Field choice(String n, E[] values, Object d, String doc,
                                                    BiConsumer<DcqcnParams.Builder, String> set,
                                                    Function<DcqcnParams, String> get) {
        List<String> allowed = Arrays.stream(values).map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
        Key k = Key.choice(n, allowed, allowed.get(0), doc).defaultValue(null).form(new TextForm("a name", t -> {
            String lower = t.toLowerCase(Locale.ROOT);
            if (!allowed.contains(lower)) {
                throw new IllegalArgumentException("bad value '" + t + "'" + DidYouMean.suffix(lower, allowed)
                        + " (allowed: " + String.join(", ", allowed) + ")");
            }
            return lower;
        }, v -> v));
        return new Field(dflt(k, d), (b, v) -> set.accept(b, ((String) v).toUpperCase(Locale.ROOT)), get::apply);
    }

    static boolean parseBool(String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off" -> false;
            default -> throw new IllegalArgumentException("bad boolean '" + v + "' (allowed: true, false, 1, 0)");
        };
    }

    /** A ratio ({@code 1/256}) when it is shorter than the decimal, else the number ({@code 0.3}, not 30/100). */
    private static Object fractionYaml(double v) {
        String text = formatFraction(v);
        return text.contains("/") && text.length() < Units.formatFraction(v).length() ? text : (Object) v;
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
}
