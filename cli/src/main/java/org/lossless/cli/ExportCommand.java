package org.lossless.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code lossless export dot|hpcc|flows ...}: the group; its subcommands are registered in {@link Cli}. */
@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Writes a scenario in another tool's format: 'export dot' (Graphviz drawing of the topology), "
                + "'export hpcc' (the HPCC ns-3 simulator's topology, flow and trace files), 'export flows' (the "
                + "messages the workloads post and their dependencies, CSV and JSON).")
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return GroupCommands.missingSubcommand(spec);
    }
}
