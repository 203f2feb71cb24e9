package org.lossless.experiments.results;

import org.lossless.experiments.lint.FindingsJson;
import org.lossless.experiments.lint.Lints;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.StreamedFlows;
import org.lossless.experiments.run.RunProgress;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a result directory (README.md, "Result files"): summary.json, flows.csv (the rows {@code metrics.flows}
 * keeps; flows_summary.csv, the others aggregated, with {@code data} or {@code summary}), ports.csv, jobs.csv,
 * scenario.resolved.yaml, warnings.json (the scenario's lint findings, {@link FindingsJson}), fabric.json (the
 * built fabric and what was watched, for the report: {@link FabricFile}), defaults.yaml ({@link DefaultsFile}),
 * pause_graph.csv (header only without pauses) and thresholds.csv from every packet-engine
 * run, pfcwd.csv when the PFC watchdog ran, and timeline.csv when a training job ran. Everything goes to a temporary
 * directory next to the target, which is renamed
 * into place only when complete ({@link OutputRule}, {@link AtomicDirectory}); an existing target is replaced only
 * then, and only if it is a previous run result (anything else is refused before the run starts).
 */
public final class ResultsWriter {
    public static final String SUMMARY = "summary.json";
    public static final String FLOWS = "flows.csv";
    /** The messages flows.csv leaves out, aggregated ({@link StepSummary}); written with {@code metrics.flows: data} or {@code summary}. */
    public static final String FLOWS_SUMMARY = "flows_summary.csv";
    public static final String PORTS = "ports.csv";
    public static final String JOBS = "jobs.csv";
    public static final String RESOLVED = "scenario.resolved.yaml";
    /** PFC watchdog storm episodes; written only when {@code switch.pfc.watchdog} is enabled. */
    public static final String PFCWD = "pfcwd.csv";
    /**
     * The pause propagation graph; written for every run of the packet engine, the header alone when no pause
     * happened (so scripts can always read it). Not written for results without a graph.
     */
    public static final String PAUSE_GRAPH = "pause_graph.csv";
    /** The training jobs' per-node times of their timeline ranks; written only when a training job ran. */
    public static final String TIMELINE = "timeline.csv";
    /** ECN and PFC XOFF levels of the switch queues in ports.csv ({@link ThresholdsFile}); with pause_graph.csv. */
    public static final String THRESHOLDS = ThresholdsFile.NAME;
    /** The scenario's lint findings ({@link FindingsJson}); written for every run, an empty list when none. */
    public static final String WARNINGS = FindingsJson.NAME;
    /** The built fabric, its lossless priorities and what telemetry watched ({@link FabricFile}); every run. */
    public static final String FABRIC = FabricFile.NAME;
    /** What Lossless fills in by default for the scenario's topology, NIC and workloads ({@link DefaultsFile}). */
    public static final String DEFAULTS = DefaultsFile.NAME;

    private ResultsWriter() {
    }

    /** Writes all result files into {@code target} (created or replaced). */
    public static void write(Path target, Scenario scenario, RunResult result) throws IOException {
        OutputRule.writeDirectory(target, OutputRule.RUN, dir -> writeFiles(dir, scenario, result));
    }

    /**
     * Runs {@code scenario} with {@code runner} while the result directory is being built, so streamed
     * files (time series) land in the temporary directory too; renames it into place only when the run
     * and every file succeeded. A failing run leaves no directory (and an existing one untouched).
     */
    public static RunResult runAndWrite(Path target, Scenario scenario, ScenarioRunner runner) throws IOException {
        return runAndWrite(target, scenario, runner, null);
    }

    /**
     * As {@link #runAndWrite(Path, Scenario, ScenarioRunner)}, publishing progress to {@code progress} (may be
     * null); a run stopped through it ends with {@link org.lossless.experiments.run.RunInterruptedException}
     * and leaves no directory.
     */
    public static RunResult runAndWrite(Path target, Scenario scenario, ScenarioRunner runner, RunProgress progress)
            throws IOException {
        return runAndWrite(target, scenario, runner, progress, false);
    }

