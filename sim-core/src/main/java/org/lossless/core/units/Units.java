package org.lossless.core.units;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and formats the quantities of scenario files, importers and the command line (docs/scenario.md,
 * "General rules").
 * The one unit parser of Lossless: every module uses it, so a value means the same everywhere.
 *
 * <ul>
 *   <li>size: {@code 1500}, {@code 1500B}, {@code 5KB} (powers of 1000), {@code 4KiB} (powers of 1024) -> bytes</li>
 *   <li>time: {@code 0}, {@code 800ps}, {@code 1ns}, {@code 1us}, {@code 2.5ms}, {@code 1s} -> picoseconds</li>
 *   <li>rate: {@code 100Gbps}, {@code 1.6Tbps} (powers of 1000) -> bits per second</li>
 *   <li>length: {@code 2m}, {@code 0.5m}, {@code 1km} -> millimetres; propagation is 5 ns/m</li>
 *   <li>fraction: {@code 0.2}, {@code 1/256}, {@code 5%} -> a double in [0, 1]</li>
 * </ul>
 *
 * Decimals are exact (BigDecimal): {@code 2.5ms} is 2,500,000,000 ps. A value that is not a whole number of
 * the base unit ({@code 0.5ps}, {@code 1.5B}) is an error, as are negative values, a space between number and
 * unit, and a bare number for a time, rate or length other than {@code 0}. Every error is an
 * {@link IllegalArgumentException} whose message quotes the text and says what is allowed; callers prefix
 * the file and key path ({@link #forKey} does that for callers without a scenario cursor).
 */
public final class Units {
    /** Cable propagation delay, ps per millimetre (5 ns/m). */
    public static final long PROPAGATION_PS_PER_MM = 5;

    private static final Pattern QUANTITY = Pattern.compile("([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))([A-Za-zµ]*)");

    private static final Map<String, Long> SIZE = units("B", 1L, "KB", 1_000L, "MB", 1_000_000L,
            "GB", 1_000_000_000L, "TB", 1_000_000_000_000L, "KiB", 1L << 10, "MiB", 1L << 20, "GiB", 1L << 30,
            "TiB", 1L << 40);
    private static final Map<String, Long> TIME = units("ps", 1L, "ns", 1_000L, "us", 1_000_000L,
            "µs", 1_000_000L, "ms", 1_000_000_000L, "s", 1_000_000_000_000L);
    private static final Map<String, Long> RATE = units("bps", 1L, "Kbps", 1_000L, "Mbps", 1_000_000L,
            "Gbps", 1_000_000_000L, "Tbps", 1_000_000_000_000L, "kbps", 1_000L);
    private static final Map<String, Long> LENGTH = units("mm", 1L, "cm", 10L, "m", 1_000L, "km", 1_000_000L);

    private static final Kind SIZE_KIND = new Kind("size", SIZE, "B, KB, MB, GB, KiB, MiB or GiB", "32MB", "bytes", true);
    private static final Kind TIME_KIND = new Kind("time", TIME, "ps, ns, us, ms or s", "10us", "picoseconds", false);
    private static final Kind RATE_KIND = new Kind("rate", RATE, "bps, Kbps, Mbps, Gbps or Tbps", "100Gbps",
            "bits per second", false);
    private static final Kind LENGTH_KIND = new Kind("length", LENGTH, "m (or mm, cm, km)", "2m", "millimetres", false);

    private Units() {
    }

    /** A size in bytes; a bare integer is bytes. */
    public static long parseSize(String text) {
        return parse(text, SIZE_KIND);
    }

    /** A time in picoseconds; a unit is required except for {@code 0}. */
    public static long parseTime(String text) {
        return parse(text, TIME_KIND);
    }

    /** A rate in bits per second; a unit is required except for {@code 0}. */
    public static long parseRate(String text) {
        return parse(text, RATE_KIND);
    }

    /** A cable length in millimetres; a unit is required except for {@code 0}. */
    public static long parseLengthMm(String text) {
        return parse(text, LENGTH_KIND);
    }

    /** One-way propagation delay of a cable, ps (5 ns/m). */
    public static long propagationPs(long lengthMm) {
        return Math.multiplyExact(lengthMm, PROPAGATION_PS_PER_MM);
    }

    /** A fraction or probability in [0, 1]: {@code 0.2}, {@code 1/256} or {@code 5%}. */
    public static double parseFraction(String text) {
        String t = text == null ? "" : text.strip();
        String what = "'" + text + "' is not a fraction: expected a number from 0 to 1 such as 0.2, 1/256 or 5%";
        BigDecimal value;
        try {
            if (t.endsWith("%")) {
                value = decimal(t.substring(0, t.length() - 1)).movePointLeft(2);
            } else if (t.contains("/")) {
                String[] parts = t.split("/", -1);
                if (parts.length != 2) {
                    throw new IllegalArgumentException(what);
                }
                BigDecimal den = decimal(parts[1]);
                if (den.signum() == 0) {
                    throw new IllegalArgumentException("'" + text + "' is not a fraction: division by zero");
                }
                return check(decimal(parts[0]).doubleValue() / den.doubleValue(), text);
            } else {
                value = decimal(t);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what);
        }
        return check(value.doubleValue(), text);
    }

    private static double check(double v, String text) {
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException("'" + text + "' is not a fraction: it must be between 0 and 1");
        }
        return v;
    }

    private static BigDecimal decimal(String s) {
        String t = s.strip();
        if (!t.matches("[+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?") && !t.matches("-(\\d+(\\.\\d*)?|\\.\\d+)")) {
            throw new NumberFormatException(s);
        }
        return new BigDecimal(t);
    }

    private static long parse(String text, Kind kind) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("an empty value is not a " + kind.name + ": " + kind.expected());
        }
        Matcher m = QUANTITY.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a " + kind.name + ": " + kind.expected());
        }
        String unit = m.group(2);
        BigDecimal number = new BigDecimal(m.group(1));
        if (number.signum() < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a valid " + kind.name + ": it must not be negative");
        }
        long factor;
        if (unit.isEmpty()) {
            if (!kind.bareIsBase && number.signum() != 0) {
                throw new IllegalArgumentException("'" + text + "' is not a " + kind.name + ": a unit is required ("
                        + kind.unitList + "), e.g. " + kind.example + "; only 0 may be written without one");
            }
            factor = 1;
        } else {
            Long f = kind.units.get(unit);
            if (f == null) {
                throw new IllegalArgumentException(unknownUnit(text, unit, m.group(1), kind));
            }
            factor = f;
        }
        BigDecimal scaled = number.multiply(BigDecimal.valueOf(factor));
        BigInteger whole;
        try {
            whole = scaled.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of " + kind.baseName
                    + " (" + scaled.stripTrailingZeros().toPlainString() + ")");
        }
        if (whole.bitLength() > 63) {
            throw new IllegalArgumentException("'" + text + "' is too large for a " + kind.name);
        }
        return whole.longValue();
    }

    private static String unknownUnit(String text, String unit, String number, Kind kind) {
        String base = "'" + text + "' is not a " + kind.name + ": unknown unit '" + unit + "'; expected a number followed by "
                + kind.unitList + ", e.g. " + kind.example;
        for (String u : kind.units.keySet()) {
            if (u.equalsIgnoreCase(unit)) {
                return base + " (units are case-sensitive: did you mean " + number + u + "?)";
            }
        }
        if (kind == RATE_KIND && SIZE.containsKey(unit)) {
            return "'" + text + "' is a size, not a rate: expected a number followed by " + kind.unitList + ", e.g. " + kind.example;
        }
        if (kind == RATE_KIND && unit.toLowerCase(Locale.ROOT).endsWith("b")) {
            return base + " (a rate needs 'bps': did you mean " + number + unit + "ps?)";
        }
        if (kind == SIZE_KIND && unit.toLowerCase(Locale.ROOT).endsWith("bps")) {
            return "'" + text + "' is a rate, not a size: expected a number followed by " + kind.unitList + ", e.g. " + kind.example;
        }
        return base;
    }

    /**
     * Runs {@code parse} on {@code text} and prefixes any error with the key path it came from:
     * {@code forKey("switch.pfc.xoff", "5XB", Units::parseSize)} fails with
     * "switch.pfc.xoff: '5XB' is not a size: ...".
     */
    public static long forKey(String key, String text, java.util.function.ToLongFunction<String> parse) {
        try {
            return parse.applyAsLong(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
        }
    }

    // ---- formatting: the canonical text written to scenario.resolved.yaml; parsing it gives the same value.

    /** Bytes as the shortest exact text: {@code 32MB}, {@code 4KiB}, {@code 2496B}, {@code 0}. */
    public static String formatSize(long bytes) {
        return format(bytes, SIZE, List.of("B", "KB", "KiB", "MB", "MiB", "GB", "GiB", "TB", "TiB"));
    }

    /** Picoseconds as the shortest exact text: {@code 1us}, {@code 2500us}, {@code 800ps}, {@code 0}. */
    public static String formatTime(long ps) {
        return format(ps, TIME, List.of("ps", "ns", "us", "ms", "s"));
    }

    /** Bits per second as the shortest exact text: {@code 100Gbps}, {@code 1600Gbps}, {@code 0}. */
    public static String formatRate(long bps) {
        return format(bps, RATE, List.of("bps", "Kbps", "Mbps", "Gbps", "Tbps"));
    }

    /** Millimetres as metres with up to three decimals: {@code 2m}, {@code 0.5m}. */
    public static String formatLength(long mm) {
        return mm == 0 ? "0" : BigDecimal.valueOf(mm, 3).stripTrailingZeros().toPlainString() + "m";
    }

    /** A fraction as plain decimal text that parses back to the same double: {@code 0.2}, {@code 0.00390625}. */
    public static String formatFraction(double v) {
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    private static String format(long value, Map<String, Long> table, List<String> order) {
        if (value == 0) {
            return "0";
        }
        String best = null;
        for (String u : order) {
            long f = table.get(u);
            if (value % f == 0) {
                String s = (value / f) + u;
                if (best == null || s.length() <= best.length()) {
                    best = s;
                }
            }
        }
        return best;
    }

    private static Map<String, Long> units(Object... pairs) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], (Long) pairs[i + 1]);
        }
        return m;
    }

    private record Kind(String name, Map<String, Long> units, String unitList, String example, String baseName,
                        boolean bareIsBase) {
        String expected() {
            return "expected a number followed by " + unitList + ", e.g. " + example
                    + (bareIsBase ? " (a bare integer means bytes)" : "");
        }
    }
}
