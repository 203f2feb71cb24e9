package org.lossless.cli;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.ScenarioRunner;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lossless sweep} with the packet engine on a tiny star (a few ms of simulated time per run). */
class SweepCommandTest {
    /** 3 senders of 300 KB into host 0 of a 4-host star, DCQCN: ~8,000 events, ECN marks differ with kmin/pmax. */
    static final String STAR = """
            name: sweep-star
            seed: 5
            topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}
            switch: {buffer_size: 2MB, ecn: {kmin: 20KB, kmax: 80KB, pmax: 0.2}}
            nic: {mtu: 1024, cc: dcqcn}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 300KB}, {src: 2, dst: 0, size: 300KB, start: 3us}, {src: 3, dst: 0, size: 300KB, start: 7us}]
            """;
    /** Columns whose values measure the machine (listed here independently of the code). */
    static final Set<String> MACHINE = Set.of("wall_seconds", "cpu_seconds", "events_per_second", "peak_heap_bytes");
    /** t(0.975, 1) from a Student-t table: the 95 % two-sided quantile with one degree of freedom. */
    static final double T_975_DF1 = 12.706204736;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    Path scenario() throws IOException {
        return Files.writeString(cwd.resolve("star.yaml"), STAR);
    }

    static List<Map<String, String>> csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> header = split(lines.get(0));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            List<String> cells = split(l);
            assertEquals(header.size(), cells.size(), l);
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                m.put(header.get(i), cells.get(i));
            }
            rows.add(m);
        }
        return rows;
    }

    /** Splits a CSV line whose quoted fields hold no quotes (enough for these files). */
    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(sb.toString());
                sb.setLength(0);
            } else {
                sb.append(c);
            }
        }
        out.add(sb.toString());
        return out;
    }

    static long count(Path dir, String name) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals(name)).count();
        }
    }

    @Nested
    class Grid3x2 {
        @Test
        void twelveRunsRowsAndSummaryMatchingTheRows() throws IOException {
            Path s = scenario();
            int code = lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB..30KB:10KB",
                    "--vary", "switch.ecn.pmax=0.1,0.5", "--replications", "2", "--jobs", "2", "--quiet",
                    "--baseline", "kmin=20KB_pmax=0.1", "--out", "st");
            assertEquals(0, code, err.toString());
            Path st = cwd.resolve("st");
            assertEquals(12, count(st.resolve("points"), "summary.json"));
            List<Map<String, String>> rows = csv(st.resolve("sweep.csv"));
            assertEquals(12, rows.size());
            assertEquals(List.of("point", "switch.ecn.kmin", "switch.ecn.pmax", "replication", "seed", "run_dir"),
                    List.copyOf(rows.get(0).keySet()).subList(0, 6));
            // common random numbers: seeds 5 and 6 (base seed 5) at every point
            for (int i = 0; i < 12; i++) {
                assertEquals(String.valueOf(5 + i % 2), rows.get(i).get("seed"));
                Path runDir = st.resolve(rows.get(i).get("run_dir"));
                assertTrue(Files.readString(runDir.resolve("summary.json")).contains("\"seed\" : " + (5 + i % 2)));
            }
            assertEquals("kmin=30KB_pmax=0.5", rows.get(11).get("point"));
            assertEquals("30KB", rows.get(11).get("switch.ecn.kmin"));
            assertTrue(Files.readString(st.resolve("points/kmin=30KB_pmax=0.5/6/scenario.resolved.yaml")).contains("kmin: 30KB"));

            // the summary, recomputed here from the rows: mean, sample sd, mean +- t(0.975,1) sd / sqrt(2)
            Map<String, List<Map<String, String>>> byPoint = new LinkedHashMap<>();
            rows.forEach(r -> byPoint.computeIfAbsent(r.get("point"), k -> new ArrayList<>()).add(r));
            List<Map<String, String>> summary = csv(st.resolve("sweep-summary.csv"));
            Map<String, Map<String, String>> index = new HashMap<>();
            summary.forEach(r -> index.put(r.get("point") + "|" + r.get("figure"), r));
            int checked = 0;
            for (String point : byPoint.keySet()) {
                List<Map<String, String>> two = byPoint.get(point);
                List<Map<String, String>> base = byPoint.get("kmin=20KB_pmax=0.1");
                for (String fig : List.of("events", "ecn.marked_packets", "cnp.sent", "fct_slowdown.p99", "sim_time_ps",
                        "flows.completed", "pfc.pause_frames")) {
                    double a = Double.parseDouble(two.get(0).get(fig));
                    double b = Double.parseDouble(two.get(1).get(fig));
                    double mean = (a + b) / 2;
                    double sd = Math.abs(a - b) / Math.sqrt(2);
                    double half = T_975_DF1 * sd / Math.sqrt(2);
                    Map<String, String> line = index.get(point + "|" + fig);
                    assertEquals("2", line.get("n"));
                    close(mean, line.get("mean"));
                    close(sd, line.get("stddev"));
                    close(mean - half, line.get("ci95_low"));
                    close(mean + half, line.get("ci95_high"));
                    double d0 = a - Double.parseDouble(base.get(0).get(fig));
                    double d1 = b - Double.parseDouble(base.get(1).get(fig));
                    double dHalf = T_975_DF1 * (Math.abs(d0 - d1) / Math.sqrt(2)) / Math.sqrt(2);
                    close((d0 + d1) / 2, line.get("diff_mean"));
                    close((d0 + d1) / 2 - dHalf, line.get("diff_ci95_low"));
                    close((d0 + d1) / 2 + dHalf, line.get("diff_ci95_high"));
                    checked++;
                }
            }
            assertEquals(42, checked);
            // the runs differ: ECN marks depend on kmin and pmax (else this sweep would test nothing)
            assertTrue(rows.stream().map(r -> r.get("ecn.marked_packets")).distinct().count() > 3);
            assertTrue(out.toString().contains("12 runs complete"), out.toString());
            assertTrue(out.toString().contains("kmin=30KB_pmax=0.5"), out.toString());
            assertTrue(Files.readString(st.resolve("sweep.json")).contains("\"kind\" : \"lossless-sweep\""));
            assertTrue(Files.readString(st.resolve("sweep-status.json")).contains("\"complete\" : true"));
        }

        static void close(double expected, String actual) {
            double a = Double.parseDouble(actual);
            assertEquals(expected, a, 1e-9 * Math.max(1, Math.abs(expected)), "expected " + expected + ", file has " + actual);
        }
    }

    @Test
    void jobsOneAndTwoGiveTheSameSweepCsvApartFromWallTime() throws IOException {
        Path s = scenario();
        String[] common = {"sweep", s.toString(), "--vary", "switch.ecn.kmin,switch.ecn.kmax=10KB,40KB;30KB,60KB",
            "--vary", "switch.ecn.pmax=0.1,0.3", "--replications", "2", "--quiet"};
        assertEquals(0, lossless(concat(common, "--jobs", "1", "--out", "j1")), err.toString());
        assertEquals(0, lossless(concat(common, "--jobs", "2", "--out", "j2")), err.toString());
        List<Map<String, String>> a = csv(cwd.resolve("j1/sweep.csv"));
        List<Map<String, String>> b = csv(cwd.resolve("j2/sweep.csv"));
        assertEquals(8, a.size());
        assertEquals(a.get(0).keySet(), b.get(0).keySet());
        assertTrue(a.get(0).containsKey("wall_seconds"));
        for (int i = 0; i < a.size(); i++) {
            Map<String, String> x = new LinkedHashMap<>(a.get(i));
            Map<String, String> y = new LinkedHashMap<>(b.get(i));
            x.keySet().removeIf(MACHINE::contains);
            y.keySet().removeIf(MACHINE::contains);
            assertEquals(x, y, "row " + i);
        }
        for (String f : List.of("flows.csv", "ports.csv")) {
            assertEquals(Files.readString(cwd.resolve("j1/points/kmin=30KB_kmax=60KB_pmax=0.3/6").resolve(f)),
                    Files.readString(cwd.resolve("j2/points/kmin=30KB_kmax=60KB_pmax=0.3/6").resolve(f)), f);
        }
    }

    static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void aPointsFileCrossedWithVaryInADryRun() throws IOException {
        Path s = scenario();
        Files.writeString(cwd.resolve("study.yaml"), """
                points:
                  - name: shallow
                    set: {switch.ecn.kmin: 10KB, switch.ecn.kmax: 40KB}
                  - name: deep
                    set: {switch.ecn.kmin: 40KB, switch.ecn.kmax: 160KB}
                """);
        assertEquals(0, lossless("sweep", s.toString(), "--points", "study.yaml", "--vary", "switch.ecn.pmax=0.1,0.2",
                "--replications", "3", "--seed", "100", "--dry-run"), err.toString());
        assertEquals("""
                4 points x 3 replications = 12 runs; seeds [100, 101, 102]
                  shallow_pmax=0.1: switch.ecn.kmin=10KB switch.ecn.kmax=40KB switch.ecn.pmax=0.1
                  shallow_pmax=0.2: switch.ecn.kmin=10KB switch.ecn.kmax=40KB switch.ecn.pmax=0.2
                  deep_pmax=0.1: switch.ecn.kmin=40KB switch.ecn.kmax=160KB switch.ecn.pmax=0.1
                  deep_pmax=0.2: switch.ecn.kmin=40KB switch.ecn.kmax=160KB switch.ecn.pmax=0.2
                """, out.toString());
        try (Stream<Path> l = Files.list(cwd)) {
            assertEquals(2, l.count(), "a dry run writes nothing");
        }
    }

    @Nested
    class BadInput {
        @Test
        void aBadVaryValueIsExit2NamingKeyAndValueAndNothingIsWritten() throws IOException {
            Path s = scenario();
            int code = lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB,12XB", "--out", "bad");
            assertEquals(2, code);
            String e = err.toString();
            assertTrue(e.contains("switch.ecn.kmin") && e.contains("12XB") && e.contains("not a size"), e);
            assertEquals(1, e.lines().count(), e);
            assertFalse(Files.exists(cwd.resolve("bad")));
        }

        @Test
        void aCombinationThatIsInvalidIsFoundBeforeAnyRun() throws IOException {
            Path s = scenario();
            int code = lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB,100KB", "--out", "bad");
            assertEquals(2, code);
            assertTrue(err.toString().contains("sweep point kmin=100KB") && err.toString().contains("kmax"), err.toString());
            assertFalse(Files.exists(cwd.resolve("bad")));
        }

        @Test
        void aDirectoryWithForeignFilesIsRefusedAndUntouched() throws IOException {
            Path s = scenario();
            Files.createDirectories(cwd.resolve("mine"));
            Files.writeString(cwd.resolve("mine/notes.md"), "mine");
            assertEquals(2, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB", "--out", "mine"));
            assertEquals("lossless: " + cwd.resolve("mine") + " exists and is not a Lossless result directory; choose "
                    + "another --out or remove it\n", err.toString());
            assertEquals(List.of("notes.md"), names(cwd.resolve("mine")));
            assertEquals(List.of("mine", "star.yaml"), names(cwd), "no staging sibling");
        }

        @Test
        void slurmWhereSlurmDoesNotAnswerIsRefusedBeforeAnythingIsWritten() throws Exception {
            org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("SLURM_CONF") == null
                    && !Files.exists(Path.of("/etc/slurm/slurm.conf")), "this machine has a Slurm configuration");
            Path s = scenario();
            assertEquals(2, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB", "--executor", "slurm",
                    "--out", "b"));
            assertTrue(err.toString().startsWith("lossless: --executor slurm: "), err.toString());
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertFalse(Files.exists(cwd.resolve("b")));
        }

        @Test
        void theSeedCannotVary() throws IOException {
            Path s = scenario();
            assertEquals(2, lossless("sweep", s.toString(), "--vary", "seed=1,2", "--out", "b"));
            assertTrue(err.toString().contains("'seed' cannot vary"), err.toString());
            assertFalse(Files.exists(cwd.resolve("b")));
        }

        @Test
        void unknownBaselineAndSlurmOptionsWithoutSlurm() throws IOException {
            Path s = scenario();
            assertEquals(2, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB,20KB", "--baseline", "kmin=10kb",
                    "--out", "b"));
            assertTrue(err.toString().contains("--baseline kmin=10kb: no such point (did you mean kmin=10KB?)"), err.toString());
            assertEquals(2, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB", "--partition", "x", "--out", "b"));
            assertTrue(err.toString().contains("--partition is a Slurm option"), err.toString());
            assertFalse(Files.exists(cwd.resolve("b")));
        }
    }

    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> l = Files.list(dir)) {
            return l.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aSweepListsWhatItWroteSoItIsReplaceableButAUserFileInItIsNeverLost() throws IOException {
        Path s = scenario();
        String[] args = {"sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB", "--quiet", "--out", "r"};
        assertEquals(0, lossless(args), err::toString);
        var marker = org.lossless.experiments.results.ResultMarker.read(cwd.resolve("r"));
        assertEquals("sweep", marker.kind());
        assertEquals(Set.of(".lock", "points", "scenario.yaml", "sweep-status.json", "sweep-summary.csv", "sweep.csv",
                "sweep.json"), marker.entries());
        assertEquals(0, lossless(concat(args, "--resume")), err::toString);
        assertEquals(0, lossless(args), "a previous sweep is replaced: " + err);
        Files.writeString(cwd.resolve("r/notes.md"), "mine");
        for (String[] again : List.of(args, concat(args, "--resume"))) {
            assertEquals(2, lossless(again));
            assertTrue(err.toString().endsWith(cwd.resolve("r") + " is a Lossless result directory but holds files "
                    + "Lossless did not write (notes.md); choose another --out or move them away\n"), err.toString());
            assertEquals("mine", Files.readString(cwd.resolve("r/notes.md")));
            assertEquals(List.of("r", "star.yaml"), names(cwd));
        }
    }

    @Test
    void aFileAddedToThePreviousSweepWhileTheNewOneRunsStopsTheSwap() throws IOException {
        Path s = scenario();
        String[] args = {"sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB", "--quiet", "--jobs", "1", "--out", "r"};
        assertEquals(0, lossless(args), err::toString);
        String before = Files.readString(cwd.resolve("r/sweep.csv"));
        Path notes = cwd.resolve("r/notes.md");
        ScenarioRunner packet = Runners.packet();
        ScenarioRunner meddling = sc -> {
            try {
                Files.writeString(notes, "written while the sweep ran");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return packet.run(sc);
        };
        int code = new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> meddling, p -> { }).execute(args);
        assertEquals(2, code, err::toString);
        assertTrue(err.toString().contains("holds files Lossless did not write (notes.md)")
                && err.toString().contains("the complete new sweep is in " + cwd.resolve(".r.sweep-next")), err.toString());
        assertEquals("written while the sweep ran", Files.readString(notes));
        assertEquals(before, Files.readString(cwd.resolve("r/sweep.csv")), "the previous sweep is untouched");
        assertTrue(Files.isRegularFile(cwd.resolve(".r.sweep-next/sweep.csv")));
    }

    @Test
    void aFailedRunMakesThePartialSweepSaySoAndResumeFinishesIt() throws IOException {
        Path s = scenario();
        String[] args = {"sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB,20KB", "--replications", "2", "--quiet",
            "--out", "f"};
        // one run fails: an engine that breaks on the second seed of kmin=20KB
        org.lossless.experiments.run.ScenarioRunner breaks = new org.lossless.experiments.run.ScenarioRunner() {
            @Override
            public org.lossless.experiments.metrics.RunResult run(org.lossless.experiments.scenario.Scenario sc) {
                return run(sc, null, null);
            }

            @Override
            public org.lossless.experiments.metrics.RunResult run(org.lossless.experiments.scenario.Scenario sc, Path dir,
                                                              org.lossless.experiments.run.RunProgress p) {
                if (sc.seed() == 6 && sc.switchSettings().ecn().kmin() == 20_000L) {
                    throw new IllegalStateException("broken on purpose");
                }
                return Runners.packet().run(sc, dir, p);
            }
        };
        assertEquals(3, new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> breaks, p -> { }).execute(args));
        assertTrue(err.toString().contains("failed: points/kmin=20KB/6: java.lang.IllegalStateException: broken on "
                + "purpose"), err.toString());
        assertTrue(err.toString().contains("INCOMPLETE: 3 of 4 runs complete"), err.toString());
        String status = Files.readString(cwd.resolve("f/sweep-status.json"));
        assertTrue(status.contains("\"complete\" : false") && status.contains("\"missing\" : [ \"points/kmin=20KB/6\" ]"), status);
        assertEquals(4, Files.readAllLines(cwd.resolve("f/sweep.csv")).size());
        // a file of the user's where the run goes makes the sweep foreign: --resume refuses, touching nothing
        Path run = cwd.resolve("f/points/kmin=20KB/6");
        Files.writeString(run, "in the way");
        assertEquals(2, lossless(concat(args, "--resume")));
        assertTrue(err.toString().contains("holds files Lossless did not write (points/kmin=20KB/6)"), err.toString());
        assertEquals("in the way", Files.readString(run));
        Files.delete(run);
        assertEquals(0, lossless(concat(args, "--resume")), err.toString());
        assertEquals(5, Files.readAllLines(cwd.resolve("f/sweep.csv")).size());
    }

    @Test
    void aPreviousSweepIsReplacedAndResumeWithOtherRunsIsRefused() throws IOException {
        Path s = scenario();
        assertEquals(0, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB,20KB", "--quiet", "--out", "r"));
        assertEquals(0, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=30KB", "--quiet", "--out", "r"));
        try (Stream<Path> l = Files.list(cwd.resolve("r/points"))) {
            assertEquals(List.of("kmin=30KB"), l.map(p -> p.getFileName().toString()).toList());
        }
        assertFalse(Files.exists(cwd.resolve(".r.sweep-next")));
        assertEquals(2, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=40KB", "--resume", "--out", "r"));
        assertTrue(err.toString().contains("holds a sweep with other runs"), err.toString());
        assertEquals(0, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=30KB", "--resume", "--out", "r"));
        assertTrue(err.toString().contains("1 runs, 1 already complete, nothing to run"), err.toString());
    }
}
