package org.lossless.plots.charts;

import java.awt.Font;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.plots.data.PauseRow;
import org.lossless.plots.data.ResultSet;

/**
 * The pause chains ({@link PauseChains}) as trees growing from their roots, largest first: one dot per pausing port
 * and priority ({@code node:port/prio}) at each depth it paused at, labelled with its episode count, x = depth
 * (1 = a root pause); an elbow line from the causing port down and across to the caused one, thicker for more
 * episodes. At most
 * {@link #MAX_NODES} dots: the largest chains whole, then the start of the next; the caption says how many are
 * left out. The root and propagated counts and the deepest depth are those of the key figures (the same
 * pause_graph.csv rows summary.json counts).
 */
public final class PauseTree {
    /** Gap between a port's dot and its name, in depth units (a depth step is 1). */
    static final double LABEL_OFFSET = 0.04;
    public static final String ID = "pfc-propagation";
    static final String TITLE = "Pause chains, largest first";
    public static final int MAX_NODES = 40;

    private PauseTree() {
    }

    public static Figure build(ResultSet rs) {
        if (!rs.has(ResultSet.PAUSE_GRAPH)) {
            return Figure.omitted(ID, TITLE, "no pause_graph.csv in the results");
        }
        List<PauseRow> pauses = rs.pauses();
        if (pauses.isEmpty()) {
            return Figure.omitted(ID, TITLE, "no PFC pause in this run");
        }
        PauseChains chains = PauseChains.of(pauses);
        List<PauseChains.Node> shown = chains.first(MAX_NODES);
        Map<String, Integer> row = new HashMap<>();
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries roots = new XYSeries("root pause (congestion or receiver)", false, true);
        XYSeries props = new XYSeries("propagated pause", false, true);
        for (PauseChains.Node n : shown) {
            row.put(n.id(), row.size());
            (n.depth() == 1 ? roots : props).add(n.depth(), row.get(n.id()));
        }
        data.addSeries(roots);
        data.addSeries(props);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        NumberAxis x = new NumberAxis("depth (hops from the root pause)");
        x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
        int maxDepth = Math.max(1, chains.maxDepth());
        x.setRange(0.6, maxDepth + 0.9);
        NumberAxis y = new NumberAxis("pausing port and priority (chains, largest first)");
        y.setTickLabelsVisible(false);
        y.setTickMarksVisible(false);
        y.setInverted(true);
        y.setRange(-0.8, Math.max(1, shown.size()) - 0.2);
        XYPlot plot = new XYPlot(data, x, y, r);
        JFreeChart chart = Style.apply(new JFreeChart(TITLE, plot));
        r.setSeriesPaint(0, Style.ROOT);
        r.setSeriesPaint(1, Style.PROPAGATED);
        r.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-7, -7, 14, 14));
        r.setSeriesShape(1, new java.awt.geom.Ellipse2D.Double(-6, -6, 12, 12));
        plot.setRangeGridlinesVisible(false);
        long most = chains.edges().stream().mapToLong(PauseChains.Edge::episodes).max().orElse(1);
        for (PauseChains.Edge e : chains.edges()) {
            Integer from = row.get(e.from());
            Integer to = row.get(e.to());
            if (from != null && to != null) {
                // an elbow, as in a file tree: down from the cause's dot, then across to the caused one (no line
                // crosses a label, which sits right of its dot)
                float w = (float) (1.5 + 4.5 * e.episodes() / most);
                double d = depth(e.from());
                plot.addAnnotation(new XYLineAnnotation(d, from, d, to, Style.line(w), java.awt.Color.GRAY));
                plot.addAnnotation(new XYLineAnnotation(d, to, depth(e.to()), to, Style.line(w), java.awt.Color.GRAY));
            }
        }
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, shown.size() > 20 ? 12 : 15);
        for (PauseChains.Node n : shown) {
            String label = n.key() + " \u00d7" + Fmt.num(n.episodes())
                    + (n.caused() > 0 ? " (caused " + Fmt.num(n.caused()) + ")" : "");
            XYTextAnnotation t = new XYTextAnnotation(label, n.depth() + LABEL_OFFSET, row.get(n.id()));
            t.setFont(font); // beside the dot (SVG drops leading spaces)
            t.setTextAnchor(TextAnchor.HALF_ASCENT_LEFT);
            plot.addAnnotation(t);
        }
        int left = chains.nodes().size() - shown.size();
        return Figure.of(ID, TITLE, chart, Fmt.num(chains.roots()) + " root and " + Fmt.num(chains.propagated())
                + " propagated pause episodes, longest chain " + maxDepth + (maxDepth == 1 ? " hop" : " hops")
                + " (the key figures' counts, from pause_graph.csv); a dot per pausing port and priority at each depth "
                + "it paused at, \u00d7 its episodes, \"caused\": the episodes its pauses set off further up"
                + (left > 0 ? "; the largest chains shown, " + Fmt.num(left) + " of " + Fmt.num(chains.nodes().size())
                + " dots left out" : "")).axes("pause_graph.csv:depth", "port");
    }

    /** The depth of a node id ({@code key@depth}). */
    private static int depth(String id) {
        return Integer.parseInt(id.substring(id.lastIndexOf('@') + 1));
    }
}
