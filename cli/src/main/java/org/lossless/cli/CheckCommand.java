package org.lossless.cli;

import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.topology.Topology;
import org.lossless.topology.analysis.ServerTiers;
import org.lossless.topology.analysis.TopologySummary;
import org.lossless.workloads.collective.MemoryEstimate;
import org.lossless.workloads.collective.Tuner;
import org.lossless.workloads.spec.WorkloadConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lossless check SCENARIO [--set KEY=VALUE]... [--strict]}: validates and prints the resolved scenario, then
 * the topology summary and the warnings as YAML comments (so the output is still the resolved scenario file); the
 * warnings also go to stderr. Exit 0, or 2 with {@code --strict} when there is any warning.
 */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Validates a scenario and prints it with every default filled in (what a run would write to "
                + "scenario.resolved.yaml), then, as comments, the topology summary: hosts, switches, links per tier, "
                + "oversubscription per tier and bisection bandwidth, the memory a collective needs, how a run with "
                + "--threads would cut the fabric (partitions and window), and the warnings (headroom, ECN before PFC, QoS "
                + "mapping: every workload's DSCP walked through the NIC and switch maps). Runs nothing. Exit 0, or 2 "
                + "with --strict when there is any warning.")
final class CheckCommand implements Callable<Integer> {
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML), see docs/scenario.md.")
    Path scenario;

    @Option(names = "--seed", paramLabel = "N", description = "Seed (>= 0), overriding the scenario's.")
    Long seed;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key, e.g. switch.ecn.kmin=100KB. "
            + "Repeatable; applied in order.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--strict", description = "Exit with status 2 when there is any warning (for CI gates); the "
            + "output is the same.")
    boolean strict;

    @Option(names = "--max-telemetry", paramLabel = "SIZE", description = "Warn when the time series could exceed "
            + "SIZE (default " + TelemetryLimit.DEFAULT + "; run refuses to start above it).")
    String maxTelemetry;

    CheckCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Scenario s = RunCommand.load(ctx, scenario, sets, seed);
        ctx.out().print(ResolvedYaml.write(s));
        List<String> warnings = Warnings.of(s);
        ctx.out().print(summary(s, warnings));
        ctx.out().flush();
        // also on stderr, as `run` does: the resolved YAML on stdout is often redirected to a file
        Warnings.print(ctx, warnings);
        int n = warnings.size();
        String telemetry = TelemetryLimit.warning(s, maxTelemetry);
        if (telemetry != null) {
            ctx.err().println("lossless: warning: " + telemetry);
            ctx.err().flush();
            n++;
        }
        if (strict && n > 0) {
            ctx.err().println("lossless: check --strict: " + scenario + " has " + n + (n == 1 ? " warning" : " warnings")
                    + " (above)");
            ctx.err().flush();
            return Cli.BAD_INPUT;
        }
        return 0;
    }

    /** The topology summary and the load warnings, each line a YAML comment. */
    static String summary(Scenario s, List<String> warnings) {
        StringBuilder b = new StringBuilder("# topology summary\n");
        Topology t = ScenarioEngine.topology(s);
        TopologySummary.of(t).toText().lines().forEach(l -> b.append("# ").append(l).append('\n'));
        if (s.topology().server() != null) {
            ServerTiers.of(t, s.topology().server()).toText().lines().forEach(l -> b.append("# ").append(l).append('\n'));
        }
        memory(s, Runtime.getRuntime().maxMemory()).forEach(l -> b.append("# ").append(l).append('\n'));
        b.append("# ").append(org.lossless.experiments.run.CutPreview.line(s)).append('\n');
        warnings.forEach(w -> b.append("# warning: ").append(w).append('\n'));
        return b.toString();
    }

    /**
     * One line per collective job: the heap it needs (its cheapest algorithm and protocol's estimate) against
     * {@code heapBytes}; none without a collective job.
     */
    static List<String> memory(Scenario s, long heapBytes) {
        List<String> out = new ArrayList<>();
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.Collective c) {
                Tuner.Choice choice = MemoryEstimate.cheapest(c.job());
                MemoryEstimate e = MemoryEstimate.of(c.job(), choice.algorithm(), choice.protocol());
                out.add("memory: job " + c.job().name() + " needs " + e.describe(heapBytes) + " with "
                        + choice.algorithm().key() + ", " + choice.protocol().key() + "; this Java has "
                        + MemoryEstimate.size(heapBytes));
            }
        }
        return out;
    }
}
