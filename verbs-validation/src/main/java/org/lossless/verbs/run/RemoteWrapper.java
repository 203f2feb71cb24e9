package org.lossless.verbs.run;

import java.util.ArrayList;
import java.util.List;

/**
 * The constant {@code sh -c} script every started process runs under on the remote host: it prints its pid
 * (so the executor can stop it), waits until the wall clock reaches the start time (polling every
 * millisecond), prints when it really started, and {@code exec}s the command with its arguments untouched.
 * Needs a POSIX sh and GNU {@code date +%s%N}. The script never contains user input; the start time and the
 * command are its positional arguments.
 */
final class RemoteWrapper {
    static final String PID = "lossless-pid=";
    static final String STARTED = "lossless-started-ns=";
    static final String SCRIPT = "echo " + PID + "$$ >&2; t=$1; shift; if [ \"$t\" != 0 ]; then "
            + "while [ \"$(date +%s%N)\" -lt \"$t\" ]; do sleep 0.001; done; fi; echo " + STARTED
            + "$(date +%s%N) >&2; exec \"$@\"";

    private RemoteWrapper() {
    }

    /** The argument vector to run on the remote host for {@code argv} starting at {@code startAtNs}. */
    static List<String> wrap(List<String> argv, long startAtNs) {
        List<String> a = new ArrayList<>(List.of("sh", "-c", SCRIPT, "lossless", Long.toString(startAtNs)));
        a.addAll(argv);
        return a;
    }
}
