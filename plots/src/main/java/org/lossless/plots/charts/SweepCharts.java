package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.SweepSet;

/**
 * Sweep charts: each summary figure against the first varied key, mean over the seeds with its 95 %
 * confidence band ({@link Ci95}), one line per value of the other keys; and, with two or more keys, a heat
 * map of a figure's mean over the first two. Key values with units are placed by value (KB, µs, Gb/s);
 * other values (profile names) are evenly spaced categories.
 */
public final class SweepCharts {
    public static final String ID = "sweep";
    /** Figure charts at most; the report lists the rest in the table. */
    public static final int MAX_FIGURES = 12;
    public static final int MAX_HEAT_MAPS = 4;

    private SweepCharts() {
    }

    /** Charts of each figure; several sweeps (a comparison) are overlaid, the first (baseline) dashed. */
    public static List<Figure> figures(List<SweepSet> sweeps, List<String> labels) {
        SweepSet first = sweeps.get(0);
        if (first.keys().isEmpty()) {
            return List.of(Figure.omitted(ID, "Sweep", "sweep.csv names no varied key (no column before seed)"));
        }
        String key = first.keys().get(0);
        List<Figure> out = new ArrayList<>();
        List<String> figs = interesting(first);
        for (String fig : figs.subList(0, Math.min(MAX_FIGURES, figs.size()))) {
            out.add(figure(sweeps, labels, key, fig));
        }
        return out;
    }

    /** Figures that vary across the sweep (a constant column makes a flat, useless chart). */
    static List<String> interesting(SweepSet s) {
        List<String> out = new ArrayList<>();
        for (String f : s.figures()) {
            double[] v = s.rows().stream().mapToDouble(r -> SweepSet.number(r, f)).filter(d -> !Double.isNaN(d))
                    .distinct().toArray();
            if (v.length > 1) {
                out.add(f);
            }
        }
        return out;
    }

