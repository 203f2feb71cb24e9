package org.lossless.core.settings;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values of one {@link Section}, by key name, in canonical units (see {@link Kind}): "as written" when read from
 * a scenario (unset keys absent) or resolved ({@link Section#resolve}). Every value is checked against its
 * key's kind and range when the map is built, so a reader of {@code Values} may cast. Immutable.
 */
public final class Values {
    private final Section section;
    private final Map<String, Object> map;

    /** @param values key name -&gt; value; null values are dropped; names must be keys of {@code section} */
    public Values(Section section, Map<String, ?> values) {
        this.section = section;
        Map<String, Object> m = new LinkedHashMap<>();
        for (Key k : section.keys()) {
            Object v = values.get(k.name());
            if (v != null) {
                check(k, v);
                m.put(k.name(), v);
            }
        }
        for (String n : values.keySet()) {
            section.key(n); // unknown names are a programming error
        }
        this.map = Collections.unmodifiableMap(m);
    }

    private static void check(Key k, Object v) {
        if (Key.AUTO.equals(v) && k.auto() != null) {
            return;
        }
        if (k.kind() == Kind.SECTION) {
            if (!(v instanceof Values nested) || nested.section() != k.section()) {
                throw new IllegalArgumentException(k.name() + ": expected values of " + k.section().path());
            }
            return;
        }
        // the key's own constructor check, on a copy with v as its default
        new Key(k.name(), k.kind(), k.min(), k.max(), k.choices(), k.noun(), k.auto(), k.belowMin(), v, null, k.doc(),
                null, null, null, null, null, null, null);
    }

    /** No values (a section given as an empty mapping). */
    public static Values empty(Section section) {
        return new Values(section, Map.of());
    }

    public Section section() {
        return section;
    }

    public boolean has(String name) {
        return map.containsKey(name);
    }

    /** The value of {@code name}, or null when unset. */
    public Object get(String name) {
        return map.get(name);
    }

    public Boolean bool(String name) {
        return (Boolean) map.get(name);
    }

    public Integer integer(String name) {
        return (Integer) map.get(name);
    }

    /** A SIZE (bytes), TIME (ps), LENGTH (mm) or RATE (bps); null when unset or {@link Key#AUTO}. */
    public Long number(String name) {
        return map.get(name) instanceof Long l ? l : null;
    }

    /** True when {@code name} is set to {@code auto}. */
    public boolean isAuto(String name) {
        return Key.AUTO.equals(map.get(name));
    }

    /** A FRACTION or NUMBER. */
    public Double fraction(String name) {
        return (Double) map.get(name);
    }

    /** A CHOICE or TEXT value. */
    public String text(String name) {
        return map.get(name) instanceof String s ? s : null;
    }

    @SuppressWarnings("unchecked")
    public List<Integer> ints(String name) {
        return (List<Integer>) map.get(name);
    }

    public Values nested(String name) {
        return (Values) map.get(name);
    }

    /** The set values in key order (unmodifiable). */
    public Map<String, Object> asMap() {
        return map;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Values v && v.section == section && v.map.equals(map);
    }

    @Override
    public int hashCode() {
        return map.hashCode();
    }

    @Override
    public String toString() {
        return section.path() + map;
    }
}