    /**
     * As {@link #runAndWrite(Path, Scenario, ScenarioRunner, RunProgress)}. The rows go to flows.csv,
     * flows_summary.csv and summary.json's figures as messages complete, and the result's flows are their counts
     * ({@link StreamedFlows}), unless {@code keepRows}: then the result holds every row (its memory grows with the
     * messages) and the files are made from them after the run; the files are the same bytes either way.
     */
    public static RunResult runAndWrite(Path target, Scenario scenario, ScenarioRunner runner, RunProgress progress,
                                        boolean keepRows) throws IOException {
        RunResult[] result = new RunResult[1];
        OutputRule.writeDirectory(target, OutputRule.RUN, dir -> {
            // flows.csv, flows_summary.csv and summary.json's message figures are made as messages complete
            try (FlowFiles files = flowFiles(dir, scenario,
                    org.lossless.core.spill.SpillBudgets.percentiles(runner.heapBytes()))) {
                try {
                    result[0] = keepRows ? runner.run(scenario, dir, progress)
                            : runner.run(scenario, dir, progress, files);
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
                writeFiles(dir, scenario, result[0], files);
            }
        });
        return result[0];
    }

    /** Writes the result files into an existing directory (no atomicity of its own). */
    public static void writeFiles(Path dir, Scenario scenario, RunResult result) throws IOException {
        try (FlowFiles files = flowFiles(dir, scenario, org.lossless.experiments.results.ranks.PercentileValues.defaultBudget())) {
            writeFiles(dir, scenario, result, files);
        }
    }

    /** The files of {@code scenario}'s rows in {@code dir}, their percentiles' values in the heap up to {@code budget} B. */
    private static FlowFiles flowFiles(Path dir, Scenario scenario, long budget) throws IOException {
        return new FlowFiles(dir, scenario.metrics().completion(), scenario.metrics().flows(), budget);
    }

    /**
     * The result files; {@code files} has had the run's rows when they were streamed to it ({@link StreamedFlows}),
     * else it gets them here from the result's list.
     */
    private static void writeFiles(Path dir, Scenario scenario, RunResult result, FlowFiles files) throws IOException {
        if (!(result.flows() instanceof StreamedFlows)) {
            files.end(result.simTimePs());
            for (FlowResult f : result.flows()) {
                files.accept(f);
            }
        }
        files.finish();
        put(dir.resolve(SUMMARY), Summary.json(scenario, result, files.figures()));
        stream(dir.resolve(PORTS), w -> ResultFiles.writePorts(w, result.ports()));
        stream(dir.resolve(JOBS), w -> ResultFiles.writeJobs(w, result));
        if (result.pfcWatchdog() != null) {
            stream(dir.resolve(PFCWD), w -> ResultFiles.writePfcwd(w, result.pfcWatchdog()));
        }
        if (result.pauseGraph() != null) {
            stream(dir.resolve(PAUSE_GRAPH), w -> ResultFiles.writePauseGraph(w, result.pauseGraph()));
        }
        if (result.pauseGraph() != null) {
            // the queues' reference levels, for charts: written by the packet engine's runs (as pause_graph.csv)
            stream(dir.resolve(THRESHOLDS), w -> ThresholdsFile.write(w, scenario, scenario.fabric().topology(),
                    result.ports()));
        }
        if (result.training().any()) {
            stream(dir.resolve(TIMELINE), w -> TimelineFile.write(w, result.training()));
        }
        put(dir.resolve(WARNINGS), FindingsJson.write(Lints.of(scenario)));
        put(dir.resolve(FABRIC), FabricFile.json(scenario, scenario.topology().build()));
        String resolved = ResolvedYaml.write(scenario);
        put(dir.resolve(RESOLVED), resolved);
        put(dir.resolve(DEFAULTS), DefaultsFile.yaml(resolved));
    }

    private static void put(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /**
     * Writes a CSV file row by row (UTF-8, an encoder that refuses what it cannot encode, as
     * {@link Files#writeString}), so the file's text is never held whole in memory (issue 17).
     */
    static void stream(Path file, ResultFiles.Rows rows) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            rows.write(w);
        }
    }
}
