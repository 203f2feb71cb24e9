package org.lossless.experiments.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.KeyTable;
import org.lossless.core.settings.Kind;
import org.lossless.core.settings.Values;

/**
 * A section of {@code scenario.resolved.yaml} written from its schema: every set value in key order, sizes,
 * times and lengths in canonical units' shortest exact text ({@link KeyTable#format}), {@code auto} as the word,
 * nested sections as mappings, a key with its own text form as that form writes it. {@code SectionReader} reads
 * the result back to equal values.
 */
final class SectionYaml {
    private SectionYaml() {
    }

    static ObjectNode write(Values v) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, Object> e : v.asMap().entrySet()) {
            put(n, v.section().key(e.getKey()), e.getValue());
        }
        return n;
    }

    /**
     * Writes {@code v}'s section into {@code n} in key order: each key with a writer in {@code custom} by that writer
     * (every {@link Kind#CUSTOM} key, and a nested section with custom rows of its own), each other set value as
     * {@link #write(Values)} does (a custom key without a writer, e.g. one the caller has written already, is
     * skipped).
     */
    static void write(Values v, ObjectNode n, Map<String, Runnable> custom) {
        write(v, n, custom, List.of());
    }

    /** As {@link #write(Values, ObjectNode, Map)}, the keys named in {@code first} first, in that order. */
    static void write(Values v, ObjectNode n, Map<String, Runnable> custom, List<String> first) {
        for (String name : first) {
            write(v, n, custom, v.section().key(name));
        }
        for (Key k : v.section().keys()) {
            if (!first.contains(k.name())) {
                write(v, n, custom, k);
            }
        }
    }

    /** {@code name}'s value in {@code v}, if set, as {@link #write(Values)} writes it; a CUSTOM key is an error. */
    static void put(ObjectNode n, Values v, String name) {
        if (v.has(name)) {
            put(n, v.section().key(name), v.get(name));
        } else if (v.section().key(name).kind() == Kind.CUSTOM) {
            throw new IllegalStateException(name + " is written by its section's writer");
        }
    }

    private static void write(Values v, ObjectNode n, Map<String, Runnable> custom, Key k) {
        Runnable w = custom.get(k.name());
        if (w != null) {
            w.run();
        } else if (k.kind() != Kind.CUSTOM && v.has(k.name())) {
            put(n, k, v.get(k.name()));
        }
    }

    private static void put(ObjectNode n, Key k, Object x) {
        if (Key.AUTO.equals(x)) {
            n.put(k.name(), Key.AUTO);
            return;
        }
        if (k.form() != null) {
            scalar(n, k.name(), k.form().yaml().apply(x));
            return;
        }
        switch (k.kind()) {
            case BOOL -> n.put(k.name(), (Boolean) x);
            case INT -> n.put(k.name(), (Integer) x);
            case INT_SET -> {
                ArrayNode a = n.putArray(k.name());
                ((List<?>) x).forEach(i -> a.add((Integer) i));
            }
            case SIZE, TIME, LENGTH, RATE -> ResolvedYaml.quantity(n, k.name(), KeyTable.format(k, x));
            case FRACTION, NUMBER -> n.put(k.name(), (Double) x);
            case CHOICE, TEXT -> n.put(k.name(), (String) x);
            case SECTION -> n.set(k.name(), write((Values) x));
            case CUSTOM -> throw new IllegalStateException(k.name() + " is written by its section's writer");
        }
    }

    /** A key's own text form's scalar ({@link org.lossless.core.settings.TextForm#yaml}): text ("0" as the number), a number or a boolean. */
    private static void scalar(ObjectNode n, String name, Object v) {
        if (v instanceof String t) {
            ResolvedYaml.quantity(n, name, t);
        } else if (v instanceof Boolean b) {
            n.put(name, b);
        } else if (v instanceof Integer i) {
            n.put(name, i);
        } else if (v instanceof Long l) {
            n.put(name, l);
        } else if (v instanceof Double d) {
            n.put(name, d);
        } else if (v instanceof java.math.BigDecimal d) {
            n.put(name, d);
        } else {
            throw new IllegalStateException(name + ": no YAML scalar for " + v);
        }
    }
}
