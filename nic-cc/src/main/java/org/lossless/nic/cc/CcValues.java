package org.lossless.nic.cc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of one parameter section: each key's default unless overridden, parsed. Errors name the key
 * as {@code <section>.<key>: ...} (the caller adds the file).
 */
public final class CcValues {
    private final String section;
    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, CcKey> keys = new LinkedHashMap<>();

    /**
     * @param section   e.g. {@code nic.hpcc}, for messages
     * @param keys      the section's keys
     * @param overrides key -&gt; text; unknown keys are refused
     */
    public CcValues(String section, List<CcKey> keys, Map<String, String> overrides) {
        this.section = section;
        for (CcKey k : keys) {
            this.keys.put(k.name(), k);
            values.put(k.name(), k.parse(k.defaultText()));
        }
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            CcKey k = this.keys.get(e.getKey());
            if (k == null) {
                throw new IllegalArgumentException(section + ": unknown key '" + e.getKey() + "' (known: "
                        + String.join(", ", this.keys.keySet()) + ")");
            }
            try {
                values.put(k.name(), k.parse(e.getValue()));
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(section + "." + k.name() + ": " + ex.getMessage() + "; expected "
                        + k.expected(), ex);
            }
        }
    }

    /** Defaults only. */
    public CcValues(String section, List<CcKey> keys) {
        this(section, keys, Map.of());
    }

    public long time(String key) {
        return (Long) values.get(key);
    }

    public long rate(String key) {
        return (Long) values.get(key);
    }

    public double number(String key) {
        return (Double) values.get(key);
    }

    public long integer(String key) {
        return (Long) values.get(key);
    }

    public boolean bool(String key) {
        return (Boolean) values.get(key);
    }

    /** An error about {@code key}'s value: {@code <section>.<key>: message}. */
    public IllegalArgumentException error(String key, String message) {
        return new IllegalArgumentException(section + "." + key + ": " + message);
    }

    /** Canonical text of every key, in key order. */
    public static Map<String, String> format(List<CcKey> keys, Map<String, Object> parsed) {
        Map<String, String> out = new LinkedHashMap<>();
        for (CcKey k : keys) {
            out.put(k.name(), k.format(parsed.get(k.name())));
        }
        return out;
    }
}
