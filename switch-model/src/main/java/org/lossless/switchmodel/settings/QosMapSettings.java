package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code switch.qos_map}: DSCP → TC, TC → PG, TC → queue, as the switch's datapath applies them
 * ({@link org.lossless.switchmodel.qos.QosMap}, built by {@link MmuFactory#qosMap}). Null maps are the defaults:
 * DSCP d → TC d &gt;&gt; 3 (class selector), identity TC → PG and TC → queue. A given map sends the keys it leaves
 * out to 0, as SAI does.
 */
public record QosMapSettings(Map<Integer, Integer> dscpToTc, Map<Integer, Integer> tcToPg, Map<Integer, Integer> tcToQueue) {
    public QosMapSettings {
        int tc = QosMapSchema.MAX_TC;
        dscpToTc = check(dscpToTc, QosMapSchema.MAX_DSCP, tc, "dscp_to_tc");
        tcToPg = check(tcToPg, tc, tc, "tc_to_pg");
        tcToQueue = check(tcToQueue, tc, tc, "tc_to_queue");
    }

    private static Map<Integer, Integer> check(Map<Integer, Integer> m, int maxKey, int maxValue, String name) {
        if (m == null) {
            return null;
        }
        for (Map.Entry<Integer, Integer> e : m.entrySet()) {
            if (e.getKey() < 0 || e.getKey() > maxKey || e.getValue() < 0 || e.getValue() > maxValue) {
                throw new IllegalArgumentException("switch.qos_map." + name + ": " + e.getKey() + " -> " + e.getValue()
                        + " out of range (keys 0.." + maxKey + ", values 0.." + maxValue + ")");
            }
        }
        return java.util.Collections.unmodifiableMap(new TreeMap<>(m));
    }

    /**
     * Every map written out in full (64 DSCPs, 8 traffic classes), as {@link MmuFactory#qosMap} reads them:
     * the defaults when unset (DSCP d → d &gt;&gt; 3, identity), 0 for a key a given map leaves out.
     */
    public static QosMapSettings resolved(QosMapSettings q) {
        return new QosMapSettings(full(q == null ? null : q.dscpToTc, 64, 3), full(q == null ? null : q.tcToPg, 8, 0),
                full(q == null ? null : q.tcToQueue, 8, 0));
    }

    /** {@code m} for keys 0..size-1: absent keys 0; an unset map k → k &gt;&gt; shift. */
    private static Map<Integer, Integer> full(Map<Integer, Integer> m, int size, int shift) {
        Map<Integer, Integer> out = new TreeMap<>();
        for (int k = 0; k < size; k++) {
            out.put(k, m == null ? k >> shift : m.getOrDefault(k, 0));
        }
        return out;
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "dscp_to_tc", dscpToTc);
        Put.put(m, "tc_to_pg", tcToPg);
        Put.put(m, "tc_to_queue", tcToQueue);
        return m;
    }
}