    private static Figure figure(List<SweepSet> sweeps, List<String> labels, String key, String fig) {
        SweepSet first = sweeps.get(0);
        List<String> xs = first.values(key);
        Quantity xq = Quantity.ofValues(xs);
        Quantity yq = Quantity.ofFigure(fig);
        List<String> others = first.keys().subList(1, first.keys().size());
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        List<Integer> runOf = new ArrayList<>();
        int points = 0;
        for (int s = 0; s < sweeps.size(); s++) {
            SweepSet sw = sweeps.get(s);
            for (Map<String, String> group : groups(sw, others)) {
                String name = (sweeps.size() > 1 ? labels.get(s) + (group.isEmpty() ? "" : ": ") : "")
                        + describe(group);
                YIntervalSeries series = new YIntervalSeries(name.isEmpty() ? fig : name, false, true);
                for (int i = 0; i < xs.size(); i++) {
                    Map<String, String> where = new LinkedHashMap<>(group);
                    where.put(key, xs.get(i));
                    Ci95 ci = sw.ci(fig, where);
                    if (ci.n() == 0) {
                        continue;
                    }
                    double x = xq == null ? i : Quantity.raw(xs.get(i)) / xq.scale();
                    series.add(x, ci.mean() / yq.scale(), ci.low() / yq.scale(), ci.high() / yq.scale());
                    points++;
                }
                data.addSeries(series);
                runOf.add(s);
            }
        }
        ValueAxis x = xq == null ? categories(key, xs) : Style.axis(xq.label(key));
        NumberAxis y = Style.axis(yq.label(fig));
        DeviationRenderer r = new DeviationRenderer(true, true);
        r.setAlpha(0.18f);
        XYPlot plot = new XYPlot(data, x, y, r);
        JFreeChart chart = Style.apply(new JFreeChart(fig + " against " + key, plot));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            int colour = sweeps.size() > 1 ? i % Math.max(1, data.getSeriesCount() / sweeps.size()) : i;
            r.setSeriesPaint(i, Style.color(colour));
            r.setSeriesFillPaint(i, Style.color(colour));
            r.setSeriesStroke(i, sweeps.size() > 1 && runOf.get(i) == 0 ? Style.dashed(2.5f) : Style.line(2.5f));
        }
        return Figure.of(ID + "-" + FctCharts.safe(fig), fig + " against " + key, chart, points
                + " points: mean over the seeds, band = 95 % confidence interval (Student t; none with one seed)"
                + (others.isEmpty() ? "" : "; one line per value of " + String.join(", ", others))
                + (sweeps.size() > 1 ? "; dashed: " + labels.get(0) : ""));
    }

    /** The distinct combinations of {@code keys}' values, in first-seen order (one empty map for no keys). */
    public static List<Map<String, String>> groups(SweepSet s, List<String> keys) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> row : s.rows()) {
            Map<String, String> g = new LinkedHashMap<>();
            keys.forEach(k -> g.put(k, row.getOrDefault(k, "")));
            if (!out.contains(g)) {
                out.add(g);
            }
        }
        return out;
    }

    private static String describe(Map<String, String> g) {
        List<String> parts = new ArrayList<>();
        g.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(", ", parts);
    }

    private static SymbolAxis categories(String key, List<String> values) {
        SymbolAxis a = new SymbolAxis(key + " (setting)", values.toArray(new String[0]));
        a.setGridBandsVisible(false);
        return a;
    }

    /** Heat maps of the first figures' means over the first two keys; empty with fewer than two keys. */
    public static List<Figure> heatMaps(SweepSet s) {
        if (s.keys().size() < 2) {
            return List.of();
        }
        String k1 = s.keys().get(0);
        String k2 = s.keys().get(1);
        List<String> v1 = s.values(k1);
        List<String> v2 = s.values(k2);
        List<Figure> out = new ArrayList<>();
        List<String> figs = interesting(s);
        for (String fig : figs.subList(0, Math.min(MAX_HEAT_MAPS, figs.size()))) {
            Quantity q = Quantity.ofFigure(fig);
            double[][] xyz = new double[3][v1.size() * v2.size()];
            double lo = Double.MAX_VALUE;
            double hi = -Double.MAX_VALUE;
            int n = 0;
            List<XYTextAnnotation> notes = new ArrayList<>();
            for (int i = 0; i < v1.size(); i++) {
                for (int j = 0; j < v2.size(); j++) {
                    Ci95 ci = s.ci(fig, Map.of(k1, v1.get(i), k2, v2.get(j)));
                    double m = ci.mean() / q.scale();
                    xyz[0][n] = i;
                    xyz[1][n] = j;
                    xyz[2][n++] = m;
                    if (!Double.isNaN(m)) {
                        lo = Math.min(lo, m);
                        hi = Math.max(hi, m);
                        XYTextAnnotation t = new XYTextAnnotation(Fmt.num(m), i, j);
                        t.setFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.BOLD, 15));
                        notes.add(t);
                    }
                }
            }
            DefaultXYZDataset data = new DefaultXYZDataset();
            data.addSeries(fig, xyz);
            XYBlockRenderer r = new XYBlockRenderer();
            HeatScale scale = new HeatScale(lo == Double.MAX_VALUE ? 0 : lo, hi == -Double.MAX_VALUE ? 1 : hi);
            r.setPaintScale(scale);
            XYPlot plot = new XYPlot(data, categories(k1, v1), categories(k2, v2), r);
            notes.forEach(plot::addAnnotation);
            String title = fig + " over " + k1 + " and " + k2;
            JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
            NumberAxis legendAxis = new NumberAxis(q.label(fig));
            legendAxis.setRange(scale.getLowerBound(), scale.getUpperBound());
            PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
            legend.setPosition(RectangleEdge.RIGHT);
            legend.setStripWidth(16);
            legend.setMargin(4, 4, 40, 4);
            chart.addSubtitle(legend);
            Style.apply(chart);
            out.add(Figure.of(ID + "-heat-" + FctCharts.safe(fig), title, chart, "mean over the seeds of each point"
                    + (s.keys().size() > 2 ? "; pooled over the values of " + String.join(", ",
                    s.keys().subList(2, s.keys().size())) : "")));
        }
        return out;
    }
}
