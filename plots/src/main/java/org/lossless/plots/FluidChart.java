package org.lossless.plots;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The DCQCN fluid model's trajectory from {@code fluid.csv}: per-flow rates (Gb/s) above the
 * bottleneck queue (KB), against time (ms), on a shared time axis.
 */
public final class FluidChart {
    public static final String FILE_NAME = "fluid.png";
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 700;

    private FluidChart() {
    }

    /** Reads {@code fluidCsv} and writes the chart as a PNG to {@code png}. */
    public static void write(Path fluidCsv, Path png) throws IOException {
        Charts.headless();
        Csv csv = Csv.read(fluidCsv);
        double[] t = csv.column("time_ps");
        double[] q = csv.column("queue_bytes");
        XYSeriesCollection rates = new XYSeriesCollection();
        for (String col : csv.header()) {
            if (col.startsWith("rate_bps_")) {
                XYSeries s = new XYSeries("flow " + col.substring("rate_bps_".length()), false, true);
                double[] r = csv.column(col);
                for (int i = 0; i < t.length; i++) {
                    s.add(t[i] / 1e9, r[i] / 1e9);
                }
                rates.addSeries(s);
            }
        }
        XYSeries queue = new XYSeries("queue", false, true);
        for (int i = 0; i < t.length; i++) {
            queue.add(t[i] / 1e9, q[i] / 1e3);
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("time (ms)"));
        plot.add(subplot(rates, "rate (Gb/s)"), 3);
        plot.add(subplot(new XYSeriesCollection(queue), "queue (KB)"), 2);
        JFreeChart chart = new JFreeChart("DCQCN fluid model", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }

    private static XYPlot subplot(XYSeriesCollection data, String label) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesStroke(i, new BasicStroke(1.2f));
        }
        XYPlot p = new XYPlot(data, null, new NumberAxis(label), r);
        p.setBackgroundPaint(Color.WHITE);
        p.setDomainGridlinePaint(Color.LIGHT_GRAY);
        p.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return p;
    }
}
