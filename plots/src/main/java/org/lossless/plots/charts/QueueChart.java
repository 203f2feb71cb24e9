package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.plots.data.PortRow;
import org.lossless.plots.data.QueueSeriesReader;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.Series;
import org.lossless.plots.data.ThresholdRow;

/**
 * Queue depth over time (KB) for the busiest switch egress queues (largest peak in ports.csv) or chosen
 * ports, with the ECN K_min / K_max and the one-ingress PFC XOFF level of the first queue drawn as dashed
 * reference lines (thresholds.csv, written by the run).
 */
public final class QueueChart {
    public static final String ID = "queues";
    static final String TITLE = "Queue depth over time";
    /** A queue above this share of the chart's highest peak counts as active when the time window is chosen. */
    static final double ACTIVE_SHARE = 0.01;

    private QueueChart() {
    }

    /**
     * @param chosen ports as {@code node:port} (every priority of each); empty for the {@code top} busiest
     * @param top    how many queues to draw when none are chosen
     */
    public static Figure build(ResultSet rs, List<String> chosen, int top) {
        if (!rs.has(ResultSet.QUEUES)) {
            return Figure.omitted(ID, TITLE, "no timeseries/queues.csv in the results (telemetry.queues: none)");
        }
        List<String> keys = select(rs, chosen, top);
        if (keys.isEmpty()) {
            return Figure.omitted(ID, TITLE, chosen.isEmpty() ? "no switch queue held any bytes"
                    : "none of the chosen ports " + chosen + " is a switch port in ports.csv");
        }
        List<Series> series = QueueSeriesReader.read(rs, keys, Style.COLUMNS);
        long end = Math.max(1, rs.simTimePs());
        long[] window = activity(series, end, rs.sampleIntervalPs());
        if (!RateWindows.whole(window, end)) {
            // where the queues held bytes, read again at full resolution
            series = QueueSeriesReader.read(rs, keys, Style.COLUMNS, window[0], window[1]);
        }
        TimeScale ts = TimeScale.forSpan(window[1]);
        XYSeriesCollection data = new XYSeriesCollection();
        double peak = 0;
        long rows = 0;
        for (Series s : series) {
            XYSeries x = new XYSeries(s.name(), false, true);
            for (int i = 0; i < s.points().size(); i++) {
                double kb = s.points().values()[i] / 1e3;
                x.add(ts.of(s.points().times()[i]), kb);
                peak = Math.max(peak, kb);
            }
            rows += s.samples();
            data.addSeries(x);
        }
        XYLineAndShapeRenderer r = Style.lines();
        org.jfree.chart.axis.NumberAxis y = Style.axis("queue depth (KB)");
        y.setAutoRangeIncludesZero(true);
        XYPlot plot = new XYPlot(data, Style.axis(ts.label()), y, r);
        JFreeChart chart = Style.apply(new JFreeChart(TITLE, plot));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesPaint(i, Style.color(i));
            r.setSeriesStroke(i, Style.line(2f));
        }
        plot.getDomainAxis().setRange(ts.of(window[0]), ts.of(window[1]));
        String note = thresholds(rs, keys.get(0), plot, peak);
        String which = chosen.isEmpty() ? keys.size() + " busiest queue" + (keys.size() == 1 ? "" : "s")
                + (watched(rs) == null ? "" : " of those telemetry.queues recorded")
                + " (largest peak in ports.csv; queues under 1 % of the top peak left out)"
                : "chosen ports " + String.join(", ", chosen);
        return Figure.of(ID, TITLE, chart, which + "; " + RateWindows.describe(window, end)
                + (RateWindows.whole(window, end) ? "" : ", where a queue held more than 1 % of the highest peak") + "; " + rows + " samples reduced to at most "
                + (2 * Style.COLUMNS) + " points per queue (minimum and maximum per pixel column)" + note).axes("time", "timeseries/queues.csv:bytes");
    }

    /**
     * The window ({@link RateWindows#around}) around the samples in which a queue held more than
     * {@link #ACTIVE_SHARE} of the highest peak drawn: a few packets queued later in the run (invisible at the chart's
     * scale) do not stretch it over the whole run.
     */
    static long[] activity(List<Series> series, long end, long interval) {
        double peak = 0;
        for (Series s : series) {
            for (double v : s.points().values()) {
                peak = Math.max(peak, v);
            }
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Series s : series) {
            for (int i = 0; i < s.points().size(); i++) {
                if (s.points().values()[i] > ACTIVE_SHARE * peak) {
                    first = Math.min(first, s.points().times()[i]);
                    last = Math.max(last, s.points().times()[i]);
                }
            }
        }
        return RateWindows.around(first, last, end, interval);
    }

    /** The ports ({@code node:port}) telemetry.queues watched (fabric.json), or null for all (or when unknown). */
    static Set<String> watched(ResultSet rs) {
        return rs.fabric().map(org.lossless.plots.data.FabricData::watchedQueues).orElse(null);
    }

    /** Queue keys {@code node:port/prio}: switch ports only (hosts' NIC queues are not sampled). */
    public static List<String> select(ResultSet rs, List<String> chosen, int top) {
        List<PortRow> rows = new ArrayList<>();
        for (PortRow p : rs.ports()) {
            if (!rs.isHost(p.node()) && (chosen.isEmpty() ? p.maxQueueBytes() > 0 : chosen.contains(p.portName()))) {
                rows.add(p);
            }
        }
        if (chosen.isEmpty()) {
            // only queues the run recorded (telemetry.queues may name a few): a busy queue it did not watch
            // would be a legend entry without a line
            Set<String> watched = watched(rs);
            if (watched != null) {
                rows.removeIf(p -> !watched.contains(p.portName()));
            }
            rows.sort(Comparator.comparingLong(PortRow::maxQueueBytes).reversed());
            rows = rows.subList(0, Math.min(top, rows.size()));
            // queues below 1 % of the busiest peak would be flat lines at zero: left out
            long peak = rows.isEmpty() ? 0 : rows.get(0).maxQueueBytes();
            rows = rows.stream().filter(p -> p.maxQueueBytes() * 100 >= peak).toList();
        }
        Set<String> keys = new LinkedHashSet<>();
        for (PortRow p : rows) {
            keys.add(p.portName() + "/" + p.priority());
        }
        return List.copyOf(keys);
    }

    /** Adds the reference lines of queue {@code key} (thresholds.csv); returns a caption fragment. */
    private static String thresholds(ResultSet rs, String key, XYPlot plot, double peakKb) {
        if (!rs.has(ResultSet.THRESHOLDS)) {
            return "; no reference lines: the results have no thresholds.csv (written by earlier versions)";
        }
        ThresholdRow q = rs.thresholds().get(key);
        if (q == null) {
            return "";
        }
        List<ValueMarker> markers = new ArrayList<>();
        if (q.kminBytes() >= 0) {
            // kmin under its line, kmax over its line, both at the left: the XOFF label takes the right end (it is
            // often close to kmax), and close kmin and kmax still do not cover each other
            markers.add(Style.markerBelow(q.kminBytes() / 1e3, "ECN kmin " + Fmt.bytes(q.kminBytes()), Style.ECN));
            markers.add(Style.marker(q.kmaxBytes() / 1e3, "ECN kmax " + Fmt.bytes(q.kmaxBytes()), Style.ECN, false));
        }
        if (q.xoffBytes() >= 0) {
            markers.add(Style.marker(q.xoffBytes() / 1e3, "PFC XOFF, one ingress " + Fmt.bytes(q.xoffBytes()),
                    Style.XOFF));
        }
        double top = Math.max(peakKb, 1e-3);
        List<String> off = new ArrayList<>();
        for (ValueMarker m : markers) {
            plot.addRangeMarker(m, Layer.FOREGROUND);
            if (m.getValue() <= Math.max(4 * peakKb, 1)) {
                top = Math.max(top, m.getValue());
            } else {
                off.add(m.getLabel());
            }
        }
        plot.getRangeAxis().setRange(0, top * 1.08);
        return "; reference lines of " + key + (off.isEmpty() ? "" : " (above the chart: " + String.join(", ", off) + ")");
    }
}
