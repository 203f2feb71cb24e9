package org.lossless.switchmodel.settings;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.ecn.MarkPoint;
import org.lossless.switchmodel.ecn.RedParams;

/**
 * {@code switch.ecn}: enabled, kmin, kmax (bytes), pmax (0..1), mark_on (dequeue | enqueue), and
 * {@code by_rate}: port speed (bps) → its own kmin / kmax / pmax (HPCC's {@code KMIN_MAP/KMAX_MAP/PMAX_MAP}).
 * A speed without an entry uses the section's values.
 *
 * @param byRate null or port speed in bps (&gt; 0) → parameters; each unset value of an entry takes the
 *               section's value (see {@link #resolved(boolean)})
 */
public record EcnSettings(Boolean enabled, Long kmin, Long kmax, Double pmax, String markOn, Map<Long, Rate> byRate) {
    /** Marking step of the hpcc2019 profile's per-speed rule: K_min 4 KB and K_max 16 KB per Gb/s. */
    public static final long HPCC_KMIN_PER_GBPS = 4000;
    public static final long HPCC_KMAX_PER_GBPS = 16000;

    /**
     * One {@code switch.ecn.by_rate} entry; null = the section's value.
     *
     * @param kmin bytes, &ge; 0
     * @param kmax bytes, &ge; kmin
     * @param pmax in [0, 1]
     */
    public record Rate(Long kmin, Long kmax, Double pmax) {
        public Rate {
            check(kmin, kmax, pmax, "switch.ecn.by_rate");
        }

