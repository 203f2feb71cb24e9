package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.experiments.run.EcnPfcLint;
import org.lossless.experiments.run.HeadroomLint;
import org.lossless.experiments.run.HeadroomPoolLint;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.data.FlowRow;
import org.lossless.plots.data.PortRow;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.StormRow;

/**
 * What a reviewer must not miss, from the result files and the resolved scenario: drops on a lossless
 * priority, a PFC deadlock, unfinished flows and a run cut by its stop time, PFC watchdog storms and what the
 * watchdog did, ports paused most of the run, pauses without ECN marks, and the scenario lints (headroom below
 * the need, PFC pausing before ECN can mark).
 */
final class ReportWarnings {
    /** A port paused longer than this share of the run is reported. */
    static final double LONG_PAUSE_SHARE = 0.5;

    private ReportWarnings() {
    }

    static List<Warning> of(ResultSet rs) {
        List<Warning> out = new ArrayList<>();
        JsonNode s = rs.summary();
        deadlock(out, s);
        truncation(out, rs);
        drops(out, rs);
        storms(out, rs);
        longPauses(out, rs);
        JsonNode pauses = s.path("pfc").path("pause_frames");
        JsonNode marks = s.path("ecn").path("marked_packets");
        boolean ecnOn = rs.scenario().map(sc -> sc.switchSettings().ecn() == null
                || !Boolean.FALSE.equals(sc.switchSettings().ecn().enabled())).orElse(true);
        if (pauses.asLong(0) > 0 && marks.isNumber() && marks.asLong() == 0 && ecnOn) {
            out.add(new Warning(false, "PFC paused, ECN never marked", pauses.asLong() + " pause frames and no ECN "
                    + "mark: congestion was handled by PFC alone (check switch.ecn.kmin against the PFC thresholds)"));
        }
        rs.scenario().ifPresent(sc -> lints(out, sc));
        if (rs.scenarioProblem() != null) {
            out.add(new Warning(false, "scenario not reloaded", rs.scenarioProblem()
                    + "; the settings checks and reference lines that need it are left out"));
        }
        return out;
    }

    private static void deadlock(List<Warning> out, JsonNode s) {
        if (s.path("pfc").path("deadlock").asBoolean(false)) {
            List<String> cycle = new ArrayList<>();
            s.path("pfc").path("deadlock_cycle").forEach(n -> cycle.add(n.asText()));
            out.add(new Warning(true, "PFC deadlock", "a cycle of paused, non-empty queues stopped moving"
                    + (cycle.isEmpty() ? "" : ": " + String.join(" → ", cycle))
                    + "; flows on it never finish"));
        }
    }

    private static void truncation(List<Warning> out, ResultSet rs) {
        JsonNode s = rs.summary();
        long total = s.path("flows").path("total").asLong(rs.flows().size());
        long done = s.path("flows").path("completed").asLong(rs.flows().stream().filter(FlowRow::finished).count());
        String stoppedBy = s.path("stopped_by").asText("");
        boolean hitStop = stoppedBy.equals("stop_time") || (stoppedBy.isEmpty() && rs.scenario()
                .map(sc -> rs.simTimePs() >= sc.stopTimePs()).orElse(false));
        if (done < total) {
            out.add(new Warning(true, "unfinished flows", (total - done) + " of " + total + " flows did not finish"
                    + (hitStop ? " before the stop time (" + Fmt.time(rs.simTimePs()) + "): the run was cut short and "
                    + "its FCT figures cover finished flows only (they are biased low)" : "")
                    + (s.has("fct_slowdown_censored") ? "; censored slowdown figures are in summary.json" : "")));
        } else if (hitStop) {
            out.add(new Warning(true, "run truncated", "the run reached its stop time ("
                    + Fmt.time(rs.simTimePs()) + ") with work left"));
        }
    }

