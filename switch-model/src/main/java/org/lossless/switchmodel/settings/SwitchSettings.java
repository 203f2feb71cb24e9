package org.lossless.switchmodel.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario's {@code switch} section. Contract keys: buffer_size, pfc, ecn. New keys: profile
 * ({@code default} | {@code hpcc2019}), cell_size, pools, lossy_pg, queues {lossless, lossy}, qos_map.
 * Null = not set (documented default applies).
 */
public record SwitchSettings(String profile, Long bufferSize, Integer cellSize, List<PoolSettings> pools,
                             PfcSettings pfc, BufferProfileSettings lossyPg, BufferProfileSettings losslessQueue,
                             BufferProfileSettings lossyQueue, EcnSettings ecn, QosMapSettings qosMap) {
    public SwitchSettings {
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

    /** Nothing set: every documented default applies. */
    public static SwitchSettings defaults() {
        return new SwitchSettings(null, null, null, null, null, null, null, null, null, null);
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
        return m;
    }
}
