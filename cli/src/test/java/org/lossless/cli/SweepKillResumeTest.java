package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real {@code lossless sweep} process killed with SIGKILL half-way, then resumed: every run completes,
 * no run finished before the kill is run again (its summary.json keeps its timestamp), no temporary
 * directory is left, and sweep.csv has every row.
 */
class SweepKillResumeTest {
    /** Three 3 MB flows into one host: ~0.1 s per run on a warm JVM, so 10 runs take long enough to be cut. */
    static final String SCENARIO = """
            name: kill-star
            topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}
            switch: {buffer_size: 4MB, ecn: {kmin: 20KB, kmax: 200KB, pmax: 0.2}}
            nic: {mtu: 1024, cc: dcqcn}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 3MB}, {src: 2, dst: 0, size: 3MB}, {src: 3, dst: 0, size: 3MB}]
            """;

    @TempDir
    Path cwd;

    static Process lossless(Path cwd, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(cwd.resolve("console-" + System.nanoTime() + ".txt").toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /**
     * points/POINT/SEED/summary.json of the runs in place, with their timestamps. Hidden folders (a run being
     * written, .SEED.tmp-*) are not entered: they come and go while the sweep runs.
     */
    static Map<Path, FileTime> done(Path sweep) throws IOException {
        Map<Path, FileTime> m = new HashMap<>();
        Path points = sweep.resolve("points");
        if (!Files.isDirectory(points)) {
            return m;
        }
        for (Path point : visible(points)) {
            for (Path run : visible(point)) {
                Path summary = run.resolve("summary.json");
                if (Files.isRegularFile(summary)) {
                    m.put(sweep.relativize(summary), Files.getLastModifiedTime(summary));
                }
            }
        }
        return m;
    }

    private static List<Path> visible(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
        }
    }

    @Test
    void killedHalfWayThenResumedCompletesWithoutRedoingAnything() throws Exception {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO);
        String[] args = {"sweep", "s.yaml", "--vary", "switch.ecn.kmin=10KB..50KB:10KB", "--replications", "2",
            "--jobs", "1", "--out", "st"};
        Process p = lossless(cwd, Map.of(), args);
        Path st = cwd.resolve("st");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (done(st).size() < 3 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        p.destroyForcibly(); // SIGKILL on Linux
        p.waitFor();
        assertEquals(137, p.exitValue(), "the sweep must have been killed, not ended");
        Map<Path, FileTime> before = done(st);
        assertTrue(before.size() >= 3 && before.size() < 10, "killed after " + before.size() + " of 10 runs");

        Process r = lossless(cwd, Map.of(), concat(args, "--resume"));
        assertTrue(r.waitFor(180, TimeUnit.SECONDS));
        String console = console(cwd);
        assertEquals(0, r.exitValue(), console);
        assertTrue(console.contains("10 runs, " + before.size() + " already complete"), console);
        Map<Path, FileTime> after = done(st);
        assertEquals(10, after.size());
        for (Map.Entry<Path, FileTime> e : before.entrySet()) {
            assertEquals(e.getValue(), after.get(e.getKey()), e.getKey() + " was run again");
        }
        try (Stream<Path> s = Files.walk(st.resolve("points"))) {
            assertEquals(List.of(), s.filter(x -> Files.isDirectory(x) && x.getFileName().toString().startsWith(".")).toList(),
                    "hidden folders of the killed run are left");
        }
        assertEquals(11, Files.readAllLines(st.resolve("sweep.csv")).size());
    }

    static String console(Path cwd) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> s = Files.list(cwd)) {
            for (Path f : s.filter(x -> x.getFileName().toString().startsWith("console-")).sorted().toList()) {
                sb.append(Files.readString(f));
            }
        }
        return sb.toString();
    }

    static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
