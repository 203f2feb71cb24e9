package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.sweep.SummaryFigures;

/**
 * {@code run --threads N}: the result directory is the same, byte for byte (but for the run-cost figures of
 * summary.json), for every N; bad values are refused with exit 2.
 */
class ThreadsCliTest {
    /**
     * A PFC-heavy incast across partitions: the hosts of leaf0 and three of leaf1 send to host 7 on leaf1 through
     * 2 MB switches, so leaf1 pauses the spines and they pause leaf0; every time series on.
     */
    static final String INCAST = """
            name: incast
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4,
                       host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 100Gbps, delay: 1us}}
            switch: {buffer_size: 2MB}
            nic: {mtu: 1024, cc: none}
            workloads:
              - {type: incast, receiver: 7, senders: "0-6", size: 1MB}
            telemetry: {sample_interval: 5us, queues: all, flow_rates: all, pfc: true, links: all}
            """;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    /** Every file of {@code dir} by relative path, summary.json without its run-cost figures. */
    static TreeMap<String, String> contents(Path dir) {
        TreeMap<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
                String text = Files.readString(p);
                if (p.getFileName().toString().equals("summary.json")) {
                    text = SummaryFigures.withoutMachineFigures(text);
                }
                files.put(dir.relativize(p).toString(), text);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    static String hash(TreeMap<String, String> files) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        files.forEach((k, v) -> {
            md.update(k.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            md.update(v.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        });
        return HexFormat.of().formatHex(md.digest());
    }

    @Nested
    class SameResults {
        @Test
        void theIncastResultDirectoryIsTheSameOn1To8Threads() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST);
            TreeMap<String, String> first = null;
            for (int n : new int[] {1, 2, 4, 8}) {
                assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "" + n, "--out", "r" + n), err::toString);
                TreeMap<String, String> files = contents(cwd.resolve("r" + n));
                if (first == null) {
                    first = files;
                    assertTrue(files.containsKey("timeseries/pfc.csv") && files.get("timeseries/pfc.csv").contains("pause"),
                            "the incast pauses: " + files.keySet());
                } else {
                    assertEquals(first.keySet(), files.keySet(), n + " threads");
                    for (String f : first.keySet()) {
                        assertEquals(first.get(f), files.get(f), f + " with " + n + " threads");
                    }
                }
            }
        }

        /** Stress: 20 runs at 8 threads on whatever cores there are give one result. */
        @Test
        void twentyRunsAtEightThreadsGiveOneResult() throws Exception {
            Files.writeString(cwd.resolve("s.yaml"), INCAST.replace("size: 1MB", "size: 200KB"));
            Set<String> hashes = new HashSet<>();
            for (int i = 0; i < 20; i++) {
                assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "8", "--out", "r" + i), err::toString);
                hashes.add(hash(contents(cwd.resolve("r" + i))));
            }
            assertEquals(1, hashes.size(), hashes.toString());
        }
    }

    @Nested
    class Sweep {
        /** A sweep with --threads writes the same run directories as one without partitions (--threads 1). */
        @Test
        void aSweepOnTwoThreadsPerRunWritesTheSameRunsAsOnOne() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST.replace("size: 1MB", "size: 100KB"));
            for (String n : List.of("1", "2", "auto")) {
                assertEquals(0, lossless("sweep", "s.yaml", "--vary", "switch.ecn.kmin=10KB,100KB", "--threads", n, "--jobs", "1",
                        "--quiet", "--out", "sw" + n), err::toString);
            }
            assertEquals(contents(cwd.resolve("sw1/points")), contents(cwd.resolve("swauto/points")));
            TreeMap<String, String> one = contents(cwd.resolve("sw1/points"));
            TreeMap<String, String> two = contents(cwd.resolve("sw2/points"));
            assertEquals(one.keySet(), two.keySet());
            for (String f : one.keySet()) {
                assertEquals(one.get(f), two.get(f), f);
            }
        }

        @Test
        void threadsWithSlurmIsRefused() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST);
            assertEquals(2, lossless("sweep", "s.yaml", "--vary", "switch.ecn.kmin=10KB,100KB", "--executor", "slurm", "--threads", "2",
                    "--out", "sw"));
            assertTrue(err.toString().contains("--threads is for the local executor"), err.toString());
        }
    }

    /** The partitioned engine's line ({@link ParallelLine}) after the simulator's, and only on several partitions. */
    @Nested
    class ConsoleLine {
        List<String> lines(String... args) {
            out.getBuffer().setLength(0);
            assertEquals(0, lossless(args), err::toString);
            return out.toString().lines().toList();
        }

        @Test
        void twoThreadsPrintTheLineLastRightAfterTheSimulatorsAndNowhereElse() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST.replace("size: 1MB", "size: 100KB"));
            List<String> lines = lines("run", "s.yaml", "-q", "--threads", "2", "--out", "r2");
            String last = lines.get(lines.size() - 1);
            assertTrue(lines.get(lines.size() - 2).startsWith("  (simulator: "), lines::toString);
            // 4 useful partitions (2 leaves, 2 spines with their hosts); the lookahead is a 1 us cable plus an 84 B
            // frame at 100 Gb/s (6.72 ns): 1.00672 us
            assertTrue(last.startsWith("  (parallel: 2 threads on 4 partitions, "), last);
            assertTrue(last.contains(" us simulated on average (at most 1.01 us, the lookahead); "), last);
            assertTrue(last.contains(" of the engine's wall time was the step between windows on one thread"), last);
            assertEquals(1, lines.stream().filter(l -> l.contains("(parallel:")).count(), lines::toString);
            // the windows are disjoint stretches of the run's simulated time, each at most the lookahead (the last may
            // reach a lookahead past the run's end; the console rounds the time to 0.5 us and the mean to 0.005 us)
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9,]+) windows? of ([0-9.]+) us").matcher(last);
            assertTrue(m.find(), last);
            long windows = Long.parseLong(m.group(1).replace(",", ""));
            double meanUs = Double.parseDouble(m.group(2));
            java.util.regex.Matcher sim = java.util.regex.Pattern.compile("simulated ([0-9.]+) ms").matcher(lines.get(0));
            assertTrue(sim.find(), lines.get(0));
            assertTrue(windows > 0 && meanUs > 0 && meanUs <= 1.01, last);
            assertTrue(windows * (meanUs - 0.005) <= Double.parseDouble(sim.group(1)) * 1000 + 1.01 + 0.5,
                    last + " / " + lines.get(0));
            // not in a result file
            for (String text : contents(cwd.resolve("r2")).values()) {
                assertFalse(text.contains("windows of") || text.contains("lookahead"), text);
            }
        }

        @Test
        void noLineWithoutThreadsOnOneThreadOrOnOnePartition() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST.replace("size: 1MB", "size: 100KB"));
            Files.writeString(cwd.resolve("short.yaml"), INCAST.replace("size: 1MB", "size: 100KB")
                    .replace("delay: 1us", "delay: 20ns"));
            for (List<String> lines : List.of(lines("run", "s.yaml", "-q", "--out", "r0"),
                    lines("run", "s.yaml", "-q", "--threads", "1", "--out", "r1"),
                    lines("run", "short.yaml", "-q", "--threads", "4", "--out", "r4"))) {
                assertTrue(lines.get(lines.size() - 1).startsWith("  (simulator: "), lines::toString);
                assertTrue(lines.stream().noneMatch(l -> l.contains("(parallel:")), lines::toString);
            }
        }
    }

    @Nested
    class BadValues {
        @Test
        void zeroNegativeAndAbsurdThreadCountsExit2WithOneMessage() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST);
            for (String n : List.of("0", "-3", "1025", "100000", "many", "2.5", "99999999999")) {
                err.getBuffer().setLength(0);
                assertEquals(2, lossless("run", "s.yaml", "-q", "--threads", n, "--out", "r"), n);
                assertEquals("lossless: --threads " + n + ": give a number of threads from 1 to 1024, or auto for every "
                        + "core (one simulation on that many cores; the results do not depend on it)\n", err.toString());
                assertFalse(Files.exists(cwd.resolve("r")));
            }
        }

        /** {@code auto}: the cores the JVM sees (capped by the fabric's useful partitions); the same files. */
        @Test
        void autoRunsOnEveryCoreWithTheSameResults() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST.replace("size: 1MB", "size: 100KB"));
            assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "1", "--out", "r1"), err::toString);
            out.getBuffer().setLength(0);
            assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "auto", "--out", "ra"), err::toString);
            assertEquals(contents(cwd.resolve("r1")), contents(cwd.resolve("ra")));
            // the incast's fabric has 4 useful partitions: min(cores, 4) threads (the console line says how many)
            int expected = Math.min(4, Runtime.getRuntime().availableProcessors());
            if (expected > 1) {
                assertTrue(out.toString().contains("(parallel: " + expected + " threads on "), out.toString());
            }
            assertEquals(2, lossless("sweep", "s.yaml", "--vary", "switch.ecn.kmin=10KB,100KB", "--threads", "auto",
                    "--executor", "slurm", "--out", "sw"));
        }

        @Test
        void moreThreadsThanPartitionsRunAsManyAndSaySoOnce() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST);
            assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "16", "--out", "r"), err::toString);
            assertEquals("note: 16 threads asked for, the fabric has 4 useful partitions (a switch with the hosts "
                    + "behind it each): the run uses 4 threads (same results)\n", err.toString());
        }

        @Test
        void linksTooShortForUsefulWindowsRunOnOneThreadWithANote() throws IOException {
            Files.writeString(cwd.resolve("s.yaml"), INCAST.replace("delay: 1us", "delay: 20ns"));
            assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "4", "--out", "r4"), err::toString);
            assertTrue(err.toString().startsWith("note: ") && err.toString().contains("one thread"), err.toString());
            assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "1", "--out", "r1"), err::toString);
            assertEquals(contents(cwd.resolve("r1")), contents(cwd.resolve("r4")));
        }
    }
}
