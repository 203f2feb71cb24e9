package org.lossless.workloads.yaml;

import org.lossless.core.text.DidYouMean;

import org.lossless.core.units.Units;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * A position in the scenario tree: a node (possibly absent) and its key path. The typed readers turn
 * a scalar into a value or throw a {@link ScenarioException} naming the file and the key path; a reader
 * given a default returns it when the key is absent or null.
 */
public final class Cursor {
    private final Source src;
    private final String path;
    private final JsonNode node;

    private Cursor(Source src, String path, JsonNode node) {
        this.src = src;
        this.path = path;
        this.node = node;
    }

    public static Cursor root(Source src, JsonNode node) {
        return new Cursor(src, "", node);
    }

    public String path() {
        return path;
    }

    public Source source() {
        return src;
    }

    public boolean present() {
        return node != null && !node.isNull() && !node.isMissingNode();
    }

    public ScenarioException error(String detail) {
        return src.error(path, detail);
    }

    /** The child under {@code key} (absent if this is not a mapping or lacks it). */
    public Cursor key(String key) {
        JsonNode child = node != null && node.isObject() ? node.get(key) : null;
        return new Cursor(src, path.isEmpty() ? key : path + "." + key, child);
    }

    /**
     * Checks that this is a mapping (absent or null counts as empty) whose keys are all among
     * {@code allowed}; otherwise reports the first unknown key with a "did you mean".
     */
    public Cursor object(String... allowed) {
        if (!present()) {
            return this;
        }
        if (!node.isObject()) {
            throw error("expected a mapping of " + String.join(", ", allowed) + ", got " + describe(node));
        }
        Set<String> known = new LinkedHashSet<>(Arrays.asList(allowed));
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String k = names.next();
            if (!known.contains(k)) {
                String where = path.isEmpty() ? k : path + "." + k;
                throw src.error(where, "unknown key" + DidYouMean.hint(k, known) + " (allowed here: "
                        + String.join(", ", known) + ")");
            }
        }
        return this;
    }

    /** The entries of a list (absent or null gives an empty list). */
    public List<Cursor> list() {
        List<Cursor> out = new ArrayList<>();
        if (!present()) {
            return out;
        }
        if (!node.isArray()) {
            throw error("expected a list, got " + describe(node));
        }
        for (int i = 0; i < node.size(); i++) {
            out.add(new Cursor(src, path + "[" + i + "]", node.get(i)));
        }
        return out;
    }

    /**
     * A list of distinct integers in [min, max], in the order written; a single scalar counts as a list of one.
     * A repeated value is an error on its entry: "{@code what} N is listed twice".
     */
    public List<Integer> distinctIntegers(long min, long max, String what) {
        List<Cursor> items = isList() ? list() : List.of(this);
        List<Integer> out = new ArrayList<>(items.size());
        for (Cursor item : items) {
            int v = (int) item.integer(min, max);
            if (out.contains(v)) {
                throw item.error(what + " " + v + " is listed twice");
            }
            out.add(v);
        }
        return out;
    }

    public boolean isList() {
        return present() && node.isArray();
    }

    public boolean isScalar() {
        return present() && node.isValueNode();
    }

    /** The text of a scalar (numbers as written); an error for mappings, lists and booleans. */
    public String text(String expected) {
        if (!present()) {
            throw error("is required (" + expected + ")");
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isNumber()) {
            return node.asText();
        }
        throw error("expected " + expected + ", got " + describe(node));
    }

    public String string(String dflt) {
        return present() ? text("a string") : dflt;
    }

    public long size(long dflt) {
        return present() ? size() : dflt;
    }

    public long size() {
        return unit(Units::parseSize, "a size such as 32MB");
    }

    public long timePs(long dflt) {
        return present() ? timePs() : dflt;
    }

    public long timePs() {
        return unit(Units::parseTime, "a time such as 10us");
    }

    public long rateBps(long dflt) {
        return present() ? rateBps() : dflt;
    }

    public long rateBps() {
        return unit(Units::parseRate, "a rate such as 100Gbps");
    }

    public long lengthMm() {
        return unit(Units::parseLengthMm, "a length such as 2m");
    }

    public double fraction(double dflt) {
        return present() ? fraction() : dflt;
    }

    public double fraction() {
        if (present() && node.isNumber()) {
            double v = node.doubleValue();
            if (v >= 0 && v <= 1) {
                return v;
            }
        }
        String t = text("a fraction such as 0.2 or 1/256");
        try {
            return Units.parseFraction(t);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    private long unit(Function<String, Long> parser, String expected) {
        String t = text(expected);
        try {
            return parser.apply(t);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    public long integer(long dflt, long min, long max) {
        return present() ? integer(min, max) : dflt;
    }

    /** A whole number in [min, max]. */
    public long integer(long min, long max) {
        if (!present()) {
            throw error("is required (an integer from " + min + " to " + max + ")");
        }
        long v;
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            v = node.longValue();
        } else if (node.isTextual() && node.textValue().strip().matches("[+-]?\\d{1,18}")) {
            v = Long.parseLong(node.textValue().strip());
        } else {
            throw error("expected an integer from " + min + " to " + max + ", got " + describe(node));
        }
        if (v < min || v > max) {
            throw error(v + " is out of range: expected an integer from " + min + " to " + max);
        }
        return v;
    }

    public boolean bool(boolean dflt) {
        if (!present()) {
            return dflt;
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isTextual()) {
            String t = node.textValue().strip().toLowerCase(Locale.ROOT);
            if (t.equals("true") || t.equals("false")) {
                return Boolean.parseBoolean(t);
            }
        }
        throw error("expected true or false, got " + describe(node));
    }

    /** One of the constants of {@code type}, written in lower case with '-' for '_'. */
    public <E extends Enum<E>> E choice(Class<E> type, E dflt) {
        return present() ? choice(type) : dflt;
    }

    public <E extends Enum<E>> E choice(Class<E> type) {
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(yamlName(e));
        }
        String t = text("one of " + String.join(", ", names));
        for (E e : type.getEnumConstants()) {
            if (yamlName(e).equals(t)) {
                return e;
            }
        }
        throw error("'" + org.lossless.core.text.Printable.of(t) + "' is not allowed" + DidYouMean.hint(t, names) + " (allowed: " + String.join(", ", names) + ")");
    }

    /** A file path; relative paths resolve against the scenario file's folder. */
    public Path file() {
        String t = text("a file path");
        try {
            return src.baseDir().resolve(t).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw error("'" + org.lossless.core.text.Printable.of(t) + "' is not a valid path: " + e.getReason());
        }
    }

    /** One of {@code allowed} (exact text), or {@code dflt} when absent; a "did you mean" otherwise. */
    public String oneOf(String dflt, List<String> allowed) {
        return present() ? oneOf(allowed) : dflt;
    }

    public String oneOf(List<String> allowed) {
        String t = text("one of " + String.join(", ", allowed));
        if (!allowed.contains(t)) {
            throw error("'" + org.lossless.core.text.Printable.of(t) + "' is not allowed" + DidYouMean.hint(t, allowed) + " (allowed: " + String.join(", ", allowed) + ")");
        }
        return t;
    }

    /** The text of a scalar, booleans included ({@code true}); an error for mappings and lists. */
    public String scalar(String expected) {
        if (present() && node.isBoolean()) {
            return node.asText();
        }
        return text(expected);
    }

    /** The keys of a mapping in file order (absent or null gives none; not a mapping is an error). */
    public List<String> keys(String expected) {
        List<String> out = new ArrayList<>();
        if (!present()) {
            return out;
        }
        if (!node.isObject()) {
            throw error("expected " + expected + ", got " + describe(node));
        }
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** What this node is, for messages: {@code 'x'}, {@code the number 3}, {@code a list}, ... */
    public String describe() {
        return describe(node);
    }

    public static String yamlName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static String describe(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return "nothing";
        }
        if (n.isObject()) {
            return "a mapping";
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isBoolean()) {
            return n.asText();
        }
        if (n.isNumber()) {
            return "the number " + n.asText();
        }
        return "'" + org.lossless.core.text.Printable.of(n.asText()) + "'";
    }
}
