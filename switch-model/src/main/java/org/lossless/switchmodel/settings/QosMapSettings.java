package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code switch.qos_map} (new key): DSCP → TC, TC → PG, TC → queue. Null maps = identity for TC → PG/queue
 * and "all DSCPs to TC 0 unless the host sets the priority" for DSCP → TC.
 */
public record QosMapSettings(Map<Integer, Integer> dscpToTc, Map<Integer, Integer> tcToPg, Map<Integer, Integer> tcToQueue) {
    public QosMapSettings {
        dscpToTc = check(dscpToTc, 63, 7, "dscp_to_tc");
        tcToPg = check(tcToPg, 7, 7, "tc_to_pg");
        tcToQueue = check(tcToQueue, 7, 7, "tc_to_queue");
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

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "dscp_to_tc", dscpToTc);
        Put.put(m, "tc_to_pg", tcToPg);
        Put.put(m, "tc_to_queue", tcToQueue);
        return m;
    }
}
