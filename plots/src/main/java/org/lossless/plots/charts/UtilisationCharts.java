package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.DefaultXYZDataset;
import org.lossless.plots.data.LinkLoadReader;
import org.lossless.plots.data.PortRow;
import org.lossless.plots.data.ResultSet;

/**
 * Link utilisation: a heat map per tier and direction (links x time, colour = share of the line rate used,
 * from timeseries/links.csv), the {@link #MAX_ROWS} busiest links of each tier, and a bar chart of the
 * busiest links over the whole run (tx bytes in ports.csv / (line rate x run time): available for any run).
 */
public final class UtilisationCharts {
    public static final String BUSIEST_ID = "links-busiest";
    public static final String HEAT_ID = "links-heat";
    public static final int MAX_ROWS = 40;
    public static final int HEAT_COLUMNS = 150;
    public static final int MAX_BARS = 15;
    static final String[] TIERS = {"host", "ToR/leaf", "agg/spine", "core"};

    private UtilisationCharts() {
    }

    /** Mean utilisation over the run per egress port {@code node:port} (all priorities), 0..1. */
    static Map<String, Double> meanUtil(ResultSet rs) {
        Map<String, long[]> tx = new LinkedHashMap<>();
        for (PortRow p : rs.ports()) {
            long[] v = tx.computeIfAbsent(p.portName(), k -> new long[2]);
            v[0] += p.txBytes();
            v[1] = Math.max(v[1], p.rateBps());
        }
        double seconds = rs.simTimePs() / 1e12;
        Map<String, Double> util = new LinkedHashMap<>();
        tx.forEach((k, v) -> util.put(k, v[1] > 0 && seconds > 0 ? v[0] * 8.0 / (v[1] * seconds) : 0));
        return util;
    }

