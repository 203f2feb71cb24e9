package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.plots.charts.Fmt;
import org.lossless.plots.data.ResultSet;

/**
 * The first thing a run's report says: is it OK (one status line from the warnings), then the answer figures from
 * summary.json in three tables: each job against its ideal (the same job alone on an uncongested fabric), each
 * workload's FCT slowdown over its data messages, and the fabric (lossless drops, PFC pauses and
 * their chains, ECN marks, CNPs). A job {@link #SLOW} times its ideal or more is shaded red, {@link #NOTED} or more
 * yellow. Figures a summary lacks are left out.
 */
final class Verdict {
    /** A job this many times its ideal (or more) is shaded red. */
    static final double SLOW = 2.0;
    /** ... this many, yellow. */
    static final double NOTED = 1.25;

    private Verdict() {
    }

    static void write(Html h, ResultSet rs, List<Warning> warnings) {
        JsonNode s = rs.summary();
        boolean judged = false;
        for (JsonNode j : s.path("jobs")) {
            judged |= j.path("ratio").isNumber();
        }
        status(h, warnings, slowJobs(s.path("jobs")), judged);
        RunReport.warnings(h, warnings, false);
        if (s.path("jobs").size() > 0) {
            jobs(h, s.path("jobs"));
        }
        h.open("div class=\"grid\"");
        workloads(h, s);
        fabric(h, s);
        h.close("div");
    }

    /** "allreduce took 4.07× its ideal time" for each job {@link #SLOW} times its ideal or more. */
    static List<String> slowJobs(JsonNode jobs) {
        List<String> out = new ArrayList<>();
        for (JsonNode j : jobs) {
            JsonNode ratio = j.path("ratio");
            if (ratio.isNumber() && ratio.asDouble() >= SLOW) {
                String figure = j.path("figure").asText("duration_ps");
                out.add("job " + j.path("job").asText() + " " + (figure.equals("throughput_GBps")
                        ? "reached " + Fmt.num(ratio.asDouble()) + "× below its ideal throughput"
                        : figure.equals("latency_p99_ps") ? "had " + Fmt.num(ratio.asDouble()) + "× its ideal latency p99"
                        : "took " + Fmt.num(ratio.asDouble()) + "× its ideal time"));
            }
        }
        return out;
    }

    /**
     * The status line: red "Not OK" naming the severe warnings; amber when the fabric stayed lossless and complete but
     * a job ran {@link #SLOW} times its ideal or more, or a milder warning stands; green "OK" otherwise.
     */
    static void status(Html h, List<Warning> ws, List<String> slow, boolean jobsJudged) {
        List<String> severe = ws.stream().filter(Warning::severe).map(Warning::title).toList();
        List<String> other = new ArrayList<>(slow);
        ws.stream().filter(w -> !w.severe()).map(Warning::title).forEach(other::add);
        if (!severe.isEmpty()) {
            h.el("p", "status bad", "Not OK: " + String.join("; ", severe) + (other.isEmpty() ? ""
                    : "; also " + String.join("; ", other)) + ".");
        } else if (!other.isEmpty()) {
            h.el("p", "status check", (slow.isEmpty() ? "Completed, to check: " : "Lossless and complete, but ")
                    + String.join("; ", other) + ".");
        } else {
            h.el("p", "status ok", "OK: " + (jobsJudged ? "every job within " + Fmt.num(SLOW) + "× its ideal, " : "")
                    + "no drop on a lossless priority, no PFC deadlock or pause storm, every flow finished, and the settings checks (headroom, "
                    + "ECN before PFC) passed.");
        }
    }

    /** One row per job: its own figure, its ideal, how many times worse; a collective's busbw. */
    static void jobs(Html h, JsonNode jobs) {
        h.el("h3", null, "Jobs against their ideal (the same job alone on an uncongested fabric)");
        h.open("table class=\"verdict jobs\"").row(true, "job", "measured", "ideal", "× ideal", "busbw (ideal)");
        for (JsonNode j : jobs) {
            String figure = j.path("figure").asText("duration_ps");
            boolean rate = figure.equals("throughput_GBps");
            JsonNode value = j.has("value") ? j.path("value") : j.path("duration_ps");
            String measured = !value.isNumber() ? "–" : rate ? Fmt.num(value.asDouble()) + " GB/s"
                    : figure.equals("latency_p99_ps") ? j.path("operation").asText() + " latency p99 "
                    + Fmt.time(value.asDouble()) : Fmt.time(value.asDouble()) + " per iteration";
            long its = j.path("iterations").asLong(0);
            long done = j.path("completed").asLong(its);
            if (figure.equals("duration_ps") && its > 0) {
                measured += " (mean of " + done + (done < its ? " finished of " + its : "") + ")";
            }
            JsonNode ideal = j.path("ideal");
            String idealText = !ideal.isNumber() ? "–" : (rate ? Fmt.num(ideal.asDouble()) + " GB/s"
                    : Fmt.time(ideal.asDouble())) + (j.path("ideal_limit").asText("").isEmpty() ? ""
                    : " (" + j.path("ideal_limit").asText() + "-bound)");
            JsonNode ratio = j.path("ratio");
            String cls = "num";
            if (ratio.isNumber()) {
                cls += ratio.asDouble() >= SLOW ? " worse" : ratio.asDouble() >= NOTED ? " changed" : "";
            }
            JsonNode busbw = j.path("busbw_GBps");
            String bw = busbw.isNumber() ? Fmt.num(busbw.asDouble()) + " GB/s" + (j.path("ideal_busbw_GBps").isNumber()
                    ? " (" + Fmt.num(j.path("ideal_busbw_GBps").asDouble()) + ")" : "") : "–";
            h.open("tr").el("td", null, j.path("job").asText() + " (" + j.path("type").asText("?") + ", "
                    + j.path("hosts").asText("?") + " hosts)").el("td", "num", measured).el("td", "num", idealText)
                    .el("td", cls, ratio.isNumber() ? Fmt.num(ratio.asDouble()) + (rate ? "× below" : "×") : "–")
                    .el("td", "num", bw).close("tr");
        }
        h.close("table");
    }

