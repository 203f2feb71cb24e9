package org.lossless.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGINT and SIGTERM sent to a real {@code lossless run} process in the middle of its simulation: one line
 * on stderr, nothing left in the parent folder (no result, no temporary sibling), and a following run into
 * the same {@code --out} succeeds. The interrupted process runs {@link Main} on this test's class path with the JVM
 * options of the {@code lossless} launcher.
 */
public class InterruptProcessTest {
    /** Long enough never to end by itself within the test: 3 x 20 GB into one 100 Gb/s port, 20 s simulated. */
    public static final String LONG = """
            name: long
            stop_time: 20s
            topology: {type: star, hosts: 4}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 20GB}, {src: 2, dst: 0, size: 20GB}, {src: 3, dst: 0, size: 20GB}]
            """;

    @TempDir
    Path dir;

    @Test
    void sigtermLeavesNothingAndTheNextRunSucceeds() throws Exception {
        interruptAndRerun("TERM", 143);
    }

    @Test
    void sigintLeavesNothingAndTheNextRunSucceeds() throws Exception {
        // a shell that starts jobs in the background without job control makes them ignore SIGINT, and a
        // JVM keeps an ignored SIGINT ignored (as nohup wants); env --default-signal (coreutils >= 8.31)
        // gives the child the default disposition back
        Assumptions.assumeTrue(envResetsSignals(),
                "env --default-signal is not available to reset an inherited ignored SIGINT");
        interruptAndRerun("INT", 130);
    }

    private void interruptAndRerun(String signal, int expectedExit) throws Exception {
        Files.writeString(dir.resolve("long.yaml"), LONG);
        Path errFile = dir.getParent().resolve(dir.getFileName() + "-" + signal + ".err");
        Process p = lossless(errFile, "run", "long.yaml", "--out", "out");
        try {
            // the hidden temporary sibling appears when the run starts writing; give the simulation a second
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (names().stream().noneMatch(n -> n.startsWith(".out.tmp-")) && System.nanoTime() < deadline) {
                assertTrue(p.isAlive(), "the run ended early: " + Files.readString(errFile));
                Thread.sleep(50);
            }
            Thread.sleep(1000);
            assertTrue(p.isAlive());
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run did not end after SIG" + signal);
        } finally {
            p.destroyForcibly();
        }
        String err = Files.readString(errFile);
        assertEquals(expectedExit, p.exitValue(), err);
        assertTrue(err.matches("(?s)lossless: interrupted at [0-9.]+ ms of 20000 ms simulated; no results written\n"),
                err);
        assertEquals(List.of("long.yaml"), names(), "nothing left beside the scenario");

        // the next run (in this JVM: what matters is what the killed one left on disk) is not confused
        java.io.StringWriter again = new java.io.StringWriter();
        assertEquals(0, new Cli(new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(again), dir,
                Runners::packet, null).execute("run", "long.yaml", "--out", "out", "--set", "stop_time=20us", "--quiet"),
                again::toString);
        assertTrue(Files.exists(dir.resolve("out/summary.json")));
        assertEquals(List.of("long.yaml", "out"), names());
    }

    /** Issue 31: Ctrl-C or SIGTERM of a sweep said nothing; it says the complete runs are kept and how to finish. */
    @Test
    void anInterruptedSweepSaysHowToFinishIt() throws Exception {
        Files.writeString(dir.resolve("long.yaml"), LONG);
        Path errFile = dir.getParent().resolve(dir.getFileName() + "-sweep.err");
        Process p = lossless(errFile, "sweep", "long.yaml", "--vary", "switch.ecn.kmin=100KB,200KB", "--jobs", "1",
                "--quiet", "--out", "st");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            Path point = dir.resolve("st/points/kmin=100KB");
            while (!(Files.isDirectory(point) && names(point).stream().anyMatch(n -> n.contains(".run-")))
                    && System.nanoTime() < deadline) {
                assertTrue(p.isAlive(), "the sweep ended early: " + Files.readString(errFile));
                Thread.sleep(50);
            }
            Thread.sleep(1000);
            assertTrue(p.isAlive());
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the sweep did not end after SIGTERM");
        } finally {
            p.destroyForcibly();
        }
        String err = Files.readString(errFile);
        assertEquals(143, p.exitValue(), err);
        assertTrue(err.endsWith("lossless: interrupted; the runs complete so far are kept in " + dir.resolve("st")
                + "; the same command with --resume finishes the sweep\n"), err);
    }

    private Process lossless(Path errFile, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        if (!envResetsSignals()) {
            cmd = cmd.subList(2, cmd.size());
        }
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(false)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(errFile.toFile()).start();
    }

    private static boolean envResetsSignals() {
        try {
            return new ProcessBuilder("env", "--default-signal=INT", "true").start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private List<String> names() throws IOException {
        return names(dir);
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
