package org.lossless.plots.charts;

import java.awt.Font;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * The pause propagation graph as a tree growing from its roots, one node per pausing port and priority
 * ({@code node:port/prio}) with its episode count, an edge from the port whose pause caused another's
 * ({@code caused_by} in pause_graph.csv), x = propagation depth (1 = a root). Ports are placed at the
 * smallest depth they occur at; a port reached from several parents is drawn once, under the first.
 * At most {@link #MAX_NODES} ports, those with the most episodes, with every ancestor they need.
 */
public final class PauseTree {
    /** Gap between a port's dot and its name, in depth units (a depth step is 1). */
    static final double LABEL_OFFSET = 0.04;
    public static final String ID = "pfc-propagation";
    static final String TITLE = "Pause propagation from the roots";
    public static final int MAX_NODES = 40;

    private PauseTree() {
    }

    /** The tree's content: port keys, their depth and row, and parent edges (child to parent). */
    record Layout(Map<String, Integer> depth, Map<String, Integer> row, Map<String, String> parent,
                  Map<String, Integer> episodes, Set<String> roots) {
    }

    public static Figure build(ResultSet rs) {
        if (!rs.has(ResultSet.PAUSE_GRAPH)) {
            return Figure.omitted(ID, TITLE, "no pause_graph.csv in the results");
        }
        List<PauseRow> pauses = rs.pauses();
        if (pauses.isEmpty()) {
            return Figure.omitted(ID, TITLE, "no PFC pause in this run");
        }
        Layout l = layout(pauses);
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries roots = new XYSeries("root (congestion or receiver)", false, true);
        XYSeries props = new XYSeries("propagated", false, true);
        for (String k : l.row().keySet()) {
            (l.roots().contains(k) ? roots : props).add(l.depth().get(k), l.row().get(k));
        }
        data.addSeries(roots);
        data.addSeries(props);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        NumberAxis x = new NumberAxis("propagation depth (hops from the root pause)");
        x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
        int maxDepth = l.depth().values().stream().mapToInt(Integer::intValue).max().orElse(1);
        x.setRange(0.6, maxDepth + 0.9);
        NumberAxis y = new NumberAxis("ports (tree order)");
        y.setTickLabelsVisible(false);
        y.setTickMarksVisible(false);
        y.setInverted(true);
        y.setRange(-0.8, Math.max(1, l.row().size()) - 0.2);
        XYPlot plot = new XYPlot(data, x, y, r);
        JFreeChart chart = Style.apply(new JFreeChart(TITLE, plot));
        r.setSeriesPaint(0, Style.ROOT);
        r.setSeriesPaint(1, Style.PROPAGATED);
        r.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-7, -7, 14, 14));
        r.setSeriesShape(1, new java.awt.geom.Ellipse2D.Double(-6, -6, 12, 12));
        plot.setRangeGridlinesVisible(false);
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, l.row().size() > 20 ? 12 : 15);
        l.parent().forEach((child, parent) -> {
            if (l.row().containsKey(child) && l.row().containsKey(parent)) {
                plot.addAnnotation(new XYLineAnnotation(l.depth().get(parent), l.row().get(parent),
                        l.depth().get(child), l.row().get(child), Style.line(1.5f), java.awt.Color.GRAY));
            }
        });
        for (String k : l.row().keySet()) {
            XYTextAnnotation t = new XYTextAnnotation(k + " (" + l.episodes().get(k) + ")",
                    l.depth().get(k) + LABEL_OFFSET, l.row().get(k)); // beside the dot (SVG drops leading spaces)
            t.setFont(font);
            t.setTextAnchor(TextAnchor.HALF_ASCENT_LEFT);
            plot.addAnnotation(t);
        }
        long total = pauses.stream().map(PauseRow::key).distinct().count();
        return Figure.of(ID, TITLE, chart, l.row().size() + " of " + total + " pausing ports (episodes in brackets), "
                + "roots: " + l.roots().size() + "; deepest chain: " + maxDepth + (maxDepth == 1 ? " hop" : " hops")).axes("pause_graph.csv:depth", "port");
    }

    static Layout layout(List<PauseRow> pauses) {
        Map<Integer, PauseRow> byId = new HashMap<>();
        for (PauseRow p : pauses) {
            byId.put(p.id(), p);
        }
        Map<String, Integer> episodes = new LinkedHashMap<>();
        Map<String, Integer> depth = new HashMap<>();
        Map<String, String> parent = new LinkedHashMap<>();
        Set<String> roots = new LinkedHashSet<>();
        for (PauseRow p : pauses) {
            episodes.merge(p.key(), 1, Integer::sum);
            depth.merge(p.key(), Math.max(1, p.depth()), Math::min);
            if (p.root()) {
                roots.add(p.key());
            } else if (p.causedBy() >= 0 && byId.containsKey(p.causedBy())) {
                String from = byId.get(p.causedBy()).key();
                if (!from.equals(p.key())) {
                    parent.putIfAbsent(p.key(), from);
                }
            }
        }
        // a port that is sometimes a root is drawn as a root
        roots.forEach(parent::remove);
        // keep the busiest ports, and their ancestors
        List<String> keys = new ArrayList<>(episodes.keySet());
        keys.sort(Comparator.comparingInt((String k) -> -episodes.get(k)).thenComparing(Comparator.naturalOrder()));
        Set<String> kept = new LinkedHashSet<>();
        for (String k : keys) {
            if (kept.size() >= MAX_NODES) {
                break;
            }
            for (String a = k; a != null && kept.add(a); a = parent.get(a)) {
                // walk up to the root (cycles stop at a kept key)
            }
        }
        Map<String, List<String>> children = new LinkedHashMap<>();
        for (String k : kept) {
            String p = parent.get(k);
            if (p != null && kept.contains(p)) {
                children.computeIfAbsent(p, x -> new ArrayList<>()).add(k);
            }
        }
        Map<String, Integer> row = new LinkedHashMap<>();
        Map<String, Integer> level = new HashMap<>();
        for (String k : kept) {
            String p = parent.get(k);
            if (p == null || !kept.contains(p)) {
                place(k, 1, children, row, level);
            }
        }
        return new Layout(level, row, parent, episodes, roots);
    }

    /** Depth-first: a node, then its children below it (their depth one more than the node's). */
    private static void place(String k, int d, Map<String, List<String>> children, Map<String, Integer> row,
                              Map<String, Integer> level) {
        if (row.containsKey(k)) {
            return;
        }
        row.put(k, row.size());
        level.put(k, d);
        for (String c : children.getOrDefault(k, List.of())) {
            place(c, d + 1, children, row, level);
        }
    }
}