    private static void drops(List<Warning> out, ResultSet rs) {
        Set<Integer> lossless = rs.scenario().map(ReportWarnings::losslessPriorities).orElse(null);
        long wdDrops = rs.summary().path("pfc_watchdog").path("dropped_packets").asLong(0);
        Map<Integer, Long> byPrio = new LinkedHashMap<>();
        Set<String> where = new TreeSet<>();
        for (PortRow p : rs.ports()) {
            if (p.drops() > 0 && (lossless == null || lossless.contains(p.priority()))) {
                byPrio.merge(p.priority(), p.drops(), Long::sum);
                where.add(p.portName());
            }
        }
        if (byPrio.isEmpty()) {
            return;
        }
        long n = byPrio.values().stream().mapToLong(Long::longValue).sum();
        List<String> w = new ArrayList<>(where);
        out.add(new Warning(true, lossless == null ? "packet drops" : "drops on a lossless priority",
                n + " packets dropped on priority " + byPrio.keySet() + " at " + String.join(", ", w.subList(0,
                Math.min(8, w.size()))) + (w.size() > 8 ? " and " + (w.size() - 8) + " more ports" : "")
                + (wdDrops > 0 ? "; " + wdDrops + " of them by the PFC watchdog's drop action" : "")
                + (lossless == null ? " (the scenario did not reload, so which priorities are lossless is unknown)"
                : "; a lossless fabric must not drop: check headroom and the buffer")));
    }

    static Set<Integer> losslessPriorities(Scenario sc) {
        var pfc = sc.switchSettings().pfc();
        if (pfc == null || Boolean.FALSE.equals(pfc.enabled())) {
            return Set.of();
        }
        return new TreeSet<>(pfc.resolved(sc.switchSettings().hpcc2019(), null).priorities());
    }

    private static void storms(List<Warning> out, ResultSet rs) {
        JsonNode wd = rs.summary().path("pfc_watchdog");
        List<StormRow> storms = rs.storms();
        if (storms.isEmpty() && wd.path("storms").asLong(0) == 0) {
            return;
        }
        Set<String> ports = new TreeSet<>();
        storms.forEach(st -> ports.add(st.node() + ":" + st.port() + "/" + st.priority()));
        List<String> p = new ArrayList<>(ports);
        String action = wd.path("action").asText(storms.isEmpty() ? "?" : storms.get(0).action());
        long dropped = wd.path("dropped_packets").asLong(storms.stream().mapToLong(StormRow::droppedPackets).sum());
        out.add(new Warning(true, "PFC pause storm", Math.max(storms.size(), wd.path("storms").asLong(0))
                + " storm episode(s) detected by the PFC watchdog (action: " + action + ") on "
                + String.join(", ", p.subList(0, Math.min(8, p.size()))) + (p.size() > 8 ? " and more" : "")
                + "; the watchdog dropped " + dropped + " packets"
                + (wd.path("stormed_at_end").asLong(0) > 0 ? "; " + wd.path("stormed_at_end").asLong()
                + " still stormed at the end" : "")));
    }

    private static void longPauses(List<Warning> out, ResultSet rs) {
        long t = rs.simTimePs();
        if (t <= 0) {
            return;
        }
        List<String> ports = new ArrayList<>();
        for (PortRow p : rs.ports()) {
            if (p.pausedPs() > LONG_PAUSE_SHARE * t) {
                ports.add(p.portName() + "/" + p.priority() + " (" + Fmt.num(100.0 * p.pausedPs() / t) + " %)");
            }
        }
        if (!ports.isEmpty()) {
            out.add(new Warning(false, "ports paused most of the run", ports.size() + " transmitters paused more than "
                    + (int) (LONG_PAUSE_SHARE * 100) + " % of the run: " + String.join(", ",
                    ports.subList(0, Math.min(8, ports.size()))) + (ports.size() > 8 ? " and more" : "")));
        }
    }

    private static void lints(List<Warning> out, Scenario sc) {
        for (String w : HeadroomLint.of(sc)) {
            out.add(new Warning(false, "PFC headroom below the need", plain(w)));
        }
        for (String w : HeadroomPoolLint.of(sc)) {
            out.add(new Warning(false, "shared headroom pool below the need", plain(w)));
        }
        for (String w : EcnPfcLint.of(sc)) {
            out.add(new Warning(false, "PFC before ECN", plain(w)));
        }
        for (String w : org.lossless.experiments.run.UetLint.of(sc)) {
            out.add(new Warning(false, "Ultra Ethernet setting without effect", w));
        }
    }

    /** A lint's text without pointers to design documents the user does not have. */
    static String plain(String w) {
        return w.replaceAll("\\s*\\(reference [A-Z]-\\d+\\)", "");
    }
}