    public static Figure busiest(ResultSet rs) {
        String title = "Busiest links over the run";
        if (rs.ports().isEmpty() || rs.simTimePs() <= 0) {
            return Figure.omitted(BUSIEST_ID, title, "no ports.csv rows");
        }
        Map<String, Double> util = meanUtil(rs);
        Map<String, String> peer = new LinkedHashMap<>();
        rs.ports().forEach(p -> peer.put(p.portName(), p.peer()));
        List<String> links = new ArrayList<>(util.keySet());
        links.sort(Comparator.comparingDouble((String k) -> -util.get(k)).thenComparing(Comparator.naturalOrder()));
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (String k : links.subList(0, Math.min(MAX_BARS, links.size()))) {
            data.addValue(util.get(k) * 100, "utilisation", k + " → " + peer.get(k));
        }
        NumberAxis y = new NumberAxis("mean utilisation over the run (% of line rate)");
        y.setRange(0, 100);
        CategoryAxis x = new CategoryAxis("egress port → peer");
        BarRenderer r = new BarRenderer();
        CategoryPlot plot = new CategoryPlot(data, x, y, r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        JFreeChart chart = Style.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false));
        r.setSeriesPaint(0, Style.color(0));
        r.setShadowVisible(false);
        return Figure.of(BUSIEST_ID, title, chart, Math.min(MAX_BARS, links.size()) + " of " + links.size()
                + " ports that sent anything; frame bytes (headers included) over the line rate, whole run").axes("port", "utilisation");
    }

    /** The tier-and-direction name of a link from {@code node} to {@code peer}. */
    static String tierName(ResultSet rs, String node, String peer) {
        return name(rs.tier(node)) + " → " + name(rs.tier(peer));
    }

    private static String name(int tier) {
        return tier >= 0 && tier < TIERS.length ? TIERS[tier] : "switch";
    }

    public static List<Figure> heatMaps(ResultSet rs) {
        String title = "Link utilisation over time";
        if (!rs.has(ResultSet.LINKS)) {
            return List.of(Figure.omitted(HEAT_ID, title,
                    "no timeseries/links.csv in the results (telemetry.links: none, or written by an older version)"));
        }
        if (rs.simTimePs() <= 0) {
            return List.of(Figure.omitted(HEAT_ID, title, "the run simulated no time (summary.json: sim_time_ps 0)"));
        }
        LinkLoadReader.LinkLoad load = LinkLoadReader.read(rs, HEAT_COLUMNS);
        if (load.util().isEmpty()) {
            return List.of(Figure.omitted(HEAT_ID, title, "timeseries/links.csv holds no samples"));
        }
        Map<String, String> peer = new LinkedHashMap<>();
        rs.ports().forEach(p -> peer.put(p.portName(), p.peer()));
        Map<String, List<String>> tiers = new LinkedHashMap<>();
        load.util().keySet().stream().sorted(Comparator.comparingInt((String k) -> tierOrder(rs, k, peer))
                .thenComparing(Comparator.naturalOrder())).forEach(k -> tiers.computeIfAbsent(
                        tierName(rs, k.substring(0, k.lastIndexOf(':')), peer.getOrDefault(k, "?")),
                        t -> new ArrayList<>()).add(k));
        List<Figure> out = new ArrayList<>();
        TimeScale ts = TimeScale.forSpan(rs.simTimePs());
        int columns = load.columns();
        double colWidth = ts.of(rs.simTimePs()) / columns;
        for (Map.Entry<String, List<String>> e : tiers.entrySet()) {
            List<String> links = new ArrayList<>(e.getValue());
            links.sort(Comparator.comparingDouble((String k) -> -sum(load.util().get(k))).thenComparing(
                    Comparator.naturalOrder()));
            List<String> shown = links.subList(0, Math.min(MAX_ROWS, links.size()));
            shown.sort(NaturalOrder.INSTANCE); // tor2 before tor10
            double[][] xyz = new double[3][shown.size() * columns];
            int n = 0;
            for (int row = 0; row < shown.size(); row++) {
                double[] u = load.util().get(shown.get(row));
                for (int c = 0; c < columns; c++) {
                    xyz[0][n] = (c + 0.5) * colWidth;
                    xyz[1][n] = row;
                    xyz[2][n++] = Math.min(100, u[c] * 100);
                }
            }
            DefaultXYZDataset data = new DefaultXYZDataset();
            data.addSeries("utilisation", xyz);
            // the dataset holds every cell; they are drawn as one image (HeatImage), not as a rectangle each
            org.jfree.chart.renderer.xy.XYLineAndShapeRenderer r =
                    new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer(false, false);
            HeatScale scale = new HeatScale(0, 100);
            double[][] cells = new double[shown.size()][];
            for (int row = 0; row < shown.size(); row++) {
                cells[row] = java.util.Arrays.stream(load.util().get(shown.get(row))).map(u -> Math.min(100, u * 100))
                        .toArray();
            }
            String[] labels = shown.stream().map(k -> k + " → " + peer.getOrDefault(k, "?")).toArray(String[]::new);
            SymbolAxis y = new SymbolAxis("link (egress port → peer)", labels);
            y.setGridBandsVisible(false);
            y.setInverted(true);
            y.setTickLabelsVisible(shown.size() <= MAX_ROWS);
            NumberAxis x = new NumberAxis(ts.label());
            x.setRange(0, ts.of(rs.simTimePs()));
            y.setRange(-0.5, shown.size() - 0.5);
            XYPlot plot = new XYPlot(data, x, y, r);
            plot.addAnnotation(new HeatImage(cells, scale, 0, ts.of(rs.simTimePs()), -0.5, shown.size() - 0.5),
                    false);
            plot.setDomainGridlinesVisible(false);
            plot.setRangeGridlinesVisible(false);
            String t = title + ": " + e.getKey();
            JFreeChart chart = Style.apply(new JFreeChart(t, JFreeChart.DEFAULT_TITLE_FONT, plot, false));
            y.setTickLabelFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN,
                    shown.size() > 24 ? 10 : 14));
            NumberAxis scaleAxis = new NumberAxis("utilisation (% of line rate)");
            scaleAxis.setRange(0, 100);
            PaintScaleLegend legend = new PaintScaleLegend(scale, scaleAxis);
            legend.setPosition(RectangleEdge.RIGHT);
            legend.setMargin(4, 4, 40, 4);
            legend.setStripWidth(16);
            chart.addSubtitle(legend);
            Style.apply(chart);
            out.add(Figure.of(HEAT_ID + "-" + FctCharts.safe(e.getKey().replace(" → ", "-to-")
                    .replace("/", "-")), t, chart, shown.size() + " of " + links.size()
                    + " links of this tier (the busiest), " + columns + " time columns of " + Fmt.time(
                    load.columnPs())).axes("time", "link").colour("utilisation"));
        }
        return out;
    }

    private static int tierOrder(ResultSet rs, String k, Map<String, String> peer) {
        int a = rs.tier(k.substring(0, k.lastIndexOf(':')));
        int b = rs.tier(peer.getOrDefault(k, "?"));
        return Math.min(a, b) * 20 + (a < b ? 0 : 1);
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }
}
