package org.lossless.switchmodel.settings;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parser for the contract's units (CONTRACT §1) as used by the switch settings, the SONiC import and
 * {@code lossless headroom}. Exact (decimal) arithmetic; results must be whole bytes/ps/bps.
 * Local to this module; the scenario loader may share or replace it.
 */
public final class Units {
    private static final Pattern NUM_UNIT = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)\\s*");

    private Units() {
    }

    /** Size: bare integer or B = bytes; KB/MB/GB powers of 1000; KiB/MiB/GiB powers of 1024. */
    public static long size(String text, String key) {
        Matcher m = match(text, key, "a size like 1500, 5KB, 32MB, 4KiB, 32MiB");
        String u = m.group(2);
        long mult = switch (u) {
            case "", "B" -> 1;
            case "KB" -> 1000;
            case "MB" -> 1_000_000;
            case "GB" -> 1_000_000_000;
            case "KiB" -> 1024;
            case "MiB" -> 1L << 20;
            case "GiB" -> 1L << 30;
            default -> throw bad(text, key, "unknown size unit '" + u + "'; allowed: B, KB, MB, GB, KiB, MiB, GiB");
        };
        return whole(m.group(1), mult, text, key, "bytes");
    }

    /** Time in ps: ps, ns, us, ms, s; a bare number only for 0. */
    public static long timePs(String text, String key) {
        Matcher m = match(text, key, "a time like 800ps, 1us, 2.5ms");
        String u = m.group(2);
        long mult = switch (u) {
            case "ps" -> 1;
            case "ns" -> 1000;
            case "us" -> 1_000_000;
            case "ms" -> 1_000_000_000;
            case "s" -> 1_000_000_000_000L;
            case "" -> zeroOnly(m.group(1), text, key, "ps, ns, us, ms, s");
            default -> throw bad(text, key, "unknown time unit '" + u + "'; allowed: ps, ns, us, ms, s");
        };
        return whole(m.group(1), mult, text, key, "picoseconds");
    }

    /** Rate in bps: bps, Kbps, Mbps, Gbps, Tbps; a bare number only for 0. */
    public static long rateBps(String text, String key) {
        Matcher m = match(text, key, "a rate like 100Gbps, 25Gbps, 1.6Tbps");
        String u = m.group(2);
        long mult = switch (u) {
            case "bps" -> 1;
            case "Kbps" -> 1000;
            case "Mbps" -> 1_000_000;
            case "Gbps" -> 1_000_000_000;
            case "Tbps" -> 1_000_000_000_000L;
            case "" -> zeroOnly(m.group(1), text, key, "bps, Kbps, Mbps, Gbps, Tbps");
            default -> throw bad(text, key, "unknown rate unit '" + u + "'; allowed: bps, Kbps, Mbps, Gbps, Tbps");
        };
        return whole(m.group(1), mult, text, key, "bps");
    }

    /** Cable length in metres: m or km (fractions allowed); a bare number only for 0. */
    public static double meters(String text, String key) {
        Matcher m = match(text, key, "a length like 2m, 100m");
        String u = m.group(2);
        double mult = switch (u) {
            case "m" -> 1;
            case "km" -> 1000;
            case "" -> zeroOnly(m.group(1), text, key, "m, km");
            default -> throw bad(text, key, "unknown length unit '" + u + "'; allowed: m, km");
        };
        return Double.parseDouble(m.group(1)) * mult;
    }

    /** A fraction or probability: {@code 0.2}, {@code 1/256} or {@code 5%}. */
    public static double fraction(String text, String key) {
        String t = text == null ? "" : text.trim();
        try {
            if (t.endsWith("%")) {
                return Double.parseDouble(t.substring(0, t.length() - 1)) / 100;
            }
            int slash = t.indexOf('/');
            if (slash > 0) {
                return Double.parseDouble(t.substring(0, slash)) / Double.parseDouble(t.substring(slash + 1));
            }
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw bad(text, key, "expected a fraction like 0.2, 1/256 or 5%");
        }
    }

    /** Canonical text of a size: the largest exact unit (32MiB, 5KB, 1500B). */
    public static String formatSize(long bytes) {
        if (bytes != 0) {
            if (bytes % (1L << 30) == 0) {
                return bytes / (1L << 30) + "GiB";
            }
            if (bytes % (1L << 20) == 0) {
                return bytes / (1L << 20) + "MiB";
            }
            if (bytes % 1_000_000 == 0) {
                return bytes / 1_000_000 + "MB";
            }
            if (bytes % 1000 == 0) {
                return bytes / 1000 + "KB";
            }
            if (bytes % 1024 == 0) {
                return bytes / 1024 + "KiB";
            }
        }
        return bytes + "B";
    }

    private static long zeroOnly(String number, String text, String key, String units) {
        if (new BigDecimal(number).signum() != 0) {
            throw bad(text, key, "a bare number is only allowed for 0; add a unit (" + units + ")");
        }
        return 1;
    }

    private static Matcher match(String text, String key, String expected) {
        if (text == null) {
            throw bad("null", key, "expected " + expected);
        }
        Matcher m = NUM_UNIT.matcher(text);
        if (!m.matches()) {
            throw bad(text, key, "expected " + expected);
        }
        return m;
    }

    private static long whole(String number, long mult, String text, String key, String unit) {
        BigDecimal v = new BigDecimal(number).multiply(BigDecimal.valueOf(mult));
        try {
            return v.longValueExact();
        } catch (ArithmeticException e) {
            throw bad(text, key, "must be a whole number of " + unit + " (got " + v.toPlainString() + ")");
        }
    }

    private static IllegalArgumentException bad(String text, String key, String why) {
        return new IllegalArgumentException(String.format(Locale.ROOT, "%s: '%s': %s", key, text, why));
    }
}
