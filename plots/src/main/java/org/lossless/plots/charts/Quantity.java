package org.lossless.plots.charts;

import java.util.List;

import org.lossless.core.units.Units;

/**
 * How to put a sweep's key values and figures on an axis: scenario values with units ({@code 100KB},
 * {@code 2us}, {@code 25Gbps}) become numbers in KB, µs or Gb/s; result figures are scaled by their name's
 * suffix ({@code _ps} to µs, {@code _bytes} to KB, {@code _bps} to Gb/s, slowdowns are ×).
 *
 * @param scale divide raw values by this
 * @param unit  the axis unit, e.g. {@code KB}
 */
public record Quantity(double scale, String unit) {
    /** The quantity of a scenario key's values, or null when they are not all numbers of one kind. */
    public static Quantity ofValues(List<String> values) {
        if (values.stream().allMatch(Quantity::plain)) {
            return new Quantity(1, "");
        }
        if (all(values, Units::parseSize)) {
            return new Quantity(1e3, "KB");
        }
        if (all(values, Units::parseTime)) {
            return new Quantity(1e6, "µs");
        }
        if (all(values, Units::parseRate)) {
            return new Quantity(1e9, "Gb/s");
        }
        return null;
    }

    /** A scenario key's value as a raw number (bytes, ps, bit/s or plain); NaN when it is none. */
    public static double raw(String v) {
        if (plain(v)) {
            return Double.parseDouble(v);
        }
        for (java.util.function.ToLongFunction<String> p : List.<java.util.function.ToLongFunction<String>>of(
                Units::parseSize, Units::parseTime, Units::parseRate)) {
            try {
                return p.applyAsLong(v);
            } catch (RuntimeException e) {
                // try the next kind
            }
        }
        return Double.NaN;
    }

    private static boolean plain(String v) {
        try {
            Double.parseDouble(v);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean all(List<String> values, java.util.function.ToLongFunction<String> parse) {
        for (String v : values) {
            try {
                parse.applyAsLong(v);
            } catch (RuntimeException e) {
                return false;
            }
        }
        return !values.isEmpty();
    }

    /** The quantity of a result figure, from its name. */
    public static Quantity ofFigure(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        if (n.endsWith("_ps")) {
            return new Quantity(1e6, "µs");
        }
        if (n.endsWith("_bytes") || n.endsWith(".bytes") || n.endsWith("bytes_delivered")) {
            return new Quantity(1e3, "KB");
        }
        if (n.endsWith("_bps")) {
            return new Quantity(1e9, "Gb/s");
        }
        if (n.endsWith("_gbps")) {
            return new Quantity(1, "GB/s");
        }
        if (n.contains("slowdown")) {
            return new Quantity(1, "×");
        }
        if (n.endsWith("seconds")) {
            return new Quantity(1, "s");
        }
        if (n.endsWith("deadlock") || n.endsWith("_fraction")) {
            return new Quantity(1, "share of runs");
        }
        if (n.contains("frames") || n.contains("packets") || n.endsWith(".sent") || n.endsWith("flows.total")
                || n.endsWith("completed") || n.endsWith("events") || n.endsWith("pauses") || n.endsWith("storms")) {
            return new Quantity(1, "count");
        }
        return new Quantity(1, "as in sweep.csv");
    }

    /** {@code name (unit)}, or the name alone for a unitless plain number. */
    public String label(String name) {
        return unit.isEmpty() ? name + " (number)" : name + " (" + unit + ")";
    }
}
