package org.lossless.verbs.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.verbs.io.ShellQuote;
import org.lossless.verbs.plan.Names;
import org.lossless.verbs.plan.SshSettings;

/**
 * The system {@code ssh} client, run through an argument vector (no local shell):
 * {@code ssh -o BatchMode=yes ... -l USER -- HOST COMMAND}, where COMMAND is the remote argument vector with
 * every argument quoted for the remote shell ({@link ShellQuote}). BatchMode means keys or an agent, never a
 * password prompt. A host or user that is not a plain name is refused before ssh runs.
 */
public final class SshShell implements RemoteShell, AutoCloseable {
    private static final Pattern PID = Pattern.compile(Pattern.quote(RemoteWrapper.PID) + "(\\d{1,10})");
    private final SshSettings settings;
    private final String sshCommand;
    /** Folder of the connection-sharing sockets, created on first use; null until then. */
    private Path controlDir;
    private final java.util.Set<Target> shared = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public SshShell(SshSettings settings) {
        this(settings, "ssh");
    }

    /** With another ssh binary (tests may point at a specific client). */
    public SshShell(SshSettings settings, String sshCommand) {
        this.settings = settings;
        this.sshCommand = sshCommand;
    }

    /** The local argument vector: ssh, its options, {@code --}, the host and the quoted remote command. */
    List<String> sshArgv(Target t, List<String> remoteArgv) {
        return sshArgv(t, remoteArgv, null);
    }

    /**
     * As {@link #sshArgv(Target, List)}; with a control folder, short commands share one connection per host
     * (ssh's ControlMaster, kept 60 s), so snapshots do not pay a key exchange each. Started processes get a
     * connection of their own (sshd allows only 10 sessions per connection by default).
     */
    private List<String> sshArgv(Target t, List<String> remoteArgv, Path control) {
        String problem = Names.hostProblem(t.host());
        if (problem == null && t.user() != null) {
            problem = Names.userProblem(t.user());
        }
        if (problem != null) {
            throw new IllegalArgumentException("refusing to run ssh: " + problem);
        }
        List<String> a = new ArrayList<>(List.of(sshCommand, "-o", "BatchMode=yes", "-o", "ConnectTimeout="
                + settings.connectTimeoutS(), "-o", "StrictHostKeyChecking=" + settings.strictHostKeys(), "-o",
                "LogLevel=ERROR", "-T"));
        if (settings.knownHosts() != null) {
            a.addAll(List.of("-o", "UserKnownHostsFile=" + settings.knownHosts()));
        }
        if (settings.port() > 0) {
            a.addAll(List.of("-p", String.valueOf(settings.port())));
        }
        if (settings.identity() != null) {
            a.addAll(List.of("-i", settings.identity(), "-o", "IdentitiesOnly=yes"));
        }
        if (t.user() != null) {
            a.addAll(List.of("-l", t.user()));
        }
        if (control != null) {
            a.addAll(List.of("-o", "ControlMaster=auto", "-o", "ControlPersist=60", "-o", "ControlPath="
                    + control.resolve("%C")));
        }
        a.add("--");
        a.add(t.host());
        a.add(ShellQuote.join(remoteArgv));
        return a;
    }

    @Override
    public List<String> describe(Target target, List<String> argv, long startAtNs) {
        return sshArgv(target, startAtNs < 0 ? argv : RemoteWrapper.wrap(argv, startAtNs));
    }

    @Override
    public int run(Target target, List<String> argv, Path stdout, Path stderr, Duration timeout)
            throws IOException, InterruptedException {
        Process p = process(sshArgv(target, argv, control(target)), stdout, stderr);
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
            return -1;
        }
        return p.exitValue();
    }

    @Override
    public Running start(Target target, List<String> argv, long startAtNs, Path stdout, Path stderr) throws IOException {
        Process p = process(sshArgv(target, RemoteWrapper.wrap(argv, startAtNs)), stdout, stderr);
        return new SshRunning(target, p, stderr);
    }

    private synchronized Path control(Target t) throws IOException {
        if (controlDir == null) {
            controlDir = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "lsl");
        }
        shared.add(t);
        return controlDir;
    }

    /** Closes the shared connections and removes their folder. */
    @Override
    public synchronized void close() throws IOException, InterruptedException {
        if (controlDir == null) {
            return;
        }
        for (Target t : shared) {
            List<String> argv = new ArrayList<>(sshArgv(t, List.of("true"), controlDir));
            argv.remove(argv.size() - 1); // no remote command with -O
            argv.add(argv.size() - 2, "-O");
            argv.add(argv.size() - 2, "exit");
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        shared.clear();
        try (var files = Files.list(controlDir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(controlDir);
        controlDir = null;
    }

    private static Process process(List<String> argv, Path stdout, Path stderr) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.redirectInput(ProcessBuilder.Redirect.from(nullFile()));
        pb.redirectOutput(stdout.toFile());
        pb.redirectError(stderr.toFile());
        return pb.start();
    }

    private static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** A started remote command; stopping it kills the remote process by the pid its wrapper printed. */
    private final class SshRunning implements Running {
        private final Target target;
        private final Process process;
        private final Path stderr;

        SshRunning(Target target, Process process, Path stderr) {
            this.target = target;
            this.process = process;
            this.stderr = stderr;
        }

        @Override
        public boolean waitFor(Duration timeout) throws InterruptedException {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        @Override
        public Integer exitCode() {
            return process.isAlive() ? null : process.exitValue();
        }

        @Override
        public void stop() throws InterruptedException {
            if (!process.isAlive()) {
                return;
            }
            String pid = remotePid();
            if (pid != null) {
                for (String signal : List.of("-TERM", "-KILL")) {
                    try {
                        Path out = Files.createTempFile("lossless-kill", ".out");
                        try {
                            SshShell.this.run(target, List.of("kill", signal, pid), out, out, Duration.ofSeconds(10));
                        } finally {
                            Files.deleteIfExists(out);
                        }
                    } catch (IOException e) {
                        break;
                    }
                    if (process.waitFor(2, TimeUnit.SECONDS)) {
                        return;
                    }
                }
            }
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }

        private String remotePid() {
            try {
                Matcher m = PID.matcher(Files.readString(stderr, StandardCharsets.UTF_8));
                return m.find() ? m.group(1) : null;
            } catch (IOException e) {
                return null;
            }
        }
    }
}
