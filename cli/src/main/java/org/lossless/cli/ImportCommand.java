package org.lossless.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code lossless import hpcc ...}: the group; its subcommands are registered in {@link Cli}. */
@Command(name = "import", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Turns another tool's files into a scenario: 'import hpcc' (HPCC ns-3 simulator topology and "
                + "flow files).")
final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return GroupCommands.missingSubcommand(spec);
    }
}
