package org.lossless.plots.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.FindingsJson;

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
 * present, {@code flows.csv}, {@code flows_summary.csv}, {@code ports.csv}, {@code jobs.csv}, {@code pause_graph.csv},
 * {@code pfcwd.csv}, {@code thresholds.csv}, {@code warnings.json}, {@code fabric.json}, {@code defaults.yaml},
 * {@code scenario.resolved.yaml}
 * (shown, never loaded as a scenario: the report needs no scenario) and {@code timeseries/*.csv}. Small files are read
 * once, on first use; time series are streamed by the readers in this package. A missing optional file
 * reads as no rows (see {@link #has}).
 */
public final class ResultSet {
    public static final String SUMMARY = "summary.json";
    public static final String FLOWS = "flows.csv";
    /**
     * The messages flows.csv leaves out, aggregated per job, step kind and rank ({@code metrics.flows: data}, the
     * default, or {@code summary}).
     */
    public static final String FLOWS_SUMMARY = "flows_summary.csv";
    public static final String PORTS = "ports.csv";
    public static final String JOBS = "jobs.csv";
    public static final String PAUSE_GRAPH = "pause_graph.csv";
    public static final String PFCWD = "pfcwd.csv";
    public static final String TIMELINE = "timeline.csv";
    public static final String RESOLVED = "scenario.resolved.yaml";
    public static final String THRESHOLDS = "thresholds.csv";
    /** The scenario's lint findings ({@link FindingsJson}). */
    public static final String WARNINGS = FindingsJson.NAME;
    /** The built fabric and what telemetry watched ({@link FabricData}). */
    public static final String FABRIC = "fabric.json";
    /** What Lossless fills in by default for the scenario (the report's scenario section). */
    public static final String DEFAULTS = "defaults.yaml";
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

    /** flows_summary.csv's rows: the messages flows.csv leaves out, aggregated; empty without the file. */
    public List<FlowSummaryRow> flowSummary() {
        return cached(FLOWS_SUMMARY, () -> read(FLOWS_SUMMARY, RowReaders::flowSummary));
    }

    /**
     * The run's {@code metrics.flows} ({@code all}, {@code data} or {@code summary}) as scenario.resolved.yaml
     * records it; without that record (results written before the key existed) {@code all} when the directory has
     * no flows_summary.csv, else {@code data}.
     */
    public String flowsMode() {
        return cached(RESOLVED + ".flows", () -> {
            // metrics is a top-level mapping of scalars in the resolved scenario, written after the workloads
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^metrics:\\n(?: +\\S.*\\n)*? +flows: ([a-z]+)")
                    .matcher(scenarioText());
            String found = null;
            while (m.find()) {
                found = m.group(1);
            }
            return found != null ? found : has(FLOWS_SUMMARY) ? "data" : "all";
        });
    }

    /** Whether flows.csv leaves messages out ({@link #flowsMode()} other than {@code all}, with flows_summary.csv). */
    public boolean flowsAggregated() {
        return has(FLOWS_SUMMARY) && !"all".equals(flowsMode());
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
     * fabric.json: the fabric the run built and what it watched; empty for a result written before the file
     * existed (the charts that need it then say so).
     *
     * @throws BadResultsException when the file is there but is not one Lossless wrote
     */
    public Optional<FabricData> fabric() {
        return cached(FABRIC, () -> {
            if (!has(FABRIC)) {
                return Optional.empty();
            }
            try {
                return Optional.of(FabricData.of(JSON.readTree(file(FABRIC).toFile()), file(FABRIC).toString()));
            } catch (IOException e) {
                throw new BadResultsException(file(FABRIC) + ": cannot read it: " + e.getMessage());
            }
        });
    }

    /**
     * warnings.json: the scenario's lint findings as the run wrote them; empty for a result written before the
     * file existed (the report then says the warnings are not available, never shows an empty list).
     *
     * @throws BadResultsException when the file is there but is not one Lossless wrote
     */
    public Optional<List<Finding>> findings() {
        return cached(WARNINGS, () -> {
            if (!has(WARNINGS)) {
                return Optional.empty();
            }
            try {
                return Optional.of(FindingsJson.read(file(WARNINGS)));
            } catch (IOException e) {
                throw new BadResultsException(file(WARNINGS) + ": cannot read it: " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new BadResultsException(e.getMessage());
            }
        });
    }

    /**
     * Why scenario.resolved.yaml cannot be shown (absent, or not YAML), or null. Only the page's scenario
     * section reads it; no chart or warning depends on it.
     */
    public String scenarioProblem() {
        return cached(RESOLVED + ".problem", () -> {
            if (!has(RESOLVED)) {
                return Optional.of("the directory has no " + RESOLVED);
            }
            try {
                new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(scenarioText());
                return Optional.<String>empty();
            } catch (IOException | RuntimeException e) {
                return Optional.of(RESOLVED + " does not load: " + String.valueOf(e.getMessage()).lines().findFirst()
                        .orElse(""));
            }
        }).orElse(null);
    }

    /**
     * defaults.yaml: what Lossless fills in by default for this scenario ({@code scenario}) and for each workload's
     * identity ({@code workloads}); empty without the file or when it is not YAML (the scenario section then shows
     * every key).
     */
    public Optional<JsonNode> defaults() {
        return cached(DEFAULTS, () -> {
            if (!has(DEFAULTS)) {
                return Optional.empty();
            }
            try {
                return Optional.ofNullable(new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                        .readTree(file(DEFAULTS).toFile()));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        });
    }

    /** The telemetry sample interval, ps, or 0 when unknown (no fabric.json). */
    public long sampleIntervalPs() {
        return fabric().map(FabricData::sampleIntervalPs).orElse(0L);
    }

    /**
     * Whether node {@code name} is a host: from fabric.json when there is one, otherwise by the naming of the
     * built-in topologies ({@code h} and a number).
     */
    public boolean isHost(String name) {
        FabricData.GraphNode n = nodes().get(name);
        return n != null ? n.host() : name.matches("h\\d+");
    }

    /** The tier of node {@code name}: 0 host, 1 ToR/leaf, 2 aggregation/spine, 3 core; -1 if unknown. */
    public int tier(String name) {
        FabricData.GraphNode n = nodes().get(name);
        return n != null ? n.tier() : (name.matches("h\\d+") ? 0 : -1);
    }

    private Map<String, FabricData.GraphNode> nodes() {
        return cached("nodes", () -> {
            Map<String, FabricData.GraphNode> m = new HashMap<>();
            fabric().ifPresent(f -> f.nodes().forEach(n -> m.put(n.name(), n)));
            return m;
        });
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
