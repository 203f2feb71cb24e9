package org.lossless.cli;

import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.topology.Failures;
import org.lossless.topology.Topology;
import org.lossless.topology.io.DotExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lossless export dot SCENARIO [--out FILE]}: the scenario's topology as a Graphviz graph. */
@Command(name = "dot", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes the scenario's topology as a Graphviz graph: one rank per tier, hosts as boxes, "
                + "switches as ellipses, one edge per cable labelled with rate and delay (labels are left out above "
                + DotExport.LABEL_LIMIT + " cables unless --labels is given).",
            "Render it with: dot -Tsvg topo.dot -o topo.svg"})
final class ExportDotCommand implements Callable<Integer> {
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML), see docs/scenario.md.")
    Path scenario;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path out;

    @Option(names = "--force", description = "Replace --out if it exists.")
    boolean force;

    @Option(names = "--labels", negatable = true, description = "Label every edge with rate and delay (default: "
            + "only up to " + DotExport.LABEL_LIMIT + " cables).")
    Boolean labels;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key, e.g. topology.k=8. "
            + "Repeatable; applied in order.")
    List<String> sets = new ArrayList<>();

    ExportDotCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Scenario s = RunCommand.load(ctx, scenario, sets, null);
        Topology t = ScenarioEngine.topology(s);
        boolean withLabels = labels != null ? labels : t.cables().size() <= DotExport.LABEL_LIMIT;
        String dot = DotExport.toDot(t, Failures.NONE, withLabels);
        if (out == null) {
            ctx.out().print(dot);
        } else {
            Path file = ctx.resolve(out);
            OutputFiles.write(file, dot, force);
            ctx.out().println("wrote " + file + ": " + t);
        }
        ctx.out().flush();
        return 0;
    }
}
