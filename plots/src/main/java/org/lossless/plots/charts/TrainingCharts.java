package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.TrainingRows;

/**
 * Training jobs (and Chakra and SimAI traces): where each iteration's time went (jobs.csv's breakdown, averaged
 * over GPUs: compute, exposed communication per kind, bubble, stacked to the iteration's duration) against its
 * ideal, the same iteration alone on an uncongested fabric (a marker); and the iteration timeline from
 * timeline.csv: one lane per pipeline stage (or traced rank), a bar per node coloured by what it is (compute or
 * the communication kind), for the first iteration of each job; bars of one kind closer than a pixel are drawn
 * as one.
 */
public final class TrainingCharts {
    public static final String BREAKDOWN_ID = "training-breakdown";
    public static final String TIMELINE_ID = "training-timeline";
    static final String BREAKDOWN_TITLE = "Training iteration: where the time went";
    static final String TIMELINE_TITLE = "Training iteration timeline";
    /** Iterations drawn in the breakdown, at most (the first ones of each job). */
    static final int MAX_BARS = 24;
    static final List<String> KINDS = List.of("compute", "tp", "pp", "dp", "ep", "other");

    private TrainingCharts() {
    }

    /** Both charts, or nothing when the run had no training job. */
    public static List<Figure> build(ResultSet rs) {
        List<TrainingRows.Breakdown> rows = rs.trainingBreakdowns();
        if (rows.isEmpty()) {
            return List.of();
        }
        return List.of(breakdown(rows), timeline(rs));
    }

    static Figure breakdown(List<TrainingRows.Breakdown> rows) {
        List<TrainingRows.Breakdown> shown = rows.subList(0, Math.min(MAX_BARS, rows.size()));
        long max = shown.stream().mapToLong(b -> Math.max(b.durationPs(), b.idealDurationPs())).max().orElse(1);
        TimeScale ts = TimeScale.forSpan(Math.max(1, max));
        DefaultCategoryDataset parts = new DefaultCategoryDataset();
        DefaultCategoryDataset ideal = new DefaultCategoryDataset();
        boolean anyIdeal = false;
        for (TrainingRows.Breakdown b : shown) {
            String col = b.job() + " #" + b.iteration();
            for (int i = 0; i < TrainingRows.PARTS.size(); i++) {
                parts.addValue(ts.of(b.partsPs()[i]), TrainingRows.PARTS.get(i), col);
            }
            if (b.idealDurationPs() >= 0) {
                ideal.addValue(ts.of(b.idealDurationPs()), "ideal (alone, uncongested)", col);
                anyIdeal = true;
            }
        }
        CategoryAxis x = new CategoryAxis("job and iteration");
        x.setCategoryLabelPositions(shown.size() > 8 ? CategoryLabelPositions.UP_45 : CategoryLabelPositions.STANDARD);
        NumberAxis y = new NumberAxis("time (" + ts.unit() + ")");
        StackedBarRenderer r = new StackedBarRenderer();
        r.setShadowVisible(false);
        r.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        CategoryPlot plot = new CategoryPlot(parts, x, y, r);
        LineAndShapeRenderer marks = new LineAndShapeRenderer(false, true);
        if (anyIdeal) {
            marks.setSeriesShape(0, new java.awt.geom.Rectangle2D.Double(-14, -2, 28, 4));
            plot.setDataset(1, ideal);
            plot.setRenderer(1, marks);
            plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        }
        JFreeChart chart = Style.apply(new JFreeChart(BREAKDOWN_TITLE, plot));
        marks.setSeriesPaint(0, Style.IDEAL);
        for (int i = 0; i < TrainingRows.PARTS.size(); i++) {
            r.setSeriesPaint(i, i == TrainingRows.PARTS.size() - 1 ? Style.GRID.darker() : Style.color(i));
        }
        TrainingRows.Breakdown first = shown.get(0);
        String caption = String.format(Locale.ROOT, "%s iteration %d: %.3f ms", first.job(), first.iteration(),
                first.durationPs() / 1e9);
        if (first.idealDurationPs() > 0) {
            caption += String.format(Locale.ROOT, " against an ideal of %.3f ms (%.2fx)", first.idealDurationPs() / 1e9,
                    (double) first.durationPs() / first.idealDurationPs());
        }
        caption += "; bars: the mean over GPUs of compute, exposed communication per kind and bubble"
                + (rows.size() > shown.size() ? "; first " + shown.size() + " of " + rows.size() + " iterations" : "");
        return Figure.of(BREAKDOWN_ID, BREAKDOWN_TITLE, chart, caption);
    }

    static Figure timeline(ResultSet rs) {
        if (!rs.has(ResultSet.TIMELINE)) {
            return Figure.omitted(TIMELINE_ID, TIMELINE_TITLE, "no timeline.csv in the results");
        }
        Map<String, Integer> firstIteration = new LinkedHashMap<>();
        List<TrainingRows.Node> nodes = new ArrayList<>();
        for (TrainingRows.Node n : rs.timeline()) {
            int it = firstIteration.computeIfAbsent(n.job(), k -> n.iteration());
            if (n.iteration() == it) {
                nodes.add(n);
            }
        }
        if (nodes.isEmpty()) {
            return Figure.omitted(TIMELINE_ID, TIMELINE_TITLE, "timeline.csv holds no finished node");
        }
        Map<String, Integer> lanes = new LinkedHashMap<>();
        long t0 = Long.MAX_VALUE;
        long t1 = 0;
        for (TrainingRows.Node n : nodes) {
            lanes.putIfAbsent(n.job() + " " + n.lane(), lanes.size());
            t0 = Math.min(t0, n.startPs());
            t1 = Math.max(t1, n.endPs());
        }
        long span = Math.max(1, t1 - t0);
        TimeScale ts = TimeScale.forSpan(span);
        long pixel = Math.max(1, span / Style.COLUMNS);
        List<PauseGantt.Bars> bars = new ArrayList<>();
        for (String k : KINDS) {
            bars.add(new PauseGantt.Bars(k, pixel));
        }
        for (TrainingRows.Node n : nodes) {
            int k = KINDS.indexOf(n.kind());
            bars.get(k < 0 ? KINDS.size() - 1 : k).add(lanes.get(n.job() + " " + n.lane()), n.startPs() - t0,
                    n.endPs() - t0);
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        bars.forEach(b -> data.addSeries(b.series(ts)));
        SymbolAxis y = new SymbolAxis("lane (job, stage or rank)", lanes.keySet().toArray(new String[0]));
        y.setInverted(true);
        y.setGridBandsVisible(false);
        XYBarRenderer r = new XYBarRenderer();
        r.setUseYInterval(true);
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        XYPlot plot = new XYPlot(data, Style.axis("time from the iteration's start (" + ts.unit() + ")"), y, r);
        JFreeChart chart = Style.apply(new JFreeChart(TIMELINE_TITLE, plot));
        for (int i = 0; i < KINDS.size(); i++) {
            r.setSeriesPaint(i, Style.color(i));
        }
        r.setBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
        plot.getDomainAxis().setRange(0, ts.of(span));
        return Figure.of(TIMELINE_ID, TIMELINE_TITLE, chart, nodes.size() + " nodes of the first iteration on "
                + lanes.size() + " lanes; communication bars span a call from its last member's arrival to its end")
                .axes("time", "lane");
    }
}
