package org.lossless.plots.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.jfree.chart.plot.XYPlot;
import org.lossless.plots.charts.FctCharts;
import org.lossless.plots.charts.Figure;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.charts.JobCharts;
import org.lossless.plots.charts.PauseGantt;
import org.lossless.plots.charts.QueueChart;
import org.lossless.plots.charts.RateChart;
import org.lossless.plots.charts.TopologyDrawing;
import org.lossless.plots.charts.UtilisationCharts;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.SweepSet;

/**
 * A candidate (DIR) against a baseline ({@code --compare B}), side by side: warnings of each, key figures
 * with the change, answers first (each job against its ideal, each workload's slowdown over its data messages;
 * a change of more than {@link #THRESHOLD} is highlighted green or red when the figure has a better direction,
 * yellow otherwise; the simulator's cost is never highlighted), the settings that differ, the FCT CDFs overlaid, and the other charts
 * in pairs on the same scales. Two sweeps are compared per point with 95 % intervals ({@link SweepReport}).
 */
final class CompareReport {
    /** Relative change highlighted in the key-figures table. */
    static final double THRESHOLD = 0.05;
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private CompareReport() {
    }

    static Page build(Path candidate, Path baseline, ReportOptions o) {
        boolean runA = ResultSet.isRun(candidate);
        boolean runB = ResultSet.isRun(baseline);
        if (runA != runB) {
            throw new ReportException("--compare: " + candidate + " is a " + (runA ? "run" : "sweep") + " and "
                    + baseline + " a " + (runB ? "run" : "sweep") + "; compare a run with a run or a sweep with a sweep");
        }
        if (!runA) {
            return SweepCompare.build(SweepSet.open(candidate), SweepSet.open(baseline), o);
        }
        ResultSet a = ResultSet.open(candidate);
        ResultSet b = ResultSet.open(baseline);
        Page p = new Page("Lossless comparison: " + a.name() + " against " + b.name(), "Candidate " + candidate
                + " · baseline " + baseline).compactContents();
        Html w = p.section("warnings", "Warnings");
        w.open("div class=\"pair\"");
        w.open("div").el("h3", null, "Baseline: " + b.name());
        RunReport.warnings(w, ReportWarnings.of(b));
        w.close("div").open("div").el("h3", null, "Candidate: " + a.name());
        RunReport.warnings(w, ReportWarnings.of(a));
        w.close("div").close("div");
        figures(p.section("figures", "Key figures"), KeyFigures.of(b), KeyFigures.of(a));
        settings(p.section("settings", "Settings that differ"), b, a);
        Html fct = p.section("fct", "Flow completion times");
        p.figure(fct, FctCharts.cdf(List.of(b, a), List.of("baseline", "candidate")), "");
        List<String> ports = o.ports().isEmpty() ? portsOf(QueueChart.select(a, List.of(), o.top())) : o.ports();
        pair(p, "queues", "Queues (the candidate's busiest, in both runs)", QueueChart.build(b, ports, o.top()),
                QueueChart.build(a, ports, o.top()));
        pair(p, "rates", "Sender rates", RateChart.build(b), RateChart.build(a));
        pair(p, "pfc", "PFC pauses", PauseGantt.build(b), PauseGantt.build(a));
        pair(p, "links", "Busiest links", UtilisationCharts.busiest(b), UtilisationCharts.busiest(a));
        pair(p, "topology", "Topology and link utilisation", TopologyDrawing.build(b), TopologyDrawing.build(a));
        pair(p, "jobs", "Jobs", JobCharts.build(b).get(0), JobCharts.build(a).get(0));
        Html r = p.section("resolved", "Resolved scenarios");
        r.el("h3", null, "Candidate: " + a.name());
        RunReport.resolved(r, a);
        r.el("h3", null, "Baseline: " + b.name());
        RunReport.resolved(r, b);
        return p;
    }

    private static List<String> portsOf(List<String> queueKeys) {
        List<String> out = new ArrayList<>();
        for (String k : queueKeys) {
            String port = k.substring(0, k.lastIndexOf('/')); // node:port/priority; a node name may hold '/'

            if (!out.contains(port)) {
                out.add(port);
            }
        }
        return out;
    }

