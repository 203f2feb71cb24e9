package org.lossless.workloads.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

import org.lossless.core.settings.Exclusive;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Kind;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * Reads one scenario section through its {@link Section} schema into "as written" {@link Values} (unset keys
 * absent; no defaults). Unknown keys get a "did you mean" from the section's key names ({@link Cursor#object});
 * an exclusive group given twice fails with the group's message on the section; every value fails with the
 * {@link Cursor}'s messages (file, key path, problem) when it has the wrong type or is out of range. Keys are
 * read in declaration order, a group checked at its first member, so the first problem found is reported; then a
 * required key missing or a value above its largest. A key
 * with its own {@link org.lossless.core.settings.TextForm} is parsed by it (its messages; its range is its
 * settings record's check).
 */
public final class SectionReader {
    private SectionReader() {
    }

    /**
     * The values under {@code c}, or null when {@code c} is absent or null. {@link Kind#CUSTOM} keys are allowed
     * and left out: the caller reads them.
     */
    public static Values read(Cursor c, Section s) {
        return read(c, s, Map.of());
    }

    /**
     * As {@link #read(Cursor, Section)}, but each present key named in {@code readers} is read by its reader instead
     * of by its kind: for a key whose messages were the section reader's own before it joined the schema (e.g. a
     * latency that takes {@code auto} and answers a bad time with the time parser's words). A reader returns the
     * value in canonical units (or {@link Key#AUTO}); {@link Values} still checks it against the key's kind and range.
     */
    public static Values read(Cursor c, Section s, Map<String, Function<Cursor, Object>> readers) {
        if (!c.present()) {
            return null;
        }
        c.object(s.names());
        Map<String, Object> out = new LinkedHashMap<>();
        for (Key k : s.keys()) {
            Exclusive g = s.groupOf(k.name());
            if (g != null && g.names().get(0).equals(k.name())
                    && g.names().stream().filter(n -> c.key(n).present()).count() > 1) {
                throw c.error(g.message());
            }
            Cursor kc = c.key(k.name());
            if (kc.present() && k.kind() != Kind.CUSTOM) {
                Function<Cursor, Object> r = readers.get(k.name());
                out.put(k.name(), r != null ? r.apply(kc) : value(kc, k));
            }
        }
        checkRequiredAndMax(c, s, out);
        return new Values(s, out);
    }

    /**
     * The rules of a key beyond its value's own reading, checked once every key is read, in key order: a required
     * key missing ({@link Key#required(String)}), a size or time above its largest ({@link Key#atMost}). After the
     * reading so that a section with several problems still reports the one the readers found first when they
     * checked these themselves after reading the section.
     */
    private static void checkRequiredAndMax(Cursor c, Section s, Map<String, Object> out) {
        for (Key k : s.keys()) {
            Object v = out.get(k.name());
            if (v == null && k.required() != null) {
                throw c.key(k.name()).error("is required" + k.required());
            }
            if (k.aboveMax() != null && v instanceof Long n && n > k.max()) {
                throw c.key(k.name()).error(k.aboveMax(n));
            }
        }
    }

    /** One present value of {@code k}, in canonical units. */
    static Object value(Cursor c, Key k) {
        if (k.form() != null) {
            String text = c.scalar(k.form().expected()).strip();
            try {
                return k.form().parse().apply(text);
            } catch (IllegalArgumentException e) {
                throw c.error(e.getMessage());
            }
        }
        return switch (k.kind()) {
            case BOOL -> c.bool(true);
            case INT -> (int) c.integer(k.min(), k.max());
            case INT_SET -> new ArrayList<>(new TreeSet<>(c.distinctIntegers(k.min(), k.max(), k.noun())));
            case SIZE, TIME -> quantity(c, k);
            case LENGTH -> c.lengthMm();
            case RATE -> {
                long v = c.rateBps();
                if (k.belowMin() != null && v < k.min()) {
                    throw c.error(k.belowMin());
                }
                yield v;
            }
            case NUMBER -> throw new IllegalStateException(k.name() + ": a number is read by its TextForm");
            case FRACTION -> {
                double v = c.fraction();
                if (k.belowMin() != null && v <= 0) {
                    throw c.error(k.belowMin());
                }
                yield v;
            }
            case CHOICE -> c.oneOf(k.choices());
            case TEXT -> c.text("a string");
            case SECTION -> read(c, k.section());
            case CUSTOM -> throw new IllegalStateException(k.name() + " is read by its section's reader");
        };
    }

    /**
     * A size (bytes) or time (ps), or {@link Key#AUTO}. A bad size gets the size parser's message; a bad time of
     * an {@code auto} key gets "expected " + the key's auto phrase (both as the readers wrote them before).
     */
    private static Object quantity(Cursor c, Key k) {
        boolean size = k.kind() == Kind.SIZE;
        if (k.auto() != null && Key.AUTO.equals(c.text(k.auto()).strip())) {
            return Key.AUTO;
        }
        long v;
        if (size) {
            v = c.size();
        } else if (k.auto() == null) {
            v = c.timePs();
        } else {
            try {
                v = c.timePs();
            } catch (ScenarioException e) {
                throw c.error("expected " + k.auto() + ", got " + c.describe());
            }
        }
        if (k.belowMin() != null && v < k.min()) {
            throw c.error(k.belowMin());
        }
        return v;
    }
}
