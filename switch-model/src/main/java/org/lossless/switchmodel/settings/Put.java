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

    /**
     * The set values of a schema section as this map form writes them (what {@code lossless import sonic} prints):
     * sizes in bytes, times as text ({@link #time}), lengths in metres ({@link #meters}), {@code auto} as the
     * word, nested sections as maps (an empty one left out).
     */
    static Map<String, Object> values(org.lossless.core.settings.Values v) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Object> e : v.asMap().entrySet()) {
            Object x = e.getValue();
            Object out = switch (org.lossless.core.settings.Key.AUTO.equals(x) ? org.lossless.core.settings.Kind.TEXT
                    : v.section().key(e.getKey()).kind()) {
                case TIME -> time((Long) x);
                case LENGTH -> meters((Long) x / 1000.0);
                case SECTION -> values((org.lossless.core.settings.Values) x);
                default -> x;
            };
            put(m, e.getKey(), out);
        }
        return m;
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
