package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * The schema of {@code switch.ecn} and of one {@code switch.ecn.by_rate} entry: every key's name, type, default,
 * doc line and source, declared once. The scenario reader reads through it, {@link EcnSettings#resolved} takes its
 * defaults from it, the resolved scenario is written from it and docs/scenario.md's two tables are generated from
 * it. {@code by_rate} itself (a mapping keyed by port speed, a {@link Key#custom} key) is read by the scenario
 * reader around {@link #BY_RATE}.
 */
public final class EcnSchema {
    public static final Section ECN = Section.of("switch.ecn",
            Key.bool("enabled", true, "mark ECN-capable packets (RED/ECN on the egress queue)"),
            Key.size("kmin", 400_000L, "lower threshold, in bytes of the egress (port, priority) queue: below it "
                    + "nothing is marked").defaultDoc("`400KB`; `hpcc2019`: 4 KB per Gb/s of port speed")
                    .source("HPCC simulator"),
            Key.size("kmax", 1_600_000L, "upper threshold, in bytes, at least `kmin`: the marking probability rises "
                    + "linearly from 0 at `kmin` to `pmax` here, and is 1 above")
                    .defaultDoc("`1600KB` (at least `kmin`); `hpcc2019`: 16 KB per Gb/s of port speed")
                    .source("HPCC simulator"),
            Key.fraction("pmax", 0.2, "marking probability at `kmax`").source("HPCC simulator"),
            Key.choice("mark_on", List.of("dequeue", "enqueue"), "dequeue", "when the queue length is read: as a "
                    + "packet leaves the queue or as it joins it"),
            Key.custom("by_rate", "mapping of port speed → `{kmin, kmax, pmax}` (`switch.ecn.by_rate` below)", "none",
                    "per-speed values (HPCC's `KMIN_MAP`/`KMAX_MAP`/`PMAX_MAP`), e.g. `by_rate: {400Gbps: {kmin: "
                    + "1600KB, kmax: 6400KB}}`; a value an entry leaves out is the section's; speeds without an entry "
                    + "use the section"));

    /** One {@code switch.ecn.by_rate} entry; a key it leaves out is the section's. */
    public static final Section BY_RATE = Section.of("switch.ecn.by_rate",
            Key.size("kmin", null, "lower threshold at this port speed, bytes").defaultDoc("the section's `kmin`"),
            Key.size("kmax", null, "upper threshold at this port speed, bytes, at least `kmin`")
                    .defaultDoc("the section's `kmax`"),
            Key.fraction("pmax", null, "marking probability at `kmax` at this port speed")
                    .defaultDoc("the section's `pmax`"));

    /** The defaults of {@code kmin}, {@code kmax} (bytes) and {@code pmax} outside the hpcc2019 profile. */
    public static final long DEFAULT_KMIN = (Long) ECN.key("kmin").dflt();
    public static final long DEFAULT_KMAX = (Long) ECN.key("kmax").dflt();
    public static final double DEFAULT_PMAX = (Double) ECN.key("pmax").dflt();
    static final String DEFAULT_MARK_ON = (String) ECN.key("mark_on").dflt();
    static final List<String> MARK_ON = ECN.key("mark_on").choices();

    private EcnSchema() {
    }

    /** As-written values of {@code switch.ecn} (without {@code by_rate}) as settings; unset keys null. */
    public static EcnSettings settings(Values v, Map<Long, EcnSettings.Rate> byRate) {
        return new EcnSettings(v.bool("enabled"), v.number("kmin"), v.number("kmax"), v.fraction("pmax"),
                v.text("mark_on"), byRate);
    }

    /** As-written values of one {@code by_rate} entry. */
    public static EcnSettings.Rate rate(Values v) {
        return new EcnSettings.Rate(v.number("kmin"), v.number("kmax"), v.fraction("pmax"));
    }

    /** {@code e} as values of {@code switch.ecn}, without {@code by_rate}: its set fields. */
    public static Values values(EcnSettings e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("enabled", e.enabled());
        m.put("kmin", e.kmin());
        m.put("kmax", e.kmax());
        m.put("pmax", e.pmax());
        m.put("mark_on", e.markOn());
        return new Values(ECN, m);
    }

    /** {@code r} as values of a {@code by_rate} entry: its set fields. */
    public static Values values(EcnSettings.Rate r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kmin", r.kmin());
        m.put("kmax", r.kmax());
        m.put("pmax", r.pmax());
        return new Values(BY_RATE, m);
    }
}
