package org.lossless.core.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario section: its key path (e.g. {@code switch.pfc}), its keys in the order the docs, the reader and
 * the resolved scenario list them, and its exclusive groups. Immutable.
 *
 * @param path      the dotted key path of the section, e.g. {@code switch.pfc}
 * @param keys      the keys, names distinct, in document order
 * @param exclusive groups of keys of which at most one may be given
 */
public record Section(String path, List<Key> keys, List<Exclusive> exclusive) {
    public Section {
        if (path == null || !path.matches("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*")) {
            throw new IllegalArgumentException("a section path is dotted key names, got '" + path + "'");
        }
        keys = List.copyOf(keys);
        exclusive = List.copyOf(exclusive);
        if (keys.stream().map(Key::name).distinct().count() != keys.size()) {
            throw new IllegalArgumentException(path + ": a key is declared twice");
        }
        for (Key k : keys) {
            if (k.by() != null) {
                Key on = keys.stream().filter(o -> o.name().equals(k.by().key())).findFirst().orElse(null);
                if (on == null || on.kind() != Kind.CHOICE || on.dflt() == null
                        || !List.copyOf(k.by().table().keySet()).equals(on.choices())) {
                    throw new IllegalArgumentException(path + "." + k.name() + ": its default must be given for every"
                            + " value of a CHOICE key with a default, in its order; got " + k.by().key());
                }
            }
        }
        for (Exclusive g : exclusive) {
            for (String n : g.names()) {
                if (keys.stream().noneMatch(k -> k.name().equals(n))) {
                    throw new IllegalArgumentException(path + ": exclusive group names unknown key " + n);
                }
            }
        }
    }

    /** A section with {@code keys} and no exclusive groups (add them with {@link #exclusive(String, String...)}). */
    public static Section of(String path, Key... keys) {
        return new Section(path, List.of(keys), List.of());
    }

    /** This section with one more exclusive group. */
    public Section exclusive(String message, String... names) {
        List<Exclusive> groups = new ArrayList<>(exclusive);
        groups.add(new Exclusive(List.of(names), message));
        return new Section(path, keys, groups);
    }

    /** The key names in order (what {@code Cursor.object} allows and "did you mean" picks from). */
    public String[] names() {
        return keys.stream().map(Key::name).toArray(String[]::new);
    }

    /** The key called {@code name}; an IllegalArgumentException if the section has none (a programming error). */
    public Key key(String name) {
        for (Key k : keys) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException(path + " has no key " + name);
    }

    /** The exclusive group {@code name} belongs to, or null. */
    public Exclusive groupOf(String name) {
        for (Exclusive g : exclusive) {
            if (g.names().contains(name)) {
                return g;
            }
        }
        return null;
    }

    /**
     * {@code written} with every absent key that has a default set to it, except a member of an exclusive group
     * another member of which is given. A nested section present in {@code written} is resolved the same way;
     * an absent one stays absent (its default is the section's own business: see its {@code defaultDoc}).
     */
    public Values resolve(Values written) {
        return resolve(written, null);
    }

    /**
     * {@link #resolve(Values)} for a section with defaults by another key ({@link DefaultBy}): each such default
     * is the table's entry for that key's value (as written, else its default); a {@link DefaultBy.Derived} entry
     * is computed from {@code context} (e.g. the NIC's line rate, bps).
     */
    public Values resolve(Values written, long context) {
        return resolve(written, Long.valueOf(context));
    }

    private Values resolve(Values written, Long context) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Key k : keys) {
            Object v = written.get(k.name());
            if (v == null && k.by() != null) {
                Object choice = written.has(k.by().key()) ? written.get(k.by().key()) : key(k.by().key()).dflt();
                v = k.by().table().get(choice);
                if (v instanceof DefaultBy.Derived d) {
                    if (context == null) {
                        throw new IllegalStateException(path + "." + k.name() + "'s default needs resolve(v, context)");
                    }
                    v = d.of().apply(context);
                }
            } else if (v == null) {
                Exclusive g = groupOf(k.name());
                boolean other = g != null && g.names().stream().anyMatch(written::has);
                v = other ? null : k.dflt();
            } else if (k.kind() == Kind.SECTION) {
                v = k.section().resolve((Values) v);
            }
            if (v != null) {
                out.put(k.name(), v);
            }
        }
        return new Values(this, out);
    }
}
