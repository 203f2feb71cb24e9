package org.lossless.nic.cc;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * The values of one parameter section: each key's default from its {@link Section} unless overridden, parsed by
 * the key's text form ({@link CcKeys}). Errors name the key as {@code <section>.<key>: ...} (the caller adds the
 * file).
 */
public final class CcValues {
    private final Section section;
    private final Values values;

    /**
     * @param section   the section, e.g. {@code nic.hpcc}
     * @param overrides key -&gt; text; unknown keys are refused
     */
    public CcValues(Section section, Map<String, String> overrides) {
        this(section, parse(section, overrides));
    }

    /** Defaults only. */
    public CcValues(Section section) {
        this(section, Values.empty(section));
    }

    /** {@code written} (as read through the section's schema) with the defaults. */
    public CcValues(Section section, Values written) {
        this.section = section;
        this.values = section.resolve(written);
    }

    /** {@code overrides} (key -&gt; text) as written values; a bad key or value names {@code <section>.<key>}. */
    public static Values parse(Section section, Map<String, String> overrides) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            Key k = section.keys().stream().filter(x -> x.name().equals(e.getKey())).findFirst().orElse(null);
            if (k == null) {
                throw new IllegalArgumentException(section.path() + ": unknown key '" + e.getKey() + "' (known: "
                        + String.join(", ", section.names()) + ")");
            }
            try {
                m.put(k.name(), k.form().parse().apply(e.getValue() == null ? "" : e.getValue().strip()));
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(section.path() + "." + k.name() + ": " + ex.getMessage(), ex);
            }
        }
        return new Values(section, m);
    }

    /** A time, ps; {@link CcKeys#AUTO} for {@code auto}. */
    public long time(String key) {
        return values.isAuto(key) ? CcKeys.AUTO : values.number(key);
    }

    public long rate(String key) {
        return values.number(key);
    }

    public double number(String key) {
        return values.fraction(key);
    }

    public long integer(String key) {
        return values.integer(key);
    }

    public boolean bool(String key) {
        return values.bool(key);
    }

    /** An error about {@code key}'s value: {@code <section>.<key>: message}. */
    public IllegalArgumentException error(String key, String message) {
        return new IllegalArgumentException(section.path() + "." + key + ": " + message);
    }

    /**
     * Canonical text of every key, in key order, from a record's values ({@link CcKeys#AUTO} for an {@code auto}
     * time; integers may be {@code long}).
     */
    public static Map<String, String> format(Section section, Map<String, Object> parsed) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Key k : section.keys()) {
            Object v = parsed.get(k.name());
            if (v instanceof Long l && l == CcKeys.AUTO && k.auto() != null) {
                v = Key.AUTO;
            }
            out.put(k.name(), CcKeys.text(k, v));
        }
        return out;
    }

    /** The set values of {@code written} as canonical text (what {@link #CcValues(Section, Map)} reads back equal). */
    public static Map<String, String> texts(Values written) {
        Map<String, String> out = new LinkedHashMap<>();
        written.asMap().forEach((n, v) -> out.put(n, CcKeys.text(written.section().key(n), v)));
        return out;
    }
}
