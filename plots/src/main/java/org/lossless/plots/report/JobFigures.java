package org.lossless.plots.report;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.plots.charts.Fmt;

/**
 * A job's key figures from its {@code summary.json} entry: its own figure against its ideal ({@code figure}:
 * a duration, a latency p99 or a throughput; {@code value}, {@code ideal}, {@code ratio}: times worse than ideal); a collective's busbw against its ideal; a storage job's IOPS,
 * throughput and latency p50 per operation type against theirs. An older summary without them shows the job's
 * duration and busbw.
 */
final class JobFigures {
    private JobFigures() {
    }

    static void add(List<KeyFigure> out, JsonNode j) {
        String name = "job " + j.path("job").asText("job") + ": ";
        String figure = j.path("figure").asText("duration_ps");
        JsonNode value = j.has("value") ? j.path("value") : j.path("duration_ps");
        boolean rate = figure.equals("throughput_GBps");
        String what = figure.equals("latency_p99_ps") ? j.path("operation").asText() + " latency p99"
                : rate ? "throughput (GB/s)" : "duration (mean)";
        if (value.isNumber() || j.path("ideal").isNumber()) {
            StringBuilder shown = new StringBuilder(value.isNumber() ? show(value.asDouble(), rate) : "–");
            if (j.path("ideal").isNumber()) {
                shown.append(" · ideal ").append(show(j.path("ideal").asDouble(), rate));
                if (!j.path("ideal_limit").asText("").isEmpty()) {
                    shown.append(" (").append(j.path("ideal_limit").asText()).append("-bound)");
                }
            }
            if (j.path("ratio").isNumber()) {
                shown.append(" · ").append(Fmt.num(j.path("ratio").asDouble())).append(rate ? "× below ideal" : "× ideal");
            }
            out.add(new KeyFigure(name + what, value.asDouble(Double.NaN), shown.toString(), rate ? 1 : -1));
        }
        JsonNode busbw = j.path("busbw_GBps");
        if (busbw.isNumber()) {
            out.add(new KeyFigure(name + "busbw (GB/s)", busbw.asDouble(), Fmt.num(busbw.asDouble())
                    + (j.path("ideal_busbw_GBps").isNumber() ? " · ideal " + Fmt.num(j.path("ideal_busbw_GBps")
                    .asDouble()) : ""), 1));
        }
        for (JsonNode o : j.path("operations")) {
            String op = name + o.path("operation").asText() + " ";
            JsonNode ideal = o.path("ideal");
            withIdeal(out, op + "IOPS", o.path("iops"), ideal.path("iops"), 1, false);
            withIdeal(out, op + "throughput (GB/s)", o.path("GBps"), ideal.path("GBps"), 1, false);
            withIdeal(out, op + "latency p50", o.path("latency_ps").path("p50"), ideal.path("latency_ps").path("p50"),
                    -1, true);
        }
    }

    private static String show(double v, boolean rate) {
        return rate ? Fmt.num(v) : Fmt.time(v);
    }

    private static void withIdeal(List<KeyFigure> out, String label, JsonNode v, JsonNode ideal, int better,
                                  boolean time) {
        if (!v.isNumber()) {
            return;
        }
        String shown = time ? Fmt.time(v.asDouble()) : Fmt.num(v.asDouble());
        if (ideal.isNumber()) {
            shown += " · ideal " + (time ? Fmt.time(ideal.asDouble()) : Fmt.num(ideal.asDouble()));
        }
        out.add(new KeyFigure(label, v.asDouble(), shown, better));
    }
}
