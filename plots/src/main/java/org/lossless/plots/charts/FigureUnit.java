package org.lossless.plots.charts;

import java.util.Locale;

/**
 * The unit a result figure is shown in, chosen from its name's suffix and the size of its values, so a
 * table column or an axis reads {@code 5.98 ms}, {@code 812 KB} or {@code 23.1 GB/s}, never raw picoseconds:
 * {@code _ps} (and {@code latency_ps.*}) as ps, ns, µs, ms or s; {@code _bytes} as B, KB, MB or GB (powers of
 * 1000, as the scenario's units); {@code _bps} as Mb/s, Gb/s or Tb/s; {@code _GBps} as GB/s; slowdowns as ×;
 * {@code _seconds} as s; booleans ({@code deadlock}) as the share of runs; anything else as a plain number.
 *
 * @param scale divide raw values by this
 * @param unit  the unit's symbol; empty for a plain number
 */
public record FigureUnit(double scale, String unit) {
    private static final String[] TIME = {"ps", "ns", "µs", "ms", "s"};
    private static final String[] SIZE = {"B", "KB", "MB", "GB", "TB"};
    private static final String[] RATE = {"b/s", "Kb/s", "Mb/s", "Gb/s", "Tb/s"};

    /**
     * The unit for {@code figure} whose values are about {@code typical} in size (e.g. the largest magnitude of
     * a column), so every cell of a column uses one unit.
     */
    public static FigureUnit of(String figure, double typical) {
        String n = figure.toLowerCase(Locale.ROOT);
        double t = Double.isNaN(typical) ? 0 : Math.abs(typical);
        if (n.endsWith("_ps") || n.contains("_ps.") || n.contains("_ps_")) {
            return thousands(t, TIME, 4);
        }
        if (n.endsWith("_bytes") || n.endsWith(".bytes") || n.endsWith("bytes_delivered") || n.contains("_bytes_")) {
            return thousands(t, SIZE, 4);
        }
        if (n.endsWith("_bps")) {
            return thousands(t, RATE, 4);
        }
        if (n.endsWith("gbps") || n.contains("gbps_")) {
            return new FigureUnit(1, "GB/s");
        }
        if (n.contains("slowdown")) {
            return new FigureUnit(1, "×");
        }
        if (n.endsWith("seconds") && !n.endsWith("per_second")) {
            return new FigureUnit(1, "s");
        }
        if (n.endsWith("deadlock")) {
            return new FigureUnit(1, "share of runs");
        }
        return new FigureUnit(1, "");
    }

    /** The largest power of 1000 not above {@code t} (from the first unit, at most {@code max}). */
    private static FigureUnit thousands(double t, String[] units, int max) {
        int i = 0;
        double scale = 1;
        while (i < max && t >= scale * 1000) {
            scale *= 1000;
            i++;
        }
        return new FigureUnit(scale, units[i]);
    }

    /** A value in this unit: {@code 5.98 ms}. */
    public String format(double v) {
        return Fmt.num(v / scale) + (unit.isEmpty() ? "" : " " + unit);
    }

    /** A mean and the half-width of its interval: {@code 5.98 ± 0.12 ms}; the mean alone when the width is NaN. */
    public String format(double mean, double halfWidth) {
        if (Double.isNaN(mean)) {
            return "–";
        }
        if (Double.isNaN(halfWidth)) {
            return format(mean);
        }
        return Fmt.num(mean / scale) + " ± " + Fmt.num(halfWidth / scale) + (unit.isEmpty() ? "" : " " + unit);
    }

    /** An axis label: {@code name (unit)}, or {@code name} alone for a plain number. */
    public String label(String name) {
        return unit.isEmpty() ? name : name + " (" + unit + ")";
    }
}
