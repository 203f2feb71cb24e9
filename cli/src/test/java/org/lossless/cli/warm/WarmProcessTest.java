package org.lossless.cli.warm;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.lossless.cli.Main;
import org.lossless.cli.WarmMain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real daemon process ({@link WarmMain}, warm-up included) and real client processes, on this test's class path:
 * the JVM client ({@link Main} with {@value WarmClient#SOCKET_PROPERTY}) and the launcher's perl client
 * ({@code cli/warm-client.pl}). SIGTERM to a client in the middle of a run served by the daemon ends it as it would
 * end a run in its own JVM (status 143, one line, nothing left); the daemon serves the next command; a command it
 * does not take runs in the client's own JVM; {@code stop} ends the daemon.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WarmProcessTest {
    /** The launcher's fingerprint of the JVM options, here: any string the daemon and its clients share. */
    static final String LAUNCH = "-XX:+UseSerialGC (test)";
    static final Path PERL_CLIENT = Path.of("warm-client.pl"); // cli/, Maven's working directory for the tests
    Path dir;
    Path socket;
    Process daemon;
    WarmControl control;

    @BeforeAll
    void startDaemon() throws Exception {
        dir = Files.createTempDirectory("lossless-warm-process");
        socket = dir.resolve("s").resolve("w.sock");
        List<String> cmd = java();
        cmd.addAll(List.of(WarmMain.class.getName(), socket.toString(), "600"));
        daemon = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("daemon.log").toFile())
                .start();
        control = new WarmControl(socket);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (control.ask(true).equals("not running")) {
            assertTrue(daemon.isAlive(), () -> "the daemon ended: " + read(dir.resolve("daemon.log")));
            assertTrue(System.nanoTime() < deadline, "the daemon did not start listening");
            Thread.sleep(100);
        }
    }

    @AfterAll
    void stopDaemon() throws Exception {
        try {
            assertEquals("stopped", control.ask(false));
            assertTrue(daemon.waitFor(30, TimeUnit.SECONDS), "the daemon did not end");
            assertEquals(0, daemon.exitValue());
            assertTrue(Files.notExists(socket));
        } finally {
            daemon.destroyForcibly();
            try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class JvmClient {
        @Test
        void aSignalledRunEndsCleanlyAndTheDaemonServesTheNext() throws Exception {
            signalledThenNext(false);
        }
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class PerlClient {
        @BeforeAll
        void needsPerl() {
            Assumptions.assumeTrue(perl(), "perl is not installed (the launcher then uses the JVM client)");
        }

        @Test
        void aSignalledRunEndsCleanlyAndTheDaemonServesTheNext() throws Exception {
            signalledThenNext(true);
        }

        @Test
        void aCommandTheDaemonDoesNotTakeRunsInItsOwnJvm() throws Exception {
            Path work = work("refused");
            int before = served();
            Process p = perlClient(socket, "another fingerprint", work, dir.resolve("refused.err"),
                    "run", "tiny.yaml", "--out", "out", "--quiet");
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), read(dir.resolve("refused.err")));
            assertTrue(Files.exists(work.resolve("out/summary.json")));
            assertEquals(before, served(), "run by the client's own JVM");
            assertTrue(control.ask(true).contains("last refusal: JVM options differ"), control.ask(true));
        }

        @Test
        void noDaemonRunsInItsOwnJvm() throws Exception {
            Path work = work("none");
            Process p = perlClient(dir.resolve("s").resolve("nothing.sock"), LAUNCH, work, dir.resolve("none.err"),
                    "check", "tiny.yaml");
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), read(dir.resolve("none.err")));
        }

        @Test
        void badInputIsExit2WithOneLine() throws Exception {
            Path work = work("bad");
            int before = served();
            Process p = perlClient(socket, LAUNCH, work, dir.resolve("bad.err"), "run", "missing.yaml");
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(2, p.exitValue());
            String err = read(dir.resolve("bad.err"));
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.startsWith("lossless: "), err);
            assertEquals(before + 1, served());
        }
    }

    /**
     * Permissions follow the user's umask, in a JVM of its own and through the daemon: a folder gets 0777 and a file
     * 0666 less the umask's bits (POSIX), at every depth of the result.
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class Umask {
        @Test
        void aRunInItsOwnJvmHonoursTheUmask() throws Exception {
            Path work = work("own-umask");
            List<String> cmd = java();
            cmd.addAll(List.of(Main.class.getName(), "run", "tiny.yaml", "--out", "out", "--quiet"));
            Process p = withUmask(077, cmd, work, dir.resolve("own-umask.err"), true);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), read(dir.resolve("own-umask.err")));
            assertModes(work.resolve("out"), 077);
        }

        @Test
        void aClientWithAnotherUmaskThanTheDaemonsRunsInItsOwnJvm() throws Exception {
            Assumptions.assumeTrue(perl(), "perl is not installed");
            int daemonMask = umaskOf(daemon.pid());
            int mask = daemonMask == 077 ? 022 : 077;
            Path work = work("perl-umask");
            int before = served();
            List<String> javaCmd = java();
            javaCmd.add(Main.class.getName());
            List<String> cmd = new ArrayList<>(List.of("perl", PERL_CLIENT.toAbsolutePath().toString(),
                    socket.toString(), LAUNCH, "-1", Integer.toString(javaCmd.size())));
            cmd.addAll(javaCmd);
            cmd.addAll(List.of("run", "tiny.yaml", "--out", "out", "--quiet"));
            Process p = withUmask(mask, cmd, work, dir.resolve("perl-umask.err"), false);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), read(dir.resolve("perl-umask.err")));
            assertModes(work.resolve("out"), mask);
            assertEquals(before, served(), "run by the client's own JVM");
            assertTrue(control.ask(true).contains("umask"), control.ask(true));
        }

        private Process withUmask(int mask, List<String> cmd, Path work, Path err, boolean noDaemon) throws IOException {
            List<String> sh = new ArrayList<>(List.of("sh", "-c", String.format("umask %03o && exec \"$@\"", mask), "sh"));
            sh.addAll(cmd);
            ProcessBuilder pb = new ProcessBuilder(sh).directory(work.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile());
            if (noDaemon) {
                pb.environment().put("LOSSLESS_DAEMON", "0");
            }
            return pb.start();
        }

        /** The umask of process {@code pid}, from the kernel. */
        private int umaskOf(long pid) throws IOException {
            return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
                    .filter(l -> l.startsWith("Umask:")).map(l -> Integer.parseInt(l.substring(6).trim(), 8))
                    .findFirst().orElseThrow();
        }

        private void assertModes(Path out, int mask) throws IOException {
            List<Path> all;
            try (java.util.stream.Stream<Path> s = Files.walk(out)) {
                all = s.toList();
            }
            assertTrue(all.size() > 3, all::toString);
            for (Path f : all) {
                int mode = (Integer) Files.getAttribute(f, "unix:mode") & 0777;
                int want = (Files.isDirectory(f) ? 0777 : 0666) & ~mask;
                assertEquals(Integer.toOctalString(want), Integer.toOctalString(mode), f.toString());
            }
        }
    }

    void signalledThenNext(boolean perl) throws Exception {
        Path work = work(perl ? "perl" : "jvm");
        Path err = dir.resolve((perl ? "perl" : "jvm") + ".err");
        int before = served();
        Process client = perl ? perlClient(socket, LAUNCH, work, err, "run", "long.yaml", "--out", "out")
                : jvmClient(work, err, "run", "long.yaml", "--out", "out");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!control.ask(true).contains("running a command")
                    || WarmServerTest.files(work).stream().noneMatch(n -> n.startsWith(".out.tmp-"))) {
                assertTrue(client.isAlive(), () -> "the client ended early: " + read(err));
                assertTrue(System.nanoTime() < deadline, "the daemon did not start the run");
                Thread.sleep(50);
            }
            Thread.sleep(500);
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(client.pid())).start().waitFor());
            assertTrue(client.waitFor(60, TimeUnit.SECONDS), "the client did not end after SIGTERM");
        } finally {
            client.destroyForcibly();
        }
        assertEquals(143, client.exitValue(), read(err));
        assertTrue(read(err).matches("lossless: interrupted at [0-9.]+ ms of 20000 ms simulated; no results written\n"),
                read(err));
        assertEquals(List.of("long.yaml", "tiny.yaml"), WarmServerTest.files(work), "nothing left beside the scenarios");

        Path nextErr = dir.resolve((perl ? "perl" : "jvm") + "-next.err");
        Process next = perl ? perlClient(socket, LAUNCH, work, nextErr, "run", "tiny.yaml", "--out", "out", "--quiet")
                : jvmClient(work, nextErr, "run", "tiny.yaml", "--out", "out", "--quiet");
        assertTrue(next.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, next.exitValue(), read(nextErr));
        assertTrue(Files.exists(work.resolve("out/summary.json")));
        assertEquals(before + 2, served(), "both commands went to the daemon");
    }

    Path work(String name) throws IOException {
        Path work = Files.createDirectories(dir.resolve(name));
        Files.writeString(work.resolve("long.yaml"), WarmServerTest.LONG);
        Files.writeString(work.resolve("tiny.yaml"), WarmServerTest.TINY);
        return work;
    }

    int served() {
        Matcher m = Pattern.compile("(\\d+) commands? served").matcher(control.ask(true));
        assertTrue(m.find(), control.ask(true));
        return Integer.parseInt(m.group(1));
    }

    private Process jvmClient(Path work, Path err, String... args) throws IOException {
        List<String> cmd = java();
        cmd.add(1, "-D" + WarmClient.SOCKET_PROPERTY + "=" + socket);
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
    }

    /** The launcher's way: perl, the socket, the fingerprint, no width, and the java command to fall back on. */
    private Process perlClient(Path sock, String launch, Path work, Path err, String... args) throws IOException {
        List<String> javaCmd = java();
        javaCmd.add(Main.class.getName());
        List<String> cmd = new ArrayList<>(List.of("perl", PERL_CLIENT.toAbsolutePath().toString(), sock.toString(),
                launch, "-1", Integer.toString(javaCmd.size())));
        cmd.addAll(javaCmd);
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
    }

    /** {@code java} on this test's class path, with the options the daemon and its clients share. */
    private static List<String> java() {
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-D" + WarmPaths.LAUNCH_PROPERTY + "=" + LAUNCH, "-cp",
                System.getProperty("java.class.path")));
    }

    static boolean perl() {
        try {
            return new ProcessBuilder("perl", "-MIO::Socket::UNIX", "-e", "1").start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }
}
