package org.lossless.plots.report;

import java.util.List;

import org.lossless.plots.charts.FctCharts;
import org.lossless.plots.charts.Figure;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.charts.JobCharts;
import org.lossless.plots.charts.PauseGantt;
import org.lossless.plots.charts.PauseTree;
import org.lossless.plots.charts.QueueChart;
import org.lossless.plots.charts.RateChart;
import org.lossless.plots.charts.TopologyDrawing;
import org.lossless.plots.charts.UtilisationCharts;
import org.lossless.plots.data.ResultSet;

/** The report of one run: warnings, key figures, the scenario in brief, the charts, the resolved scenario. */
final class RunReport {
    /** The resolved scenario is shown up to this many characters (a scenario listing 100,000 flows is cut). */
    static final int MAX_YAML_CHARS = 400_000;

    private RunReport() {
    }

    /** A count from summary.json with thousands grouped, "?" when missing. */
    private static String count(com.fasterxml.jackson.databind.JsonNode n) {
        return n.isNumber() ? Fmt.num(n.asDouble()) : n.asText("?");
    }

    static Page build(ResultSet rs, ReportOptions o) {
        Page p = new Page("Lossless report: " + rs.name() + " (seed " + rs.seed() + ")", "Results in " + rs.dir()
                + " · simulated " + Fmt.time(rs.simTimePs()) + " · " + count(rs.summary().path("flows").path("completed"))
                + " of " + count(rs.summary().path("flows").path("total")) + " flows finished");
        warnings(p.section("warnings", "Warnings"), ReportWarnings.of(rs));
        keyFigures(p.section("figures", "Key figures"), KeyFigures.of(rs));
        Html brief = p.section("scenario", "Scenario in brief");
        p.figure(brief, TopologyDrawing.build(rs), "");
        settings(brief, ScenarioBrief.of(rs));
        Html q = p.section("queues", "Queues and sender rates");
        p.figure(q, QueueChart.build(rs, o.ports(), o.top()), "");
        p.figure(q, RateChart.build(rs), "");
        Html pfc = p.section("pfc", "PFC pauses");
        p.figure(pfc, PauseGantt.build(rs), "");
        p.figure(pfc, PauseTree.build(rs), "");
        Html fct = p.section("fct", "Flow completion times");
        p.figure(fct, FctCharts.cdf(rs), "");
        FctCharts.buckets(rs).forEach(f -> p.figure(fct, f, ""));
        Html links = p.section("links", "Link utilisation");
        p.figure(links, UtilisationCharts.busiest(rs), "");
        UtilisationCharts.heatMaps(rs).forEach(f -> p.figure(links, f, ""));
        List<Figure> jobs = JobCharts.build(rs);
        Html j = p.section("jobs", "Jobs");
        jobs.forEach(f -> p.figure(j, f, ""));
        org.lossless.plots.charts.TrainingCharts.build(rs).forEach(f -> p.figure(j, f, ""));
        resolved(p.section("resolved", "Resolved scenario"), rs);
        return p;
    }

    static void warnings(Html h, List<Warning> ws) {
        if (ws.isEmpty()) {
            h.el("p", "ok", "No warning: no drop on a lossless priority, no deadlock, no pause storm, every flow "
                    + "finished, and the settings checks (headroom, ECN before PFC) passed.");
            return;
        }
        h.open("ul class=\"warnings\"");
        ws.stream().sorted((a, b) -> Boolean.compare(b.severe(), a.severe())).forEach(w -> h.open(
                "li" + (w.severe() ? " class=\"severe\"" : "")).el("b", null, w.title()).text(": " + w.detail())
                .close("li"));
        h.close("ul");
    }

    /** The key figures, answers first; the simulator's cost last, in small print. */
    static void keyFigures(Html h, List<KeyFigure> figs) {
        h.open("table class=\"figures\"").row(true, "figure", "value");
        for (KeyFigure f : figs) {
            h.open(f.cost() ? "tr class=\"cost\"" : "tr").el("td", null, f.label()).el("td", "num", f.shown())
                    .close("tr");
        }
        h.close("table");
    }

    static void settings(Html h, List<ScenarioBrief.Block> blocks) {
        if (blocks.isEmpty()) {
            h.el("p", "omitted", "No scenario.resolved.yaml in the results: the settings are unknown.");
            return;
        }
        h.open("div class=\"grid\"");
        for (ScenarioBrief.Block b : blocks) {
            h.open("div").el("h3", null, b.title()).open("table");
            for (String[] r : b.rows()) {
                h.row(false, r);
            }
            h.close("table").close("div");
        }
        h.close("div");
    }

    static void resolved(Html h, ResultSet rs) {
        String text = rs.scenarioText();
        if (text.isEmpty()) {
            h.el("p", "omitted", "No scenario.resolved.yaml in the results.");
            return;
        }
        h.el("p", null, "Every default filled in: `lossless run` on this text reproduces the run (" + rs.file(
                ResultSet.RESOLVED) + ").");
        boolean cut = text.length() > MAX_YAML_CHARS;
        h.el("pre", "yaml", cut ? text.substring(0, MAX_YAML_CHARS) + "\n# ... cut here: " + text.length()
                + " characters in all, see the file" : text);
    }
}
