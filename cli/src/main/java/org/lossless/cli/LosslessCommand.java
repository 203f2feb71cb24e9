package org.lossless.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** The top-level {@code lossless} command: lists the subcommands. */
@Command(name = "lossless", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Lossless: a packet-level simulator of lossless RoCEv2 fabrics (shared-buffer switches, PFC, "
                + "ECN, DCQCN).",
        footer = {"", "Exit status: 0 done, 2 bad input (scenario, option, file), 1 internal error.",
            "Start with: lossless demo"})
final class LosslessCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        cl.getErr().println("lossless: a command is required: " + String.join(", ", cl.getSubcommands().keySet())
                + " (see 'lossless --help')");
        return Cli.BAD_INPUT;
    }
}
