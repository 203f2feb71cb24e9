package org.lossless.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Slurm executor against a real single-node Slurm cluster ({@link SlurmTestCluster}); the CLI runs as
 * a separate process (its Slurm commands find the cluster through SLURM_CONF), and the array tasks run the
 * program it copied into the sweep directory. Skipped, with the reason printed, where the daemons cannot be
 * started (not root, packages missing).
 */
class SweepSlurmTest {
    static SlurmTestCluster cluster;
    @TempDir
    static Path clusterDir;
    @TempDir
    Path cwd;

    @BeforeAll
    static void startCluster() throws Exception {
        String why = SlurmTestCluster.unavailable();
        if (why != null) {
            System.out.println("SweepSlurmTest SKIPPED: " + why);
            Assumptions.abort("Slurm tests skipped: " + why);
        }
        long t0 = System.nanoTime();
        try {
            cluster = SlurmTestCluster.start(clusterDir);
        } catch (IOException e) {
            System.out.println("SweepSlurmTest SKIPPED: the Slurm daemons did not start: " + e.getMessage());
            Assumptions.abort("Slurm tests skipped: the Slurm daemons did not start: " + e.getMessage());
        }
        System.out.printf("SweepSlurmTest: Slurm cluster up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    String run(String... args) throws Exception {
        long t0 = System.nanoTime();
        Process p = SweepKillResumeTest.lossless(cwd, cluster.env(), args);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "lossless sweep did not end");
        System.out.printf("SweepSlurmTest: %.1f s for lossless %s%n", (System.nanoTime() - t0) / 1e9, String.join(" ", args));
        String console = SweepKillResumeTest.console(cwd);
        try (var s = Files.list(cwd)) {
            for (Path f : s.filter(x -> x.getFileName().toString().startsWith("console-")).toList()) {
                Files.delete(f);
            }
        }
        return p.exitValue() + "\n" + console;
    }

    static final String[] GRID = {"--vary", "switch.ecn.kmin=10KB,30KB", "--vary", "switch.ecn.pmax=0.1,0.5"};

    @Test
    void fourPointsOnSlurmGiveTheSameSweepCsvAsLocal() throws Exception {
        Path s = Files.writeString(cwd.resolve("star.yaml"), SweepCommandTest.STAR);
        StringWriter err = new StringWriter();
        int local = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err), cwd, Runners::packet, p -> { })
                .execute(SweepCommandTest.concat(SweepCommandTest.concat(new String[]{"sweep", s.toString()}, GRID),
                        "--quiet", "--out", "local"));
        assertEquals(0, local, err.toString());
        String out = run(SweepCommandTest.concat(SweepCommandTest.concat(new String[]{"sweep", "star.yaml"}, GRID),
                "--executor", "slurm", "--runs-per-task", "2", "--out", "onslurm"));
        assertTrue(out.startsWith("0\n"), out);
        assertTrue(out.contains("submitted Slurm job") && out.contains("2 array tasks for 4 runs"), out);
        assertEquals(withoutMachineColumns(cwd.resolve("local/sweep.csv")), withoutMachineColumns(cwd.resolve("onslurm/sweep.csv")));
        Path logs = cwd.resolve("onslurm/slurm/submit-1/logs");
        assertTrue(Files.readString(logs.resolve("task-1.log")).contains("run 3 points/kmin=30KB_pmax=0.5/5: done"));
    }

    @Test
    void aFailedTaskIsReportedWithItsLogAndTheSweepResumes() throws Exception {
        Files.writeString(cwd.resolve("star.yaml"), SweepCommandTest.STAR);
        String[] sweep = SweepCommandTest.concat(new String[]{"sweep", "star.yaml"}, GRID);
        // two runs per task: task 0 runs runs 0 and 1, and goes on with run 0 after run 1 fails
        String[] slurm = SweepCommandTest.concat(sweep, "--executor", "slurm", "--runs-per-task", "2", "--out", "st");
        // held, so that something can be put in the way of one run before the tasks start
        String out = run(SweepCommandTest.concat(slurm, "--sbatch-arg=--hold", "--no-wait"));
        assertTrue(out.startsWith("0\n") && out.contains("lossless sweep --collect"), out);
        Path st = cwd.resolve("st");
        Path blocked = st.resolve("points/kmin=10KB_pmax=0.5/5");
        Files.createDirectories(blocked.getParent());
        Files.writeString(blocked, "a file where run 1's directory must go");
        String job = Files.readString(st.resolve("slurm/submit-1/job_id")).strip();
        assertTrue(cluster.client(List.of("scontrol", "release", job)) != null);

        out = run("sweep", "--collect", "st");
        assertTrue(out.startsWith("3\n"), out);
        Path log = st.resolve("slurm/submit-1/logs/task-0.log");
        assertTrue(out.contains("failed: points/kmin=10KB_pmax=0.5/5: array task 0 of job " + job + ": FAILED, exit code 1:0"), out);
        assertTrue(out.contains("exists and is not a directory") && out.contains("log: " + log), out);
        assertTrue(out.contains("INCOMPLETE: 3 of 4 runs complete"), out);
        String status = Files.readString(st.resolve("sweep-status.json"));
        assertTrue(status.contains("\"complete\" : false") && status.contains(log.toString()), status);
        assertEquals(4, Files.readAllLines(st.resolve("sweep.csv")).size());

        Map<String, FileTime> before = new LinkedHashMap<>();
        for (String p : List.of("kmin=10KB_pmax=0.1", "kmin=30KB_pmax=0.1", "kmin=30KB_pmax=0.5")) {
            before.put(p, Files.getLastModifiedTime(st.resolve("points").resolve(p).resolve("5/summary.json")));
        }
        Files.delete(blocked);
        out = run(SweepCommandTest.concat(slurm, "--resume"));
        assertTrue(out.startsWith("0\n"), out);
        assertTrue(out.contains("4 runs, 3 already complete") && out.contains("1 array tasks for 1 runs"), out);
        assertEquals("1\n", Files.readString(st.resolve("slurm/submit-2/tasks.txt")));
        for (Map.Entry<String, FileTime> e : before.entrySet()) {
            assertEquals(e.getValue(), Files.getLastModifiedTime(st.resolve("points").resolve(e.getKey()).resolve("5/summary.json")),
                    e.getKey() + " was run again");
        }
        assertEquals(5, Files.readAllLines(st.resolve("sweep.csv")).size());
        assertFalse(Files.readString(st.resolve("sweep-status.json")).contains("\"complete\" : false"));
    }

    static List<Map<String, String>> withoutMachineColumns(Path csv) throws IOException {
        List<Map<String, String>> rows = SweepCommandTest.csv(csv);
        rows.forEach(r -> r.keySet().removeIf(SweepCommandTest.MACHINE::contains));
        return rows;
    }
}
