package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.data.ResultSet;

/**
 * The key figures of a run, from summary.json, answers first: each job's own figure against its ideal (the same
 * job alone on an uncongested fabric: a collective's duration and busbw, an incast's or checkpoint's duration, a
 * storage job's latency, IOPS and throughput); each workload's FCT slowdown p50 and p99 over its data messages
 * (its control messages apart), then all workloads together; then the fabric: drops on lossless priorities,
 * PFC pauses (root, propagated, the longest chain), CBFC credit stalls, ECN marks and CNPs, UET trims (last hop, in network), trim
 * NACKs and credit stalls and LLR replays when the run has them; then how the run ended; last, in small
 * print, the simulator's own cost. Figures a summary lacks are left out, so older results still show.
 */
final class KeyFigures {
    private KeyFigures() {
    }

    static List<KeyFigure> of(ResultSet rs) {
        List<KeyFigure> out = new ArrayList<>();
        JsonNode s = rs.summary();
        for (JsonNode j : s.path("jobs")) {
            JobFigures.add(out, j);
        }
        JsonNode wl = s.path("workloads");
        for (Iterator<Map.Entry<String, JsonNode>> it = wl.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            slowdowns(out, "workload " + e.getKey() + ": ", e.getValue(), List.of("p50", "p99"));
        }
        // "all workloads: " whenever there are workloads, even one (its figures then repeat the workload's): a
        // comparison of a one-workload run with a two-workload run lines the same figure up on the same row
        slowdowns(out, wl.size() > 0 ? "all workloads: " : "", s, List.of("p50", "p95", "p99", "max"));
        num(out, "all messages, data and control: FCT slowdown p99 (×)", s.path("fct_slowdown_all").path("p99"), -1);

        num(out, "lossless drops (packets)", s.path("drops").path("lossless").path("packets"), -1);
        num(out, "drops (packets)", s.path("drops").path("packets"), -1);
        bytes(out, "drops (bytes)", s.path("drops").path("bytes"), -1);
        JsonNode pfc = s.path("pfc");
        num(out, "PFC pause frames", pfc.path("pause_frames"), -1);
        time(out, "PFC paused time (sum over ports)", pfc.path("paused_ps"), -1);
        // credit-based flow control's counterpart of PFC's paused time, next to it (a sweep over switch.flow_control
        // compares the two on neighbouring rows)
        time(out, "CBFC credit stall time (sum over ports)", s.path("cbfc").path("credit_stall_ps"), -1);
        num(out, "CBFC credit stalls", s.path("cbfc").path("credit_stalls"), -1);
        num(out, "root pauses", pfc.path("propagation").path("root_pauses"), -1);
        num(out, "propagated pauses", pfc.path("propagation").path("propagated_pauses"), -1);
        num(out, "longest pause chain (hops)", pfc.path("propagation").path("max_depth"), -1);
        if (pfc.has("deadlock")) {
            out.add(new KeyFigure("PFC deadlock", pfc.path("deadlock").asBoolean() ? 1 : 0,
                    pfc.path("deadlock").asBoolean() ? "YES" : "no", -1));
        }
        num(out, "PFC watchdog storms", s.path("pfc_watchdog").path("storms"), -1);
        num(out, "ECN-marked packets", s.path("ecn").path("marked_packets"), 0);
        num(out, "CNPs sent", s.path("cnp").path("sent"), 0);
        JsonNode uet = s.path("uet");
        num(out, "UET trims, last hop", uet.path("trims").path("last_hop"), -1);
        num(out, "UET trims, in network", uet.path("trims").path("in_network"), -1);
        num(out, "UET trim NACKs", uet.path("trim_nacks"), -1);
        num(out, "UET credit stalls", uet.path("credit_stalls"), -1);
        num(out, "UET credit grants", uet.path("credit_grants"), 0);
        num(out, "LLR corrupted frames", s.path("llr").path("corrupted_frames"), -1);
        num(out, "LLR replayed frames", s.path("llr").path("replayed_frames"), -1);
        time(out, "LLR longest recovery", s.path("llr").path("max_recovery_ps"), -1);

        text(out, "stopped by", s.path("stopped_by"));
        time(out, "simulated time", s.path("sim_time_ps"), 0);
        num(out, "flows total (data and control messages)", s.path("flows").path("total"), 0);
        num(out, "flows completed", s.path("flows").path("completed"), 1);
        num(out, "flows unfinished", s.path("flows").path("unfinished"), -1);
        bytes(out, "bytes delivered", s.path("flows").path("bytes_delivered"), 1);

        cost(out, "wall-clock time (s)", s.path("wall_seconds"), Fmt.num(s.path("wall_seconds").asDouble()));
        cost(out, "CPU time (s)", s.path("cpu_seconds"), Fmt.num(s.path("cpu_seconds").asDouble()));
        cost(out, "events executed", s.path("events"), Fmt.num(s.path("events").asDouble()));
        cost(out, "events per second", s.path("events_per_second"), Fmt.num(s.path("events_per_second").asDouble()));
        cost(out, "peak heap", s.path("peak_heap_bytes"), Fmt.bytes(s.path("peak_heap_bytes").asDouble()));
        return out;
    }

    /**
     * FCT slowdown percentiles {@code ps} of {@code w} (a workload or the whole run), over its data messages when
     * the summary says so, and its control messages in one line.
     */
    private static void slowdowns(List<KeyFigure> out, String prefix, JsonNode w, List<String> ps) {
        JsonNode sd = w.path("fct_slowdown");
        String over = "data".equals(sd.path("messages").asText()) ? "data messages, " : "";
        for (String p : ps) {
            num(out, prefix + "FCT slowdown " + p + " (" + over + "×)", sd.path(p), -1);
        }
        JsonNode c = w.path("control");
        if (c.path("messages").asLong() > 0) {
            JsonNode l = c.path("latency_ps");
            out.add(new KeyFigure(prefix + "control messages: latency p99", l.path("p99").asDouble(Double.NaN),
                    Fmt.num(c.path("messages").asDouble()) + " messages, latency p50 " + timeOr(l.path("p50"))
                            + ", p99 " + timeOr(l.path("p99")), -1));
        }
    }

    private static String timeOr(JsonNode n) {
        return n.isNumber() ? Fmt.time(n.asDouble()) : "–";
    }

    static void num(List<KeyFigure> out, String label, JsonNode n, int better) {
        if (n.isNumber()) {
            out.add(new KeyFigure(label, n.asDouble(), Fmt.num(n.asDouble()), better));
        }
    }

    static void time(List<KeyFigure> out, String label, JsonNode n, int better) {
        if (n.isNumber()) {
            out.add(new KeyFigure(label, n.asDouble(), Fmt.time(n.asDouble()), better));
        }
    }

    private static void bytes(List<KeyFigure> out, String label, JsonNode n, int better) {
        if (n.isNumber()) {
            out.add(new KeyFigure(label, n.asDouble(), Fmt.bytes(n.asDouble()), better));
        }
    }

    private static void cost(List<KeyFigure> out, String label, JsonNode n, String shown) {
        if (n.isNumber()) {
            out.add(new KeyFigure(label, n.asDouble(), shown, 0, true));
        }
    }

    private static void text(List<KeyFigure> out, String label, JsonNode n) {
        if (n.isTextual()) {
            out.add(new KeyFigure(label, Double.NaN, n.asText(), 0));
        }
    }
}
