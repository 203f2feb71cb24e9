package org.lossless.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import org.lossless.cli.warm.WarmCommand;

/** The command line as the daemon runs it for a client ({@link WarmCommand}): a fresh {@link Cli} per command. */
public final class WarmCli implements WarmCommand {
    @Override
    public int execute(List<String> args, Path cwd, boolean terminal, int columns, PrintStream progress,
            boolean debug, PrintWriter out, PrintWriter err) {
        return new Cli(out, err, cwd, new Terminal(terminal, columns, progress), debug)
                .execute(args.toArray(String[]::new));
    }

    @Override
    public int outOfMemory(PrintWriter err) {
        err.println(Cli.outOfMemory());
        return Cli.BAD_INPUT;
    }
}
