package org.lossless.core.units;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Parses and formats the unit strings of CONTRACT.md §1, exactly (decimal arithmetic, no binary
 * floating point on the way): {@code 5KB} is 5000 bytes, {@code 2.5ms} is 2 500 000 000 ps,
 * {@code 1.6Tbps} is 1 600 000 000 000 bps. A bare number is an error except {@code 0} (and a
 * bare integer size, which means bytes). Errors are {@link IllegalArgumentException}s whose
 * message names the value, what is wrong and what is allowed; callers prefix the key path.
 */
public final class Units {
    private static final String[] SIZE_UNITS = {"B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB"};
    private static final long[] SIZE_FACTORS = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 1_000_000_000_000L,
        1L << 10, 1L << 20, 1L << 30, 1L << 40};
    private static final String[] TIME_UNITS = {"ps", "ns", "us", "µs", "ms", "s"};
    private static final long[] TIME_FACTORS = {1L, 1_000L, 1_000_000L, 1_000_000L, 1_000_000_000L,
        1_000_000_000_000L};
    private static final String[] RATE_UNITS = {"bps", "Kbps", "kbps", "Mbps", "Gbps", "Tbps"};
    private static final long[] RATE_FACTORS = {1L, 1_000L, 1_000L, 1_000_000L, 1_000_000_000L,
        1_000_000_000_000L};

    private Units() {
    }

    /** Size in bytes: {@code 1500}, {@code 1500B}, {@code 5KB} (10^3), {@code 4KiB} (2^10) ... */
    public static long parseSize(String text) {
        String s = trimmed(text, "size");
        if (isPlainNumber(s)) {
            return toLong(new BigDecimal(s), s, "size", "a whole number of bytes");
        }
        return parseWithUnit(s, "size", SIZE_UNITS, SIZE_FACTORS, "B, KB, MB, GB, TB, KiB, MiB, GiB, TiB",
            "a whole number of bytes", "1500, 5KB, 32MiB");
    }

    /** Time in picoseconds: {@code 0}, {@code 800ps}, {@code 1ns}, {@code 55us}, {@code 2.5ms}, {@code 1s}. */
    public static long parseTime(String text) {
        String s = trimmed(text, "time");
        return parseWithUnit(s, "time", TIME_UNITS, TIME_FACTORS, "ps, ns, us, ms, s",
            "a whole number of picoseconds", "800ps, 55us, 2.5ms");
    }

    /** Rate in bits per second: {@code 100Gbps}, {@code 40Mbps}, {@code 1.6Tbps}, {@code 0}. */
    public static long parseRate(String text) {
        String s = trimmed(text, "rate");
        return parseWithUnit(s, "rate", RATE_UNITS, RATE_FACTORS, "bps, Kbps, Mbps, Gbps, Tbps",
            "a whole number of bits per second", "40Mbps, 100Gbps, 1.6Tbps");
    }

    /**
     * A fraction or probability: {@code 0.2}, {@code 1/256}, {@code 5%}. The range is not checked
     * here (callers know theirs); NaN and infinities are rejected.
     */
    public static double parseFraction(String text) {
        String s = trimmed(text, "fraction");
        try {
            if (s.endsWith("%")) {
                return new BigDecimal(s.substring(0, s.length() - 1).trim()).doubleValue() / 100.0;
            }
            int slash = s.indexOf('/');
            if (slash >= 0) {
                BigDecimal num = new BigDecimal(s.substring(0, slash).trim());
                BigDecimal den = new BigDecimal(s.substring(slash + 1).trim());
                if (den.signum() == 0) {
                    throw new IllegalArgumentException("bad fraction '" + text + "': division by zero");
                }
                return num.doubleValue() / den.doubleValue();
            }
            return new BigDecimal(s).doubleValue();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad fraction '" + text
                + "': expected a decimal (0.2), a ratio (1/256) or a percentage (5%)");
        }
    }

    /** Formats bytes with the largest decimal unit that keeps it whole: 5000 -> "5KB", 1500 -> "1500B". */
    public static String formatSize(long bytes) {
        if (bytes != 0 && bytes % (1L << 20) == 0 && bytes % 1_000_000L != 0) {
            return format(bytes, new String[] {"B", "KiB", "MiB", "GiB", "TiB"},
                new long[] {1, 1L << 10, 1L << 20, 1L << 30, 1L << 40});
        }
        return format(bytes, new String[] {"B", "KB", "MB", "GB", "TB"},
            new long[] {1, 1_000L, 1_000_000L, 1_000_000_000L, 1_000_000_000_000L});
    }

    /** Formats picoseconds: 55_000_000 -> "55us", 0 -> "0", 1500 -> "1500ps". */
    public static String formatTime(long ps) {
        return ps == 0 ? "0" : format(ps, new String[] {"ps", "ns", "us", "ms", "s"},
            new long[] {1, 1_000L, 1_000_000L, 1_000_000_000L, 1_000_000_000_000L});
    }

    /** Formats bits per second: 40_000_000 -> "40Mbps", 0 -> "0". */
    public static String formatRate(long bps) {
        return bps == 0 ? "0" : format(bps, new String[] {"bps", "Kbps", "Mbps", "Gbps", "Tbps"},
            new long[] {1, 1_000L, 1_000_000L, 1_000_000_000L, 1_000_000_000_000L});
    }

    private static String format(long value, String[] units, long[] factors) {
        if (value == 0) {
            return "0";
        }
        for (int i = factors.length - 1; i > 0; i--) {
            if (value % factors[i] == 0) {
                return (value / factors[i]) + units[i];
            }
        }
        return value + units[0];
    }

    private static String trimmed(String text, String kind) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty " + kind + " value");
        }
        return text.trim();
    }

    private static boolean isPlainNumber(String s) {
        return s.matches("[+-]?[0-9]+(\\.[0-9]*)?([eE][+-]?[0-9]+)?");
    }

    private static long parseWithUnit(String s, String kind, String[] units, long[] factors,
                                      String allowed, String whole, String examples) {
        int split = 0;
        while (split < s.length() && "+-.0123456789eE".indexOf(s.charAt(split)) >= 0) {
            // an 'e' followed by a letter is the start of a unit, not an exponent
            if ((s.charAt(split) == 'e' || s.charAt(split) == 'E')
                && (split + 1 >= s.length() || !isExponentTail(s.charAt(split + 1)))) {
                break;
            }
            split++;
        }
        String number = s.substring(0, split).trim();
        String unit = s.substring(split).trim();
        BigDecimal value;
        try {
            value = new BigDecimal(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad " + kind + " '" + s + "': expected a number with a unit ("
                + allowed + "), e.g. " + examples);
        }
        if (unit.isEmpty()) {
            if (value.signum() == 0) {
                return 0;
            }
            throw new IllegalArgumentException("bad " + kind + " '" + s + "': a bare number needs a unit ("
                + allowed + "), e.g. " + examples);
        }
        for (int i = 0; i < units.length; i++) {
            if (units[i].equals(unit)) {
                return toLong(value.multiply(BigDecimal.valueOf(factors[i])), s, kind, whole);
            }
        }
        throw new IllegalArgumentException("bad " + kind + " '" + s + "': unknown unit '" + unit
            + "' (allowed: " + allowed + ")");
    }

    private static boolean isExponentTail(char c) {
        return Character.isDigit(c) || c == '+' || c == '-';
    }

    private static long toLong(BigDecimal v, String s, String kind, String whole) {
        if (v.signum() < 0) {
            throw new IllegalArgumentException("bad " + kind + " '" + s + "': must not be negative");
        }
        BigDecimal stripped = v.stripTrailingZeros();
        if (stripped.scale() > 0) {
            throw new IllegalArgumentException("bad " + kind + " '" + s + "': must be " + whole
                + " (got " + v.setScale(Math.min(v.scale(), 6), RoundingMode.HALF_UP).toPlainString() + ")");
        }
        BigInteger i = stripped.toBigIntegerExact();
        if (i.bitLength() > 62) {
            throw new IllegalArgumentException("bad " + kind + " '" + s + "': too large");
        }
        return i.longValue();
    }
}
