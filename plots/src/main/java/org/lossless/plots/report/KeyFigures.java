package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.data.ResultSet;

/**
 * The key figures of a run, from summary.json (figures a summary lacks are left out; figures added by
 * later versions, per workload and per job, are shown when present).
 */
final class KeyFigures {
    private KeyFigures() {
    }

    static List<KeyFigure> of(ResultSet rs) {
        List<KeyFigure> out = new ArrayList<>();
        JsonNode s = rs.summary();
        time(out, "simulated time", s.path("sim_time_ps"), 0);
        num(out, "wall-clock time (s)", s.path("wall_seconds"), -1);
        num(out, "CPU time (s)", s.path("cpu_seconds"), -1);
        num(out, "events executed", s.path("events"), 0);
        num(out, "events per second", s.path("events_per_second"), 1);
        bytes(out, "peak heap", s.path("peak_heap_bytes"), -1);
        text(out, "stopped by", s.path("stopped_by"));
        num(out, "flows total", s.path("flows").path("total"), 0);
        num(out, "flows completed", s.path("flows").path("completed"), 1);
        num(out, "flows unfinished", s.path("flows").path("unfinished"), -1);
        bytes(out, "bytes delivered", s.path("flows").path("bytes_delivered"), 1);
        for (String p : List.of("p50", "p95", "p99", "max")) {
            num(out, "FCT slowdown " + p + " (×)", s.path("fct_slowdown").path(p), -1);
        }
        JsonNode wl = s.path("workloads");
        for (Iterator<Map.Entry<String, JsonNode>> it = wl.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            num(out, "workload " + e.getKey() + ": flows completed", e.getValue().path("completed"), 1);
            num(out, "workload " + e.getKey() + ": FCT slowdown p99 (×)", e.getValue().path("fct_slowdown").path("p99"),
                    -1);
        }
        JsonNode pfc = s.path("pfc");
        num(out, "PFC pause frames", pfc.path("pause_frames"), -1);
        time(out, "PFC paused time (sum over ports)", pfc.path("paused_ps"), -1);
        num(out, "root pauses", pfc.path("propagation").path("root_pauses"), -1);
        num(out, "propagated pauses", pfc.path("propagation").path("propagated_pauses"), -1);
        num(out, "longest pause chain (hops)", pfc.path("propagation").path("max_depth"), -1);
        if (pfc.has("deadlock")) {
            out.add(new KeyFigure("PFC deadlock", pfc.path("deadlock").asBoolean() ? 1 : 0,
                    pfc.path("deadlock").asBoolean() ? "YES" : "no", -1));
        }
        num(out, "PFC watchdog storms", s.path("pfc_watchdog").path("storms"), -1);
        num(out, "drops (packets)", s.path("drops").path("packets"), -1);
        bytes(out, "drops (bytes)", s.path("drops").path("bytes"), -1);
        num(out, "ECN-marked packets", s.path("ecn").path("marked_packets"), 0);
        num(out, "CNPs sent", s.path("cnp").path("sent"), 0);
        for (JsonNode j : s.path("jobs")) {
            String name = j.path("job").asText("job");
            time(out, "job " + name + ": duration", j.path("duration_ps"), -1);
            num(out, "job " + name + ": busbw (GB/s)", j.path("busbw_GBps"), 1);
        }
        return out;
    }

    private static void num(List<KeyFigure> out, String label, JsonNode n, int better) {
        if (n.isNumber()) {
            out.add(new KeyFigure(label, n.asDouble(), Fmt.num(n.asDouble()), better));
        }
    }

    private static void time(List<KeyFigure> out, String label, JsonNode n, int better) {
        if (n.isNumber()) {
            out.add(new KeyFigure(label, n.asDouble(), Fmt.time(n.asDouble()), better));
        }
    }

    private static void bytes(List<KeyFigure> out, String label, JsonNode n, int better) {
        if (n.isNumber()) {
            out.add(new KeyFigure(label, n.asDouble(), Fmt.bytes(n.asDouble()), better));
        }
    }

    private static void text(List<KeyFigure> out, String label, JsonNode n) {
        if (n.isTextual()) {
            out.add(new KeyFigure(label, Double.NaN, n.asText(), 0));
        }
    }
}