    /** Two charts side by side; XY charts get the same axis ranges so they can be compared by eye. */
    private static void pair(Page p, String id, String heading, Figure base, Figure cand) {
        if (base.present() && cand.present() && base.chart().getPlot() instanceof XYPlot x
                && cand.chart().getPlot() instanceof XYPlot y && x.getDomainAxis() instanceof org.jfree.chart.axis.NumberAxis
                && !(x.getRangeAxis() instanceof org.jfree.chart.axis.SymbolAxis)) {
            double hi = Math.max(x.getRangeAxis().getUpperBound(), y.getRangeAxis().getUpperBound());
            double lo = Math.min(x.getRangeAxis().getLowerBound(), y.getRangeAxis().getLowerBound());
            x.getRangeAxis().setRange(lo, hi);
            y.getRangeAxis().setRange(lo, hi);
            double dhi = Math.max(x.getDomainAxis().getUpperBound(), y.getDomainAxis().getUpperBound());
            x.getDomainAxis().setRange(0, dhi);
            y.getDomainAxis().setRange(0, dhi);
        }
        Html h = p.section(id, heading);
        h.open("div class=\"pair\"");
        h.open("div").el("h3", null, "Baseline");
        p.figure(h, base, "base-");
        h.close("div").open("div").el("h3", null, "Candidate");
        p.figure(h, cand, "cand-");
        h.close("div").close("div");
    }

    /** Key figures of both runs with the change; matched by label. */
    static void figures(Html h, List<KeyFigure> base, List<KeyFigure> cand) {
        Map<String, KeyFigure> b = new LinkedHashMap<>();
        base.forEach(f -> b.put(f.label(), f));
        Map<String, KeyFigure> c = new LinkedHashMap<>();
        cand.forEach(f -> c.put(f.label(), f));
        // the baseline's order; a figure only the candidate has goes after the candidate's figure before it (a
        // workload only the candidate runs sits with the other workloads, not after the simulator's cost)
        List<String> labels = new ArrayList<>(b.keySet());
        String before = null;
        for (String l : c.keySet()) {
            if (!b.containsKey(l)) {
                labels.add(before == null ? 0 : labels.indexOf(before) + 1, l);
            }
            before = l;
        }
        h.open("table class=\"figures\"").row(true, "figure", "baseline", "candidate", "change");
        for (String l : labels) {
            KeyFigure x = b.get(l);
            KeyFigure y = c.get(l);
            String cls = "num";
            double bv = x == null ? Double.NaN : x.value();
            double cv = y == null ? Double.NaN : y.value();
            boolean cost = (x != null && x.cost()) || (y != null && y.cost());
            if (!Double.isNaN(bv) && !Double.isNaN(cv) && !cost) {
                double rel = bv == 0 ? (cv == 0 ? 0 : 1) : Math.abs(cv - bv) / Math.abs(bv);
                if (rel > THRESHOLD) {
                    int better = y.better();
                    cls += better == 0 ? " changed" : ((cv - bv) * better > 0 ? " better" : " worse");
                }
            } else if (x != null && y != null && !cost && !x.shown().equals(y.shown())) {
                cls += " changed";
            }
            h.open(cost ? "tr class=\"cost\"" : "tr").el("td", null, l).el("td", "num", x == null ? "–" : x.shown())
                    .el("td", cls, y == null ? "–" : y.shown()).el("td", "num", Fmt.change(bv, cv)).close("tr");
        }
        h.close("table");
        h.el("p", null, "Highlighted: a change of more than " + (int) (THRESHOLD * 100) + " % (green better, red worse,"
                + " yellow neither). One seed each: a difference this size may be seed luck; sweep with "
                + "--replications for confidence intervals.");
    }

    /** The resolved settings that differ, flattened to dotted keys. */
    static void settings(Html h, ResultSet b, ResultSet a) {
        Map<String, String> x = flat(b.scenarioText());
        Map<String, String> y = flat(a.scenarioText());
        List<String[]> differ = SettingsDiff.rows(x, y);
        if (differ.isEmpty()) {
            h.el("p", null, "The resolved scenarios are identical (the runs differ by seed or version only).");
            return;
        }
        h.open("table").row(true, "key", "baseline", "candidate");
        differ.forEach(d -> h.open("tr").el("td", null, d[0]).el("td", null, d[1]).el("td", "changed", d[2])
                .close("tr"));
        h.close("table");
    }

    private static Map<String, String> flat(String yaml) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            JsonNode n = YAML.readTree(yaml);
            if (n != null) {
                walk(n, "", out);
            }
        } catch (Exception e) {
            out.put("(scenario)", "unreadable");
        }
        return out;
    }

    private static void walk(JsonNode n, String prefix, Map<String, String> out) {
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> walk(e.getValue(), prefix.isEmpty() ? e.getKey()
                    : prefix + "." + e.getKey(), out));
        } else if (n.isArray() && n.size() > 0 && n.get(0).isContainerNode() && n.size() <= 50) {
            for (int i = 0; i < n.size(); i++) {
                walk(n.get(i), prefix + "[" + i + "]", out);
            }
        } else {
            out.put(prefix, ScenarioBrief.scalar(n));
        }
    }
}
