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

    /**
     * tc_to_pg and tc_to_queue written out for all 8 traffic classes: identity when unset, 0 for a class a
     * given map leaves out (as {@link MmuFactory} reads them); dscp_to_tc stays as given (unset = the
     * host's priority is the traffic class).
     */
    public static QosMapSettings resolved(QosMapSettings q) {
        return new QosMapSettings(q == null ? null : q.dscpToTc, full(q == null ? null : q.tcToPg),
                full(q == null ? null : q.tcToQueue));
    }

    private static Map<Integer, Integer> full(Map<Integer, Integer> m) {
        Map<Integer, Integer> out = new TreeMap<>();
        for (int tc = 0; tc < 8; tc++) {
            out.put(tc, m == null ? tc : m.getOrDefault(tc, 0));
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
