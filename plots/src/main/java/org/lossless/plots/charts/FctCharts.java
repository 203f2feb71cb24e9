package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.core.stats.Percentiles;
import org.lossless.plots.data.FlowRow;
import org.lossless.plots.data.FlowSummaryRow;
import org.lossless.plots.data.ResultSet;

/**
 * Flow completion time slowdown (FCT / ideal FCT of the flow alone in the empty network) of finished data
 * messages (a workload's payload; its protocol messages, {@code kind} {@code control}, are left out, as in
 * summary.json's figures): the CDF per workload, and, per workload, the p50 / p95 / p99 slowdown per flow-size bucket as in the HPCC
 * paper (buckets of about equal flow counts, at most {@link #MAX_BUCKETS}, never splitting one size; the
 * x axis labels each bucket by its largest flow). Percentiles are nearest-rank, as in summary.json.
 *
 * <p>Both need one row per message. The data messages flows.csv leaves out ({@code metrics.flows: data}, the
 * default, aggregates the collectives' per-step messages in flows_summary.csv) are not drawn, and the caption, or
 * the chart's place when nothing is left to draw, says so ({@link #notWritten}) and how to get the rows.
 */
public final class FctCharts {
    public static final String CDF_ID = "fct-cdf";
    public static final String BUCKETS_ID = "fct-buckets";
    public static final int MAX_BUCKETS = 20;
    /** Per-workload bucket charts at most (the rest are named in the caption). */
    public static final int MAX_WORKLOADS = 4;

    private FctCharts() {
    }

    /** Finished data messages per workload, in first-seen order. */
    static Map<String, List<FlowRow>> byWorkload(List<FlowRow> flows) {
        Map<String, List<FlowRow>> m = new LinkedHashMap<>();
        for (FlowRow f : flows) {
            if (f.data() && f.finished() && !Double.isNaN(f.slowdown())) {
                m.computeIfAbsent(f.workload().isEmpty() ? "flows" : f.workload(), k -> new ArrayList<>()).add(f);
            }
        }
        return m;
    }

    public static Figure cdf(ResultSet rs) {
        return cdf(List.of(rs), List.of(""));
    }

