package org.lossless.plots.charts;

import java.awt.Shape;
import java.awt.geom.Path2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.plots.data.FlowRow;
import org.lossless.plots.data.RateSeriesReader;
import org.lossless.plots.data.RateSeriesReader.FlowRates;
import org.lossless.plots.data.ResultSet;

/**
 * Sender rate over time (Gb/s) of sampled flows (timeseries/rates.csv), the flows with the most CNPs first,
 * with CNP arrivals as triangles on each flow's line (dataset 1, one series per flow, when rates.csv has
 * the {@code cnps} column).
 */
public final class RateChart {
    public static final String ID = "rates";
    static final String TITLE = "Sender rate per flow";
    /** Flows drawn at most. */
    public static final int MAX_FLOWS = 8;
    /** Flows tracked while reading, from which the drawn ones are picked. */
    static final int TRACKED = 64;
    /** CNP marks are reduced to one per flow in each of this many time columns (8 pixels apart). */
    static final int MARK_COLUMNS = 160;

    private RateChart() {
    }

    public static Figure build(ResultSet rs) {
        if (!rs.has(ResultSet.RATES)) {
            return Figure.omitted(ID, TITLE, "no timeseries/rates.csv in the results (telemetry.flow_rates: none)");
        }
        List<FlowRates> all = RateSeriesReader.read(rs, null, TRACKED, Style.COLUMNS, MARK_COLUMNS);
        if (all.isEmpty()) {
            return Figure.omitted(ID, TITLE, "timeseries/rates.csv holds no samples");
        }
        Map<Long, Long> cnps = new HashMap<>();
        for (FlowRow f : rs.flows()) {
            cnps.put(f.flowId(), f.cnps());
        }
        // a message flows.csv does not list (metrics.flows: data aggregates a collective's steps): the CNPs the
        // sampled rates recorded (its marks), which cover the sampled spans only
        long unlisted = 0;
        for (FlowRates f : all) {
            if (rs.flowsAggregated() && !cnps.containsKey(f.flowId())) {
                unlisted++;
                cnps.put(f.flowId(), f.cnps().stream().mapToLong(RateSeriesReader.Mark::count).sum());
            }
        }
        List<FlowRates> shown = new ArrayList<>(all);
        shown.sort(Comparator.comparingLong((FlowRates f) -> -cnps.getOrDefault(f.flowId(), 0L))
                .thenComparingLong(FlowRates::flowId));
        shown = shown.subList(0, Math.min(MAX_FLOWS, shown.size()));
        shown.sort(Comparator.comparingLong(FlowRates::flowId));
        long end = Math.max(1, rs.simTimePs());
        List<long[]> windows = RateWindows.of(RateWindows.spans(shown.stream().map(f -> f.rate().points()).toList()),
                end, rs.sampleIntervalPs());
        boolean whole = windows.size() == 1 && windows.get(0)[0] == 0 && windows.get(0)[1] == end;
        List<Long> ids = shown.stream().map(FlowRates::flowId).toList();
        NumberAxis y = Style.axis("sender rate (Gb/s)");
        y.setAutoRangeIncludesZero(true);
        List<XYPlot> panels = new ArrayList<>();
        long markCount = 0;
        for (long[] w : windows) {
            // the whole run was read already; a window is read again at full resolution
            List<FlowRates> in = whole ? shown : RateSeriesReader.read(rs, ids, MAX_FLOWS,
                    Style.COLUMNS / windows.size(), MARK_COLUMNS / windows.size(), w[0], w[1]);
            XYPlot panel = panel(in, w, windows.size() == 1 ? y : null);
            markCount += in.stream().flatMap(f -> f.cnps().stream()).mapToLong(RateSeriesReader.Mark::count).sum();
            panels.add(panel);
        }
        XYPlot plot;
        if (panels.size() == 1) {
            plot = panels.get(0);
        } else {
            org.jfree.chart.plot.CombinedRangeXYPlot c = new org.jfree.chart.plot.CombinedRangeXYPlot(y);
            c.setGap(14);
            panels.forEach(c::add);
            plot = c;
        }
        JFreeChart chart = Style.apply(new JFreeChart(TITLE, plot));
        List<String> legendOrder = shown.stream().map(f -> "flow " + f.flowId()).toList();
        panels.forEach(panel -> paint(panel, legendOrder));
        Shape tri = triangle(4);
        LegendItemCollection legend = new LegendItemCollection();
        for (int i = 0; i < shown.size(); i++) {
            legend.add(new LegendItem("flow " + shown.get(i).flowId(), Style.color(i)));
        }
        if (markCount > 0) {
            legend.add(new LegendItem("CNP received", null, null, null, tri, java.awt.Color.DARK_GRAY));
        }
        plot.setFixedLegendItems(legend);
        boolean hasCnpColumn = markCount > 0 || hasCnpColumn(rs);
        return Figure.of(ID, TITLE, chart, shown.size() + " of " + all.size() + (all.size() >= TRACKED ? "+" : "")
                + " sampled flows (most CNPs first" + (unlisted == 0 ? "" : "; " + unlisted + " of them not in flows.csv "
                + "(per-message rows not written, metrics.flows: " + rs.flowsMode() + "; set metrics.flows: all), "
                + "ranked by the CNPs rates.csv recorded") + "); " + (whole ? "the whole run" : where(windows, end)) + "; "
                + (hasCnpColumn ? Fmt.num(markCount) + " CNPs marked (at most one triangle per flow in each of " + MARK_COLUMNS
                + " time columns)" : "no CNP marks: rates.csv has no cnps column"))
                .axes("time", "timeseries/rates.csv:rate_bps");
    }

