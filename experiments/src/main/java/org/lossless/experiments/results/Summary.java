package org.lossless.experiments.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.run.FlowResult;
import org.lossless.experiments.run.PauseGraph;
import org.lossless.experiments.run.RunResult;
import org.lossless.experiments.run.WatchdogResult;
import org.lossless.experiments.scenario.Scenario;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/**
 * {@code summary.json} (CONTRACT.md §4). FCT slowdown percentiles are nearest-rank
 * ({@link Percentiles#nearestRank}) over finished flows only, rounded to six decimals like flows.csv; with
 * no finished flow they are null. {@code wall_seconds} (rounded to ms) is the only figure that changes
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
        root.put("events", r.events());

        long completed = 0;
        long delivered = 0;
        double[] slowdowns = new double[r.flows().size()];
        for (FlowResult fl : r.flows()) {
            if (fl.finished()) {
                slowdowns[(int) completed++] = fl.slowdown();
                delivered += fl.sizeBytes();
            }
        }
        ObjectNode flows = root.putObject("flows");
        flows.put("total", r.flows().size());
        flows.put("completed", completed);
        flows.put("bytes_delivered", delivered);

        ObjectNode sd = root.putObject("fct_slowdown");
        double[] sorted = Arrays.copyOf(slowdowns, (int) completed);
        Arrays.sort(sorted);
        putPercentile(sd, "p50", sorted, 50);
        putPercentile(sd, "p95", sorted, 95);
        putPercentile(sd, "p99", sorted, 99);
        putPercentile(sd, "max", sorted, 100);

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
        JobSummary.write(root.putArray("jobs"), r.jobs());
        try {
            return JSON.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
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
