package org.lossless.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/**
 * The {@code lossless} command run in the test's JVM, as the CLI tests run it: the packet engine's runner, no progress
 * display, the console's two streams written into {@code out} and {@code err} (appended to: a test that wants one
 * command's output alone empties them first).
 */
final class InProcessCli {
    private InProcessCli() {
    }

    /** Runs {@code args} in working directory {@code cwd}; returns the exit code. */
    static int run(Path cwd, StringWriter out, StringWriter err, String... args) {
        return new Cli(new PrintWriter(out), new PrintWriter(err), cwd, Runners::packet, p -> { }).execute(args);
    }
}
