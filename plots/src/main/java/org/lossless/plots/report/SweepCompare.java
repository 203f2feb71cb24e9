package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.lossless.plots.charts.FigureUnit;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.charts.SweepCharts;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * Two sweeps over the same keys, per point and study figure: baseline and candidate mean ± 95 % half-width and
 * the change, highlighted when the two intervals do not overlap; then each figure against the first key with
 * both sweeps overlaid (baseline dashed), and the simulator's cost in an appendix. Truncated points are marked
 * as in a sweep report.
 */
final class SweepCompare {
    /** Figures in the table at most. */
    static final int TABLE_FIGURES = 6;

    private SweepCompare() {
    }

    static Page build(SweepSet cand, SweepSet base, ReportOptions o) {
        if (!cand.keys().equals(base.keys())) {
            throw new ReportException("--compare: the sweeps vary different keys (" + base.keys() + " and "
                    + cand.keys() + "); compare sweeps over the same keys");
        }
        Page p = new Page("Lossless sweep comparison", "Candidate " + cand.dir() + " · baseline " + base.dir());
        List<String> figs = MetricChoice.chosen(cand, o.metrics()).stream().filter(base.figures()::contains).toList();
        Html t = p.section("points", "Points: baseline against candidate");
        table(t, cand, base, figs.subList(0, Math.min(TABLE_FIGURES, figs.size())));
        if (!cand.keys().isEmpty()) {
            String key = cand.keys().get(0);
            Html c = p.section("charts", "Figures against " + key + " (dashed: baseline)");
            for (String f : figs) {
                if (!SweepCharts.constant(cand, f) || !SweepCharts.constant(base, f)) {
                    p.figure(c, SweepCharts.against(List.of(base, cand), List.of("baseline", "candidate"), key, f), "");
                }
            }
            Html a = p.section("appendix", "Appendix: the simulator's cost");
            for (String f : SweepMetrics.cost(cand)) {
                if (base.figures().contains(f) && !SweepCharts.constant(cand, f)) {
                    p.figure(a, SweepCharts.against(List.of(base, cand), List.of("baseline", "candidate"), key, f), "");
                }
            }
        }
        return p;
    }

    private static void table(Html t, SweepSet cand, SweepSet base, List<String> figs) {
        t.open("table").open("tr");
        cand.keys().forEach(k -> t.el("th", null, k));
        t.el("th", null, "figure").el("th", null, "baseline").el("th", null, "candidate").el("th", null, "change")
                .close("tr");
        boolean anyCut = false;
        for (Map<String, String> pt : cand.points()) {
            for (String f : figs) {
                Ci95 b = base.ci(f, pt);
                Ci95 c = cand.ci(f, pt);
                boolean cutB = base.truncatedAt(pt);
                boolean cutC = cand.truncatedAt(pt);
                anyCut |= cutB || cutC;
                FigureUnit u = FigureUnit.of(f, Math.max(Math.abs(b.mean()), Math.abs(c.mean())));
                t.open("tr");
                pt.values().forEach(v -> t.el("td", null, v));
                String cls = "num" + (b.n() > 1 && c.n() > 1 && c.separatedFrom(b) ? " changed" : "");
                t.el("td", null, SweepMetrics.label(f)).el("td", "num", show(b, u, cutB))
                        .el("td", cls, show(c, u, cutC)).el("td", "num", Fmt.change(b.mean(), c.mean())).close("tr");
            }
        }
        t.close("table");
        t.el("p", null, "Highlighted: the two 95 % confidence intervals do not overlap (a difference beyond the "
                + "spread of the seeds)." + (anyCut ? " ○: a run of the point stopped at stop_time with unfinished "
                + "work (its figures are censored)." : ""));
    }

    private static String show(Ci95 c, FigureUnit u, boolean cut) {
        return c.n() == 0 ? "–" : u.format(c.mean(), c.halfWidth()) + (cut ? " ○" : "");
    }
}
