package org.lossless.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a flat map of dotted scenario key paths ({@code nic.dcqcn.alpha_gain}) as nested YAML, in
 * insertion order. Values are plain scalars unless YAML would read them differently, then quoted.
 */
final class KeyPathYaml {
    private KeyPathYaml() {
    }

    static String write(Map<String, String> settings) {
        Map<String, Object> root = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            insert(root, e.getKey().split("\\."), e.getValue());
        }
        StringBuilder out = new StringBuilder();
        emit(root, 0, out);
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static void insert(Map<String, Object> node, String[] path, String value) {
        Map<String, Object> cur = node;
        for (int i = 0; i < path.length - 1; i++) {
            Object next = cur.computeIfAbsent(path[i], k -> new LinkedHashMap<String, Object>());
            if (!(next instanceof Map)) {
                throw new IllegalArgumentException("key path " + String.join(".", path) + " conflicts with a value at "
                    + path[i]);
            }
            cur = (Map<String, Object>) next;
        }
        cur.put(path[path.length - 1], value);
    }

    @SuppressWarnings("unchecked")
    private static void emit(Map<String, Object> node, int indent, StringBuilder out) {
        for (Map.Entry<String, Object> e : node.entrySet()) {
            out.append("  ".repeat(indent)).append(scalar(e.getKey())).append(':');
            if (e.getValue() instanceof Map) {
                out.append('\n');
                emit((Map<String, Object>) e.getValue(), indent + 1, out);
            } else {
                out.append(' ').append(scalar((String) e.getValue())).append('\n');
            }
        }
    }

    /** Quotes strings YAML would not read back verbatim (booleans and numbers stay plain). */
    static String scalar(String s) {
        if (s.matches("[A-Za-z0-9_./%+-]+") && !s.matches("(?i)(yes|no|on|off|null|~|y|n)")) {
            return s;
        }
        return "'" + s.replace("'", "''") + "'";
    }
}
