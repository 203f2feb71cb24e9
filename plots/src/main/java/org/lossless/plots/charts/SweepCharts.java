package org.lossless.plots.charts;

import java.awt.Font;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * A sweep figure against one varied key: the mean over the seeds with its 95 % confidence band ({@link Ci95}),
 * one line per combination of the other keys (pooled when there are more than {@link #MAX_LINES}), points
 * whose runs stopped at stop_time with unfinished work drawn hollow, and the figure's ideal dashed when
 * sweep.csv has one ({@link SweepMetrics#idealOf}). Key values with units are placed by value (KB, µs, Gb/s;
 * a log axis when they span {@link #LOG_SPAN} or more); other values (profile names) are evenly spaced
 * categories. Several sweeps (a comparison) are overlaid, the first (baseline) dashed.
 */
public final class SweepCharts {
    public static final String ID = "sweep";
    /** Lines per chart at most; beyond, the other keys are pooled. */
    public static final int MAX_LINES = 8;
    /** Key values spanning this factor or more get a log axis. */
    public static final double LOG_SPAN = 100;
    /** The footnote under every chart with hollow points (also in the PNG: slides have no caption). */
    public static final String HOLLOW_NOTE = "hollow: a run stopped at stop_time with unfinished work (censored: "
            + "slowdowns there count unfinished flows at their slowdown so far, a lower bound)";

    private SweepCharts() {
    }

    /** {@code metric} against {@code key} in one sweep. */
    public static Figure against(SweepSet s, String key, String metric) {
        return against(List.of(s), List.of(""), key, metric);
    }

    /** As {@link #against(SweepSet, String, String)}, with {@code best} (a point's key values) pointed out. */
    public static Figure against(SweepSet s, String key, String metric, Map<String, String> best) {
        Figure f = against(s, key, metric);
        Ci95 ci = s.ci(metric, best);
        List<String> xs = s.values(key);
        int i = xs.indexOf(best.get(key));
        if (ci.n() > 0 && i >= 0) {
            double scale = FigureUnit.of(metric, largest(List.of(s), metric)).scale();
            XYPointerAnnotation a = new XYPointerAnnotation("best", x(Quantity.ofValues(xs), xs, i), ci.mean() / scale,
                    -Math.PI / 4);
            a.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
            a.setArrowWidth(4);
            a.setTipRadius(9);
            a.setBaseRadius(40);
            ((XYPlot) f.chart().getPlot()).addAnnotation(a);
        }
        return f;
    }

    /** Whether {@code metric} has one value (or none) over the whole sweep: a flat chart says nothing. */
    public static boolean constant(SweepSet s, String metric) {
        return s.rows().stream().mapToDouble(r -> SweepSet.value(r, metric)).filter(d -> !Double.isNaN(d))
                .distinct().count() <= 1;
    }

    /** {@code metric} against {@code key}; several sweeps are overlaid, the first dashed. */
    public static Figure against(List<SweepSet> sweeps, List<String> labels, String key, String metric) {
        SweepSet first = sweeps.get(0);
        List<String> xs = first.values(key);
        Quantity xq = Quantity.ofValues(xs);
        List<String> others = new ArrayList<>(first.keys());
        others.remove(key);
        List<Map<String, String>> groups = first.groups(others);
        boolean pooled = groups.size() > MAX_LINES;
        if (pooled) {
            groups = List.of(Map.of());
        }
        FigureUnit yu = FigureUnit.of(metric, largest(sweeps, metric));
        String ideal = SweepMetrics.idealOf(metric, first.figures());
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        HollowRenderer r = new HollowRenderer();
        Set<String> marked = new LinkedHashSet<>();
        List<Integer> sweepOf = new ArrayList<>();
        int points = 0;
        for (int s = 0; s < sweeps.size(); s++) {
            SweepSet sw = sweeps.get(s);
            for (Map<String, String> group : groups) {
                String name = (sweeps.size() > 1 ? labels.get(s) + (group.isEmpty() ? "" : ": ") : "") + describe(group);
                YIntervalSeries series = new YIntervalSeries(name.isEmpty() ? SweepMetrics.label(metric) : name, false, true);
                int series0 = data.getSeriesCount();
                for (int i = 0; i < xs.size(); i++) {
                    Map<String, String> where = new LinkedHashMap<>(group);
                    where.put(key, xs.get(i));
                    Ci95 ci = sw.ci(metric, where);
                    if (ci.n() == 0) {
                        continue;
                    }
                    series.add(x(xq, xs, i), ci.mean() / yu.scale(), ci.low() / yu.scale(), ci.high() / yu.scale());
                    if (sw.truncatedAt(where)) {
                        r.hollow(series0, series.getItemCount() - 1);
                        sw.runs(where).stream().filter(SweepSet::truncated).map(sw::point).forEach(marked::add);
                    }
                    points++;
                }
                data.addSeries(series);
                sweepOf.add(s);
            }
        }
        int firstIdeal = data.getSeriesCount();
        if (ideal != null) {
            YIntervalSeries line = new YIntervalSeries("ideal", false, true);
            for (int i = 0; i < xs.size(); i++) {
                Ci95 ci = first.ci(ideal, Map.of(key, xs.get(i)));
                if (ci.n() > 0) {
                    line.add(x(xq, xs, i), ci.mean() / yu.scale(), ci.mean() / yu.scale(), ci.mean() / yu.scale());
                }
            }
            data.addSeries(line);
        }
        ValueAxis x = keyAxis(key, xs, xq);
        NumberAxis y = Style.axis(yu.label(SweepMetrics.label(metric)));
        XYPlot plot = new XYPlot(data, x, y, r);
        clipAtZero(y, sweeps, metric);
        String title = SweepMetrics.label(metric) + " against " + key;
        JFreeChart chart = Style.apply(new JFreeChart(title, plot));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            if (i >= firstIdeal) {
                r.setSeriesPaint(i, Style.IDEAL);
                r.setSeriesFillPaint(i, Style.IDEAL);
                r.setSeriesStroke(i, Style.dashed(2f));
                r.setSeriesShapesVisible(i, false);
                continue;
            }
            int colour = sweeps.size() > 1 ? i % Math.max(1, firstIdeal / sweeps.size()) : i;
            r.setSeriesPaint(i, Style.color(colour));
            r.setSeriesFillPaint(i, Style.color(colour));
            r.setSeriesStroke(i, sweeps.size() > 1 && sweepOf.get(i) == 0 ? Style.dashed(2.5f) : Style.line(2.5f));
        }
        if (!marked.isEmpty()) {
            footnote(chart, "○ " + HOLLOW_NOTE);
        }
        String caption = points + " points: mean over the seeds, band = 95 % confidence interval (Student t; none "
                + "with one seed); figure " + metric
                + (others.isEmpty() ? "" : pooled ? "; pooled over " + String.join(", ", others)
                : "; one line per value of " + String.join(", ", others))
                + (ideal != null ? "; dashed grey: the ideal (" + ideal + ")" : "")
                + (sweeps.size() > 1 ? "; dashed: " + labels.get(0) : "")
                + (marked.isEmpty() ? "" : "; " + HOLLOW_NOTE + ": " + String.join(", ", marked));
        return Figure.of(ID + "-" + FctCharts.safe(key) + "-" + FctCharts.safe(metric), title, chart, caption)
                .axes(key, metric).marking(List.copyOf(marked));
    }

    /**
     * A figure that is never negative (counts, times, slowdowns) keeps its axis at 0 or above, where a wide
     * confidence band would reach below.
     */
    static void clipAtZero(NumberAxis y, List<SweepSet> sweeps, String metric) {
        boolean negative = sweeps.stream().anyMatch(s -> s.rows().stream().anyMatch(r -> SweepSet.value(r, metric) < 0));
        if (!negative && y.getLowerBound() < 0) {
            y.setRange(0, Math.max(y.getUpperBound(), 1e-9));
        }
    }

    /** A small line of text under the plot, kept in the PNG. */
    static void footnote(JFreeChart chart, String text) {
        TextTitle t = new TextTitle(text, new Font(Font.SANS_SERIF, Font.ITALIC, 14));
        t.setPosition(RectangleEdge.BOTTOM);
        chart.addSubtitle(t);
    }

    private static double largest(List<SweepSet> sweeps, String metric) {
        double m = 0;
        for (SweepSet s : sweeps) {
            for (Map<String, String> row : s.rows()) {
                double v = SweepSet.value(row, metric);
                if (!Double.isNaN(v)) {
                    m = Math.max(m, Math.abs(v));
                }
            }
        }
        return m;
    }

    /** The position of the i-th key value: by value in the key's unit, else its index. */
    static double x(Quantity xq, List<String> xs, int i) {
        return xq == null ? i : Quantity.raw(xs.get(i)) / xq.scale();
    }

    /** The axis of a varied key: numbers (log when they span {@link #LOG_SPAN}), else categories. */
    static ValueAxis keyAxis(String key, List<String> xs, Quantity xq) {
        if (xq == null) {
            SymbolAxis a = new SymbolAxis(key + " (setting)", xs.toArray(new String[0]));
            a.setGridBandsVisible(false);
            return a;
        }
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (int i = 0; i < xs.size(); i++) {
            lo = Math.min(lo, x(xq, xs, i));
            hi = Math.max(hi, x(xq, xs, i));
        }
        if (lo > 0 && hi / lo >= LOG_SPAN) {
            return logAxis(xq.label(key) + ", log scale", lo, hi);
        }
        return Style.axis(xq.label(key));
    }

    /**
     * A log axis over [lo, hi] with plain-number ticks: at powers of 2 when the span is at most 2^12 (GPU
     * counts 8, 16, ..., 512), else powers of 10.
     */
    static LogAxis logAxis(String label, double lo, double hi) {
        LogAxis a = new LogAxis(label);
        a.setBase(hi / lo <= 4096 ? 2 : 10);
        a.setSmallestValue(lo / 2);
        a.setNumberFormatOverride(new java.text.DecimalFormat("#,##0.###",
                java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT)));
        a.setRange(lo / 1.3, hi * 1.3);
        a.setAutoTickUnitSelection(false);
        a.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1)); // one tick per power of the base
        return a;
    }

    private static String describe(Map<String, String> g) {
        List<String> parts = new ArrayList<>();
        g.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(", ", parts);
    }
}
