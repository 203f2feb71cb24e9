package org.lossless.cli;

import org.lossless.cli.warm.WarmControl;
import org.lossless.cli.warm.WarmPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code lossless daemon start [--idle DURATION] | stop | status}: a warm JVM that later {@code lossless run} and
 * {@code lossless check} commands of this user, from this environment, use instead of starting their own
 * ({@link org.lossless.cli.warm}).
 */
@Command(name = "daemon", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Starts, stops or shows a warm JVM (one per user and lossless.jar) that runs later 'lossless run' "
                + "and 'lossless check' commands from the same environment: they skip the JVM's start-up and "
                + "compiling (a tiny run about 0.5 s of CPU less, a 320-host fat-tree run about 2 s). Results are the "
                + "same byte for byte. A command that finds it busy, or comes from another environment, runs in its "
                + "own JVM as before; LOSSLESS_DAEMON=0 makes every command do so. See README.md, \"Many runs\".")
final class DaemonCommand implements Callable<Integer> {
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "ACTION", description = "start, stop or status.")
    String action;

    @Option(names = "--idle", paramLabel = "DURATION", description = "With start: end after this long without a "
            + "command, e.g. 30m, 2h (default 30m, at most 7d).")
    String idle = "30m";

    DaemonCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        if (!java.util.List.of("start", "stop", "status").contains(action)) {
            throw new UserError("daemon: unknown action '" + action + "': use start, stop or status");
        }
        long seconds = idleSeconds(idle);
        Path jar = WarmPaths.ownJar();
        if (jar == null) {
            throw new UserError("daemon: needs lossless.jar (run it as ./lossless daemon ...)");
        }
        WarmControl control = new WarmControl(WarmPaths.socket(jar));
        String answer;
        if (action.equals("start")) {
            try {
                answer = control.start(jar, seconds, WarmMain.class.getName());
            } catch (IllegalStateException e) {
                throw new UserError("daemon: " + e.getMessage());
            }
        } else {
            answer = control.ask(action.equals("status"));
        }
        ctx.out().println("lossless daemon: " + answer);
        ctx.out().flush();
        return 0;
    }

    /** "30m", "2h", "45s", "1d" in seconds; bad input is a user error. */
    static long idleSeconds(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]{1,7})([smhd])").matcher(text.trim());
        if (!m.matches()) {
            throw new UserError("daemon: --idle '" + text + "' is not a duration such as 30m, 2h or 90s");
        }
        long n = Long.parseLong(m.group(1));
        long s = switch (m.group(2)) {
            case "s" -> n;
            case "m" -> n * 60;
            case "h" -> n * 3600;
            default -> n * 86400;
        };
        if (s < 1 || s > Duration.ofDays(7).toSeconds()) {
            throw new UserError("daemon: --idle '" + text + "' must be between 1s and 7d");
        }
        return s;
    }
}
