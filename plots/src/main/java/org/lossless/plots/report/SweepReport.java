package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.plots.charts.Fmt;
import org.lossless.plots.charts.Quantity;
import org.lossless.plots.charts.SweepCharts;
import org.lossless.plots.charts.TopologyDrawing;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.SweepSet;

/**
 * The report of a sweep: per point the mean and 95 % interval of the main figures, each figure against the
 * varied key (one line per value of the others), heat maps over two keys, and the first point's scenario. A
 * comparison of two sweeps puts baseline and candidate per point side by side and calls a difference
 * significant when the two intervals do not overlap.
 */
final class SweepReport {
    /** Figures in the tables at most, preferring these names. */
    static final int TABLE_FIGURES = 6;
    private static final List<String> PREFERRED = List.of("fct_slowdown.p99", "fct_slowdown.p50", "fct_slowdown.p95",
            "pfc.pause_frames", "pfc.paused_ps", "drops.packets", "flows.completed", "ecn.marked_packets");

    private SweepReport() {
    }

    static Page build(SweepSet s, ReportOptions o) {
        Page p = new Page("Lossless sweep report: " + s.dir().toAbsolutePath().normalize().getFileName(),
                s.rows().size() + " runs · varied: " + String.join(", ", s.keys()) + " · results in " + s.dir());
        Html t = p.section("points", "Points: mean and 95 % confidence interval over the seeds");
        table(t, s, tableFigures(s));
        Html c = p.section("charts", "Figures against the varied keys");
        SweepCharts.figures(List.of(s), List.of("")).forEach(f -> p.figure(c, f, ""));
        if (s.keys().size() >= 2) {
            Html h = p.section("heat", "Two keys at once");
            SweepCharts.heatMaps(s).forEach(f -> p.figure(h, f, ""));
        }
        firstRun(p, s);
        return p;
    }

    static Page compare(SweepSet cand, SweepSet base) {
        if (!cand.keys().equals(base.keys())) {
            throw new ReportException("--compare: the sweeps vary different keys (" + base.keys() + " and "
                    + cand.keys() + "); compare sweeps over the same keys");
        }
        Page p = new Page("Lossless sweep comparison", "Candidate " + cand.dir() + " · baseline " + base.dir());
        Html t = p.section("points", "Points: baseline against candidate");
        List<String> figs = tableFigures(cand);
        List<Map<String, String>> points = SweepCharts.groups(cand, cand.keys());
        t.open("table").open("tr");
        cand.keys().forEach(k -> t.el("th", null, k));
        t.el("th", null, "figure").el("th", null, "baseline").el("th", null, "candidate").el("th", null, "change")
                .close("tr");
        for (Map<String, String> pt : points) {
            for (String f : figs) {
                Ci95 b = base.ci(f, pt);
                Ci95 c = cand.ci(f, pt);
                t.open("tr");
                pt.values().forEach(v -> t.el("td", null, v));
                String cls = "num" + (b.n() > 1 && c.n() > 1 && c.separatedFrom(b) ? " changed" : "");
                t.el("td", null, f).el("td", "num", show(b, f)).el("td", cls, show(c, f))
                        .el("td", "num", Fmt.change(b.mean(), c.mean())).close("tr");
            }
        }
        t.close("table");
        t.el("p", null, "Highlighted: the two 95 % confidence intervals do not overlap (a difference beyond the "
                + "spread of the seeds).");
        Html c = p.section("charts", "Figures against the varied keys (dashed: baseline)");
        SweepCharts.figures(List.of(base, cand), List.of("baseline", "candidate")).forEach(f -> p.figure(c, f, ""));
        return p;
    }

    static List<String> tableFigures(SweepSet s) {
        List<String> out = new ArrayList<>();
        PREFERRED.stream().filter(s.figures()::contains).forEach(out::add);
        s.figures().stream().filter(f -> !out.contains(f)).forEach(out::add);
        return out.subList(0, Math.min(TABLE_FIGURES, out.size()));
    }

    private static void table(Html h, SweepSet s, List<String> figs) {
        h.open("table").open("tr");
        s.keys().forEach(k -> h.el("th", null, k));
        h.el("th", null, "seeds");
        figs.forEach(f -> h.el("th", null, Quantity.ofFigure(f).label(f)));
        h.close("tr");
        for (Map<String, String> pt : SweepCharts.groups(s, s.keys())) {
            h.open("tr");
            pt.values().forEach(v -> h.el("td", null, v));
            h.el("td", "num", Integer.toString(s.ci(figs.isEmpty() ? "seed" : figs.get(0), new LinkedHashMap<>(pt))
                    .n()));
            for (String f : figs) {
                h.el("td", "num", show(s.ci(f, pt), f));
            }
            h.close("tr");
        }
        h.close("table");
        if (s.figures().size() > figs.size()) {
            h.el("p", null, "Other figures in sweep.csv: " + String.join(", ", s.figures().subList(0,
                    s.figures().size()).stream().filter(f -> !figs.contains(f)).toList()) + ".");
        }
    }

    private static String show(Ci95 c, String figure) {
        Quantity q = Quantity.ofFigure(figure);
        if (c.n() == 0) {
            return "–";
        }
        return Fmt.num(c.mean() / q.scale()) + (Double.isNaN(c.halfWidth()) ? "" : " ± " + Fmt.num(c.halfWidth()
                / q.scale()));
    }

    private static void firstRun(Page p, SweepSet s) {
        var first = s.firstRun();
        if (first.isEmpty()) {
            return;
        }
        ResultSet rs = ResultSet.open(first.get());
        Html h = p.section("scenario", "Scenario of the first point");
        h.el("p", null, "From " + first.get() + "; the other points differ in the varied keys only.");
        p.figure(h, TopologyDrawing.build(rs), "");
        RunReport.settings(h, ScenarioBrief.of(rs));
        RunReport.resolved(p.section("resolved", "Resolved scenario of the first point"), rs);
    }
}
