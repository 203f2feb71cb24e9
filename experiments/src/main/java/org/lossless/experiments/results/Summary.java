package org.lossless.experiments.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.run.Completion;
import org.lossless.experiments.run.FlowResult;
import org.lossless.experiments.run.PauseGraph;
import org.lossless.experiments.run.RunResult;
import org.lossless.experiments.run.WatchdogResult;
import org.lossless.experiments.scenario.Scenario;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code summary.json} (README.md, "Result files"). FCT slowdown percentiles are nearest-rank
 * ({@link Percentiles#nearestRank}) over the flows that reached the scenario's completion
 * ({@code metrics.completion}, named in {@code fct_slowdown.completion}: the receiver's last byte or the sender's
 * last ACK), rounded to six decimals like flows.csv; with no such flow they are null. {@code fct_slowdown_censored}
 * adds every flow that had started but not reached that completion with its slowdown so far,
 * {@code (sim_time - start) / ideal} ({@link FlowResult#censoredSlowdown(long, Completion)}), a lower bound, so
 * that truncation cannot flatter a comparison. {@code flows.completed} counts flows whose receiver holds the last
 * byte. {@code workloads} gives the same figures per
 * workload (in order of first appearance). The run-cost figures {@code wall_seconds} (rounded to ms),
 * {@code cpu_seconds}, {@code events_per_second} and {@code peak_heap_bytes} are the only ones that change
 * from one run of the same scenario and seed to the next.
 */
public final class Summary {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private Summary() {
    }

    public static String json(Scenario scenario, RunResult r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("name", scenario.name());
        root.put("seed", scenario.seed());
        root.put("engine", "packet");
        root.put("version", Version.current());
        root.put("sim_time_ps", r.simTimePs());
        root.put("wall_seconds", Csv.fixed(r.wallSeconds(), 3));
        putOrNull(root, "cpu_seconds", r.cpuSeconds() < 0 ? null : Csv.fixed(r.cpuSeconds(), 3));
        root.put("events", r.events());
        putOrNull(root, "events_per_second", r.wallSeconds() <= 0 ? null
                : BigDecimal.valueOf(Math.round(r.events() / r.wallSeconds())));
        putOrNull(root, "peak_heap_bytes", r.peakHeapBytes() < 0 ? null : BigDecimal.valueOf(r.peakHeapBytes()));
        root.put("stopped_by", r.stoppedBy().key());

        Completion basis = scenario.metrics().completion();
        ObjectNode all = f.objectNode();
        flowFigures(all, r.flows(), r.simTimePs(), basis);
        root.setAll(all);
        ObjectNode perWorkload = root.putObject("workloads");
        Map<String, List<FlowResult>> byWorkload = new LinkedHashMap<>();
        for (FlowResult fl : r.flows()) {
            byWorkload.computeIfAbsent(fl.workload(), k -> new ArrayList<>()).add(fl);
        }
        for (Map.Entry<String, List<FlowResult>> e : byWorkload.entrySet()) {
            if (byWorkload.size() == 1) {
                // one workload holds every flow, in the same order: its figures are the run's (two sorts of every
                // flow's slowdown saved: issue 17)
                perWorkload.set(e.getKey(), all.deepCopy());
            } else {
                flowFigures(perWorkload.putObject(e.getKey()), e.getValue(), r.simTimePs(), basis);
            }
        }

        ObjectNode pfc = root.putObject("pfc");
        pfc.put("pause_frames", r.pauseFrames());
        pfc.put("paused_ps", r.pausedPs());
        pfc.put("deadlock", r.deadlock());
        if (r.deadlock()) {
            com.fasterxml.jackson.databind.node.ArrayNode cycle = pfc.putArray("deadlock_cycle");
            r.deadlockCycle().forEach(cycle::add);
        }
        if (r.pauseGraph() != null) {
            propagation(pfc.putObject("propagation"), r.pauseGraph());
        }
        if (r.pfcWatchdog() != null) {
            WatchdogResult w = r.pfcWatchdog();
            ObjectNode wd = root.putObject("pfc_watchdog");
            wd.put("action", w.action());
            wd.put("storms", w.storms());
            wd.put("stormed_at_end", w.openAtEnd());
            wd.put("dropped_packets", w.droppedPackets());
            wd.put("dropped_bytes", w.droppedBytes());
        }
        ObjectNode drops = root.putObject("drops");
        drops.put("packets", r.dropPackets());
        drops.put("bytes", r.dropBytes());
        root.putObject("ecn").put("marked_packets", r.ecnMarked());
        root.putObject("cnp").put("sent", r.cnpSent());
        JobSummary.write(root.putArray("jobs"), r.jobs(), r.operations());
        TrainingSummary.attach((com.fasterxml.jackson.databind.node.ArrayNode) root.get("jobs"), r.training());
        try {
            return JSON.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code flows} (total, completed, unfinished, bytes_delivered, retransmits, retransmitted_bytes),
     * {@code fct_slowdown} over the flows that reached completion {@code basis} and {@code fct_slowdown_censored}
     * over those and the started others, into {@code node}.
     */
    private static void flowFigures(ObjectNode node, List<FlowResult> list, long endPs, Completion basis) {
        double[] timed = new double[list.size()];
        double[] censored = new double[list.size()];
        int completed = 0;
        int done = 0;
        int counted = 0;
        long delivered = 0;
        long retransmits = 0;
        long retransmittedBytes = 0;
        for (FlowResult fl : list) {
            delivered += fl.bytesDelivered();
            retransmits += fl.retransmits();
            retransmittedBytes += fl.retransmittedBytes();
            if (fl.finished()) {
                completed++;
            }
            if (fl.completed(basis)) {
                timed[done++] = fl.slowdown(basis);
            }
            double c = fl.censoredSlowdown(endPs, basis);
            if (!Double.isNaN(c)) {
                censored[counted++] = c;
            }
        }
        ObjectNode flows = node.putObject("flows");
        flows.put("total", list.size());
        flows.put("completed", completed);
        flows.put("unfinished", list.size() - completed);
        flows.put("bytes_delivered", delivered);
        flows.put("retransmits", retransmits);
        flows.put("retransmitted_bytes", retransmittedBytes);
        ObjectNode sd = node.putObject("fct_slowdown");
        percentiles(sd, Arrays.copyOf(timed, done));
        sd.put("completion", basis.key());
        ObjectNode cs = node.putObject("fct_slowdown_censored");
        percentiles(cs, Arrays.copyOf(censored, counted));
        cs.put("completion", basis.key());
    }

    private static void percentiles(ObjectNode sd, double[] values) {
        Arrays.sort(values);
        putPercentile(sd, "p50", values, 50);
        putPercentile(sd, "p95", values, 95);
        putPercentile(sd, "p99", values, 99);
        putPercentile(sd, "max", values, 100);
    }

    private static void putOrNull(ObjectNode node, String key, BigDecimal v) {
        if (v == null) {
            node.putNull(key);
        } else {
            node.put(key, v);
        }
    }

    /** At most this many entries in {@code roots} and {@code hotspots} (the totals give the full counts). */
    static final int MAX_LISTED = 10;

    /**
     * {@code pfc.propagation}: root and propagated pause episodes, the longest chain (a root alone is 1) and
     * the first {@link #MAX_LISTED} distinct root pause ports and congestion points (pause_graph.csv has all).
     */
    private static void propagation(ObjectNode p, PauseGraph g) {
        p.put("root_pauses", g.rootPauses());
        p.put("propagated_pauses", g.propagatedPauses());
        p.put("max_depth", g.maxDepth());
        List<String> roots = g.roots();
        p.put("roots_total", roots.size());
        roots.stream().limit(MAX_LISTED).forEach(p.putArray("roots")::add);
        List<String> hot = g.hotspots();
        p.put("hotspots_total", hot.size());
        hot.stream().limit(MAX_LISTED).forEach(p.putArray("hotspots")::add);
    }

    private static void putPercentile(ObjectNode node, String key, double[] sorted, double p) {
        if (sorted.length == 0) {
            node.putNull(key);
        } else {
            BigDecimal v = Csv.fixed(Percentiles.nearestRank(sorted, p), Csv.SLOWDOWN_DECIMALS);
            node.put(key, v);
        }
    }
}
