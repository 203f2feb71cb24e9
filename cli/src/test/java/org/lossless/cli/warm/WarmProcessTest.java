package org.lossless.cli.warm;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.cli.Main;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real daemon process ({@link WarmMain}, warm-up included) and real {@code lossless} client processes
 * ({@link Main}), on this test's class path: SIGTERM to a client in the middle of a run served by the daemon ends
 * it as it would end a run in its own JVM (status 143, one line, nothing left), the daemon serves the next command,
 * and {@code stop} ends the daemon.
 */
class WarmProcessTest {
    @TempDir
    Path dir;
    Process daemon;

    @AfterEach
    void kill() {
        if (daemon != null) {
            daemon.destroyForcibly();
        }
    }

    @Test
    void aSignalledClientsRunEndsCleanlyAndTheDaemonServesTheNext() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        Files.writeString(work.resolve("long.yaml"), WarmServerTest.LONG);
        Files.writeString(work.resolve("tiny.yaml"), WarmServerTest.TINY);
        Path socket = dir.resolve("s").resolve("w.sock");
        daemon = new ProcessBuilder(java(WarmMain.class.getName(), socket.toString(), "600"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("daemon.log").toFile()).start();
        WarmControl control = new WarmControl(socket);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (control.ask(true).equals("not running")) {
            assertTrue(daemon.isAlive(), () -> "the daemon ended: " + read(dir.resolve("daemon.log")));
            assertTrue(System.nanoTime() < deadline, "the daemon did not start listening");
            Thread.sleep(100);
        }

        Path err = dir.resolve("client.err");
        Process client = client(socket, work, err, "run", "long.yaml", "--out", "out");
        try {
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
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

        Process next = client(socket, work, dir.resolve("next.err"), "run", "tiny.yaml", "--out", "out", "--quiet");
        assertTrue(next.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, next.exitValue(), read(dir.resolve("next.err")));
        assertTrue(Files.exists(work.resolve("out/summary.json")));
        assertTrue(control.ask(true).contains("2 commands served"), control.ask(true));

        assertEquals("stopped", control.ask(false));
        assertTrue(daemon.waitFor(30, TimeUnit.SECONDS), "the daemon did not end");
        assertEquals(0, daemon.exitValue());
        assertTrue(Files.notExists(socket));
    }

    private Process client(Path socket, Path work, Path err, String... args) throws IOException {
        List<String> cmd = java("-D" + WarmClient.SOCKET_PROPERTY + "=" + socket, Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
    }

    /** {@code java} on this test's class path with the same JVM options for the daemon and its clients. */
    private static List<String> java(String... rest) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path")));
        // the client's -D option is the one difference a daemon ignores; it goes before the main class
        for (String r : rest) {
            if (r.startsWith("-D")) {
                cmd.add(1, r);
            } else {
                cmd.add(r);
            }
        }
        return cmd;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }
}
