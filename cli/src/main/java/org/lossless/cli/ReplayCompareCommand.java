package org.lossless.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.lossless.experiments.results.OutputRule;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.verbs.compare.Comparison;
import org.lossless.verbs.compare.ComparisonText;
import org.lossless.verbs.compare.ReplayCompare;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.plan.PlanReader;
import org.lossless.verbs.run.BundleReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lossless replay compare BUNDLE SCENARIO}. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Simulates SCENARIO and prints, per metric, simulated against measured with the error.",
            "SCENARIO is e.g. the bundle's scenario.resolved.yaml, or a calibrated one. Metrics: per-flow goodput and"
                + " latency, pauses and paused time per host and priority, ECN marks and CNPs per host. Also writes"
                + " comparison.json, .csv and .txt."})
final class ReplayCompareCommand implements Callable<Integer> {
    private final Context ctx;
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BUNDLE", description = "Run bundle written by 'lossless replay run'.")
    Path bundle;

    @Parameters(index = "1", paramLabel = "SCENARIO", description = "Scenario to simulate.")
    Path scenario;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key. Repeatable.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write the comparison files (default:"
            + " BUNDLE/comparison).")
    Path out;

    ReplayCompareCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        return VerbsCommands.guard("replay compare", spec.commandLine().getErr(), this::compare);
    }

    private int compare() throws Exception {
        Path b = ctx.resolve(bundle);
        Path dir = out != null ? ctx.resolve(out) : b.resolve("comparison");
        OutputRule.checkDirectory(dir, ReplayCompare.KIND); // refused before the simulation, not after it
        Measurement measured = BundleReader.read(b, bundle.toString());
        ReplayCompare.Naming naming = ReplayCompare.Naming.of(PlanReader.read(b, bundle.toString()));
        Scenario s = RunCommand.load(ctx, scenario, sets, null);
        Measurement simulated = ReplayCompare.simulate(s, ctx.runner().get(), naming);
        Comparison c = ReplayCompare.compare(s, bundle.toString(), measured, simulated);
        ReplayCompare.write(dir, c);
        spec.commandLine().getOut().print(ComparisonText.table(c));
        spec.commandLine().getOut().println("wrote " + (out != null ? out : bundle + "/comparison")
                + " (comparison.json, comparison.csv, comparison.txt)");
        spec.commandLine().getOut().flush();
        return 0;
    }
}
