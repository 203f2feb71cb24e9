package org.lossless.verbs.compare;

import java.util.Locale;

import org.lossless.verbs.io.CsvText;
import org.lossless.verbs.measure.MeasurementJson;

/** A comparison as a console table, as {@code comparison.csv} and as {@code comparison.json}. */
public final class ComparisonText {
    private ComparisonText() {
    }

    public static String table(Comparison c) {
        int w = "metric".length();
        for (MetricRow r : c.rows()) {
            w = Math.max(w, r.metric().length());
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-" + w + "s  %14s  %14s  %14s  %9s%n", "metric", "simulated", "measured",
                "error", "error %"));
        for (MetricRow r : c.rows()) {
            sb.append(String.format(Locale.ROOT, "%-" + w + "s  %14s  %14s  %14s  %9s%n", r.metric(), num(r.simulated()),
                    num(r.measured()), num(r.error()), r.relativeError() == null ? "" :
                            String.format(Locale.ROOT, "%+.2f", 100 * r.relativeError())));
        }
        for (String n : c.notes()) {
            sb.append("note: ").append(n).append('\n');
        }
        return sb.toString();
    }

    public static String csv(Comparison c) {
        StringBuilder sb = new StringBuilder("metric,simulated,measured,error,relative_error\n");
        for (MetricRow r : c.rows()) {
            sb.append(CsvText.field(r.metric())).append(',').append(plain(r.simulated())).append(',')
                    .append(plain(r.measured())).append(',').append(plain(r.error())).append(',')
                    .append(plain(r.relativeError())).append('\n');
        }
        return sb.toString();
    }

    public static String json(Comparison c) {
        return MeasurementJson.write(c);
    }

    /** "n/a" for a missing value; else 6 significant digits. */
    private static String num(Double v) {
        if (v == null) {
            return "n/a";
        }
        return Math.abs(v) >= 1e6 || (Math.abs(v) < 1e-3 && v != 0) ? String.format(Locale.ROOT, "%.5e", v)
                : String.format(Locale.ROOT, "%.6g", v);
    }

    private static String plain(Double v) {
        return v == null ? "" : Double.toString(v);
    }
}
