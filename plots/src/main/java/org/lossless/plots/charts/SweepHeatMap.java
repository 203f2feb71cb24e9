package org.lossless.plots.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYShapeAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.DefaultXYZDataset;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * A heat map of one figure over two varied keys: each cell the mean over the seeds (and over the values of the
 * other keys, pooled), its value written in it; cells with a run stopped at stop_time with unfinished work are
 * outlined dashed and their value starred.
 */
public final class SweepHeatMap {
    public static final String ID = "sweep-heat";

    private SweepHeatMap() {
    }

    public static Figure of(SweepSet s, String k1, String k2, String metric) {
        List<String> v1 = s.values(k1);
        List<String> v2 = s.values(k2);
        double[][] xyz = new double[3][v1.size() * v2.size()];
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        int n = 0;
        double largest = 0;
        for (Map<String, String> row : s.rows()) {
            double v = SweepSet.value(row, metric);
            largest = Double.isNaN(v) ? largest : Math.max(largest, Math.abs(v));
        }
        FigureUnit u = FigureUnit.of(metric, largest);
        List<XYTextAnnotation> notes = new ArrayList<>();
        List<XYShapeAnnotation> outlines = new ArrayList<>();
        Set<String> marked = new LinkedHashSet<>();
        for (int i = 0; i < v1.size(); i++) {
            for (int j = 0; j < v2.size(); j++) {
                Map<String, String> where = Map.of(k1, v1.get(i), k2, v2.get(j));
                Ci95 ci = s.ci(metric, where);
                double m = ci.mean() / u.scale();
                xyz[0][n] = i;
                xyz[1][n] = j;
                xyz[2][n++] = m;
                if (Double.isNaN(m)) {
                    continue;
                }
                lo = Math.min(lo, m);
                hi = Math.max(hi, m);
                boolean cut = s.truncatedAt(where);
                XYTextAnnotation t = new XYTextAnnotation(Fmt.num(m) + (cut ? "*" : ""), i, j);
                t.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
                notes.add(t);
                if (cut) {
                    s.runs(where).stream().filter(SweepSet::truncated).map(s::point).forEach(marked::add);
                    outlines.add(new XYShapeAnnotation(new Rectangle2D.Double(i - 0.46, j - 0.46, 0.92, 0.92),
                            Style.dashed(2.5f), Color.BLACK));
                }
            }
        }
        DefaultXYZDataset data = new DefaultXYZDataset();
        data.addSeries(metric, xyz);
        XYBlockRenderer r = new XYBlockRenderer();
        HeatScale scale = new HeatScale(lo == Double.MAX_VALUE ? 0 : lo, hi == -Double.MAX_VALUE ? 1 : hi);
        r.setPaintScale(scale);
        XYPlot plot = new XYPlot(data, categories(k1, v1), categories(k2, v2), r);
        notes.forEach(plot::addAnnotation);
        outlines.forEach(plot::addAnnotation);
        String title = SweepMetrics.label(metric) + " over " + k1 + " and " + k2;
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        NumberAxis legendAxis = new NumberAxis(u.label(SweepMetrics.label(metric)));
        legendAxis.setRange(scale.getLowerBound(), scale.getUpperBound());
        PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setStripWidth(16);
        legend.setMargin(4, 4, 40, 4);
        chart.addSubtitle(legend);
        Style.apply(chart);
        if (!marked.isEmpty()) {
            SweepCharts.footnote(chart, "* dashed cells: " + SweepCharts.HOLLOW_NOTE.substring("hollow: ".length()));
        }
        List<String> rest = new ArrayList<>(s.keys());
        rest.remove(k1);
        rest.remove(k2);
        return Figure.of(ID + "-" + FctCharts.safe(k1) + "-" + FctCharts.safe(k2) + "-" + FctCharts.safe(metric), title,
                chart, "figure " + metric + ": mean over the seeds of each point" + (rest.isEmpty() ? ""
                : "; pooled over the values of " + String.join(", ", rest)) + (marked.isEmpty() ? ""
                : "; starred, dashed cells: a run stopped at stop_time with unfinished work (" + String.join(", ",
                marked) + ")")).axes(k1, k2).colour(metric).marking(List.copyOf(marked));
    }

    private static SymbolAxis categories(String key, List<String> values) {
        SymbolAxis a = new SymbolAxis(key + " (setting)", values.toArray(new String[0]));
        a.setGridBandsVisible(false);
        return a;
    }
}
