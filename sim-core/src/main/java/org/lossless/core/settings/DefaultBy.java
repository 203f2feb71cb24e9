package org.lossless.core.settings;

import java.util.Map;
import java.util.Objects;
import java.util.function.LongFunction;

/**
 * A default that depends on another key of the same section: one default per value of that key, a
 * {@link Kind#CHOICE} (e.g. DCQCN's defaults per {@code profile}). A table entry is a value in canonical units or
 * a {@link Derived} one, computed from a number the section's reader supplies ({@link Section#resolve(Values,
 * long)}, e.g. the NIC's line rate). The docs show it as "by `profile`: a / b / c", in the choice's order.
 *
 * @param key   the CHOICE key of the section whose value picks the default
 * @param table that key's value -&gt; the default, one entry per choice, in the choices' order (iteration order kept)
 */
public record DefaultBy(String key, Map<String, Object> table) {
    public DefaultBy {
        Objects.requireNonNull(key, "key");
        table = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(table));
    }

    /**
     * A default computed from the section's context number.
     *
     * @param doc the docs' text, e.g. "line rate / 5000" (Markdown)
     * @param of  context (e.g. the line rate, bps) -&gt; the value in canonical units
     */
    public record Derived(String doc, LongFunction<Object> of) {
        public Derived {
            Objects.requireNonNull(doc, "doc");
            Objects.requireNonNull(of, "of");
        }
    }
}
