package org.lossless.core.settings;

/**
 * The type of a {@link Key}'s value and the Java type it has in {@link Values} (canonical units).
 */
public enum Kind {
    /** {@code true}/{@code false}: {@link Boolean}. */
    BOOL,
    /** A whole number in [min, max]: {@link Integer}. */
    INT,
    /** Distinct whole numbers in [min, max], a list or one number, stored sorted: {@code List<Integer>}. */
    INT_SET,
    /** A size such as {@code 2KB}: {@link Long} bytes. */
    SIZE,
    /** A time such as {@code 200ms}: {@link Long} picoseconds. */
    TIME,
    /** A length such as {@code 5m}: {@link Long} millimetres. */
    LENGTH,
    /** A rate such as {@code 40Mbps}: {@link Long} bits per second. */
    RATE,
    /** A real number such as {@code 0.95} (its range: {@link Key#bounds()}): {@link Double}. */
    NUMBER,
    /** A fraction such as {@code 0.5} or {@code 1/256}, 0..1: {@link Double}. */
    FRACTION,
    /** One word of a closed set ({@link Key#choices()}): {@link String}. */
    CHOICE,
    /** Free text, e.g. a name: {@link String}. */
    TEXT,
    /** A nested mapping ({@link Key#section()}): {@link Values}. */
    SECTION,
    /**
     * A value the section's reader reads itself (e.g. a mapping keyed by port speed): the schema holds its name,
     * the docs' type text ({@link Key#noun()}), default text and doc line; never in {@link Values}.
     */
    CUSTOM
}
