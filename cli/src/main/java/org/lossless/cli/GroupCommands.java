package org.lossless.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** What a command group ({@code export}, {@code import}) does when called without a subcommand. */
final class GroupCommands {
    private GroupCommands() {
    }

    /** Prints which subcommands exist; bad input. */
    static int missingSubcommand(CommandSpec spec) {
        CommandLine cl = spec.commandLine();
        String name = spec.qualifiedName();
        cl.getErr().println(name + ": a subcommand is required: " + String.join(", ", cl.getSubcommands().keySet())
                + " (see '" + name + " --help')");
        return Cli.BAD_INPUT;
    }
}
