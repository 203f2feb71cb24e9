package org.lossless.plots.charts;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.lossless.plots.data.PortRow;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.ThresholdRow;

/**
 * Each switch queue's high-water mark ({@code max_queue_bytes} of ports.csv, KB) against its own ECN K_max and its
 * one-ingress PFC XOFF level (thresholds.csv), the {@link #MAX_BARS} highest (queues under 1 % of the highest left
 * out), one bar per {@code node:port/prio}. With dynamic thresholds a queue fed by several ingress ports can pass
 * the one-ingress XOFF level before every one of them pauses, and the frames in flight after an XOFF land in the
 * headroom: a bar beyond its XOFF tick says one of those happened, not that PFC failed.
 */
public final class HighWaterChart {
    public static final String ID = "queue-high-water";
    static final String TITLE = "Queue high-water per port against ECN K_max and PFC XOFF";
    public static final int MAX_BARS = 16;
    static final String BAR = "high-water (peak queue)";
    static final String KMAX = "ECN kmax";
    static final String XOFF = "PFC XOFF, one ingress";

    private HighWaterChart() {
    }

    public static Figure build(ResultSet rs) {
        if (!rs.has(ResultSet.PORTS)) {
            return Figure.omitted(ID, TITLE, "no ports.csv in the results");
        }
        List<PortRow> rows = new ArrayList<>();
        for (PortRow p : rs.ports()) {
            if (!rs.isHost(p.node()) && p.maxQueueBytes() > 0) {
                rows.add(p);
            }
        }
        if (rows.isEmpty()) {
            return Figure.omitted(ID, TITLE, "no switch queue held any bytes");
        }
        rows.sort(Comparator.comparingLong(PortRow::maxQueueBytes).reversed().thenComparing(PortRow::portName,
                NaturalOrder.INSTANCE));
        int total = rows.size();
        long top = rows.get(0).maxQueueBytes();
        rows = rows.subList(0, Math.min(MAX_BARS, total)).stream().filter(p -> p.maxQueueBytes() * 100 >= top).toList();
        DefaultCategoryDataset bars = new DefaultCategoryDataset();
        DefaultCategoryDataset levels = new DefaultCategoryDataset();
        int over = 0;
        for (PortRow p : rows) {
            String key = p.portName() + "/" + p.priority();
            bars.addValue(p.maxQueueBytes() / 1e3, BAR, key);
            ThresholdRow t = rs.thresholds().get(key);
            levels.addValue(t == null || t.kmaxBytes() < 0 ? null : t.kmaxBytes() / 1e3, KMAX, key);
            levels.addValue(t == null || t.xoffBytes() < 0 ? null : t.xoffBytes() / 1e3, XOFF, key);
            if (t != null && t.xoffBytes() >= 0 && p.maxQueueBytes() > t.xoffBytes()) {
                over++;
            }
        }
        CategoryAxis x = new CategoryAxis("switch queue (node:port/priority)");
        NumberAxis y = Style.axis("queue length (KB)");
        y.setAutoRangeIncludesZero(true);
        BarRenderer r = new BarRenderer();
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        r.setMaximumBarWidth(0.06);
        CategoryPlot plot = new CategoryPlot(bars, x, y, r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        LineAndShapeRenderer ticks = new LineAndShapeRenderer(false, true);
        plot.setDataset(1, levels);
        plot.setRenderer(1, ticks);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        JFreeChart chart = Style.apply(new JFreeChart(TITLE, plot));
        r.setSeriesPaint(0, Style.color(4));
        ticks.setSeriesPaint(0, Style.ECN);
        ticks.setSeriesPaint(1, Style.XOFF);
        // a tick across the bar: tall in a horizontal chart
        ticks.setSeriesShape(0, new Rectangle2D.Double(-2, -13, 4, 26));
        ticks.setSeriesShape(1, new Rectangle2D.Double(-2, -13, 4, 26));
        boolean thresholds = rs.has(ResultSet.THRESHOLDS);
        return Figure.of(ID, TITLE, chart, rows.size() + " of " + total + " switch queues that held bytes, highest "
                + "peak first (ports.csv max_queue_bytes)" + (thresholds ? "; ticks: each queue's ECN kmax and the "
                + "queue length at which one ingress port alone would be paused (thresholds.csv); " + over
                + (over == 1 ? " queue went" : " queues went") + " past that XOFF level: several ingress ports fed "
                + (over == 1 ? "it" : "them") + ", or frames in flight after the XOFF landed in the headroom"
                : "; no ECN or XOFF ticks: no thresholds.csv in the results"))
                .axes("port", "ports.csv:max_queue_bytes");
    }
}