    /** "time window 0 ps to 420 µs, where the flows send (the run lasts 20 ms)", or "2 panels, ... and ...". */
    static String where(List<long[]> windows, long end) {
        List<String> spans = new ArrayList<>();
        for (long[] w : windows) {
            spans.add(RateWindows.at(w[0]) + " to " + RateWindows.at(w[1]));
        }
        return (windows.size() == 1 ? "time window " : windows.size() + " panels, ") + String.join(" and ", spans)
                + ", where the flows send (the run lasts " + Fmt.time(end) + ")";
    }

    /** One time window's plot: a line per flow (dataset 0), its CNP marks (dataset 1, one series per flow). */
    private static XYPlot panel(List<FlowRates> flows, long[] window, NumberAxis rangeAxis) {
        TimeScale ts = TimeScale.forSpan(window[1]);
        XYSeriesCollection rates = new XYSeriesCollection();
        XYSeriesCollection marks = new XYSeriesCollection();
        for (FlowRates f : flows) {
            XYSeries s = new XYSeries("flow " + f.flowId(), false, true);
            for (int i = 0; i < f.rate().points().size(); i++) {
                s.add(ts.of(f.rate().points().times()[i]), f.rate().points().values()[i] / 1e9);
            }
            rates.addSeries(s);
            XYSeries m = new XYSeries("CNPs flow " + f.flowId(), false, true);
            for (RateSeriesReader.Mark mk : f.cnps()) {
                m.add(ts.of(mk.timePs()), mk.rateBps() / 1e9);
            }
            marks.addSeries(m);
        }
        XYLineAndShapeRenderer lines = Style.lines();
        NumberAxis x = Style.axis(ts.label());
        x.setAutoRangeIncludesZero(false);
        XYPlot plot = new XYPlot(rates, x, rangeAxis, lines);
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        plot.setDataset(1, marks);
        plot.setRenderer(1, dots);
        x.setRange(ts.of(window[0]), ts.of(Math.max(window[1], window[0] + 1)));
        return plot;
    }

    /**
     * Each flow's colour on its line and CNP triangles, as in the legend ({@code legend}: "flow ID" in legend order),
     * set after the theme (which would reset them); a panel's series are matched by name, whatever order its window
     * was read in.
     */
    private static void paint(XYPlot panel, List<String> legend) {
        XYLineAndShapeRenderer lines = (XYLineAndShapeRenderer) panel.getRenderer(0);
        XYLineAndShapeRenderer dots = (XYLineAndShapeRenderer) panel.getRenderer(1);
        XYSeriesCollection rates = (XYSeriesCollection) panel.getDataset(0);
        Shape tri = triangle(4);
        for (int i = 0; i < rates.getSeriesCount(); i++) {
            java.awt.Color c = Style.color(legend.indexOf(String.valueOf(rates.getSeriesKey(i))));
            lines.setSeriesPaint(i, c);
            lines.setSeriesStroke(i, Style.line(2f));
            dots.setSeriesPaint(i, c);
            dots.setSeriesShape(i, tri);
        }
    }

    private static boolean hasCnpColumn(ResultSet rs) {
        try (org.lossless.plots.data.CsvReader r = org.lossless.plots.data.CsvReader.open(rs.file(ResultSet.RATES))) {
            return r.column("cnps") >= 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    static Shape triangle(double s) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(0, s);
        p.lineTo(s, -s);
        p.lineTo(-s, -s);
        p.closePath();
        return p;
    }
}
