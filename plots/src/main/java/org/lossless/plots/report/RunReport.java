package org.lossless.plots.report;

import java.util.List;

import org.lossless.plots.charts.FctCharts;
import org.lossless.plots.charts.Figure;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.charts.HighWaterChart;
import org.lossless.plots.charts.JobCharts;
import org.lossless.plots.charts.TrainingCharts;
import org.lossless.plots.charts.PauseGantt;
import org.lossless.plots.charts.PauseTree;
import org.lossless.plots.charts.QueueCdfChart;
import org.lossless.plots.charts.QueueChart;
import org.lossless.plots.charts.RateChart;
import org.lossless.plots.charts.TopologyDrawing;
import org.lossless.plots.charts.UtilisationCharts;
import org.lossless.plots.data.ResultSet;

/**
 * The report of one run, the answer first: the verdict ({@link Verdict}: is it OK, each job against its ideal, each
 * workload's slowdown, the fabric's drops and pauses), then the charts that explain it (jobs, flow completion, PFC
 * pauses and their chains, queues, sender rates, links), the less central ones folded ({@code <details>}, open by a
 * click, no script), then the scenario in brief (what is in use and what differs from the defaults), and an
 * appendix with the simulator's cost and the resolved scenario, folded.
 */
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
                + " of " + count(rs.summary().path("flows").path("total")) + " flows finished")
                .compactContents().mainClass("run");
        Verdict.write(p.section("verdict", "Verdict"), rs, ReportWarnings.of(rs));
        List<Figure> jobs = JobCharts.build(rs);
        List<Figure> training = TrainingCharts.build(rs);
        if (jobs.stream().anyMatch(Figure::present) || !training.isEmpty()) {
            Html j = p.section("jobs", "Jobs");
            if (jobs.stream().anyMatch(Figure::present)) {
                p.figure(j, jobs.get(0), "");
                more(p, j, jobs.subList(1, jobs.size()), "busbw against the ideal");
            }
            // training iterations: where the time went, and the first iteration's timeline
            training.forEach(f -> p.figure(j, f, ""));
        }
        Html fct = p.section("fct", "Flow completion");
        p.figure(fct, FctCharts.cdf(rs), "");
        more(p, fct, FctCharts.buckets(rs), "slowdown per flow size, per workload");
        Html pfc = p.section("pfc", "PFC pauses");
        p.figure(pfc, PauseGantt.build(rs), "");
        com.fasterxml.jackson.databind.JsonNode propagated = rs.summary().path("pfc").path("propagation")
                .path("propagated_pauses");
        if (propagated.isNumber() && propagated.asLong() == 0) {
            // no pause went upstream: every chain is its root alone, so the chart only repeats the pause chart's ports
            more(p, pfc, List.of(PauseTree.build(rs)), "pause chains (no pause propagated: every chain is its root)");
        } else {
            p.figure(pfc, PauseTree.build(rs), "");
        }
        Html q = p.section("queues", "Queues");
        p.figure(q, QueueChart.build(rs, o.ports(), o.top()), "");
        p.figure(q, HighWaterChart.build(rs), "");
        p.figure(q, QueueCdfChart.build(rs, o.ports(), o.top()), "");
        Html rates = p.section("rates", "Sender rates");
        p.figure(rates, RateChart.build(rs), "");
        Html links = p.section("links", "Links");
        p.figure(links, UtilisationCharts.busiest(rs), "");
        List<Figure> more = new java.util.ArrayList<>(UtilisationCharts.heatMaps(rs));
        more.add(0, TopologyDrawing.build(rs));
        more(p, links, more, "the topology coloured by utilisation, utilisation over time per tier");
        brief(p.section("scenario", "Scenario in brief"), ScenarioBrief.brief(rs));
        Html app = p.section("appendix", "Appendix");
        cost(app, KeyFigures.of(rs));
        resolved(app, rs);
        return p;
    }

    /** Charts folded under one summary line ("N more charts: what"); nothing when none is drawn. */
    static void more(Page p, Html h, List<Figure> figs, String what) {
        long drawn = figs.stream().filter(Figure::present).count();
        if (drawn == 0) {
            figs.forEach(f -> p.figure(h, f, ""));
            return;
        }
        h.open("details class=\"more\"").el("summary", null, drawn + (drawn == 1 ? " more chart: " : " more charts: ")
                + what);
        figs.forEach(f -> p.figure(h, f, ""));
        h.close("details");
    }

    /** The warnings, most severe first; the green all-clear line when {@code allClear} and there is none. */
    static void warnings(Html h, List<Warning> ws, boolean allClear) {
        if (ws.isEmpty()) {
            if (allClear) {
                h.el("p", "ok", "No warning: no drop on a lossless priority, no deadlock, no pause storm, every flow "
                        + "finished, and the settings checks (headroom, ECN before PFC) passed.");
            }
            return;
        }
        h.open("ul class=\"warnings\"");
        ws.stream().sorted((a, b) -> Boolean.compare(b.severe(), a.severe())).forEach(w -> h.open(
                "li" + (w.severe() ? " class=\"severe\"" : "")).el("b", null, w.title()).text(": " + w.detail())
                .close("li"));
        h.close("ul");
    }

    static void warnings(Html h, List<Warning> ws) {
        warnings(h, ws, true);
    }

    /** The simulator's own cost, in small print. */
    static void cost(Html h, List<KeyFigure> figs) {
        List<KeyFigure> cost = figs.stream().filter(KeyFigure::cost).toList();
        if (cost.isEmpty()) {
            return;
        }
        h.el("h3", null, "The simulator's cost");
        h.open("table class=\"figures cost\"");
        for (KeyFigure f : cost) {
            h.open("tr class=\"cost\"").el("td", null, f.label()).el("td", "num", f.shown()).close("tr");
        }
        h.close("table");
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

    static void brief(Html h, ScenarioBrief.Brief brief) {
        if (brief.blocks().isEmpty()) {
            h.el("p", "omitted", "No scenario.resolved.yaml in the results: the settings are unknown.");
            return;
        }
        h.el("p", "note", brief.defaultsKnown() ? "What is in use, and every setting that differs from Lossless's "
                + "defaults (the default in brackets); the full resolved scenario is in the appendix."
                : "The main settings (the defaults could not be worked out for this scenario); the full resolved "
                + "scenario is in the appendix.");
        settings(h, brief.blocks());
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

    /**
     * The resolved scenario, folded ({@code <details>}): a link to the file when the report sits in the run's
     * directory, and the text (cut at {@link #MAX_YAML_CHARS}).
     */
    static void resolved(Html h, ResultSet rs) {
        String text = rs.scenarioText();
        if (text.isEmpty()) {
            h.el("p", "omitted", "No scenario.resolved.yaml in the results.");
            return;
        }
        long lines = text.lines().count();
        h.open("details class=\"yaml\"").open("summary").text("The resolved scenario: " + Fmt.num(lines)
                + " lines, every default filled in; `lossless run` on it reproduces the run (").raw("<a href=\""
                + Html.esc(rs.file(ResultSet.RESOLVED).toUri().toString()) + "\">").text(ResultSet.RESOLVED)
                .raw("</a>").text(")").close("summary");
        boolean cut = text.length() > MAX_YAML_CHARS;
        h.el("pre", "yaml", cut ? text.substring(0, MAX_YAML_CHARS) + "\n# ... cut here: " + text.length()
                + " characters in all, see the file" : text);
        h.close("details");
    }
}
