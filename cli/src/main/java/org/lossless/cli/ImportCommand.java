package org.lossless.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code lossless import FORMAT ...}: settings from real equipment or other simulators, as scenario YAML. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Turns settings from real equipment or other simulators into scenario YAML: 'import hpcc' (HPCC "
                + "ns-3 simulator topology, flow and config files), 'import mlx5', 'import sonic'.")
final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        cl.getErr().println("lossless import: name a format: " + String.join(", ", cl.getSubcommands().keySet()));
        cl.usage(cl.getErr());
        return Cli.BAD_INPUT;
    }
}
