package org.lossless.core.settings;

import java.util.List;
import java.util.stream.Collectors;

import org.lossless.core.units.Units;

/**
 * The Markdown key table of a {@link Section} for docs/scenario.md: {@code | key | type | default | meaning |},
 * one row per key in declaration order. The type column carries the range and unit, the default column the
 * formatted default (or {@link Key#defaultDoc()}) and its {@link Key#source()} in parentheses. The docs hold
 * the table between {@code <!-- schema:PATH begin -->} and {@code <!-- schema:PATH end -->}; {@link #replace}
 * regenerates it there.
 */
public final class KeyTable {
    private KeyTable() {
    }

    /** The table, header and rows, each line ending in a newline. */
    public static String markdown(Section s) {
        StringBuilder sb = new StringBuilder("| key | type | default | meaning |\n|---|---|---|---|\n");
        for (Key k : s.keys()) {
            sb.append("| `").append(k.name()).append("` | ").append(type(k)).append(" | ").append(dflt(k))
                    .append(" | ").append(k.doc()).append(" |\n");
        }
        return sb.toString();
    }

    /** The begin marker of {@code s}'s table. */
    public static String begin(Section s) {
        return "<!-- schema:" + s.path() + " begin (generated from the schema: edit the Java, not this table) -->\n";
    }

    /** The end marker of {@code s}'s table. */
    public static String end(Section s) {
        return "<!-- schema:" + s.path() + " end -->\n";
    }

    /** {@code doc} with the text between {@code s}'s markers replaced by {@link #markdown}; both markers must be there. */
    public static String replace(String doc, Section s) {
        int b = doc.indexOf(begin(s));
        int e = doc.indexOf(end(s));
        if (b < 0 || e < b) {
            throw new IllegalArgumentException("no '" + begin(s).strip() + "' ... '" + end(s).strip() + "' block");
        }
        return doc.substring(0, b + begin(s).length()) + markdown(s) + doc.substring(e);
    }

    /**
     * The type column: kind, range and unit, e.g. {@code integer -8..7}, {@code integer ≥ 1} (no upper bound but
     * {@code int}'s), {@code `auto` or time ≥ 0}.
     */
    static String type(Key k) {
        String floor = k.belowMin() == null ? "" : k.min() == 1 ? " > 0" : k.min() == 0 ? " ≥ 0" : " ≥ " + format(k, k.min());
        String auto = k.auto() == null ? "" : "`auto` or ";
        if (k.bounds() != null) {
            floor = " " + bounds(k);
        }
        return switch (k.kind()) {
            case BOOL -> "boolean";
            case INT -> k.bounds() != null ? "integer" + floor
                    : k.max() == Integer.MAX_VALUE ? "integer ≥ " + k.min() : "integer " + k.min() + ".." + k.max();
            case INT_SET -> "list of " + k.min() + ".." + k.max() + " (or one integer)";
            case SIZE -> auto + "size" + floor;
            case TIME -> auto + "time" + floor;
            case LENGTH -> "length";
            case RATE -> "rate" + floor;
            case NUMBER -> "number" + floor;
            case FRACTION -> "fraction" + (k.belowMin() == null ? "" : " > 0");
            case CHOICE -> k.choices().stream().map(c -> "`" + c + "`").collect(Collectors.joining(" \\| "));
            case TEXT -> "name";
            case SECTION -> "mapping (`" + k.section().path() + "` below)";
            case CUSTOM -> k.noun();
        };
    }

    /**
     * A range as the type column writes it: {@code > 0}, {@code ≥ 1}, {@code 0..1000} (an integer's closed
     * range), {@code in (0, 1]}; ends in the key's units ({@code rate > 0}: bps, written without unit).
     */
    static String bounds(Key k) {
        Bounds b = k.bounds();
        String lo = number(b.lo());
        if (b.unboundedAbove()) {
            return (b.loOpen() ? "> " : "≥ ") + lo;
        }
        if (k.kind() == Kind.INT && !b.loOpen() && !b.hiOpen()) {
            return lo + ".." + number(b.hi());
        }
        return "in " + (b.loOpen() ? "(" : "[") + lo + ", " + number(b.hi()) + (b.hiOpen() ? ")" : "]");
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** The default column. */
    static String dflt(Key k) {
        String d = k.defaultDoc() != null ? k.defaultDoc() : k.by() != null ? by(k)
                : k.dflt() == null ? "none" : "`" + format(k, k.dflt()) + "`";
        return k.source() == null ? d : d + " (" + k.source() + ")";
    }

    /** "by `profile`: `a` / `b` / c", in the order of the choice key's values. */
    private static String by(Key k) {
        return "by `" + k.by().key() + "`: " + k.by().table().keySet().stream()
                .map(c -> k.by().table().get(c) instanceof DefaultBy.Derived d ? d.doc() : "`" + format(k,
                        k.by().table().get(c)) + "`")
                .collect(Collectors.joining(" / "));
    }

    /**
     * A value of {@code k} as a user writes it: {@code 2KB}, {@code 200ms}, {@code [3]}, {@code auto}; a key with its
     * own text form as that form writes it ({@code 1/256}).
     */
    public static String format(Key k, Object v) {
        if (Key.AUTO.equals(v)) {
            return Key.AUTO;
        }
        if (k.form() != null) { // as the section writes it, e.g. DCQCN's 1/256
            Object y = k.form().yaml().apply(v);
            return y instanceof Double d ? Units.formatFraction(d) : String.valueOf(y);
        }
        return switch (k.kind()) {
            case SIZE -> Units.formatSize((Long) v);
            case TIME -> Units.formatTime((Long) v);
            case RATE -> Units.formatRate((Long) v);
            case NUMBER -> Units.formatFraction((Double) v);
            case LENGTH -> Units.formatLength((Long) v);
            case INT_SET -> ((List<?>) v).stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
            default -> String.valueOf(v);
        };
    }
}
