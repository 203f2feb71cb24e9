package org.lossless.cli;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.experiments.results.JobHeadline;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/**
 * The lines {@code run} and {@code demo} print under the summary line, answers first: one per job, its own figure
 * against its ideal (the same job alone on an uncongested fabric): a collective's time per iteration and busbw, an
 * incast's or checkpoint's time, a storage job's latency p99, IOPS and throughput per operation type; one per
 * workload with the FCT slowdown p50/p99 over its data messages (its control messages apart), then all workloads
 * together when there are several; one on the fabric: drops on lossless priorities, PFC pauses (root and
 * propagated, the longest chain), ECN marks and CNPs; last, in short, what the simulation cost. The workload,
 * fabric and cost figures are those of {@code summary.json}.
 */
final class RunLines {
    /** Iterations listed one by one; more are summarised. */
    static final int LISTED = 4;

    private RunLines() {
    }

    static String of(RunResult r, JsonNode summary) {
        return figures(r, summary) + '\n' + cost(summary);
    }

    /** The lines of {@link #of} without the last, the simulator's cost. */
    static String figures(RunResult r, JsonNode summary) {
        StringBuilder sb = new StringBuilder();
        for (JobHeadline h : JobHeadline.of(r)) {
            List<JobIteration> its = r.jobs().stream().filter(j -> j.job().equals(h.job())).toList();
            sb.append('\n').append(h.figure().equals(JobHeadline.DURATION) ? timed(h, its, r.ideal(h.job()), job(summary, h.job()))
                    : storage(h, its.get(0), r));
            sb.append(TrainingLines.of(r.training(), h.job()));
        }
        JsonNode workloads = summary.path("workloads");
        for (Iterator<Map.Entry<String, JsonNode>> it = workloads.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            sb.append('\n').append(workload("workload " + e.getKey(), e.getValue()));
        }
        if (workloads.size() > 1) {
            sb.append('\n').append(workload("all workloads", summary));
        }
        sb.append('\n').append(fabric(summary));
        return sb.toString();
    }

    /** The {@code summary.json} entry of job {@code name} (a missing node when there is none). */
    private static JsonNode job(JsonNode summary, String name) {
        for (JsonNode j : summary.path("jobs")) {
            if (j.path("job").asText().equals(name)) {
                return j;
            }
        }
        return summary.path("jobs").path(-1);
    }

