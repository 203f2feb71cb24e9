package org.lossless.nic.cc;

import org.lossless.core.units.Units;

/**
 * One key of a congestion control's parameter section ({@code nic.<algorithm>.<key>}): its name, kind and
 * default as scenario text. {@link #parse} checks one value; the algorithm's parameter record checks the
 * set as a whole.
 *
 * @param name        the key, snake_case
 * @param kind        what its value is
 * @param defaultText the default, as it would be written in a scenario
 */
public record CcKey(String name, Kind kind, String defaultText) {
    /** Value kinds, each with its canonical text. */
    public enum Kind {
        /** A duration ({@code 50us}), ps. */
        TIME,
        /** A duration or {@code auto}, ps ({@link #AUTO} for auto). */
        TIME_OR_AUTO,
        /** A rate ({@code 40Mbps}), bps. */
        RATE,
        /** A number ({@code 0.95}, {@code 1/16}, {@code 100}). */
        NUMBER,
        /** A whole number. */
        INT,
        /** {@code true} or {@code false}. */
        BOOL
    }

    /** Parsed value of {@code auto} for {@link Kind#TIME_OR_AUTO}. */
    public static final long AUTO = -1;

    public CcKey {
        java.util.Objects.requireNonNull(name, "name");
        java.util.Objects.requireNonNull(kind, "kind");
        parse(kind, defaultText);
    }

    /** What a value of this kind looks like, for messages. */
    public String expected() {
        return switch (kind) {
            case TIME -> "a time such as 50us";
            case TIME_OR_AUTO -> "auto or a time such as 12us";
            case RATE -> "a rate such as 40Mbps";
            case NUMBER -> "a number such as 0.8 or 1/16";
            case INT -> "a whole number";
            case BOOL -> "true or false";
        };
    }

    /** Parses {@code text}; throws {@link IllegalArgumentException} saying what is wrong. */
    public Object parse(String text) {
        return parse(kind, text);
    }

    private static Object parse(Kind kind, String text) {
        String t = text == null ? "" : text.strip();
        return switch (kind) {
            case TIME -> Units.parseTime(t);
            case TIME_OR_AUTO -> t.equals("auto") ? AUTO : Units.parseTime(t);
            case RATE -> Units.parseRate(t);
            case NUMBER -> number(t);
            case INT -> {
                try {
                    yield Long.parseLong(t);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text + "' is not a whole number");
                }
            }
            case BOOL -> {
                if (!t.equals("true") && !t.equals("false")) {
                    throw new IllegalArgumentException("'" + text + "' is not true or false");
                }
                yield Boolean.parseBoolean(t);
            }
        };
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

    /** The canonical text of a parsed value (what {@code scenario.resolved.yaml} holds). */
    public String format(Object value) {
        return switch (kind) {
            case TIME -> Units.formatTime((Long) value);
            case TIME_OR_AUTO -> (Long) value == AUTO ? "auto" : Units.formatTime((Long) value);
            case RATE -> Units.formatRate((Long) value);
            case NUMBER -> Units.formatFraction((Double) value);
            case INT, BOOL -> String.valueOf(value);
        };
    }
}
