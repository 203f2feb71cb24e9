package org.lossless.cli.warm;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;

/** {@code lossless daemon start}, {@code stop} and {@code status}: starting the daemon's process, asking it. */
public final class WarmControl {
    /** How long {@code start} waits for the daemon to warm up and listen, ms. */
    static final long START_WAIT_MS = 180_000;
    private final Path socket;

    public WarmControl(Path socket) {
        this.socket = socket;
    }

    /**
     * Its status ({@code status}) or its answer to stop; "not running" when nothing answers, "not running (why)" when
     * the socket, its folder or the process listening on it is not this user's (nothing is sent to it).
     */
    public String ask(boolean status) {
        UserPrincipal me;
        try {
            if (!Files.exists(socket, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return NOT_RUNNING;
            }
            me = WarmPaths.checkPrivate(socket.getParent());
            WarmPeer.checkSocket(socket);
        } catch (IOException | RuntimeException e) {
            return NOT_RUNNING + " (" + e.getMessage() + ")";
        }
        try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            c.connect(UnixDomainSocketAddress.of(socket));
            if (!WarmPeer.sameUser(c, me)) {
                return NOT_RUNNING + " (the process listening on " + socket + " is not yours)";
            }
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(WarmProtocol.output(c)));
            out.writeInt(WarmProtocol.MAGIC);
            out.writeInt(WarmProtocol.VERSION);
            out.writeByte(status ? WarmProtocol.STATUS : WarmProtocol.STOP);
            out.flush();
            DataInputStream in = new DataInputStream(new BufferedInputStream(WarmProtocol.input(c)));
            byte kind = in.readByte();
            String text = WarmProtocol.readString(in);
            return kind == WarmProtocol.TEXT ? text : "refused: " + text;
        } catch (IOException e) {
            return NOT_RUNNING;
        }
    }

    /** What {@link #ask} says when no daemon of this user's answers. */
    static final String NOT_RUNNING = "not running";

    /** Whether an answer of {@link #ask} says no daemon of this user's answers. */
    static boolean notRunning(String answer) {
        return answer.startsWith(NOT_RUNNING);
    }

    /**
     * Starts the daemon of {@code jar} with this JVM's options and environment, in a session of its own (so that
     * closing the terminal does not end it), and waits until it has warmed up and listens. Returns what to tell the
     * user; throws {@link IllegalStateException} with the daemon's log when it could not start.
     *
     * @param mainClass the daemon process's main class (it binds a {@link WarmServer} to the socket given as its first
     *                  argument and ends after the idle seconds given as its second)
     */
    public String start(Path jar, long idleSeconds, String mainClass) {
        String now = ask(true);
        if (!notRunning(now)) {
            return "already running: " + now;
        }
        Path log = WarmPaths.log(jar);
        List<String> cmd = new ArrayList<>();
        for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(setsid))) {
                cmd.add(setsid);
                break;
            }
        }
        cmd.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(ownOptions());
        String launch = System.getProperty(WarmPaths.LAUNCH_PROPERTY);
        if (launch != null) {
            cmd.add("-D" + WarmPaths.LAUNCH_PROPERTY + "=" + launch);
        }
        cmd.addAll(List.of("-cp", jar.toString(), mainClass, socket.toString(),
                Long.toString(idleSeconds)));
        long t0 = System.nanoTime();
        Process p;
        try {
            WarmPaths.makePrivate(socket.getParent());
            // its working directory is its private folder: nothing it does resolves against the folder it was
            // started from (commands resolve against their client's), and a crash report lands beside its log
            p = new ProcessBuilder(cmd).directory(socket.getParent().toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start: " + e.getMessage(), e);
        }
        long deadline = t0 + START_WAIT_MS * 1_000_000;
        while (System.nanoTime() < deadline) {
            String s = ask(true);
            if (!notRunning(s)) {
                return String.format(java.util.Locale.ROOT, "started and warmed up in %.1f s (%s); 'lossless run' "
                        + "and 'lossless check' from this environment now use it; it ends after %d min without a "
                        + "command, or with 'lossless daemon stop'", (System.nanoTime() - t0) / 1e9, s,
                        Math.max(1, idleSeconds / 60));
            }
            if (!p.isAlive() && p.exitValue() != 0) {
                throw new IllegalStateException("it ended at once (" + p.exitValue() + "): " + tail(log));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new IllegalStateException("it did not answer within " + START_WAIT_MS / 1000 + " s: " + tail(log));
    }

    /**
     * This JVM's options for the daemon's: those of {@link WarmPaths#jvmOptions()} less what {@code JAVA_TOOL_OPTIONS}
     * and {@code JDK_JAVA_OPTIONS} put there (the daemon inherits those variables and so gets them anyway).
     */
    static List<String> ownOptions() {
        List<String> opts = new ArrayList<>(WarmPaths.jvmOptions());
        for (String var : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
            String v = System.getenv(var);
            if (v != null && !v.isBlank()) {
                for (String token : Arrays.asList(v.trim().split("\\s+"))) {
                    opts.remove(token);
                }
            }
        }
        return opts;
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" / ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log at " + log + ")";
        }
    }
}
