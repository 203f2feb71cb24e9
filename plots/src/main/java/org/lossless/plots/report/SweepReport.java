package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.lossless.plots.charts.FigureUnit;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.charts.ScalingCharts;
import org.lossless.plots.charts.SweepCharts;
import org.lossless.plots.charts.SweepHeatMap;
import org.lossless.plots.charts.TopologyDrawing;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * The report of a sweep, the answer first: warnings (truncated runs, lossless drops), the best point under
 * the stated constraints ({@link BestPoint}) and the figure that shows it (the capacity-planning scaling
 * charts when the sweep changes a job's GPU count or size); the table of points; for every varied key the
 * study's figures against it ({@link MetricChoice}); heat maps of the chosen figure over each pair of keys;
 * the first point's scenario; and, in an appendix, the simulator's own cost. A comparison of two sweeps puts
 * baseline and candidate per point side by side ({@link SweepCompare}).
 */
final class SweepReport {
    /** Heat maps at most (pairs of keys times chosen figures). */
    static final int MAX_HEAT_MAPS = 8;

    private SweepReport() {
    }

    static Page build(SweepSet s, ReportOptions o) {
        List<String> chosen = MetricChoice.chosen(s, o.metrics());
        List<org.lossless.plots.charts.Figure> scaling = ScalingCharts.of(s);
        // a scaling sweep's answer is the curve; its "best point" only when asked for
        BestPoint best = scaling.isEmpty() || o.best() != null || !o.where().isEmpty() ? BestPoint.find(s, o) : null;
        int seeds = s.points().isEmpty() ? 0 : s.rows().size() / s.points().size();
        Page p = new Page("Lossless sweep report: " + s.dir().toAbsolutePath().normalize().getFileName(),
                s.rows().size() + " runs · " + s.points().size() + " points" + (seeds > 0 ? " × " + seeds
                + (seeds == 1 ? " seed" : " seeds") : "") + " · varied: " + String.join(", ", s.keys().stream()
                .map(k -> k + " (" + s.values(k).size() + " values)").toList()) + " · results in " + s.dir())
                .compactContents();
        Html a = p.section("answer", "The answer");
        warnings(a, s);
        if (best != null) {
            answer(a, best);
        }
        if (!scaling.isEmpty()) {
            scaling.forEach(f -> p.figure(a, f, ""));
        } else if (best != null && !s.keys().isEmpty()) {
            p.figure(a, best.point() == null ? SweepCharts.against(s, s.keys().get(0), best.objective())
                    : SweepCharts.against(s, s.keys().get(0), best.objective(), best.point()), "answer-");
            if (s.keys().size() >= 2) {
                p.figure(a, SweepHeatMap.of(s, s.keys().get(0), s.keys().get(1), best.objective()), "answer-");
            }
        }
        List<String> columns = new ArrayList<>();
        if (best != null) {
            columns.add(best.objective());
            best.constraints().forEach(c -> columns.add(c.key()));
        }
        chosen.stream().filter(f -> !columns.contains(f)).forEach(columns::add);
        SweepPointsTable.write(p.section("points", "Points: mean and 95 % confidence interval over the seeds"), s,
                columns.stream().distinct().toList(), best);
        perKey(p, s, chosen);
        heatMaps(p, s, !o.metrics().isEmpty() ? chosen : best != null ? List.of(best.objective())
                : scaling.isEmpty() ? List.of() : List.of(scaling.get(0).y()));
        firstRun(p, s);
        appendix(p, s);
        return p;
    }

    private static void warnings(Html h, SweepSet s) {
        List<String[]> ws = new ArrayList<>();
        List<String> cut = s.truncatedPoints();
        if (!cut.isEmpty()) {
            ws.add(new String[] {"Truncated runs", s.truncatedRuns() + " of " + s.rows().size() + " runs stopped at "
                    + "stop_time with unfinished work (points " + String.join(", ", cut) + "): their figures cover "
                    + "the finished work only, drawn hollow and marked ○; slowdowns there are lower bounds. Raise "
                    + "stop_time and run the sweep again for the answer at those points."});
        }
        if (s.figures().contains(org.lossless.plots.data.RunFigures.LOSSLESS_DROPS)) {
            List<String> lossy = s.points().stream().filter(pt -> s.ci(org.lossless.plots.data.RunFigures
                    .LOSSLESS_DROPS, pt).mean() > 0).map(s::pointName).toList();
            if (!lossy.isEmpty()) {
                ws.add(new String[] {"Lossless drops", lossy.size() + " of " + s.points().size() + " points dropped "
                        + "packets on a lossless priority (" + String.join(", ", lossy) + "): a lossless fabric "
                        + "must not drop; see the run reports of those points"});
            }
        }
        if (ws.isEmpty()) {
            return;
        }
        h.open("ul class=\"warnings\"");
        ws.forEach(w -> h.open("li class=\"severe\"").el("b", null, w[0]).text(": " + w[1]).close("li"));
        h.close("ul");
    }

    private static void answer(Html h, BestPoint b) {
        h.open("p class=\"best\"").el("b", null, "Best point: ").text(b.question() + ": ").el("b", null, b.answer())
                .raw("<br>").el("small", null, (b.defaulted() ? "The default question; ask another with "
                : "Asked with ") + "--best min:KEY|max:KEY and --where 'KEY OP VALUE'. Points with a truncated run "
                + "are never chosen.")
                .close("p");
    }

    private static void perKey(Page p, SweepSet s, List<String> chosen) {
        List<String> flat = new ArrayList<>();
        for (int i = 0; i < s.keys().size(); i++) {
            String key = s.keys().get(i);
            Html h = p.section("key-" + (i + 1), "Against " + key);
            for (String f : chosen) {
                if (SweepCharts.constant(s, f)) {
                    if (i == 0) {
                        flat.add(f);
                    }
                    continue;
                }
                p.figure(h, SweepCharts.against(s, key, f), "");
            }
            if (!flat.isEmpty()) {
                h.el("p", "note", "The same at every point (not drawn): " + String.join(", ", flat.stream()
                        .map(f -> SweepMetrics.label(f) + " " + constantValue(s, f)).toList()) + ".");
            }
        }
    }

    private static String constantValue(SweepSet s, String f) {
        Ci95 c = s.ci(f, Map.of());
        return c.n() == 0 ? "(no value)" : FigureUnit.of(f, Math.abs(c.mean())).format(c.mean());
    }

    private static void heatMaps(Page p, SweepSet s, List<String> metrics) {
        if (s.keys().size() < 2 || metrics.isEmpty()) {
            return;
        }
        Html h = p.section("heat", "Two keys at once");
        int n = 0;
        for (String m : metrics) {
            for (int i = 0; i < s.keys().size(); i++) {
                for (int j = i + 1; j < s.keys().size() && n < MAX_HEAT_MAPS; j++, n++) {
                    p.figure(h, SweepHeatMap.of(s, s.keys().get(i), s.keys().get(j), m), "");
                }
            }
        }
    }

    private static void firstRun(Page p, SweepSet s) {
        var first = s.firstRun();
        if (first.isEmpty()) {
            return;
        }
        ResultSet rs = ResultSet.open(first.get());
        Html h = p.section("scenario", "Scenario of the first point");
        h.el("p", null, "From " + first.get() + " (its " + ResultSet.RESOLVED + " has every setting); the other "
                + "points differ in the varied keys only.");
        p.figure(h, TopologyDrawing.build(rs), "");
        RunReport.settings(h, ScenarioBrief.of(rs));
    }

    /** The simulator's cost and the flow counts against the first key, then the other figures by name. */
    private static void appendix(Page p, SweepSet s) {
        Html h = p.section("appendix", "Appendix: the simulator's cost");
        h.el("p", "note", "What the runs cost, not what they found: simulated and wall time, CPU, events, heap, "
                + "flow counts. Wall time, CPU and heap depend on the machine and its load.");
        if (!s.keys().isEmpty()) {
            for (String f : SweepMetrics.cost(s)) {
                if (!SweepCharts.constant(s, f)) {
                    p.figure(h, SweepCharts.against(s, s.keys().get(0), f), "");
                }
            }
        }
        List<String> other = SweepMetrics.other(s);
        if (!other.isEmpty()) {
            h.el("p", "note", "Other figures in sweep.csv (chart any with --metric): " + String.join(", ", other)
                    + ".");
        }
        h.el("p", "note", "Charted " + Fmt.num(p.index().entries().size()) + " figures; charts/index.json lists "
                + "each chart's file, title and the metric keys of its axes.");
    }
}
