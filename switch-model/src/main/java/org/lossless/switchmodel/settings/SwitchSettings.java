package org.lossless.switchmodel.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario's {@code switch} section. Contract keys: buffer_size, pfc, ecn. New keys: profile
 * ({@code default} | {@code hpcc2019}), cell_size, pools, lossy_pg, queues {lossless, lossy}, qos_map,
 * scheduling, latency (last bit in to first possible bit out, ps), cut_through, trimming (Ultra Ethernet's packet
 * trimming, {@link TrimmingSettings}; null = off), llr (frame errors and link-level retry,
 * {@link LlrSettings}; null = no errors), cbfc (credit-based flow control on the classes {@code flow_control} gives
 * it, {@link CbfcSettings}; null = none).
 * Null = not set (documented default applies).
 */
public record SwitchSettings(String profile, Long bufferSize, Integer cellSize, List<PoolSettings> pools,
                             PfcSettings pfc, BufferProfileSettings lossyPg, BufferProfileSettings losslessQueue,
                             BufferProfileSettings lossyQueue, EcnSettings ecn, QosMapSettings qosMap,
                             SchedulingSettings scheduling, Long latency, Boolean cutThrough,
                             TrimmingSettings trimming, LlrSettings llr, CbfcSettings cbfc) {
    /** {@code switch.latency} default: 0 (store-and-forward with no pipeline delay; docs/switch.md explains why). */
    public static final long DEFAULT_LATENCY_PS = 0;

    public SwitchSettings {
        if (latency != null && latency < 0) {
            throw new IllegalArgumentException("switch.latency must be >= 0, got " + latency + " ps");
        }
        if (profile != null && !profile.equals("default") && !profile.equals("hpcc2019")) {
            throw new IllegalArgumentException("switch.profile must be default or hpcc2019, got '" + profile + "'");
        }
        if (bufferSize != null && bufferSize <= 0) {
            throw new IllegalArgumentException("switch.buffer_size must be > 0 bytes, got " + bufferSize);
        }
        if (cellSize != null && (cellSize < 1 || cellSize > 65536)) {
            throw new IllegalArgumentException("switch.cell_size must be in 1..65536 bytes, got " + cellSize);
        }
        pools = pools == null ? null : List.copyOf(pools);
    }

    /** Without {@code cbfc}. */
    public SwitchSettings(String profile, Long bufferSize, Integer cellSize, List<PoolSettings> pools, PfcSettings pfc,
                          BufferProfileSettings lossyPg, BufferProfileSettings losslessQueue,
                          BufferProfileSettings lossyQueue, EcnSettings ecn, QosMapSettings qosMap,
                          SchedulingSettings scheduling, Long latency, Boolean cutThrough, TrimmingSettings trimming,
                          LlrSettings llr) {
        this(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn, qosMap, scheduling,
                latency, cutThrough, trimming, llr, null);
    }

    /** A copy with {@code switch.cbfc} set to {@code c} (null: no class under CBFC). */
    public SwitchSettings withCbfc(CbfcSettings c) {
        return new SwitchSettings(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn,
                qosMap, scheduling, latency, cutThrough, trimming, llr, c);
    }

    /** The classes under credit-based flow control (bit p), 0 without CBFC. */
    public int cbfcMask() {
        return cbfc == null ? 0 : cbfc.mask();
    }

    /** Without {@code llr} (no frame errors). */
    public SwitchSettings(String profile, Long bufferSize, Integer cellSize, List<PoolSettings> pools, PfcSettings pfc,
                          BufferProfileSettings lossyPg, BufferProfileSettings losslessQueue,
                          BufferProfileSettings lossyQueue, EcnSettings ecn, QosMapSettings qosMap,
                          SchedulingSettings scheduling, Long latency, Boolean cutThrough, TrimmingSettings trimming) {
        this(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn, qosMap, scheduling,
                latency, cutThrough, trimming, null, null);
    }

    /** A copy with {@code switch.llr} set to {@code l} (null: no frame errors, no LLR). */
    public SwitchSettings withLlr(LlrSettings l) {
        return new SwitchSettings(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn,
                qosMap, scheduling, latency, cutThrough, trimming, l, cbfc);
    }

    /** Without {@code trimming} (off). */
    public SwitchSettings(String profile, Long bufferSize, Integer cellSize, List<PoolSettings> pools, PfcSettings pfc,
                          BufferProfileSettings lossyPg, BufferProfileSettings losslessQueue,
                          BufferProfileSettings lossyQueue, EcnSettings ecn, QosMapSettings qosMap,
                          SchedulingSettings scheduling, Long latency, Boolean cutThrough) {
        this(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn, qosMap, scheduling,
                latency, cutThrough, null, null, null);
    }

    /** A copy with {@code switch.trimming} set to {@code t} (null: off). */
    public SwitchSettings withTrimming(TrimmingSettings t) {
        return new SwitchSettings(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn,
                qosMap, scheduling, latency, cutThrough, t, llr, cbfc);
    }

    /** The queue priorities that trim (bit p), 0 without trimming. */
    public int trimMask() {
        return trimming == null ? 0 : trimming.mask();
    }

    /** Without {@code latency} and {@code cut_through} (defaults). */
    public SwitchSettings(String profile, Long bufferSize, Integer cellSize, List<PoolSettings> pools, PfcSettings pfc,
                          BufferProfileSettings lossyPg, BufferProfileSettings losslessQueue,
                          BufferProfileSettings lossyQueue, EcnSettings ecn, QosMapSettings qosMap,
                          SchedulingSettings scheduling) {
        this(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn, qosMap, scheduling,
                null, null);
    }

    /** Without {@code scheduling} (strict priority): the form most callers use. */
    public SwitchSettings(String profile, Long bufferSize, Integer cellSize, List<PoolSettings> pools, PfcSettings pfc,
                          BufferProfileSettings lossyPg, BufferProfileSettings losslessQueue,
                          BufferProfileSettings lossyQueue, EcnSettings ecn, QosMapSettings qosMap) {
        this(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn, qosMap, null);
    }

    /** A copy with {@code switch.scheduling} set to {@code s}. */
    public SwitchSettings withScheduling(SchedulingSettings s) {
        return new SwitchSettings(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn,
                qosMap, s, latency, cutThrough, trimming, llr, cbfc);
    }

    /** A copy with {@code switch.latency} (ps) and {@code switch.cut_through} set (null = default). */
    public SwitchSettings withForwarding(Long latencyPs, Boolean cut) {
        return new SwitchSettings(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue, lossyQueue, ecn,
                qosMap, scheduling, latencyPs, cut, trimming, llr, cbfc);
    }

    /** The forwarding latency, ps (the default when unset). */
    public long latencyPs() {
        return latency == null ? DEFAULT_LATENCY_PS : latency;
    }

    /** Whether frames that find their egress idle cut through (default false: store-and-forward). */
    public boolean cutsThrough() {
        return Boolean.TRUE.equals(cutThrough);
    }

    /** Nothing set: every documented default applies. */
    public static SwitchSettings defaults() {
        return new SwitchSettings(null, null, null, null, null, null, null, null, null, null);
    }

    /** True for the {@code hpcc2019} profile. */
    public boolean hpcc2019() {
        return "hpcc2019".equals(profile);
    }

    /**
     * A copy with every default that does not depend on the switch's ports filled in (docs/switch.md §5):
     * {@link MmuFactory} builds the same MMU, PFC timing and ECN from it as from this. Resolving twice
     * changes nothing. What stays unset, because its default is per port or per host:
     * {@code buffer_size} with explicit {@code pools} (profile default: pools + reserved + headroom of the
     * switch's ports), {@code pfc.cable_length} (each port's cable), {@code ecn.kmin}/{@code kmax} with
     * hpcc2019 (4 KB / 16 KB per Gb/s of port speed). {@code qos_map} is written out in full (64 DSCPs, 8
     * traffic classes; {@link QosMapSettings#resolved}).
     * Pool names default to the first ingress / egress pool when {@code pools} is set, else stay unset
     * (the implicit pools). {@code scheduling} is written out for all eight queues ({@link
     * SchedulingSettings#resolved}); its quantum stays {@code auto} (the data frame at the NIC's MTU).
     */
    public SwitchSettings resolved() {
        boolean hpcc = hpcc2019();
        boolean explicit = pools != null && !pools.isEmpty();
        Long buffer = bufferSize != null ? bufferSize
                : hpcc ? (Long) MmuFactory.HPCC_DEFAULT_BUFFER : explicit ? null : (Long) MmuFactory.DEFAULT_BUFFER;
        String in = explicit ? firstPool("ingress") : null;
        String out = explicit ? firstPool("egress") : null;
        List<PoolSettings> ps = null;
        if (explicit) {
            ps = new ArrayList<>();
            for (PoolSettings p : pools) {
                ps.add(p.type().equals("ingress") && p.headroomPool() == null
                        ? new PoolSettings(p.name(), p.type(), p.mode(), p.size(), 0L) : p);
            }
        }
        return new SwitchSettings(hpcc ? "hpcc2019" : "default", buffer, cellSize == null ? 1 : cellSize, ps,
                (pfc == null ? PfcSettings.UNSET : pfc).resolved(hpcc, in),
                BufferProfileSettings.resolved(lossyPg, in, BufferSchema.LOSSY_DYNAMIC_TH),
                BufferProfileSettings.resolved(losslessQueue, out, null),
                BufferProfileSettings.resolved(lossyQueue, out, BufferSchema.LOSSY_DYNAMIC_TH),
                (ecn == null ? EcnSettings.UNSET : ecn).resolved(hpcc), QosMapSettings.resolved(qosMap),
                SchedulingSettings.resolved(scheduling), latencyPs(), cutsThrough(),
                trimming == null || trimming.priorities().isEmpty() ? null : trimming, llr,
                cbfc == null ? null : cbfc.resolved());
    }

    private String firstPool(String type) {
        for (PoolSettings p : pools) {
            if (p.type().equals(type)) {
                return p.name();
            }
        }
        return null;
    }

    /** Ordered key map of the {@code switch} section (only keys that are set). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "profile", profile);
        Put.put(m, "buffer_size", bufferSize);
        Put.put(m, "cell_size", cellSize);
        if (pools != null && !pools.isEmpty()) {
            List<Object> l = new ArrayList<>();
            for (PoolSettings p : pools) {
                l.add(p.toMap());
            }
            m.put("pools", l);
        }
        Put.put(m, "pfc", pfc == null ? null : pfc.toMap());
        Put.put(m, "lossy_pg", lossyPg == null ? null : lossyPg.toMap());
        Map<String, Object> q = new LinkedHashMap<>();
        Put.put(q, "lossless", losslessQueue == null ? null : losslessQueue.toMap());
        Put.put(q, "lossy", lossyQueue == null ? null : lossyQueue.toMap());
        Put.put(m, "queues", q);
        Put.put(m, "ecn", ecn == null ? null : ecn.toMap());
        Put.put(m, "qos_map", qosMap == null ? null : qosMap.toMap());
        Put.put(m, "scheduling", scheduling == null ? null : scheduling.toMap());
        Put.put(m, "latency", Put.time(latency));
        Put.put(m, "cut_through", cutThrough);
        Put.put(m, "trimming", trimming == null ? null : trimming.toMap());
        Put.put(m, "llr", llr == null ? null : llr.toMap());
        Put.put(m, "cbfc", cbfc == null ? null : cbfc.toMap());
        return m;
    }
}
