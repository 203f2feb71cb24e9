package org.lossless.cli;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lossless run SCENARIO [--out DIR] [--seed N] [--set KEY=VALUE]... [--report]}. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Runs one simulation and writes the result files (summary.json, flows.csv, ports.csv, jobs.csv, "
                + "pause_graph.csv, pfcwd.csv with the PFC watchdog, timeseries/, scenario.resolved.yaml) to DIR; "
                + "see README.md, \"Result files\".")
final class RunCommand implements Callable<Integer> {
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML), see docs/scenario.md.")
    Path scenario;

    @Option(names = "--out", paramLabel = "DIR", description = "Result directory (default: results/<name>-<seed>, "
            + "results/<name>-<seed>-<hash of the --set options> with --set). A previous run directory there is "
            + "replaced once the run has succeeded; a folder holding anything else is refused.")
    Path out;

    @Option(names = "--seed", paramLabel = "N", description = "Seed (>= 0), overriding the scenario's.")
    Long seed;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key, e.g. "
            + "switch.ecn.kmin=100KB or workloads[0].flows[1].size=4MB. Repeatable; applied in order.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--report", description = "Also write report.html and charts/ into DIR, as 'lossless report DIR' "
            + "does afterwards (docs/report.md).")
    boolean report;

    @Option(names = "--max-telemetry", paramLabel = "SIZE", description = "Refuse to start when the time series "
            + "(timeseries/queues.csv, rates.csv) could exceed SIZE (default " + TelemetryLimit.DEFAULT + ").")
    String maxTelemetry;

    @Option(names = "--threads", paramLabel = "N", description = "Run the simulation on N threads (1.." + Threads.MAX
            + ", or auto for the cores the JVM sees; the partitioned engine: same results for every N; without it the "
            + "sequential engine runs). More than the "
            + "fabric's useful partitions (a switch with its hosts each) run as that many; the scenario's engine.partitions "
            + "may set the cut.")
    String threads;

    @Option(names = {"-q", "--quiet"}, description = "No progress display (on a terminal a progress bar, otherwise a "
            + "line every 10 s on stderr).")
    boolean quiet;

    RunCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        ParallelLine parallel = new ParallelLine();
        Integer threads = Threads.parse(this.threads, Runtime.getRuntime().availableProcessors());
        Context c = Threads.apply(ctx, threads, parallel);
        Scenario s = load(c, scenario, sets, seed);
        if (threads == null && !s.engine().auto()) {
            c.err().println("note: engine.partitions cuts runs with --threads N; without it the sequential engine runs"
                    + " (same results)");
        }
        Warnings.print(c, s);
        TelemetryLimit.enforce(s, maxTelemetry);
        return Execution.run(c, s, out, sets, report, false, quiet, null, parallel::line);
    }

    static Scenario load(Context ctx, Path file, List<String> sets, Long seed) {
        List<String> all = new ArrayList<>(sets);
        String seedSet = Execution.seedOverride(seed);
        if (seedSet != null) {
            all.add(seedSet);
        }
        return ScenarioLoader.load(ctx.resolve(file), file.toString(), all);
    }
}
