package org.lossless.cli.warm;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * What the daemon runs for a client: one {@code lossless} command line, run in this JVM as the client asked it. The
 * command-line module gives it to the server ({@code org.lossless.cli.WarmCli}); this package only carries commands
 * and their output, so it never depends on the command line it serves.
 */
public interface WarmCommand {
    /**
     * Runs one command up to its exit status.
     *
     * @param args     the command line, without the program name
     * @param cwd      the client's working directory: every relative path resolves against it
     * @param terminal whether the client's stderr is a terminal
     * @param columns  the client terminal's width in columns, or -1 when unknown
     * @param progress where a progress bar goes (the client's stderr)
     * @param debug    whether the client asked for stack traces ({@code LOSSLESS_DEBUG})
     */
    int execute(List<String> args, Path cwd, boolean terminal, int columns, PrintStream progress, boolean debug,
            PrintWriter out, PrintWriter err);

    /** Prints what a command that ran out of memory tells the user and returns its exit status. */
    int outOfMemory(PrintWriter err);
}
