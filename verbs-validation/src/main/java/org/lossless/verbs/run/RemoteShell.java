package org.lossless.verbs.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Runs commands on a lab host. The command is an argument vector; implementations must deliver exactly
 * these arguments to the remote program (no word splitting, no expansion). {@link SshShell} uses the
 * system ssh; tests may use another implementation without touching the executor.
 */
public interface RemoteShell {
    /** Where a command runs: an ssh destination (checked host name) and an optional user. */
    record Target(String host, String user) {
    }

    /**
     * Runs {@code argv} to completion, stdout and stderr into the files.
     *
     * @return the exit status, or -1 when it did not end within {@code timeout} (it is then stopped)
     */
    int run(Target target, List<String> argv, Path stdout, Path stderr, Duration timeout) throws IOException, InterruptedException;

    /**
     * Starts {@code argv} so that it begins at wall-clock {@code startAtNs} (epoch ns by the remote host's clock;
     * 0 = at once), stdout and stderr into the files.
     */
    Running start(Target target, List<String> argv, long startAtNs, Path stdout, Path stderr) throws IOException;

    /** A started command. */
    interface Running {
        /** Waits up to {@code timeout}; true when it ended. */
        boolean waitFor(Duration timeout) throws InterruptedException;

        /** The exit status once ended, else null. */
        Integer exitCode();

        /** Stops it (on the remote host too) and waits briefly for it to end. */
        void stop() throws InterruptedException;
    }

    /**
     * The local command line this shell would run for {@code argv} (dry runs print it): under the start wrapper
     * waiting for {@code startAtNs}, or the command alone when {@code startAtNs} is negative.
     */
    List<String> describe(Target target, List<String> argv, long startAtNs);
}