    /** The CDF of several runs overlaid (a comparison), series named by {@code labels} + workload. */
    public static Figure cdf(List<ResultSet> runs, List<String> labels) {
        String title = "FCT slowdown CDF";
        XYSeriesCollection data = new XYSeriesCollection();
        long finished = 0;
        long total = 0;
        long control = 0;
        List<Integer> runOf = new ArrayList<>();
        List<String> perRun = new ArrayList<>(); // each run's counts, when several are overlaid
        Map<String, Long> aggregated = new LinkedHashMap<>(); // data messages flows.csv leaves out, per workload
        String mode = "all";
        for (int r = 0; r < runs.size(); r++) {
            if (runs.get(r).flowsAggregated()) {
                mode = runs.get(r).flowsMode();
                for (Map.Entry<String, Long> e : aggregatedData(runs.get(r)).entrySet()) {
                    aggregated.merge((labels.get(r).isEmpty() ? "" : labels.get(r) + ": ") + e.getKey(), e.getValue(),
                            Long::sum);
                }
            }
            List<FlowRow> flows = runs.get(r).flows();
            long finished0 = finished;
            long total0 = total;
            long control0 = control;
            for (FlowRow f : flows) {
                if (f.data()) {
                    total++;
                } else {
                    control++;
                }
            }
            for (Map.Entry<String, List<FlowRow>> e : byWorkload(flows).entrySet()) {
                double[] sd = e.getValue().stream().mapToDouble(FlowRow::slowdown).sorted().toArray();
                finished += sd.length;
                XYSeries s = new XYSeries((labels.get(r).isEmpty() ? "" : labels.get(r) + ": ") + e.getKey(), false, true);
                for (int i = 0; i < sd.length; i++) {
                    // a step: the fraction jumps at each value
                    s.add(sd[i], (double) i / sd.length);
                    s.add(sd[i], (double) (i + 1) / sd.length);
                }
                data.addSeries(s);
                runOf.add(r);
            }
            perRun.add(labels.get(r) + ": " + counts(finished - finished0, total - total0, control - control0));
        }
        if (data.getSeriesCount() == 0) {
            return Figure.omitted(CDF_ID, title, !aggregated.isEmpty() ? notWritten(mode, aggregated)
                    + (total > 0 ? "; no data message in flows.csv finished" : "")
                    : total > 0 ? "no data message finished" : "no data message in flows.csv");
        }
        // a log axis when the slowdowns span a decade or more, else linear
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (int i = 0; i < data.getSeriesCount(); i++) {
            lo = Math.min(lo, data.getSeries(i).getMinX());
            hi = Math.max(hi, data.getSeries(i).getMaxX());
        }
        org.jfree.chart.axis.ValueAxis x;
        if (hi >= 10 * lo) {
            LogAxis log = new LogAxis("FCT slowdown (FCT / ideal FCT, ×, log scale)");
            log.setSmallestValue(0.5);
            log.setNumberFormatOverride(new java.text.DecimalFormat("#,##0.##"));
            // ticks at whole decades (1, 10, 100, ...), not at half decades (3.16, 31.62, ...)
            log.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1.0), false, true);
            x = log;
        } else {
            x = Style.axis("FCT slowdown (FCT / ideal FCT, ×)");
        }
        NumberAxis y = new NumberAxis("fraction of finished flows (0–1)");
        y.setRange(0, 1.02);
        XYLineAndShapeRenderer r = Style.lines();
        XYPlot plot = new XYPlot(data, x, y, r);
        JFreeChart chart = Style.apply(new JFreeChart(title, plot));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesPaint(i, Style.color(i));
            // in a comparison the first run (the baseline) is dashed
            r.setSeriesStroke(i, runs.size() > 1 && runOf.get(i) == 0 ? Style.dashed(2.5f) : Style.line(2.5f));
        }
        // counted per run when several are overlaid (a sum over two runs would count neither)
        String counts = runs.size() == 1 ? counts(finished, total, control) : String.join("; ", perRun);
        return Figure.of(CDF_ID, title, chart, counts + "; unfinished data messages have no slowdown and are not in "
                + "the CDF" + (control == 0 ? "" : "; control messages (handshakes, capsules, acknowledgements) are "
                + "left out") + (aggregated.isEmpty() ? "" : "; not drawn: " + notWritten(mode, aggregated)))
                .axes("flows.csv:slowdown", "cdf");
    }

    /**
     * "per-message rows not written (metrics.flows: data); set metrics.flows: all to draw them: 260,096 data
     * messages of ar are aggregated per rank in flows_summary.csv".
     */
    static String notWritten(String mode, Map<String, Long> aggregated) {
        List<String> each = new ArrayList<>();
        aggregated.forEach((w, n) -> each.add(Fmt.num(n) + " of " + w));
        return "per-message rows not written (metrics.flows: " + mode + "); set metrics.flows: all to draw them: the "
                + "data messages (" + String.join(", ", each) + ") are aggregated per job and rank in "
                + ResultSet.FLOWS_SUMMARY + " (a collective's completion times are in the job charts)";
    }

    /** The data messages flows.csv leaves out, per workload in file order (flows_summary.csv, kind data). */
    static Map<String, Long> aggregatedData(ResultSet rs) {
        Map<String, Long> m = new LinkedHashMap<>();
        if (rs.flowsAggregated()) {
            for (FlowSummaryRow row : rs.flowSummary()) {
                if (row.data() && row.messages() > 0) {
                    m.merge(row.workload().isEmpty() ? "flows" : row.workload(), row.messages(), Long::sum);
                }
            }
        }
        return m;
    }

    /** "15,880 of 15,880 data messages finished, 15,872 control messages". */
    private static String counts(long finished, long total, long control) {
        return Fmt.num(finished) + " of " + Fmt.num(total) + " data messages finished"
                + (control == 0 ? "" : ", " + Fmt.num(control) + " control messages");
    }

    /** A flow-size bucket: flows with size in (previous upper, upper]. */
    record Bucket(long upperBytes, double[] sortedSlowdowns) {
    }

    /** Buckets of about n / MAX_BUCKETS flows each, never splitting flows of one size. */
    static List<Bucket> buckets(List<FlowRow> flows) {
        List<FlowRow> f = new ArrayList<>(flows);
        f.sort(java.util.Comparator.comparingLong(FlowRow::sizeBytes));
        int target = Math.max(1, (int) Math.ceil(f.size() / (double) MAX_BUCKETS));
        List<Bucket> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < f.size(); i++) {
            boolean last = i == f.size() - 1;
            if (last || (i + 1 - from >= target && f.get(i + 1).sizeBytes() != f.get(i).sizeBytes())) {
                double[] sd = f.subList(from, i + 1).stream().mapToDouble(FlowRow::slowdown).toArray();
                Arrays.sort(sd);
                out.add(new Bucket(f.get(i).sizeBytes(), sd));
                from = i + 1;
            }
        }
        return out;
    }

    /** p50/p95/p99 slowdown per size bucket, one figure per workload (the first {@link #MAX_WORKLOADS}). */
    public static List<Figure> buckets(ResultSet rs) {
        String title = "FCT slowdown per flow size";
        Map<String, List<FlowRow>> wl = byWorkload(rs.flows());
        Map<String, Long> aggregated = aggregatedData(rs);
        String left = aggregated.isEmpty() ? "" : notWritten(rs.flowsMode(), aggregated);
        if (wl.isEmpty()) {
            return List.of(Figure.omitted(BUCKETS_ID, title, left.isEmpty() ? "no data message finished" : left));
        }
        List<Figure> out = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, List<FlowRow>> e : wl.entrySet()) {
            if (n++ >= MAX_WORKLOADS) {
                break;
            }
            // the first chart names the workloads whose messages are not drawn
            String notDrawn = n == 1 && !left.isEmpty() ? "; not drawn: " + left : "";
            List<Bucket> b = buckets(e.getValue());
            XYSeriesCollection data = new XYSeriesCollection();
            String[] names = {"p50", "p95", "p99"};
            double[] ps = {50, 95, 99};
            for (int k = 0; k < 3; k++) {
                XYSeries s = new XYSeries(names[k], false, true);
                for (int i = 0; i < b.size(); i++) {
                    s.add(i, Percentiles.nearestRank(b.get(i).sortedSlowdowns(), ps[k]));
                }
                data.addSeries(s);
            }
            String[] labels = b.stream().map(x -> Fmt.bytes(x.upperBytes())).toArray(String[]::new);
            SymbolAxis x = new SymbolAxis("flow size, largest in bucket (bytes)", labels);
            x.setVerticalTickLabels(labels.length > 8);
            x.setGridBandsVisible(false);
            NumberAxis y = new NumberAxis("FCT slowdown (×)");
            // from 1 (the ideal) up: an auto range around a few close values made 13.3 vs 14.2 look like a cliff
            double top = 1;
            double bottom = 1;
            for (int k = 0; k < data.getSeriesCount(); k++) {
                top = Math.max(top, data.getSeries(k).getMaxY());
                bottom = Math.min(bottom, data.getSeries(k).getMinY());
            }
            y.setRange(Math.max(0, bottom - 0.05 * (top - bottom)), top + 0.08 * (top - bottom) + 0.05);
            XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
            XYPlot plot = new XYPlot(data, x, y, r);
            String t = title + (wl.size() > 1 ? ": " + e.getKey() : "");
            JFreeChart chart = Style.apply(new JFreeChart(t, plot));
            float[] widths = {3.5f, 2.5f, 2f};
            for (int k = 0; k < 3; k++) {
                r.setSeriesPaint(k, Style.color(k));
                r.setSeriesStroke(k, k == 0 ? Style.line(widths[k]) : Style.dashed(widths[k]));
            }
            String id = BUCKETS_ID + (wl.size() > 1 ? "-" + safe(e.getKey()) : "");
            out.add(Figure.of(id, t, chart, e.getValue().size() + " finished data messages of " + e.getKey() + " in " + b.size()
                    + (b.size() == 1 ? " size bucket;" : " size buckets of about equal flow counts;")
                    + " nearest-rank percentiles (p95 and p99 dashed; where"
                    + " lines coincide the percentiles are equal)" + notDrawn).axes("flows.csv:size_bytes", "flows.csv:slowdown"));
        }
        if (wl.size() > MAX_WORKLOADS) {
            out.add(Figure.omitted(BUCKETS_ID + "-more", title + ": other workloads",
                    (wl.size() - MAX_WORKLOADS) + " more workloads not drawn: "
                            + String.join(", ", new ArrayList<>(wl.keySet()).subList(MAX_WORKLOADS, wl.size()))));
        }
        return out;
    }

    static String safe(String s) {
        String t = s.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
        return t.isEmpty() || !Character.isLetterOrDigit(t.charAt(0)) ? "w" + t : t;
    }
}