        /** The marking curve of a complete entry (every value set, as {@link #forRate} gives). */
        RedParams curve() {
            return new RedParams(kmin, kmax, pmax);
        }

        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            Put.put(m, "kmin", kmin);
            Put.put(m, "kmax", kmax);
            Put.put(m, "pmax", pmax);
            return m;
        }
    }

    public EcnSettings {
        check(kmin, kmax, pmax, "switch.ecn");
        if (markOn != null && !EcnSchema.MARK_ON.contains(markOn)) {
            throw new IllegalArgumentException("switch.ecn.mark_on must be dequeue or enqueue, got '" + markOn + "'");
        }
        if (byRate != null) {
            for (Map.Entry<Long, Rate> e : byRate.entrySet()) {
                if (e.getKey() == null || e.getKey() <= 0 || e.getValue() == null) {
                    throw new IllegalArgumentException("switch.ecn.by_rate: speeds must be > 0 bps with parameters, got "
                            + e.getKey() + " -> " + e.getValue());
                }
            }
        }
        byRate = byRate == null || byRate.isEmpty() ? null : Collections.unmodifiableMap(new TreeMap<>(byRate));
    }

    /** Without per-speed entries (the contract keys only). */
    public EcnSettings(Boolean enabled, Long kmin, Long kmax, Double pmax, String markOn) {
        this(enabled, kmin, kmax, pmax, markOn, null);
    }

    /** Nothing set. */
    public static final EcnSettings UNSET = new EcnSettings(null, null, null, null, null, null);

    /** The marker's own check ({@link RedParams#check}) on what is set. */
    private static void check(Long kmin, Long kmax, Double pmax, String where) {
        RedParams.check(kmin, kmax, pmax, where);
    }

    /**
     * Every default filled in ({@link EcnSchema}): enabled, pmax 0.2, mark_on dequeue; kmin 400 KB and kmax
     * max(1600 KB, kmin), except with the hpcc2019 profile, where unset kmin / kmax stay null:
     * they depend on the port speed (4 KB / 16 KB per Gb/s, {@link #forRate}). Every by_rate entry is
     * completed with {@link #forRate} against this (unresolved) section.
     */
    public EcnSettings resolved(boolean hpcc2019) {
        Long kn = kmin != null ? kmin : hpcc2019 ? null : (Long) EcnSchema.DEFAULT_KMIN;
        Long kx = kmax != null ? kmax : hpcc2019 ? null : (Long) Math.max(EcnSchema.DEFAULT_KMAX, kn);
        Map<Long, Rate> full = null;
        if (byRate != null) {
            full = new TreeMap<>();
            for (Map.Entry<Long, Rate> e : byRate.entrySet()) {
                full.put(e.getKey(), forRate(e.getValue(), e.getKey(), hpcc2019));
            }
        }
        return new EcnSettings(enabled == null || enabled, kn, kx, pmax == null ? EcnSchema.DEFAULT_PMAX : pmax,
                markOn == null ? EcnSchema.DEFAULT_MARK_ON : markOn, full);
    }

    /**
     * The complete parameters of a port of {@code rateBps}: {@code entry}'s values (null entry = none), else
     * this section's, else the default: 400 KB / max(1600 KB, K_min) / 0.2, or with hpcc2019 HPCC's per-speed
     * rule K_min = 4 KB and K_max = max(16 KB, K_min) per Gb/s of port speed (Gb/s rounded down). Only a
     * default K_max is raised to K_min; an explicit one below K_min is an error.
     *
     * @throws IllegalArgumentException if the resulting K_max is below K_min
     */
    public Rate forRate(Rate entry, long rateBps, boolean hpcc2019) {
        long gbps = rateBps / 1_000_000_000L;
        Long kn = entry != null && entry.kmin() != null ? entry.kmin() : kmin;
        long kMin = kn != null ? kn : hpcc2019 ? HPCC_KMIN_PER_GBPS * gbps : EcnSchema.DEFAULT_KMIN;
        Long kx = entry != null && entry.kmax() != null ? entry.kmax() : kmax;
        long kMax = kx != null ? kx : Math.max(hpcc2019 ? HPCC_KMAX_PER_GBPS * gbps : EcnSchema.DEFAULT_KMAX, kMin);
        Double p = entry != null && entry.pmax() != null ? entry.pmax() : pmax;
        return new Rate(kMin, kMax, p == null ? EcnSchema.DEFAULT_PMAX : p);
    }

    /**
     * The marking configuration of a switch with {@code ports}, from this section resolved ({@link #resolved}):
     * the section's parameters for every port speed without a {@code by_rate} entry, the entries' for theirs. With
     * the hpcc2019 profile an unset kmin or kmax follows HPCC's per-speed maps (K_min = 4 KB and K_max = 16 KB per
     * Gb/s of port speed): every port speed gets an entry and there is no speed-independent default.
     *
     * @throws IllegalArgumentException when a port speed's resolved kmax is below its kmin ({@link RedParams.Order})
     */
    public EcnConfig marking(boolean hpcc2019, List<PortSpec> ports) {
        EcnSettings e = resolved(hpcc2019);
        MarkPoint mp = "enqueue".equals(e.markOn) ? MarkPoint.ENQUEUE : MarkPoint.DEQUEUE;
        Map<Long, RedParams> perRate = new TreeMap<>();
        if (e.byRate != null) {
            e.byRate.forEach((rate, r) -> perRate.put(rate, r.curve()));
        }
        RedParams defaults = null;
        if (e.kmin != null && e.kmax != null) {
            defaults = new RedParams(e.kmin, e.kmax, e.pmax);
        } else {
            for (PortSpec p : ports) {
                perRate.computeIfAbsent(p.rateBps(), rate -> e.forRate(null, rate, true).curve());
            }
        }
        return new EcnConfig(e.enabled, mp, defaults, perRate);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "enabled", enabled);
        Put.put(m, "kmin", kmin);
        Put.put(m, "kmax", kmax);
        Put.put(m, "pmax", pmax);
        Put.put(m, "mark_on", markOn);
        if (byRate != null) {
            Map<String, Object> r = new LinkedHashMap<>();
            for (Map.Entry<Long, Rate> e : byRate.entrySet()) {
                r.put(Put.rate(e.getKey()), e.getValue().toMap());
            }
            m.put("by_rate", r);
        }
        return m;
    }
}
