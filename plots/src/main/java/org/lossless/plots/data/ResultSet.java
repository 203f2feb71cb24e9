package org.lossless.plots.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One run's result directory, read from its files alone: {@code summary.json} (required) and, when
 * present, {@code flows.csv}, {@code ports.csv}, {@code jobs.csv}, {@code pause_graph.csv},
 * {@code pfcwd.csv}, {@code thresholds.csv}, {@code scenario.resolved.yaml} and {@code timeseries/*.csv}. Small files are read
 * once, on first use; time series are streamed by the readers in this package. A missing optional file
 * reads as no rows (see {@link #has}).
 */
public final class ResultSet {
    public static final String SUMMARY = "summary.json";
    public static final String FLOWS = "flows.csv";
    /** The collectives' per-step messages aggregated per rank, written instead of their flows.csv rows with {@code metrics.flows: summary}. */
    public static final String FLOWS_SUMMARY = "flows_summary.csv";
    public static final String PORTS = "ports.csv";
    public static final String JOBS = "jobs.csv";
    public static final String PAUSE_GRAPH = "pause_graph.csv";
    public static final String PFCWD = "pfcwd.csv";
    public static final String TIMELINE = "timeline.csv";
    public static final String RESOLVED = "scenario.resolved.yaml";
    public static final String THRESHOLDS = "thresholds.csv";
    public static final String QUEUES = "timeseries/queues.csv";
    public static final String RATES = "timeseries/rates.csv";
    public static final String LINKS = "timeseries/links.csv";
    public static final String PFC_LOG = "timeseries/pfc.csv";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final JsonNode summary;
    private final Map<String, Object> cache = new HashMap<>();

    private ResultSet(Path dir, JsonNode summary) {
        this.dir = dir;
        this.summary = summary;
    }

    /** Whether {@code dir} looks like a run directory (it holds a summary.json). */
    public static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(SUMMARY));
    }

    /**
     * Opens a run directory.
     *
     * @throws BadResultsException when there is no readable summary.json
     */
    public static ResultSet open(Path dir) {
        Path s = dir.resolve(SUMMARY);
        if (!Files.isRegularFile(s)) {
            throw new BadResultsException(dir + ": not a result directory (no " + SUMMARY + ")");
        }
        JsonNode n;
        try {
            n = JSON.readTree(s.toFile());
        } catch (IOException e) {
            throw new BadResultsException(s + ": not valid JSON: " + org.lossless.core.text.Printable.of(
                    String.valueOf(e.getMessage()).lines().findFirst().orElse(""), 160));
        }
        // what every chart needs: a summary Lossless wrote has a name and the simulated time
        if (n == null || !n.isObject()) {
            throw new BadResultsException(s + ": not a Lossless run summary (not a JSON object)");
        }
        JsonNode t = n.path("sim_time_ps");
        if (!n.path("name").isTextual() || !t.isIntegralNumber() || !t.canConvertToLong() || t.asLong() < 0) {
            throw new BadResultsException(s + ": not a Lossless run summary (it needs \"name\" and \"sim_time_ps\", the "
                    + "simulated time in ps)");
        }
        return new ResultSet(dir, n);
    }

    public Path dir() {
        return dir;
    }

    /** The parsed summary.json. */
    public JsonNode summary() {
        return summary;
    }

    /** A summary figure by dotted path ({@code fct_slowdown.p99}), or a missing node. */
    public JsonNode figure(String path) {
        JsonNode n = summary;
        for (String part : path.split("\\.")) {
            n = n.path(part);
        }
        return n == null ? MissingNode.getInstance() : n;
    }

    public String name() {
        return summary.path("name").asText(dir.getFileName().toString());
    }

    public long seed() {
        return summary.path("seed").asLong(0);
    }

    /** Simulated time at the end of the run, ps (0 if the summary lacks it). */
    public long simTimePs() {
        return summary.path("sim_time_ps").asLong(0);
    }

    /** Whether the result file {@code relative} (e.g. {@code timeseries/queues.csv}) exists. */
    public boolean has(String relative) {
        return Files.isRegularFile(dir.resolve(relative));
    }

    public Path file(String relative) {
        return dir.resolve(relative);
    }

    public List<FlowRow> flows() {
        return cached(FLOWS, () -> read(FLOWS, RowReaders::flows));
    }

    public List<PortRow> ports() {
        return cached(PORTS, () -> read(PORTS, RowReaders::ports));
    }

    public List<JobRow> jobs() {
        return cached(JOBS, () -> read(JOBS, RowReaders::jobs));
    }

    /** Training iterations' breakdowns (jobs.csv rows of training jobs that finished). */
    public List<TrainingRows.Breakdown> trainingBreakdowns() {
        return cached("training:" + JOBS, () -> read(JOBS, TrainingRows::breakdowns));
    }

    /** timeline.csv's nodes that started and ended. */
    public List<TrainingRows.Node> timeline() {
        return cached(TIMELINE, () -> read(TIMELINE, TrainingRows::timeline));
    }

    public List<PauseRow> pauses() {
        return cached(PAUSE_GRAPH, () -> read(PAUSE_GRAPH, RowReaders::pauses));
    }

    public List<StormRow> storms() {
        return cached(PFCWD, () -> read(PFCWD, RowReaders::storms));
    }

    /** The reference levels of the switch queues (thresholds.csv) by {@code node:port/prio}; empty without the file. */
    public Map<String, ThresholdRow> thresholds() {
        return cached(THRESHOLDS, () -> {
            Map<String, ThresholdRow> m = new java.util.LinkedHashMap<>();
            read(THRESHOLDS, RowReaders::thresholds).forEach(t -> m.put(t.key(), t));
            return m;
        });
    }

    /** The text of scenario.resolved.yaml, or empty. */
    public String scenarioText() {
        return cached(RESOLVED + ".text", () -> {
            if (!has(RESOLVED)) {
                return "";
            }
            try {
                return Files.readString(file(RESOLVED), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * The resolved scenario, loaded again from scenario.resolved.yaml; empty when the file is absent or no
     * longer loads (e.g. it names a flow file that moved): {@link #scenarioProblem()} then says why.
     */
    public Optional<Scenario> scenario() {
        return cached(RESOLVED, () -> {
            if (!has(RESOLVED)) {
                cache.put("scenario.problem", "the directory has no " + RESOLVED);
                return Optional.empty();
            }
            try {
                return Optional.of(ScenarioLoader.load(file(RESOLVED), file(RESOLVED).toString(), List.of()));
            } catch (RuntimeException e) {
                cache.put("scenario.problem", RESOLVED + " does not load: " + e.getMessage());
                return Optional.empty();
            }
        });
    }

    /** Why {@link #scenario()} is empty, or null. */
    public String scenarioProblem() {
        scenario();
        return (String) cache.get("scenario.problem");
    }

    /** The scenario's topology, built again; empty when the scenario does not load or build. */
    public Optional<Topology> topology() {
        return cached("topology", () -> {
            try {
                return scenario().map(s -> s.topology().build());
            } catch (RuntimeException e) {
                cache.put("scenario.problem", "the topology does not build: " + e.getMessage());
                return Optional.empty();
            }
        });
    }

    /** The telemetry sample interval, ps, or 0 when unknown. */
    public long sampleIntervalPs() {
        return scenario().map(s -> s.telemetry().sampleIntervalPs()).orElse(0L);
    }

    /**
     * Whether node {@code name} is a host: from the topology when it builds, otherwise by the naming of the
     * built-in topologies ({@code h} and a number).
     */
    public boolean isHost(String name) {
        Map<String, Node> byName = cached("nodes", () -> {
            Map<String, Node> m = new HashMap<>();
            topology().ifPresent(t -> t.nodes().forEach(n -> m.put(n.name(), n)));
            return m;
        });
        Node n = byName.get(name);
        return n != null ? n.isHost() : name.matches("h\\d+");
    }

    /** The tier of node {@code name}: 0 host, 1 ToR/leaf, 2 aggregation/spine, 3 core; -1 if unknown. */
    public int tier(String name) {
        isHost(name);
        @SuppressWarnings("unchecked")
        Map<String, Node> byName = (Map<String, Node>) cache.get("nodes");
        Node n = byName.get(name);
        return n != null ? n.tier() : (name.matches("h\\d+") ? 0 : -1);
    }

    @SuppressWarnings("unchecked")
    private <T> T cached(String key, Supplier<T> s) {
        Object v = cache.get(key);
        if (v == null) {
            v = s.get();
            cache.put(key, v);
        }
        return (T) v;
    }

    @FunctionalInterface
    private interface Reader<T> {
        List<T> read(Path file) throws IOException;
    }

    private <T> List<T> read(String relative, Reader<T> reader) {
        if (!has(relative)) {
            return List.of();
        }
        try {
            return List.copyOf(reader.read(file(relative)));
        } catch (IOException e) {
            throw new BadResultsException(file(relative) + ": cannot read it: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage());
        }
    }
}
