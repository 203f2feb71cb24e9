package org.lossless.core.settings;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One scenario key, declared once: its name, {@link Kind}, range, default, doc line and where the default
 * comes from. Build with the static factories and the {@code with...} methods, e.g.
 * {@code Key.integer("dynamic_th", -8, 7, -3, "α = 2^dynamic_th of the free pool").source("SONiC")}.
 *
 * @param name       the YAML key, lower case with '_' (e.g. {@code dynamic_th})
 * @param kind       the value's type
 * @param min        {@link Kind#INT}, {@link Kind#INT_SET}: the smallest allowed value. {@link Kind#SIZE},
 *                   {@link Kind#TIME}: the smallest allowed value in bytes / ps, checked when {@code belowMin}
 *                   is set. {@link Kind#FRACTION}: 1 means "must be &gt; 0" (with {@code belowMin}), 0 none
 * @param max        {@link Kind#INT}, {@link Kind#INT_SET}: the largest allowed value; else unused
 * @param choices    {@link Kind#CHOICE}: the closed set of words, in the order messages list them; else empty
 * @param noun       {@link Kind#INT_SET}: the word for one entry in messages ("priority 3 is listed twice");
 *                   {@link Kind#CUSTOM}: the docs' type text (Markdown)
 * @param auto       null, or the "expected" phrase of a key that also takes the word {@code auto}
 *                   (e.g. "auto or a size such as 100KB"); the value is then {@link #AUTO} or a number
 * @param belowMin   null, or the message when a SIZE/TIME/FRACTION value is below {@code min}
 * @param dflt       the default in canonical units ({@link Kind}'s Java type, or {@link #AUTO}); null = none
 *                   (or one that depends on other settings: say which in {@code defaultDoc})
 * @param defaultDoc null, or the docs' default text when it is not just {@code dflt} (Markdown)
 * @param doc        what the key means, one Markdown paragraph (the docs table's last column)
 * @param source     null, or where the default comes from, e.g. "SONiC", "IEEE 802.1Qbb"
 * @param section    {@link Kind#SECTION}: the nested section; else null
 * @param bounds     null, or the range of a number-like key for the docs and its defaults ({@link Bounds})
 * @param form       null, or the key's own text form ({@link TextForm}): how the reader parses it and the
 *                   resolved scenario writes it
 * @param by         null, or a default that depends on another key ({@link DefaultBy}); {@code dflt} is then null
 * @param required   null, or the text after "is required" when the key is missing (e.g. " (a size such as 1MB)"):
 *                   the reader refuses a section without it ({@link #required(String)})
 * @param aboveMax   null, or the message when a SIZE/TIME value is above {@code max}, {@code {}} standing for the
 *                   value ({@link #atMost(long, String)})
 */
public record Key(String name, Kind kind, long min, long max, List<String> choices, String noun, String auto,
                  String belowMin,
                  Object dflt, String defaultDoc, String doc, String source, Section section, Bounds bounds,
                  TextForm form, DefaultBy by, String required, String aboveMax) {
    /** The value of an {@code auto} key set to {@code auto}. */
    public static final String AUTO = "auto";
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

    public Key {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a key name is lower case letters, digits and '_', got '" + name + "'");
        }
        Objects.requireNonNull(kind, "kind");
        choices = choices == null ? List.of() : List.copyOf(choices);
        if (doc == null || doc.isBlank()) {
            throw new IllegalArgumentException(name + ": a key needs a doc line");
        }
        if (min > max) {
            throw new IllegalArgumentException(name + ": min " + min + " > max " + max);
        }
        if ((kind == Kind.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException(name + ": choices are given for, and only for, a CHOICE key");
        }
        if ((kind == Kind.SECTION) != (section != null)) {
            throw new IllegalArgumentException(name + ": a nested section is given for, and only for, a SECTION key");
        }
        if ((kind == Kind.INT_SET || kind == Kind.CUSTOM) != (noun != null)) {
            throw new IllegalArgumentException(name + ": a noun is given for, and only for, an INT_SET or CUSTOM key");
        }
        if (auto != null && kind != Kind.SIZE && kind != Kind.TIME) {
            throw new IllegalArgumentException(name + ": only a size or a time may also take auto");
        }
        if (required != null && (dflt != null || by != null)) {
            throw new IllegalArgumentException(name + ": a required key has no default");
        }
        if (aboveMax != null && kind != Kind.SIZE && kind != Kind.TIME) {
            throw new IllegalArgumentException(name + ": only a size or a time has an upper bound with its message");
        }
        if (by != null && dflt != null) {
            throw new IllegalArgumentException(name + ": a default by another key replaces the plain default");
        }
        if (bounds != null && kind != Kind.NUMBER && kind != Kind.RATE && kind != Kind.TIME && kind != Kind.SIZE
                && kind != Kind.INT) {
            throw new IllegalArgumentException(name + ": bounds are for number-like keys");
        }
        checkDefault(name, kind, min, max, choices, auto, bounds, dflt);
        if (by != null) {
            for (Object v : by.table().values()) {
                if (!(v instanceof DefaultBy.Derived)) {
                    checkDefault(name, kind, min, max, choices, auto, bounds, v);
                }
            }
        }
    }

    private static void checkDefault(String name, Kind kind, long min, long max, List<String> choices, String auto,
                                     Bounds bounds, Object dflt) {
        if (dflt != null && !(AUTO.equals(dflt) && auto != null)) {
            checkValue(name, kind, min, max, choices, dflt);
            if (bounds != null && !bounds.contains(((Number) dflt).doubleValue())) {
                throw new IllegalArgumentException(name + ": default " + dflt + " is outside its bounds " + bounds);
            }
        }
    }

    private static void checkValue(String name, Kind kind, long min, long max, List<String> choices, Object v) {
        boolean ok = switch (kind) {
            case BOOL -> v instanceof Boolean;
            case INT -> v instanceof Integer i && i >= min && i <= max;
            case INT_SET -> v instanceof List<?> l && l.stream().allMatch(x -> x instanceof Integer i && i >= min && i <= max);
            case SIZE, TIME, LENGTH, RATE -> v instanceof Long;
            case NUMBER -> v instanceof Double d && Double.isFinite(d);
            case FRACTION -> v instanceof Double d && d >= 0 && d <= 1;
            case CHOICE -> choices.contains(v);
            case TEXT -> v instanceof String;
            case SECTION, CUSTOM -> false;
        };
        if (!ok) {
            throw new IllegalArgumentException(name + ": default " + v + " is not a valid " + kind);
        }
    }

    private static Key of(String name, Kind kind, long min, long max, List<String> choices, Object dflt, String doc) {
        return new Key(name, kind, min, max, choices, null, null, null, dflt, null, doc, null, null, null, null, null,
                null, null);
    }

    public static Key bool(String name, Boolean dflt, String doc) {
        return of(name, Kind.BOOL, 0, 0, null, dflt, doc);
    }

    /** An integer in [min, max]. */
    public static Key integer(String name, int min, int max, Integer dflt, String doc) {
        return of(name, Kind.INT, min, max, null, dflt, doc);
    }

    /** Distinct integers in [min, max] (a list, or one integer), stored sorted; {@code noun} names one entry. */
    public static Key intSet(String name, String noun, int min, int max, List<Integer> dflt, String doc) {
        return new Key(name, Kind.INT_SET, min, max, null, noun, null, null, dflt, null, doc, null, null, null, null,
                null, null, null);
    }

    /** A size, default in bytes. */
    public static Key size(String name, Long dflt, String doc) {
        return of(name, Kind.SIZE, Long.MIN_VALUE, Long.MAX_VALUE, null, dflt, doc);
    }

    /** A time, default in ps. */
    public static Key time(String name, Long dflt, String doc) {
        return of(name, Kind.TIME, Long.MIN_VALUE, Long.MAX_VALUE, null, dflt, doc);
    }

    /** A length, default in mm. */
    public static Key length(String name, Long dflt, String doc) {
        return of(name, Kind.LENGTH, 0, Long.MAX_VALUE, null, dflt, doc);
    }

    /** A rate, default in bps. */
    public static Key rate(String name, Long dflt, String doc) {
        return of(name, Kind.RATE, Long.MIN_VALUE, Long.MAX_VALUE, null, dflt, doc);
    }

    /** A real number (its range: {@link #bounds(Bounds)}). */
    public static Key number(String name, Double dflt, String doc) {
        return of(name, Kind.NUMBER, 0, 0, null, dflt, doc);
    }

    /** A fraction 0..1. */
    public static Key fraction(String name, Double dflt, String doc) {
        return of(name, Kind.FRACTION, 0, 1, null, dflt, doc);
    }

    /** One of {@code choices}. */
    public static Key choice(String name, List<String> choices, String dflt, String doc) {
        return of(name, Kind.CHOICE, 0, 0, choices, dflt, doc);
    }

    public static Key text(String name, String dflt, String doc) {
        return of(name, Kind.TEXT, 0, 0, null, dflt, doc);
    }

    /** A nested mapping; its keys are {@code section}'s. */
    public static Key section(String name, Section section, String defaultDoc, String doc) {
        return new Key(name, Kind.SECTION, 0, 0, null, null, null, null, null, defaultDoc, doc, null, section, null,
                null, null, null, null);
    }

    /**
     * A key the section's reader reads itself ({@link Kind#CUSTOM}), e.g. a mapping keyed by port speed; the section
     * still lists it (unknown-key messages, docs rows in key order).
     *
     * @param type       the docs' type text (Markdown)
     * @param defaultDoc the docs' default text (Markdown)
     */
    public static Key custom(String name, String type, String defaultDoc, String doc) {
        return new Key(name, Kind.CUSTOM, 0, 0, null, type, null, null, null, defaultDoc, doc, null, null, null, null,
                null, null, null);
    }

    /** This key whose default comes from {@code source} (e.g. "SONiC"). */
    public Key source(String source) {
        return new Key(name, kind, min, max, choices, noun, auto, belowMin, dflt, defaultDoc, doc, source, section,
                bounds, form, by, required, aboveMax);
    }

    /** This key with the docs' default text {@code text} (Markdown) instead of the formatted default. */
    public Key defaultDoc(String text) {
        return new Key(name, kind, min, max, choices, noun, auto, belowMin, dflt, text, doc, source, section, bounds,
                form, by, required, aboveMax);
    }

    /** This key with the default {@code v} (canonical units, or {@link #AUTO} after {@link #orAuto}). */
    public Key defaultValue(Object v) {
        return new Key(name, kind, min, max, choices, noun, auto, belowMin, v, defaultDoc, doc, source, section,
                bounds, form, by, required, aboveMax);
    }

    /** This key (a size or time) also taking {@code auto}; {@code expected} is the phrase for messages. */
    public Key orAuto(String expected) {
        return new Key(name, kind, min, max, choices, noun, expected, belowMin, dflt, defaultDoc, doc, source,
                section, bounds, form, by, required, aboveMax);
    }

    /** A size, time or rate of at least {@code least} (bytes / ps / bps), else {@code message}; a fraction: &gt; 0. */
    public Key atLeast(long least, String message) {
        return new Key(name, kind, least, max, choices, noun, auto, message, dflt, defaultDoc, doc, source, section,
                bounds, form, by, required, aboveMax);
    }

    /**
     * This key (one without a default) required: a section read without it is refused with "is required" +
     * {@code after}, e.g. {@code " (a size such as 1MB)"}; the docs' default reads **required** unless told.
     */
    public Key required(String after) {
        return new Key(name, kind, min, max, choices, noun, auto, belowMin, dflt,
                defaultDoc == null ? "**required**" : defaultDoc, doc, source, section, bounds, form, by,
                Objects.requireNonNull(after, "after"), aboveMax);
    }

    /**
     * This key (a size or a time) at most {@code most} (bytes / ps), else {@code message}, in which {@code {}}
     * stands for the value (e.g. {@code "{} B is more than a flow can carry here"}).
     */
    public Key atMost(long most, String message) {
        return new Key(name, kind, min, most, choices, noun, auto, belowMin, dflt, defaultDoc, doc, source, section,
                bounds, form, by, required, Objects.requireNonNull(message, "message"));
    }

    /** The message of value {@code v} above {@link #max()} ({@link #atMost}). */
    public String aboveMax(long v) {
        return aboveMax.replace("{}", Long.toString(v));
    }

    /** This key with the range {@code b} (docs, and its defaults are checked against it). */
    public Key bounds(Bounds b) {
        return new Key(name, kind, min, max, choices, noun, auto, belowMin, dflt, defaultDoc, doc, source, section, b,
                form, by, required, aboveMax);
    }

    /** This key read and written in its own text form {@code f}. */
    public Key form(TextForm f) {
        return new Key(name, kind, min, max, choices, noun, auto, belowMin, dflt, defaultDoc, doc, source, section,
                bounds, f, by, required, aboveMax);
    }

    /**
     * This key with its default by the value of the section's CHOICE key {@code key}: {@code table} maps each of
     * its values to a default (or a {@link DefaultBy.Derived}); replaces a plain default.
     */
    public Key defaultBy(String key, java.util.Map<String, Object> table) {
        return new Key(name, kind, min, max, choices, noun, auto, belowMin, null, defaultDoc, doc, source, section,
                bounds, form, new DefaultBy(key, table), required, aboveMax);
    }
}
