package org.lossless.switchmodel.settings;

import java.util.Map;

/** Helper for the ordered key maps the settings records produce: skips null values and empty maps. */
final class Put {
    private Put() {
    }

    static void put(Map<String, Object> m, String key, Object value) {
        if (value == null) {
            return;
        }
        if (value instanceof Map<?, ?> sub && sub.isEmpty()) {
            return;
        }
        m.put(key, value);
    }

    /** Time in ps as the shortest exact contract text (200ms, 1us, 800ps). */
    static String time(Long ps) {
        if (ps == null) {
            return null;
        }
        if (ps == 0) {
            return "0";
        }
        String[] units = {"s", "ms", "us", "ns"};
        long[] div = {1_000_000_000_000L, 1_000_000_000L, 1_000_000L, 1000L};
        for (int i = 0; i < units.length; i++) {
            if (ps % div[i] == 0) {
                return ps / div[i] + units[i];
            }
        }
        return ps + "ps";
    }

    /** Rate in bps as the shortest exact contract text (100Gbps, 1600Gbps, 40Mbps). */
    static String rate(long bps) {
        String[] units = {"Gbps", "Mbps", "Kbps"};
        long[] div = {1_000_000_000L, 1_000_000L, 1000L};
        for (int i = 0; i < units.length; i++) {
            if (bps % div[i] == 0) {
                return bps / div[i] + units[i];
            }
        }
        return bps + "bps";
    }

    /** Length in metres as contract text (5m, 2.5m). */
    static String meters(Double m) {
        if (m == null) {
            return null;
        }
        return (m == Math.rint(m) ? Long.toString(m.longValue()) : Double.toString(m)) + "m";
    }
}
