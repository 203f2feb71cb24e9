package org.lossless.cli;

import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lossless check SCENARIO [--set KEY=VALUE]...}: validates and prints the resolved scenario. */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Validates a scenario and prints it with every default filled in (what a run would write to "
                + "scenario.resolved.yaml). Runs nothing.")
final class CheckCommand implements Callable<Integer> {
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML), see docs/scenario.md.")
    Path scenario;

    @Option(names = "--seed", paramLabel = "N", description = "Seed (>= 0), overriding the scenario's.")
    Long seed;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key, e.g. switch.ecn.kmin=100KB. "
            + "Repeatable; applied in order.")
    List<String> sets = new ArrayList<>();

    CheckCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Scenario s = RunCommand.load(ctx, scenario, sets, seed);
        ctx.out().print(ResolvedYaml.write(s));
        ctx.out().flush();
        return 0;
    }
}
