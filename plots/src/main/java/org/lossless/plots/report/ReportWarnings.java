package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.experiments.lint.CbfcLint;
import org.lossless.experiments.lint.EcnPfcLint;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.HeadroomLint;
import org.lossless.experiments.lint.HeadroomPoolLint;
import org.lossless.experiments.lint.Lints;
import org.lossless.experiments.lint.QosMapLint;
import org.lossless.experiments.lint.SprayLint;
import org.lossless.experiments.lint.SwiftLint;
import org.lossless.plots.data.FabricData;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.data.FlowRow;
import org.lossless.plots.data.PortRow;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.StormRow;

/**
 * What a reviewer must not miss, from the result files alone: drops on a lossless priority (which priorities are
 * lossless: fabric.json), a PFC deadlock, unfinished flows and a run cut by its stop time, PFC watchdog storms and
 * what the watchdog did, ports paused most of the run, pauses without ECN marks, and every finding of the scenario
 * lints as the run wrote them to warnings.json (headroom below the need, PFC pausing before ECN can mark, Ultra
 * Ethernet settings without effect, QoS mappings, import remarks). A result without warnings.json says so.
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
        boolean ecnOn = rs.fabric().map(FabricData::ecn).orElse(true);
        if (pauses.asLong(0) > 0 && marks.isNumber() && marks.asLong() == 0 && ecnOn) {
            out.add(new Warning(false, "PFC paused, ECN never marked", pauses.asLong() + " pause frames and no ECN "
                    + "mark: congestion was handled by PFC alone (check switch.ecn.kmin against the PFC thresholds)"));
        }
        if (rs.findings().isPresent()) {
            rs.findings().get().forEach(f -> out.add(new Warning(false, title(f), plain(detail(f)))));
        } else {
            out.add(new Warning(false, NO_FINDINGS, "this result directory has no " + ResultSet.WARNINGS + " (written by "
                    + "runs of later versions): the scenario's settings checks (headroom, PFC before ECN, QoS mapping, "
                    + "Ultra Ethernet) are not shown; run it again to get them"));
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
        boolean hitStop = stoppedBy.equals("stop_time") || (stoppedBy.isEmpty() && rs.fabric()
                .map(f -> rs.simTimePs() >= f.stopTimePs()).orElse(false));
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
        Set<Integer> lossless = rs.fabric().map(FabricData::losslessPriorities).orElse(null);
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
                + (lossless == null ? " (the result has no " + ResultSet.FABRIC + ", so which priorities are lossless is "
                + "unknown)"
                : "; a lossless fabric must not drop: check headroom and the buffer")));
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

    /** The title of a result without warnings.json. */
    static final String NO_FINDINGS = "warnings not available";

    /** A finding's heading, by its check. */
    static String title(Finding f) {
        String c = f.code();
        if (c.equals(HeadroomLint.CODE)) {
            return "PFC headroom below the need";
        } else if (c.equals(HeadroomPoolLint.CODE)) {
            return "shared headroom pool below the need";
        } else if (c.equals(EcnPfcLint.CODE)) {
            return "PFC before ECN";
        } else if (c.startsWith("qos-")) {
            return "QoS mapping";
        } else if (c.equals(Lints.TOPOLOGY) || c.equals(Lints.WORKLOAD)) {
            return "import";
        } else if (c.equals(SprayLint.CODE)) {
            return "packet spraying under go-back-N";
        } else if (c.equals(SwiftLint.CODE)) {
            return "Swift target below the base RTT";
        } else if (c.equals(CbfcLint.CODE)) {
            return "CBFC credits below line rate";
        }
        return "Ultra Ethernet setting without effect";
    }

    /** The finding's message; the QoS prefix is the heading already. */
    private static String detail(Finding f) {
        return f.message().startsWith(QosMapLint.PREFIX) ? f.message().substring(QosMapLint.PREFIX.length())
                : f.message();
    }

    /** A lint's text without pointers to design documents the user does not have. */
    static String plain(String w) {
        return w.replaceAll("\\s*\\(reference [A-Z]-\\d+\\)", "");
    }
}
