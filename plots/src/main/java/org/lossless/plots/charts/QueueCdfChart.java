package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.plots.data.QueueSeriesReader;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.ThresholdRow;

/**
 * Queue length CDF (KB) of the queues the queue chart draws ({@link QueueChart#select}: the busiest, or the chosen
 * ports), over the samples of timeseries/queues.csv in which the queue held bytes: P(queue ≤ x | not empty). The
 * file leaves a queue out while it is empty, so the samples are its busy time; the legend gives each queue's busy
 * share of the run (non-empty samples over run time / sample interval) where the interval is known. The ECN K_min,
 * K_max and one-ingress XOFF levels of the first queue (thresholds.csv) are dashed vertical lines.
 */
public final class QueueCdfChart {
    public static final String ID = "queue-cdf";
    static final String TITLE = "Queue length distribution while not empty";
    /** Points drawn per queue at most (evenly spaced ranks, the largest sample always). */
    static final int POINTS = 400;

    private QueueCdfChart() {
    }

    public static Figure build(ResultSet rs, List<String> chosen, int top) {
        if (!rs.has(ResultSet.QUEUES)) {
            return Figure.omitted(ID, TITLE, "no timeseries/queues.csv in the results (telemetry.queues: none)");
        }
        List<String> keys = QueueChart.select(rs, chosen, top);
        List<QueueSeriesReader.Busy> busy = QueueSeriesReader.busy(rs, keys);
        busy = busy.stream().filter(b -> b.bytes().length > 0).toList();
        if (busy.isEmpty()) {
            return Figure.omitted(ID, TITLE, "no chosen queue held bytes in a sample");
        }
        long slots = rs.sampleIntervalPs() > 0 ? rs.simTimePs() / rs.sampleIntervalPs() : 0;
        XYSeriesCollection data = new XYSeriesCollection();
        double peak = 0;
        for (QueueSeriesReader.Busy b : busy) {
            String share = slots > 0 ? " (not empty " + Fmt.num(100.0 * b.bytes().length / slots) + " % of the run)"
                    : "";
            XYSeries s = new XYSeries(b.key() + share, false, true);
            for (double[] p : cdf(b.bytes(), POINTS)) {
                s.add(p[0] / 1e3, p[1]);
            }
            peak = Math.max(peak, b.bytes()[b.bytes().length - 1] / 1e3);
            data.addSeries(s);
        }
        XYLineAndShapeRenderer r = Style.lines();
        NumberAxis x = Style.axis("queue length (KB)");
        x.setAutoRangeIncludesZero(true);
        NumberAxis y = Style.axis("fraction of busy samples ≤ x");
        y.setRange(0, 1.02);
        XYPlot plot = new XYPlot(data, x, y, r);
        JFreeChart chart = Style.apply(new JFreeChart(TITLE, plot));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesPaint(i, Style.color(i));
            r.setSeriesStroke(i, Style.line(2f));
        }
        String note = levels(rs, busy.get(0).key(), plot, peak);
        long samples = busy.stream().mapToLong(b -> b.bytes().length).sum();
        return Figure.of(ID, TITLE, chart, busy.size() + (busy.size() == 1 ? " queue" : " queues") + " (those of the "
                + "queue chart), " + Fmt.num(samples) + " non-empty samples from timeseries/queues.csv; a step per "
                + "sample (at most " + POINTS + " points per queue)" + note)
                .axes("timeseries/queues.csv:bytes", "cdf");
    }

    /**
     * The empirical CDF of {@code sorted} (ascending) as steps: at each drawn value v the line rises from the
     * fraction of samples below the step to the fraction at or below v. Every distinct value is a step when there
     * are at most {@code points} samples; beyond, samples go in blocks of n / points ranks (a block's step at its
     * largest value, so the line never runs left of the true CDF), ties never split.
     */
    static List<double[]> cdf(long[] sorted, int points) {
        List<double[]> out = new ArrayList<>();
        int n = sorted.length;
        int step = Math.max(1, (n + points - 1) / points);
        double prev = 0;
        for (int i = 0; i < n; ) {
            int j = Math.min(n - 1, i + step - 1);
            while (j + 1 < n && sorted[j + 1] == sorted[j]) {
                j++;
            }
            out.add(new double[] {sorted[j], prev});
            prev = (j + 1.0) / n;
            out.add(new double[] {sorted[j], prev});
            i = j + 1;
        }
        return out;
    }

    /** Vertical lines at the first queue's ECN and XOFF levels; a caption fragment. */
    private static String levels(ResultSet rs, String key, XYPlot plot, double peakKb) {
        ThresholdRow t = rs.thresholds().get(key);
        if (t == null) {
            return rs.has(ResultSet.THRESHOLDS) ? "" : "; no reference lines: no thresholds.csv in the results";
        }
        double top = peakKb;
        List<String> off = new ArrayList<>();
        // labels: kmin at the foot right of its line, kmax at the top left of its line, XOFF at the top right (kmax
        // and XOFF are often close)
        Object[][] lines = {{t.kminBytes(), "ECN kmin", Style.ECN, RectangleAnchor.BOTTOM_RIGHT, TextAnchor.BOTTOM_LEFT},
                {t.kmaxBytes(), "ECN kmax", Style.ECN, RectangleAnchor.TOP_LEFT, TextAnchor.TOP_RIGHT},
                {t.xoffBytes(), "XOFF, one ingress", Style.XOFF, RectangleAnchor.TOP_RIGHT, TextAnchor.TOP_LEFT}};
        for (Object[] m : lines) {
            long v = (Long) m[0];
            if (v < 0) {
                continue;
            }
            String label = m[1] + " " + Fmt.bytes(v);
            if (v / 1e3 > 4 * Math.max(peakKb, 1e-3)) {
                off.add(label);
                continue;
            }
            ValueMarker vm = Style.marker(v / 1e3, label, (java.awt.Paint) m[2]);
            vm.setLabelAnchor((RectangleAnchor) m[3]);
            vm.setLabelTextAnchor((TextAnchor) m[4]);
            plot.addDomainMarker(vm, Layer.FOREGROUND);
            top = Math.max(top, v / 1e3);
        }
        plot.getDomainAxis().setRange(0, Math.max(top, 1e-3) * 1.08);
        return "; dashed: the levels of " + key + " (thresholds.csv)" + (off.isEmpty() ? ""
                : ", beyond the chart: " + String.join(", ", off));
    }
}
