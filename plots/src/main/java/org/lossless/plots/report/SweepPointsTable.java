package org.lossless.plots.report;

import java.util.List;
import java.util.Map;

import org.lossless.plots.charts.FigureUnit;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * The table of a sweep's points: the varied keys, the seeds, and per figure the mean ± 95 % half-width over
 * the seeds in a unit chosen per column ({@link FigureUnit}). The best point is starred; a point with a run
 * stopped at stop_time with unfinished work is marked ○ and its cells shaded, its slowdowns shown as the lower
 * bounds they are ({@code ≥}).
 */
final class SweepPointsTable {
    /** Figure columns at most. */
    static final int MAX_COLUMNS = 8;

    private SweepPointsTable() {
    }

    static void write(Html h, SweepSet s, List<String> figures, BestPoint best) {
        List<String> figs = figures.subList(0, Math.min(MAX_COLUMNS, figures.size()));
        FigureUnit[] units = new FigureUnit[figs.size()];
        for (int i = 0; i < figs.size(); i++) {
            double largest = 0;
            for (Map<String, String> p : s.points()) {
                double m = s.ci(figs.get(i), p).mean();
                largest = Double.isNaN(m) ? largest : Math.max(largest, Math.abs(m));
            }
            units[i] = FigureUnit.of(figs.get(i), largest);
        }
        h.open("div class=\"scroll\"").open("table class=\"points\"").open("tr").el("th", null, "");
        s.keys().forEach(k -> h.el("th", null, k));
        h.el("th", null, "seeds");
        for (int i = 0; i < figs.size(); i++) {
            h.open("th").text(units[i].label(SweepMetrics.label(figs.get(i)))).raw("<br><code>").text(figs.get(i))
                    .raw("</code>").close("th");
        }
        h.close("tr");
        boolean anyCut = false;
        for (Map<String, String> pt : s.points()) {
            List<Map<String, String>> runs = s.runs(pt);
            long cut = runs.stream().filter(SweepSet::truncated).count();
            boolean isBest = best != null && pt.equals(best.point());
            anyCut |= cut > 0;
            h.open("tr" + (isBest ? " class=\"best\"" : cut > 0 ? " class=\"cut\"" : ""));
            h.el("td", "mark", isBest ? "★ best" : cut > 0 ? "○ " + cut + " of " + runs.size() + " cut" : "");
            pt.values().forEach(v -> h.el("td", null, v));
            h.el("td", "num", Integer.toString(runs.size()));
            for (int i = 0; i < figs.size(); i++) {
                Ci95 c = s.ci(figs.get(i), pt);
                String lower = cut > 0 && SweepSet.censoredOf(figs.get(i)) != null ? "≥ " : "";
                h.el("td", "num", c.n() == 0 ? "–" : lower + units[i].format(c.mean(), c.halfWidth()));
            }
            h.close("tr");
        }
        h.close("table").close("div");
        h.el("p", "note", "Mean ± half-width of the 95 % confidence interval over the seeds (Student t; the mean "
                + "alone with one seed)." + (anyCut ? " ○: runs stopped at stop_time with unfinished work: their "
                + "figures cover the finished work only; slowdowns there (≥) count the unfinished flows at their "
                + "slowdown so far, a lower bound. Raise stop_time to get the answer." : ""));
        List<String> rest = figures.subList(figs.size(), figures.size());
        if (!rest.isEmpty()) {
            h.el("p", "note", "Charted below, not in this table: " + String.join(", ", rest) + ".");
        }
    }
}
