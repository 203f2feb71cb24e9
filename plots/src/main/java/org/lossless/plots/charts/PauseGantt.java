package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.lossless.plots.data.PauseRow;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.StormRow;

/**
 * The PFC pause timeline: one row per pausing port and priority ({@code node:port/prio}, the port the
 * XOFF left on; the paused transmitter is its peer), a bar per pause episode from pause_graph.csv coloured
 * by cause (root: congestion or a host's receive buffer; propagated from a downstream pause), and the PFC
 * watchdog's storm episodes (pfcwd.csv) as rows of their own. Rows are the ports paused longest, at most
 * {@link #MAX_ROWS}; episodes of the same cause closer than one pixel column are drawn as one bar.
 * An episode still held at the end runs to the end of the run.
 */
public final class PauseGantt {
    public static final String ID = "pfc-pauses";
    static final String TITLE = "PFC pauses per port and priority";
    public static final int MAX_ROWS = 24;

    private PauseGantt() {
    }

    public static Figure build(ResultSet rs) {
        if (!rs.has(ResultSet.PAUSE_GRAPH)) {
            return Figure.omitted(ID, TITLE, "no pause_graph.csv in the results (written by the packet engine)");
        }
        List<PauseRow> pauses = rs.pauses();
        List<StormRow> storms = rs.storms();
        if (pauses.isEmpty() && storms.isEmpty()) {
            return Figure.omitted(ID, TITLE, "no PFC pause in this run");
        }
        long end = Math.max(1, rs.simTimePs());
        Map<String, Long> paused = new LinkedHashMap<>();
        for (PauseRow p : pauses) {
            paused.merge(p.key(), (p.endPs() < 0 ? end : p.endPs()) - p.timePs(), Long::sum);
        }
        for (StormRow s : storms) {
            paused.merge(stormKey(s), (s.endPs() < 0 ? end : s.endPs()) - s.startPs(), Long::sum);
        }
        List<String> rows = new ArrayList<>(paused.keySet());
        rows.sort(Comparator.comparingLong((String k) -> -paused.get(k)).thenComparing(Comparator.naturalOrder()));
        int total = rows.size();
        rows = rows.subList(0, Math.min(MAX_ROWS, total));
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            index.put(rows.get(i), i);
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (PauseRow p : pauses) {
            first = Math.min(first, p.timePs());
            last = Math.max(last, p.endPs() < 0 ? end : p.endPs());
        }
        for (StormRow s : storms) {
            first = Math.min(first, s.startPs());
            last = Math.max(last, s.endPs() < 0 ? end : s.endPs());
        }
        long[] window = RateWindows.around(first, last, end, rs.sampleIntervalPs());
        TimeScale ts = TimeScale.forSpan(window[1]);
        long pixel = Math.max(1, (window[1] - window[0]) / Style.COLUMNS);
        Bars root = new Bars("root pause (congestion or receiver)", pixel);
        Bars prop = new Bars("propagated pause", pixel);
        Bars storm = new Bars("watchdog storm", pixel);
        for (PauseRow p : pauses) {
            Integer row = index.get(p.key());
            if (row != null) {
                (p.root() ? root : prop).add(row, p.timePs(), p.endPs() < 0 ? end : p.endPs());
            }
        }
        for (StormRow s : storms) {
            Integer row = index.get(stormKey(s));
            if (row != null) {
                storm.add(row, s.startPs(), s.endPs() < 0 ? end : s.endPs());
            }
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        data.addSeries(root.series(ts));
        data.addSeries(prop.series(ts));
        data.addSeries(storm.series(ts));
        SymbolAxis y = new SymbolAxis("pausing port (node:port/priority)", rows.toArray(new String[0]));
        y.setInverted(true);
        y.setGridBandsVisible(false);
        XYBarRenderer r = new XYBarRenderer();
        r.setUseYInterval(true);
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        XYPlot plot = new XYPlot(data, Style.axis(ts.label()), y, r);
        JFreeChart chart = Style.apply(new JFreeChart(TITLE, plot));
        r.setSeriesPaint(0, Style.ROOT);
        r.setSeriesPaint(1, Style.PROPAGATED);
        r.setSeriesPaint(2, Style.STORM);
        r.setBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
        plot.getDomainAxis().setRange(ts.of(window[0]), ts.of(window[1]));
        long roots = pauses.stream().filter(PauseRow::root).count();
        return Figure.of(ID, TITLE, chart, pauses.size() + " pause episodes (" + roots + " root, "
                + (pauses.size() - roots) + " propagated)" + (storms.isEmpty() ? "" : ", " + storms.size()
                + " watchdog storms") + " on " + total + " ports; " + rows.size() + " paused longest shown; "
                + RateWindows.describe(window, end) + (RateWindows.whole(window, end) ? "" : ", from the first pause to "
                + "the last")).axes("time", "port");
    }

    static String stormKey(StormRow s) {
        return "watchdog " + s.node() + ":" + s.port() + "/" + s.priority();
    }

    /** One cause's bars, merged per row when closer than a pixel. */
    static final class Bars {
        private final String name;
        private final long pixel;
        private final Map<Integer, List<long[]>> byRow = new LinkedHashMap<>();

        Bars(String name, long pixel) {
            this.name = name;
            this.pixel = pixel;
        }

        void add(int row, long start, long end) {
            List<long[]> l = byRow.computeIfAbsent(row, k -> new ArrayList<>());
            long[] last = l.isEmpty() ? null : l.get(l.size() - 1);
            if (last != null && start - last[1] < pixel) {
                last[1] = Math.max(last[1], end);
            } else {
                l.add(new long[] {start, Math.max(end, start)});
            }
        }

        XYIntervalSeries series(TimeScale ts) {
            XYIntervalSeries s = new XYIntervalSeries(name, false, true);
            byRow.forEach((row, bars) -> {
                for (long[] b : bars) {
                    double x0 = ts.of(b[0]);
                    double x1 = ts.of(Math.max(b[1], b[0] + pixel / 2));
                    s.add((x0 + x1) / 2, x0, x1, row, row - 0.35, row + 0.35);
                }
            });
            return s;
        }
    }
}
