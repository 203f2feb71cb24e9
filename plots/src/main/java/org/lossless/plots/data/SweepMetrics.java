package org.lossless.plots.data;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which figures of a sweep answer the study and which measure the simulator, found by their summary paths
 * (so figures a later version adds to summary.json fall into place without a change here):
 * <ol>
 * <li><b>study</b>, in this order: per job its figures ({@code jobs.J.X}; busbw only for collectives; the
 * per-iteration percentiles {@code _p50}/{@code _p99}, bookkeeping ({@code hosts}, {@code size_bytes},
 * {@code iterations}, {@code completed}, {@code servers}, {@code gpus_per_server}) and ideals left out: ideals are drawn as lines), storage operations'
 * IOPS, throughput and latency p50/p99; per workload the p50 and p99 FCT slowdown (the run's own
 * {@code fct_slowdown.*} when no workload is named); PFC paused time, the longest pause chain, deadlocks;
 * lossless drops; ECN marks; the largest switch queue.</li>
 * <li><b>cost</b> (the report's appendix): simulated and wall time, CPU, events, events per second, heap,
 * flow counts (total, completed, unfinished).</li>
 * <li><b>other</b>: the rest, listed by name; {@code --metric} charts any of them.</li>
 * </ol>
 */
public final class SweepMetrics {
    /** Collective job types: busbw means something only for these (nccl-tests' definition). */
    public static final Set<String> COLLECTIVES = Set.of("allreduce", "allgather", "reducescatter", "alltoall",
            "broadcast", "reduce");
    private static final Pattern JOB = Pattern.compile("jobs\\.([^.\\[]+)\\.([A-Za-z0-9_]+)");
    private static final Pattern STORAGE = Pattern.compile(
            "jobs\\.([^.\\[]+)\\.operations\\[\\d+]\\.(iops|GBps|latency_ps\\.p50|latency_ps\\.p99)");
    private static final Pattern WORKLOAD = Pattern.compile("workloads\\.(.+)\\.fct_slowdown\\.(p50|p99)");
    private static final Set<String> JOB_BOOKKEEPING = Set.of("hosts", "size_bytes", "iterations", "completed",
            "servers", "gpus_per_server");
    private static final List<String> FABRIC = List.of("pfc.paused_ps", "cbfc.credit_stall_ps",
            "pfc.propagation.max_depth", "pfc.deadlock",
            RunFigures.LOSSLESS_DROPS, "ecn.marked_packets", RunFigures.HIGH_WATER);
    private static final Pattern COST = Pattern.compile("(sim_time_ps|wall_seconds|cpu_seconds|events|"
            + "events_per_second|peak_heap_bytes|(workloads\\..+\\.)?flows\\.(total|completed|unfinished))");

    private SweepMetrics() {
    }

    /** The study figures of {@code s}, in the order above. */
    public static List<String> study(SweepSet s) {
        List<String> f = s.figures();
        Set<String> out = new LinkedHashSet<>();
        for (String x : f) {
            Matcher m = JOB.matcher(x);
            if (m.matches() && jobFigure(s, m.group(1), m.group(2))) {
                out.add(x);
            }
            if (STORAGE.matcher(x).matches()) {
                out.add(x);
            }
        }
        boolean perWorkload = f.stream().anyMatch(x -> WORKLOAD.matcher(x).matches());
        for (String x : f) {
            if (perWorkload ? WORKLOAD.matcher(x).matches() : x.equals("fct_slowdown.p50") || x.equals("fct_slowdown.p99")) {
                out.add(x);
            }
        }
        FABRIC.stream().filter(f::contains).forEach(out::add);
        return new ArrayList<>(out);
    }

    private static boolean jobFigure(SweepSet s, String job, String name) {
        if (JOB_BOOKKEEPING.contains(name) || name.endsWith("_p50") || name.endsWith("_p99") || name.endsWith("_p999")
                || isIdeal(name)) {
            return false;
        }
        String type = s.jobType(job);
        return !name.contains("busbw") || type == null || COLLECTIVES.contains(type.toLowerCase(Locale.ROOT));
    }

    /** The simulator's cost and the flow counts: figures for the appendix. */
    public static List<String> cost(SweepSet s) {
        return s.figures().stream().filter(x -> COST.matcher(x).matches()).toList();
    }

    /** Figures neither in {@link #study} nor in {@link #cost}, nor ideals. */
    public static List<String> other(SweepSet s) {
        List<String> st = study(s);
        List<String> co = cost(s);
        return s.figures().stream().filter(x -> !st.contains(x) && !co.contains(x) && !isIdeal(x)).toList();
    }

    private static boolean isIdeal(String name) {
        return name.toLowerCase(Locale.ROOT).contains("ideal");
    }

    /**
     * The column holding the ideal of {@code figure} ({@code jobs.J.ideal.X}, {@code jobs.J.ideal_X},
     * {@code jobs.J.X_ideal}: the figure's path with "ideal" added), or null.
     */
    public static String idealOf(String figure, List<String> figures) {
        for (String f : figures) {
            if (!f.equals(figure) && isIdeal(f) && withoutIdeal(f).equals(figure)) {
                return f;
            }
        }
        return null;
    }

    private static String withoutIdeal(String f) {
        return f.replace(".ideal.", ".").replace("ideal_", "").replace("_ideal", "").replace(".ideal", "");
    }

    /**
     * +1 when more is better (bandwidth, IOPS, throughput, completed work), -1 otherwise (slowdowns, times,
     * pauses, drops, marks, queues).
     */
    public static int better(String figure) {
        String n = figure.toLowerCase(Locale.ROOT);
        return n.contains("gbps") || n.endsWith("_bps") || n.endsWith("iops") || n.endsWith("bytes_delivered")
                || n.endsWith("completed") ? 1 : -1;
    }

    /** A reader's name for a figure: {@code incast: p99 FCT slowdown}, {@code ar: busbw}; else the path. */
    public static String label(String figure) {
        Matcher w = WORKLOAD.matcher(figure);
        if (w.matches()) {
            return w.group(1) + ": " + w.group(2) + " FCT slowdown";
        }
        Matcher j = JOB.matcher(figure);
        if (j.matches()) {
            String n = j.group(2);
            return j.group(1) + ": " + switch (n) {
                case "duration_ps" -> "job time";
                case "busbw_GBps" -> "busbw";
                case "algbw_GBps" -> "algbw";
                default -> n;
            };
        }
        Matcher st = STORAGE.matcher(figure);
        if (st.matches()) {
            return st.group(1) + ": " + figure.substring(figure.indexOf(".operations") + 1);
        }
        return switch (figure) {
            case "fct_slowdown.p50" -> "p50 FCT slowdown";
            case "fct_slowdown.p99" -> "p99 FCT slowdown";
            case "pfc.paused_ps" -> "PFC paused time";
            case "pfc.pause_frames" -> "PFC pause frames";
            case "cbfc.credit_stall_ps" -> "CBFC credit stall time";
            case "pfc.propagation.max_depth" -> "longest pause chain (hops)";
            case "pfc.deadlock" -> "deadlocked runs";
            case RunFigures.LOSSLESS_DROPS -> "lossless drops (packets)";
            case RunFigures.HIGH_WATER -> "largest switch queue";
            case "ecn.marked_packets" -> "ECN marks (packets)";
            case "sim_time_ps" -> "simulated time";
            case "wall_seconds" -> "wall time";
            case "cpu_seconds" -> "CPU time";
            case "peak_heap_bytes" -> "peak heap";
            case "events" -> "events";
            case "events_per_second" -> "events per second";
            default -> figure;
        };
    }
}
