package org.lossless.plots.charts;

import java.util.Locale;

/** Human-readable numbers for labels and tables: 3 significant digits, SI prefixes, no locale. */
public final class Fmt {
    private Fmt() {
    }

    /** Bytes: {@code 512 B}, {@code 8 MB}, {@code 1.5 KB} (powers of 1000). */
    public static String bytes(double b) {
        return si(b, "B");
    }

    /** Bits per second: {@code 100 Gb/s}. */
    public static String rate(double bps) {
        return si(bps, "b/s");
    }

    /** Picoseconds as the nearest readable unit: {@code 1.2 µs}, {@code 5.12 ms}. */
    public static String time(double ps) {
        double a = Math.abs(ps);
        if (a >= 1e12) {
            return num(ps / 1e12) + " s";
        }
        if (a >= 1e9) {
            return num(ps / 1e9) + " ms";
        }
        if (a >= 1e6) {
            return num(ps / 1e6) + " µs";
        }
        if (a >= 1e3) {
            return num(ps / 1e3) + " ns";
        }
        return num(ps) + " ps";
    }

    private static String si(double v, String unit) {
        double a = Math.abs(v);
        String[] p = {"", "K", "M", "G", "T", "P"};
        int i = 0;
        while (a >= 1000 && i < p.length - 1) {
            a /= 1000;
            v /= 1000;
            i++;
        }
        return num(v) + " " + p[i] + unit;
    }

    /**
     * Three significant digits, trailing zeros dropped; integers as they are up to 1e6; thousands grouped with
     * commas from 1,000 (as the console prints counts), so 2,976,446 events read at a glance.
     */
    public static String num(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e6) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        double a = Math.abs(v);
        String s;
        if (a >= 1e15) {
            s = String.format(Locale.ROOT, "%.2e", v);
        } else if (a >= 100) {
            s = String.format(Locale.ROOT, "%,.0f", v);
        } else if (a >= 10) {
            s = String.format(Locale.ROOT, "%.1f", v);
        } else if (a >= 1) {
            s = String.format(Locale.ROOT, "%.2f", v);
        } else if (a >= 0.001) {
            s = String.format(Locale.ROOT, "%.3g", v);
        } else {
            s = String.format(Locale.ROOT, "%.2e", v);
        }
        if (s.contains(".") && !s.contains("e")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }

    /** A signed relative change: {@code +12.5 %}; {@code –} when the base is 0 or NaN. */
    public static String change(double base, double value) {
        if (Double.isNaN(base) || Double.isNaN(value) || base == 0) {
            return "–";
        }
        double pct = (value - base) / Math.abs(base) * 100;
        return (pct >= 0 ? "+" : "") + num(pct) + " %";
    }
}
