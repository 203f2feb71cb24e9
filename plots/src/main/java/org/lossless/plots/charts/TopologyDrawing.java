package org.lossless.plots.charts;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.FabricData;
import org.lossless.plots.data.FabricData.GraphCable;
import org.lossless.plots.data.FabricData.GraphNode;

/**
 * The fabric drawn in tiers (hosts at the bottom, then ToR/leaf, aggregation/spine, core), each cable
 * coloured and thickened by its utilisation over the run (the busier direction, from ports.csv), so hot
 * links stand out. Above {@link #MAX_HOSTS} hosts the hosts are left out and only switches are drawn;
 * node names are written when a tier has at most {@link #MAX_LABELS} nodes.
 */
public final class TopologyDrawing {
    public static final String ID = "topology";
    public static final int MAX_HOSTS = 64;
    public static final int MAX_LABELS = 24;

    private TopologyDrawing() {
    }

    public static Figure build(ResultSet rs) {
        String title = "Topology and link utilisation";
        if (rs.fabric().isEmpty()) {
            return Figure.omitted(ID, title, "the topology cannot be drawn: the result has no " + ResultSet.FABRIC
                    + " (written by runs of later versions)");
        }
        FabricData t = rs.fabric().get();
        boolean hosts = t.hostCount() <= MAX_HOSTS;
        Map<Integer, List<GraphNode>> tiers = new TreeMap<>();
        for (GraphNode n : t.nodes()) {
            if (hosts || !n.host()) {
                tiers.computeIfAbsent(n.tier(), k -> new ArrayList<>()).add(n);
            }
        }
        double[][] pos = new double[t.nodes().size()][];
        XYSeries hostPts = new XYSeries("host", false, true);
        XYSeries switchPts = new XYSeries("switch", false, true);
        List<XYTextAnnotation> labels = new ArrayList<>();
        int level = 0;
        for (List<GraphNode> tier : tiers.values()) {
            // at most MAX_LABELS names per tier: every step-th node named (tor0, tor2, ...), so the nodes a caption
            // names (the hottest link) can be found in a wide fat-tree too
            int step = (int) Math.ceil(tier.size() / (double) MAX_LABELS);
            int shown = (tier.size() + step - 1) / step;
            for (int i = 0; i < tier.size(); i++) {
                GraphNode n = tier.get(i);
                double x = (i + 0.5) / tier.size();
                pos[n.id()] = new double[] {x, level};
                (n.host() ? hostPts : switchPts).add(x, level);
                if (i % step == 0) {
                    XYTextAnnotation a = new XYTextAnnotation(n.name(), x, level - 0.16);
                    a.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, shown > 12 ? 11 : 14));
                    a.setTextAnchor(TextAnchor.TOP_CENTER);
                    labels.add(a);
                }
            }
            level++;
        }
        Map<String, Double> util = UtilisationCharts.meanUtil(rs);
        HeatScale scale = new HeatScale(0, 100);
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(hostPts); // kept when empty (hosts not drawn) so series colours stay put; no legend item then
        data.addSeries(switchPts);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        NumberAxis x = new NumberAxis("position");
        x.setRange(-0.02, 1.02);
        x.setVisible(false);
        NumberAxis y = new NumberAxis("tier");
        y.setRange(-0.5, Math.max(1, level - 1) + 0.3);
        y.setVisible(false);
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        plot.setOutlineVisible(false);
        double hottest = 0;
        String hot = "";
        for (GraphCable c : t.cables()) {
            if (pos[c.a()] == null || pos[c.b()] == null) {
                continue;
            }
            String na = t.nodes().get(c.a()).name();
            String nb = t.nodes().get(c.b()).name();
            double u = Math.max(util.getOrDefault(na + ":" + c.aPort(), 0.0), util.getOrDefault(nb + ":" + c.bPort(), 0.0));
            if (u > hottest) {
                hottest = u;
                hot = na + " – " + nb;
            }
            Color colour = u <= 0 ? new Color(0xCC, 0xCC, 0xCC) : (Color) scale.getPaint(u * 100);
            plot.addAnnotation(new XYLineAnnotation(pos[c.a()][0], pos[c.a()][1], pos[c.b()][0], pos[c.b()][1],
                    Style.line((float) (1 + 5 * Math.min(1, u))), colour));
        }
        labels.forEach(plot::addAnnotation);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        NumberAxis legendAxis = new NumberAxis("link utilisation, busier direction (% of line rate, mean over the run)");
        legendAxis.setRange(0, 100);
        PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setStripWidth(12);
        legend.setMargin(4, 60, 4, 60);
        chart.addSubtitle(legend);
        Style.apply(chart);
        r.setSeriesPaint(0, Style.color(6));
        r.setSeriesPaint(1, Style.color(0));
        r.setSeriesShape(0, new java.awt.geom.Rectangle2D.Double(-5, -5, 10, 10));
        r.setSeriesShape(1, new java.awt.geom.Ellipse2D.Double(-9, -9, 18, 18));
        r.setSeriesVisibleInLegend(0, hostPts.getItemCount() > 0);
        return Figure.of(ID, title, chart, t.type() + ": " + t.hostCount() + " hosts" + (hosts ? "" : " (not drawn)")
                + ", " + t.switchCount() + " switches, " + t.cables().size() + " cables; hottest link "
                + (hot.isEmpty() ? "none" : hot + " at " + Fmt.num(hottest * 100) + " %")).axes("node", "tier").colour("utilisation");
    }
}
