package org.lossless.plots.charts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * Capacity planning: when a sweep changes a job's GPU count ({@code jobs.J.hosts}) or message size
 * ({@code jobs.J.size_bytes}), whatever key does it ({@code topology.k}, {@code workloads[0].hosts}, ...),
 * the job's busbw (collectives) and time against that number, with the ideal dashed: the summary's ideal
 * when sweep.csv has one ({@link SweepMetrics#idealOf}), else the ideal columns of {@code jobs.csv} (the same
 * job alone on an uncongested fabric, every GPU's own NIC and NVLink counted), read from each point's first run. Axes are logarithmic where the values span {@link #LOG_SPAN} or more.
 * One line per combination of the keys that do not change the number.
 */
public final class ScalingCharts {
    public static final String ID = "scaling";
    /** Values spanning this factor or more get a log axis. */
    public static final double LOG_SPAN = 10;

    private ScalingCharts() {
    }

    /** The scaling charts of {@code s}; empty when no job's GPU count or size changes over the sweep. */
    public static List<Figure> of(SweepSet s) {
        List<Figure> out = new ArrayList<>();
        Set<String> jobs = new LinkedHashSet<>();
        for (String f : s.figures()) {
            if (f.startsWith("jobs.") && (f.endsWith(".hosts") || f.endsWith(".size_bytes"))) {
                jobs.add(f.substring(5, f.lastIndexOf('.')));
            }
        }
        for (String job : jobs) {
            for (String xFig : List.of("jobs." + job + ".hosts", "jobs." + job + ".size_bytes")) {
                if (!s.figures().contains(xFig) || s.points().stream().map(p -> s.ci(xFig, p).mean())
                        .filter(d -> !Double.isNaN(d)).distinct().count() < 2) {
                    continue;
                }
                String type = s.jobType(job);
                boolean collective = type == null || SweepMetrics.COLLECTIVES.contains(type);
                for (String y : collective ? List.of("busbw_GBps", "duration_ps") : List.of("duration_ps")) {
                    String yFig = "jobs." + job + "." + y;
                    if (s.figures().contains(yFig)) {
                        out.add(chart(s, job, xFig, yFig));
                    }
                }
                break;
            }
        }
        return out;
    }

    private static Figure chart(SweepSet s, String job, String xFig, String yFig) {
        List<String> drivers = drivers(s, xFig);
        List<String> rest = new ArrayList<>(s.keys());
        rest.removeAll(drivers);
        List<Map<String, String>> groups = s.groups(rest);
        if (groups.size() > SweepCharts.MAX_LINES) {
            groups = List.of(Map.of());
        }
        boolean sizes = xFig.endsWith(".size_bytes");
        FigureUnit xu = FigureUnit.of(xFig, range(s, xFig)[1]);
        FigureUnit yu = FigureUnit.of(yFig, range(s, yFig)[1]);
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        HollowRenderer r = new HollowRenderer();
        Map<Double, Double> ideal = new java.util.TreeMap<>();
        String idealSource = null;
        Set<String> marked = new LinkedHashSet<>();
        double[] xr = {Double.MAX_VALUE, 0};
        double[] yr = {Double.MAX_VALUE, 0};
        for (Map<String, String> g : groups) {
            YIntervalSeries series = new YIntervalSeries(g.isEmpty() ? SweepMetrics.label(yFig) : describe(g), false, true);
            List<Map<String, String>> pts = new ArrayList<>(s.points().stream().filter(p -> within(p, g)).toList());
            pts.sort(Comparator.comparingDouble(p -> s.ci(xFig, p).mean()));
            for (Map<String, String> p : pts) {
                double x = s.ci(xFig, p).mean() / xu.scale();
                Ci95 ci = s.ci(yFig, p);
                if (Double.isNaN(x) || ci.n() == 0) {
                    continue;
                }
                series.add(x, ci.mean() / yu.scale(), ci.low() / yu.scale(), ci.high() / yu.scale());
                widen(xr, x);
                widen(yr, ci.mean() / yu.scale());
                if (s.truncatedAt(p)) {
                    r.hollow(data.getSeriesCount(), series.getItemCount() - 1);
                    marked.add(s.pointName(p));
                }
                String col = SweepMetrics.idealOf(yFig, s.figures());
                double id = col != null ? s.ci(col, p).mean() : fallbackIdeal(s, p, job, yFig);
                idealSource = col != null ? col : idealSource == null ? "jobs.csv" : idealSource;
                if (!Double.isNaN(id) && id > 0) {
                    ideal.putIfAbsent(x, id / yu.scale());
                    widen(yr, id / yu.scale());
                }
            }
            data.addSeries(series);
        }
        int lines = data.getSeriesCount();
        if (!ideal.isEmpty()) {
            YIntervalSeries line = new YIntervalSeries("ideal", false, true);
            ideal.forEach((x, y) -> line.add(x, y, y, y));
            data.addSeries(line);
        }
        String xName = sizes ? job + ": message size" : job + ": GPUs (hosts)";
        ValueAxis x = xr[1] / xr[0] >= LOG_SPAN ? SweepCharts.logAxis(xu.label(xName) + ", log scale", xr[0], xr[1])
                : Style.axis(xu.label(xName));
        String yName = SweepMetrics.label(yFig);
        ValueAxis y = yr[1] / yr[0] >= LOG_SPAN ? SweepCharts.logAxis(yu.label(yName) + ", log scale", yr[0], yr[1])
                : Style.axis(yu.label(yName));
        if (y instanceof org.jfree.chart.axis.NumberAxis n) {
            n.setAutoRangeIncludesZero(true);
        }
        XYPlot plot = new XYPlot(data, x, y, r);
        String title = yName + " against " + (sizes ? "message size" : "GPU count");
        JFreeChart chart = Style.apply(new JFreeChart(title, plot));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            boolean isIdeal = i >= lines;
            r.setSeriesPaint(i, isIdeal ? Style.IDEAL : Style.color(i));
            r.setSeriesFillPaint(i, isIdeal ? Style.IDEAL : Style.color(i));
            r.setSeriesStroke(i, isIdeal ? Style.dashed(2f) : Style.line(2.5f));
            r.setSeriesShapesVisible(i, !isIdeal);
        }
        if (!marked.isEmpty()) {
            SweepCharts.footnote(chart, "○ " + SweepCharts.HOLLOW_NOTE);
        }
        return Figure.of(ID + "-" + FctCharts.safe(job) + "-" + FctCharts.safe(yFig.substring(yFig.lastIndexOf('.') + 1)),
                title, chart, span(data, lines, ideal, xu, yu, sizes) + "Capacity planning: " + yFig + " against " + xFig
                + " (set by " + String.join(", ", drivers) + "), mean over the seeds with its 95 % band" + (rest.isEmpty() ? "" : "; one line per value of "
                + String.join(", ", rest)) + (ideal.isEmpty() ? "" : "; dashed grey: the ideal ("
                + ("jobs.csv".equals(idealSource) ? "the same job alone on an uncongested fabric, from jobs.csv"
                : idealSource) + ")")
                + (marked.isEmpty() ? "" : "; " + SweepCharts.HOLLOW_NOTE + ": " + String.join(", ", marked)))
                .axes(xFig, yFig).marking(List.copyOf(marked));
    }

    /**
     * "from 9.78 GB/s at 4 to 3.79 GB/s at 64 GPUs (78 % to 30 % of the ideal). " for the first line, or "" when
     * it has fewer than two points.
     */
    private static String span(YIntervalSeriesCollection data, int lines, Map<Double, Double> ideal, FigureUnit xu,
                               FigureUnit yu, boolean sizes) {
        if (lines == 0 || data.getItemCount(0) < 2) {
            return "";
        }
        int last = data.getItemCount(0) - 1;
        double x0 = data.getXValue(0, 0);
        double x1 = data.getXValue(0, last);
        double y0 = data.getYValue(0, 0);
        double y1 = data.getYValue(0, last);
        String xs = sizes ? " (" + xu.unit() + ")" : " GPUs";
        String share = "";
        Double i0 = ideal.get(x0);
        Double i1 = ideal.get(x1);
        if (i0 != null && i1 != null && i0 > 0 && i1 > 0) {
            share = " (" + Fmt.num(100 * Math.min(y0 / i0, i0 / y0)) + " % to " + Fmt.num(100 * Math.min(y1 / i1, i1 / y1))
                    + " % of the ideal)";
        }
        return "From " + yu.format(y0 * yu.scale()) + " at " + Fmt.num(x0) + " to " + yu.format(y1 * yu.scale()) + " at "
                + Fmt.num(x1) + xs + share + ". ";
    }

    /** The varied keys that change {@code xFig}: with the other keys fixed, it takes more than one value. */
    static List<String> drivers(SweepSet s, String xFig) {
        List<String> out = new ArrayList<>();
        for (String k : s.keys()) {
            List<String> others = new ArrayList<>(s.keys());
            others.remove(k);
            for (Map<String, String> g : s.groups(others)) {
                if (s.values(k).stream().map(v -> {
                    Map<String, String> w = new LinkedHashMap<>(g);
                    w.put(k, v);
                    return s.ci(xFig, w).mean();
                }).filter(d -> !Double.isNaN(d)).distinct().count() > 1) {
                    out.add(k);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The ideal from a point's first run's {@code jobs.csv}: the mean over the job's iterations of its ideal busbw
     * or ideal duration (the same job alone on an uncongested fabric); NaN when that jobs.csv has no ideal (results
     * written by an older version).
     */
    private static double fallbackIdeal(SweepSet s, Map<String, String> point, String job, String yFig) {
        Path dir = s.runs(point).stream().map(s::runDir).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        if (dir == null) {
            return Double.NaN;
        }
        boolean busbw = yFig.endsWith("busbw_GBps");
        double[] v = ResultSet.open(dir).jobs().stream().filter(j -> j.job().equals(job))
                .mapToDouble(j -> busbw ? j.idealBusbwGBps() : j.idealDurationPs() < 0 ? Double.NaN : j.idealDurationPs())
                .toArray();
        return java.util.Arrays.stream(v).anyMatch(Double::isNaN) || v.length == 0 ? Double.NaN
                : java.util.Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static boolean within(Map<String, String> point, Map<String, String> group) {
        return group.entrySet().stream().allMatch(e -> e.getValue().equals(point.get(e.getKey())));
    }

    private static double[] range(SweepSet s, String fig) {
        double[] r = {Double.MAX_VALUE, 0};
        s.rows().forEach(row -> widen(r, Math.abs(SweepSet.value(row, fig))));
        return r;
    }

    private static void widen(double[] r, double v) {
        if (!Double.isNaN(v) && v > 0) {
            r[0] = Math.min(r[0], v);
            r[1] = Math.max(r[1], v);
        }
    }

    private static String describe(Map<String, String> g) {
        List<String> parts = new ArrayList<>();
        g.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(", ", parts);
    }
}
