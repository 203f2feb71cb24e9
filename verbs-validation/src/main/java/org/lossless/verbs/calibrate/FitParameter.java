package org.lossless.verbs.calibrate;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.core.units.Units;

/**
 * One unknown to fit: a scenario key path with bounds, in the key's own unit. The optimizer works on
 * u in [0, 1]: linear between the bounds, or logarithmic ({@code log}) when they span more than a
 * factor of 20 (timers from microseconds to milliseconds).
 *
 * @param key   scenario key path, e.g. {@code nic.dcqcn.cnp_interval}; anything {@code --set} accepts
 * @param kind  how values are written back: {@code time} (ps), {@code rate} (bit/s), {@code size} (bytes) or
 *              {@code number}
 * @param min   lower bound, in the kind's base unit (ps, bit/s, bytes)
 * @param max   upper bound (&gt; min)
 * @param start starting value, or NaN for the scenario's own value (or the middle when it has none)
 */
public record FitParameter(String key, String kind, double min, double max, double start, boolean log) {
    private static final Pattern SPEC = Pattern.compile("^([A-Za-z0-9_.\\[\\]-]+)=([^.][^@]*?)\\.\\.([^@]+?)(?:@(.+))?$");

    public FitParameter {
        if (!(max > min)) {
            throw new IllegalArgumentException(key + ": the upper bound must be above the lower one");
        }
        if (log && min <= 0) {
            throw new IllegalArgumentException(key + ": a logarithmic scale needs a lower bound above 0");
        }
    }

    /** Parses {@code KEY=MIN..MAX[@START]}, e.g. {@code nic.dcqcn.cnp_interval=2us..100us@40us}. */
    public static FitParameter parse(String spec) {
        Matcher m = SPEC.matcher(spec.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + spec + "': expected KEY=MIN..MAX or KEY=MIN..MAX@START, e.g."
                    + " nic.dcqcn.cnp_interval=2us..100us");
        }
        String kind = kindOf(m.group(2).strip());
        double min = value(kind, m.group(2).strip(), spec);
        double max = value(kind, m.group(3).strip(), spec);
        double start = m.group(4) == null ? Double.NaN : value(kind, m.group(4).strip(), spec);
        if (!(max > min)) {
            throw new IllegalArgumentException("'" + spec + "': MAX must be above MIN");
        }
        if (!Double.isNaN(start) && (start < min || start > max)) {
            throw new IllegalArgumentException("'" + spec + "': START must lie between MIN and MAX");
        }
        return new FitParameter(m.group(1), kind, min, max, start, min > 0 && max / min > 20);
    }

    /** The kind of a value from its unit: 10us is a time, 25Gbps a rate, 4KB a size, 0.5 a number. */
    static String kindOf(String text) {
        String unit = text.replaceAll("^[0-9.+-]+", "");
        if (unit.matches("ps|ns|us|µs|ms|s")) {
            return "time";
        } else if (unit.matches("[KMGT]?bps|kbps")) {
            return "rate";
        } else if (unit.matches("B|KB|MB|GB|KiB|MiB|GiB")) {
            return "size";
        }
        return "number";
    }

    private static double value(String kind, String text, String spec) {
        try {
            return switch (kind) {
                case "time" -> Units.parseTime(text);
                case "rate" -> Units.parseRate(text);
                case "size" -> Units.parseSize(text);
                default -> Double.parseDouble(text);
            };
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + spec + "': " + e.getMessage());
        }
    }

    /** The value at u in [0, 1]. */
    public double at(double u) {
        double c = Math.max(0, Math.min(1, u));
        return log ? min * Math.pow(max / min, c) : min + c * (max - min);
    }

    /** u of a value (clamped to [0, 1]). */
    public double u(double v) {
        double c = log ? Math.log(v / min) / Math.log(max / min) : (v - min) / (max - min);
        return Math.max(0, Math.min(1, c));
    }

    /** d value / d u at u. */
    public double slope(double u) {
        return log ? at(u) * Math.log(max / min) : max - min;
    }

    /** The value as {@code --set} text: whole ps, bit/s or bytes with their unit, or a plain number. */
    public String format(double v) {
        return switch (kind) {
            case "time" -> Math.round(v) + "ps";
            case "rate" -> Math.round(v) + "bps";
            case "size" -> Long.toString(Math.round(v));
            default -> String.format(Locale.ROOT, "%.6g", v);
        };
    }

    /** A value for people: 1.5 us, 25 Gb/s, 4096 B. */
    public String human(double v) {
        return switch (kind) {
            case "time" -> String.format(Locale.ROOT, "%.4g us", v / 1e6);
            case "rate" -> String.format(Locale.ROOT, "%.4g Gb/s", v / 1e9);
            case "size" -> String.format(Locale.ROOT, "%.0f B", v);
            default -> String.format(Locale.ROOT, "%.4g", v);
        };
    }

    /** The unit of {@link #human}. */
    public String humanUnit() {
        return switch (kind) {
            case "time" -> "us";
            case "rate" -> "Gb/s";
            case "size" -> "B";
            default -> "";
        };
    }

    /** Value in {@link #humanUnit()}. */
    public double inHumanUnit(double v) {
        return switch (kind) {
            case "time" -> v / 1e6;
            case "rate" -> v / 1e9;
            default -> v;
        };
    }
}