    /** Per workload its data messages' slowdown p50 / p99 / max and its control messages; then all together. */
    static void workloads(Html h, JsonNode s) {
        List<String[]> rows = new ArrayList<>();
        JsonNode wl = s.path("workloads");
        for (Iterator<Map.Entry<String, JsonNode>> it = wl.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            rows.add(workload(e.getKey(), e.getValue()));
        }
        if (wl.size() != 1 && s.has("fct_slowdown")) {
            rows.add(workload(wl.size() == 0 ? "all flows" : "all workloads", s));
        }
        if (rows.isEmpty()) {
            return;
        }
        h.open("div").el("h3", null, "Flow completion: slowdown over data messages (FCT / ideal FCT)");
        h.open("table class=\"verdict\"").row(true, "workload", "data messages", "p50", "p99", "max",
                "control messages");
        rows.forEach(r -> h.open("tr").el("td", null, r[0]).el("td", "num", r[1]).el("td", "num", r[2])
                .el("td", "num", r[3]).el("td", "num", r[4]).el("td", null, r[5]).close("tr"));
        h.close("table").close("div");
    }

    private static String[] workload(String name, JsonNode w) {
        JsonNode sd = w.path("fct_slowdown");
        JsonNode c = w.path("control");
        String control = c.path("messages").asLong(0) == 0 ? "–" : Fmt.num(c.path("messages").asDouble())
                + ", latency p99 " + (c.path("latency_ps").path("p99").isNumber()
                ? Fmt.time(c.path("latency_ps").path("p99").asDouble()) : "–");
        JsonNode data = w.path("flows").path("data");
        return new String[] {name, data.isNumber() ? Fmt.num(data.asDouble()) : Fmt.num(w.path("flows").path("total")
                .asDouble()), num(sd.path("p50")), num(sd.path("p99")), num(sd.path("max")), control};
    }

    /** Lossless drops, PFC pauses and their chains, CBFC credit stalls, deadlock, watchdog storms, ECN marks, CNPs. */
    static void fabric(Html h, JsonNode s) {
        h.open("div").el("h3", null, "Fabric");
        h.open("table class=\"verdict fabric\"");
        JsonNode drops = s.path("drops");
        if (drops.has("lossless") || drops.has("packets")) {
            // drops.lossless: frames of PFC-protected priority groups dropped because their headroom or a NIC's
            // receive buffer was full (the PFC watchdog's deliberate drops are not counted there)
            JsonNode lossless = drops.path("lossless").path("packets");
            h.open("tr").el("td", null, "lossless drops (all drops)").el("td", lossless.asLong(0) > 0 ? "num worse"
                    : "num", num(lossless) + " (" + num(drops.path("packets")) + ")").close("tr");
        }
        JsonNode pfc = s.path("pfc");
        row(h, "PFC pause frames", num(pfc.path("pause_frames")), pfc.has("pause_frames"));
        row(h, "PFC paused time (summed over ports)", pfc.path("paused_ps").isNumber()
                ? Fmt.time(pfc.path("paused_ps").asDouble()) : "–", pfc.has("paused_ps"));
        // credit-based flow control's counterpart of paused time: a class with a frame but no credit
        JsonNode cbfc = s.path("cbfc");
        row(h, "CBFC credit stall time (summed over ports)", cbfc.path("credit_stall_ps").isNumber()
                ? Fmt.time(cbfc.path("credit_stall_ps").asDouble()) : "–", cbfc.has("credit_stall_ps"));
        row(h, "CBFC credit stalls", num(cbfc.path("credit_stalls")), cbfc.has("credit_stalls"));
        JsonNode prop = pfc.path("propagation");
        row(h, "pauses: root / propagated", num(prop.path("root_pauses")) + " / " + num(prop.path("propagated_pauses")),
                prop.has("root_pauses"));
        row(h, "longest pause chain", num(prop.path("max_depth")) + (prop.path("max_depth").asLong() == 1 ? " hop"
                : " hops"), prop.has("max_depth"));
        if (pfc.path("deadlock").asBoolean(false)) {
            h.open("tr").el("td", null, "PFC deadlock").el("td", "num worse", "YES").close("tr");
        }
        row(h, "PFC watchdog storms", num(s.path("pfc_watchdog").path("storms")), s.path("pfc_watchdog").has("storms"));
        row(h, "ECN-marked packets", num(s.path("ecn").path("marked_packets")), s.path("ecn").has("marked_packets"));
        row(h, "CNPs sent", num(s.path("cnp").path("sent")), s.path("cnp").has("sent"));
        h.close("table").close("div");
    }

    private static void row(Html h, String label, String value, boolean present) {
        if (present) {
            h.open("tr").el("td", null, label).el("td", "num", value).close("tr");
        }
    }

    static String num(JsonNode n) {
        return n.isNumber() ? Fmt.num(n.asDouble()) : "–";
    }
}
