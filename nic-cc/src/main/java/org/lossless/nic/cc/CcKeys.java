package org.lossless.nic.cc;

import java.math.BigDecimal;

import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.TextForm;
import org.lossless.core.units.Units;

/**
 * The schema {@link Key}s of congestion-control parameter sections ({@code nic.<algorithm>.<key>}): name, kind,
 * default, range ({@link Bounds}, shown by the docs' type column) and doc line, declared by each algorithm's
 * parameter record in its {@link org.lossless.core.settings.Section}. Every key reads with the congestion
 * controls' own text form: a value that does not parse is "{@code <parser's message>; expected <example>}", and
 * the range is the parameter record's check (its message, naming the key); a test checks that the two agree.
 * The resolved scenario writes times and rates as text, numbers as decimals ({@code 0.0625}), integers and
 * booleans as such.
 */
public final class CcKeys {
    /** A {@code base_rtt} (or another time that may be {@code auto}) set to {@code auto}, in a record's ps field. */
    public static final long AUTO = -1;

    private CcKeys() {
    }

    /** A time, ps. */
    public static Key time(String name, long dfltPs, Bounds range, String doc) {
        return Key.time(name, dfltPs, doc).bounds(range).form(form("a time such as 50us", Units::parseTime,
                v -> Units.formatTime((Long) v)));
    }

    /** A time or {@code auto} (default). */
    public static Key timeOrAuto(String name, Bounds range, String doc) {
        String expected = "auto or a time such as 12us";
        return Key.time(name, null, doc).orAuto(expected).defaultValue(Key.AUTO).bounds(range).form(form(expected,
                t -> t.equals(Key.AUTO) ? Key.AUTO : Units.parseTime(t),
                v -> Key.AUTO.equals(v) ? Key.AUTO : Units.formatTime((Long) v)));
    }

    /** A rate, bps. */
    public static Key rate(String name, long dfltBps, Bounds range, String doc) {
        return Key.rate(name, dfltBps, doc).bounds(range).form(form("a rate such as 40Mbps", Units::parseRate,
                v -> Units.formatRate((Long) v)));
    }

    /** A real number ({@code 0.8} or a ratio {@code 1/16}). */
    public static Key number(String name, double dflt, Bounds range, String doc) {
        return Key.number(name, dflt, doc).bounds(range).form(form("a number such as 0.8 or 1/16", CcKeys::number,
                v -> new BigDecimal(Units.formatFraction((Double) v))));
    }

    /** A whole number. */
    public static Key integer(String name, int dflt, Bounds range, String doc) {
        return Key.integer(name, Integer.MIN_VALUE, Integer.MAX_VALUE, dflt, doc).bounds(range)
                .form(form("a whole number", t -> {
                    try {
                        return Integer.parseInt(t);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("'" + t + "' is not a whole number");
                    }
                }, v -> v));
    }

    /** {@code true} or {@code false}. */
    public static Key bool(String name, boolean dflt, String doc) {
        return Key.bool(name, dflt, doc).form(form("true or false", t -> {
            if (!t.equals("true") && !t.equals("false")) {
                throw new IllegalArgumentException("'" + t + "' is not true or false");
            }
            return Boolean.parseBoolean(t);
        }, v -> v));
    }

    /**
     * The key's canonical text of {@code v} (what {@code CcSpec.format} gives): times and rates in units, numbers
     * as decimals, {@code auto} as the word.
     */
    public static String text(Key k, Object v) {
        if (Key.AUTO.equals(v)) {
            return Key.AUTO;
        }
        return switch (k.kind()) {
            case TIME -> Units.formatTime((Long) v);
            case RATE -> Units.formatRate((Long) v);
            case NUMBER -> Units.formatFraction((Double) v);
            default -> String.valueOf(v);
        };
    }

    /** The parser's message followed by "; expected " and the example, as the sections have always said it. */
    private static TextForm form(String expected, java.util.function.Function<String, Object> parse,
                                 java.util.function.Function<Object, Object> yaml) {
        return new TextForm(expected, t -> {
            try {
                return parse.apply(t);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + "; expected " + expected, e);
            }
        }, yaml);
    }

    /** A decimal or a ratio {@code a/b}. */
    static double number(String t) {
        try {
            double v;
            int slash = t.indexOf('/');
            if (slash > 0) {
                double den = Double.parseDouble(t.substring(slash + 1));
                if (den == 0) {
                    throw new IllegalArgumentException("'" + t + "' divides by zero");
                }
                v = Double.parseDouble(t.substring(0, slash)) / den;
            } else {
                v = Double.parseDouble(t);
            }
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a number (e.g. 0.8 or 1/16)");
        }
    }
}
