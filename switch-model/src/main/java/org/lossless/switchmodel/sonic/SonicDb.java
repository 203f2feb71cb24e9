package org.lossless.switchmodel.sonic;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Read-only view of a CONFIG_DB JSON: table → key → field → string value, plus value parsing with
 * messages naming the file, table, key and field. Every CONFIG_DB value is a string (reference §8).
 */
final class SonicDb {
    final String source;
    private final Map<String, Map<String, Map<String, String>>> tables = new LinkedHashMap<>();

    SonicDb(String source, JsonNode root) {
        this.source = source;
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(source + ": expected a JSON object of CONFIG_DB tables");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> t = it.next();
            if (t.getKey().startsWith("_")) {
                continue; // comment keys such as _source
            }
            if (!t.getValue().isObject()) {
                throw new IllegalArgumentException(source + ": table " + t.getKey() + " must be an object of entries");
            }
            Map<String, Map<String, String>> entries = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> e = t.getValue().fields(); e.hasNext(); ) {
                Map.Entry<String, JsonNode> en = e.next();
                if (!en.getValue().isObject()) {
                    throw new IllegalArgumentException(source + ": " + t.getKey() + "|" + en.getKey()
                            + " must be an object of fields");
                }
                Map<String, String> fields = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> f = en.getValue().fields(); f.hasNext(); ) {
                    Map.Entry<String, JsonNode> fe = f.next();
                    JsonNode v = fe.getValue();
                    fields.put(fe.getKey(), v.isValueNode() ? v.asText() : v.toString());
                }
                entries.put(en.getKey(), fields);
            }
            tables.put(t.getKey(), entries);
        }
    }

    List<String> tableNames() {
        return new ArrayList<>(tables.keySet());
    }

    /** Entries of {@code table}, empty if absent. */
    Map<String, Map<String, String>> table(String table) {
        return tables.getOrDefault(table, Map.of());
    }

    String where(String table, String key, String field) {
        return source + ": " + table + "|" + key + (field == null ? "" : "." + field);
    }

    long bytes(String table, String key, String field, String value) {
        try {
            long v = Long.parseLong(value.trim());
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where(table, key, field) + ": '" + value
                    + "': expected a byte count (non-negative integer string)");
        }
    }

    int integer(String table, String key, String field, String value, int min, int max) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < min || v > max) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where(table, key, field) + ": '" + value + "': expected an integer in "
                    + min + ".." + max);
        }
    }

    double number(String table, String key, String field, String value, double min, double max) {
        try {
            double v = Double.parseDouble(value.trim());
            if (!(v >= min && v <= max)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where(table, key, field) + ": '" + value + "': expected a number in "
                    + min + ".." + max);
        }
    }

    /** Ports of a key such as {@code Ethernet0,Ethernet4|3-4} (the part before '|', comma-separated). */
    static List<String> ports(String key) {
        int bar = key.indexOf('|');
        String p = bar < 0 ? key : key.substring(0, bar);
        List<String> out = new ArrayList<>();
        for (String s : p.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    /** Indices of a key such as {@code Ethernet0|3-4} or {@code Ethernet56|4}. */
    List<Integer> indices(String table, String key) {
        int bar = key.indexOf('|');
        if (bar < 0) {
            throw new IllegalArgumentException(where(table, key, null) + ": expected PORTS|INDEX or PORTS|FIRST-LAST");
        }
        String r = key.substring(bar + 1).trim();
        List<Integer> out = new ArrayList<>();
        for (String part : r.split(",")) {
            String[] ab = part.split("-");
            int a = integer(table, key, null, ab[0], 0, 15);
            int b = ab.length > 1 ? integer(table, key, null, ab[1], 0, 15) : a;
            for (int i = a; i <= b; i++) {
                out.add(i);
            }
        }
        return out;
    }

    /** Profile name of a reference: {@code name}, {@code [BUFFER_PROFILE|name]} or {@code [BUFFER_PROFILE_TABLE:name]}. */
    static String profileName(String ref) {
        String s = ref.trim();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
            int sep = Math.max(s.indexOf('|'), s.indexOf(':'));
            s = sep >= 0 ? s.substring(sep + 1) : s;
        }
        return s;
    }
}