    /**
     * A job measured by its duration: every iteration's time against its ideal, and busbw for a collective. On
     * multi-GPU servers ({@code entry} has {@code servers}) its ranks are counted as GPUs on so many servers and its
     * busbw is said to be per GPU.
     */
    private static String timed(JobHeadline h, List<JobIteration> its, JobIdeal ideal, JsonNode entry) {
        JobIteration first = its.get(0);
        List<JobIteration> done = its.stream().filter(JobIteration::finished).toList();
        String unit = first.type().equals("incast") ? "rounds" : "iterations";
        boolean gpus = entry.has("servers");
        String where = gpus ? String.format(Locale.ROOT, "%d GPUs on %d server%s of %d", first.hosts(),
                entry.path("servers").asInt(), entry.path("servers").asInt() == 1 ? "" : "s",
                entry.path("gpus_per_server").asInt()) : first.hosts() + " hosts";
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  job %s (%s, %s, %,d B): %d of %d "
                + "started %s finished", h.job(), h.type(), where, first.sizeBytes(), done.size(), its.size(), unit));
        if (!done.isEmpty()) {
            sb.append("; time ").append(stats(done.stream().mapToDouble(it -> it.durationPs() / 1e9).toArray()))
                    .append(" ms");
        }
        if (Double.isFinite(h.ideal())) {
            sb.append(String.format(Locale.ROOT, ", ideal %.3f ms (%s-bound)", h.ideal() / 1e9, h.limit()));
            double[] ratios = done.stream().mapToDouble(it -> ratio(it.durationPs(), ideal.durationPs(it.iteration())))
                    .filter(Double::isFinite).toArray();
            if (ratios.length > 0) {
                sb.append(": ").append(stats(ratios, "%.2fx"));
            }
        }
        if (first.hasBusbw() && !done.isEmpty()) {
            sb.append("; busbw ").append(stats(done.stream().mapToDouble(JobIteration::busbwGBps).toArray()))
                    .append(gpus ? " GB/s per GPU" : " GB/s");
            JobIteration alone = ideal == null ? null : ideal.iteration(done.get(0).iteration());
            if (alone != null) {
                sb.append(String.format(Locale.ROOT, ", ideal %.3f GB/s", alone.busbwGBps()));
            }
        }
        return sb.toString();
    }

    /**
     * A storage job: its latency p99 against the ideal (its throughput when its own load fills a port), then IOPS,
     * GB/s and latency p50 per operation type.
     */
    private static String storage(JobHeadline h, JobIteration first, RunResult r) {
        boolean rate = h.figure().equals(JobHeadline.THROUGHPUT);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  job %s (%s, %d hosts): ", h.job(), h.type(),
                first.hosts()));
        sb.append(rate ? String.format(Locale.ROOT, "throughput %.3f GB/s", finite(h.value()))
                : h.operation() + " p99 latency " + us(h.value()));
        if (Double.isFinite(h.ideal())) {
            sb.append(", ideal ").append(rate ? String.format(Locale.ROOT, "%.3f GB/s (%s-bound)", h.ideal(), h.limit())
                    : us(h.ideal()));
            if (Double.isFinite(h.ratio())) {
                sb.append(String.format(Locale.ROOT, rate ? ": %.2fx below" : ": %.2fx", h.ratio()));
            }
        }
        JobIdeal ideal = r.ideal(h.job());
        for (OperationStats s : r.operations()) {
            if (!s.job().equals(h.job()) || s.iteration() != first.iteration()) {
                continue;
            }
            OperationStats alone = ideal == null ? null : ideal.operation(s.iteration(), s.operation());
            sb.append(String.format(Locale.ROOT, "; %s %,d of %,d I/Os, %,.0f IOPS", s.operation(), s.completed(),
                    s.issued(), finite(s.iops())));
            if (alone != null && Double.isFinite(alone.iops())) {
                sb.append(String.format(Locale.ROOT, " (ideal %,.0f)", alone.iops()));
            }
            sb.append(String.format(Locale.ROOT, ", %.3f GB/s, p50 %s", finite(s.throughputGBps()), us(s.p50Ps())));
        }
        return sb.toString();
    }

    /** "workload X: FCT slowdown p50 1.72, p99 58.81 over 7,944 data messages; 7,936 control messages, ...". */
    static String workload(String label, JsonNode w) {
        JsonNode flows = w.path("flows");
        JsonNode sd = w.path("fct_slowdown");
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  %s: FCT slowdown p50 %s, p99 %s over %,d "
                + "data messages", label, num(sd.path("p50")), num(sd.path("p99")), flows.path("data").asLong()));
        JsonNode c = w.path("control");
        if (c.path("messages").asLong() > 0) {
            sb.append(String.format(Locale.ROOT, "; %,d control messages, latency p50 %s, p99 %s", c.path("messages")
                    .asLong(), us(c.path("latency_ps").path("p50")), us(c.path("latency_ps").path("p99"))));
        }
        return sb.toString();
    }

    /** Lossless drops (headroom or a NIC's receive buffer full: summary.json drops.lossless), PFC pauses and their propagation, ECN marks, CNPs. */
    static String fabric(JsonNode s) {
        JsonNode pfc = s.path("pfc");
        JsonNode prop = pfc.path("propagation");
        String chains = prop.isMissingNode() ? "" : String.format(Locale.ROOT, " (%,d root, %,d propagated, longest "
                + "chain %d)", prop.path("root_pauses").asLong(), prop.path("propagated_pauses").asLong(),
                prop.path("max_depth").asLong());
        return String.format(Locale.ROOT, "  fabric: %,d lossless drops (%,d drops in all); %,d PFC pause "
                + "frames%s, %.3f ms paused (summed over ports)%s; %,d packets ECN-marked; %,d CNPs",
                s.path("drops").path("lossless").path("packets").asLong(), s.path("drops").path("packets").asLong(),
                pfc.path("pause_frames").asLong(), chains, pfc.path("paused_ps").asLong() / 1e9,
                pfc.path("deadlock").asBoolean() ? "; PFC DEADLOCK" : "", s.path("ecn").path("marked_packets").asLong(),
                s.path("cnp").path("sent").asLong()) + uet(s);
    }

    /** The UET, LLR and CBFC counters (summary.json uet, llr, cbfc), when the run has them. */
    static String uet(JsonNode s) {
        StringBuilder sb = new StringBuilder();
        JsonNode u = s.path("uet");
        if (u.isObject()) {
            sb.append(String.format(Locale.ROOT, "; UET: %,d trims (%,d last hop, %,d in network), %,d trim NACKs, "
                    + "%,d credit stalls", u.path("trims").path("total").asLong(),
                    u.path("trims").path("last_hop").asLong(), u.path("trims").path("in_network").asLong(),
                    u.path("trim_nacks").asLong(), u.path("credit_stalls").asLong()));
        }
        JsonNode l = s.path("llr");
        if (l.isObject()) {
            sb.append(String.format(Locale.ROOT, "; LLR: %,d corrupted frames, %,d replayed, longest recovery %s",
                    l.path("corrupted_frames").asLong(), l.path("replayed_frames").asLong(),
                    us(l.path("max_recovery_ps"))));
        }
        JsonNode c = s.path("cbfc");
        if (c.isObject()) {
            sb.append(String.format(Locale.ROOT, "; CBFC on priorities %s: %.3f ms of credit stalls (%,d, on %,d"
                    + " port classes, summed), fullest credited buffer %.0f %% of its grant",
                    c.path("priorities").toString().replace(",", ", "), c.path("credit_stall_ps").asLong() / 1e9,
                    c.path("credit_stalls").asLong(), c.path("ports_stalled").asLong(),
                    100 * c.path("peak_held_of_grant").asDouble()));
        }
        return sb.toString();
    }

    /** What the simulation cost, in short. */
    static String cost(JsonNode s) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  (simulator: %,d events, %.1f s wall",
                s.path("events").asLong(), s.path("wall_seconds").asDouble()));
        if (s.path("cpu_seconds").isNumber()) {
            sb.append(String.format(Locale.ROOT, ", %.1f s CPU", s.path("cpu_seconds").asDouble()));
        }
        if (s.path("peak_heap_bytes").isNumber()) {
            sb.append(String.format(Locale.ROOT, ", peak heap %.0f MB", s.path("peak_heap_bytes").asDouble() / 1e6));
        }
        return sb.append(')').toString();
    }

    private static double ratio(long value, long ideal) {
        return ideal > 0 ? (double) value / ideal : Double.NaN;
    }

    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }

    private static String num(JsonNode n) {
        return n.isNumber() ? String.format(Locale.ROOT, "%.2f", n.asDouble()) : "-";
    }

    private static String us(JsonNode ps) {
        return ps.isNumber() ? us(ps.asDouble()) : "-";
    }

    private static String us(double ps) {
        return Double.isFinite(ps) && ps >= 0 ? String.format(Locale.ROOT, "%.3f us", ps / 1e6) : "-";
    }

    private static String stats(double[] v) {
        return stats(v, "%.3f");
    }

    /** Up to {@link #LISTED} values in iteration order ("2.345, 1.200"), else "mean 2.345 (min 1.200, max 3.100)". */
    private static String stats(double[] v, String format) {
        if (v.length <= LISTED) {
            StringBuilder sb = new StringBuilder();
            for (double x : v) {
                sb.append(sb.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, format, x));
            }
            return sb.toString();
        }
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        double sum = 0;
        for (double x : v) {
            min = Math.min(min, x);
            max = Math.max(max, x);
            sum += x;
        }
        return String.format(Locale.ROOT, "mean " + format + " (min " + format + ", max " + format + ")", sum / v.length,
                min, max);
    }
}
