package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.ScenarioRunner;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command that writes refuses a target holding what Lossless did not write (exit 2, nothing touched). */
class OutputSafetyTest {
    @TempDir
    Path cwd;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    ScenarioRunner runner = CliTest.FAKE;

    int lossless(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> runner, null).execute(args);
    }

    List<String> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private Path study() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), CliTest.SCENARIO);
        Path study = Files.createDirectories(cwd.resolve("study"));
        Files.writeString(study.resolve("my.yaml"), "name: mine\n");
        Files.writeString(study.resolve("notes.md"), "my notes\n");
        return study;
    }

    private void assertStudyIntact(Path study) throws IOException {
        assertEquals(List.of("my.yaml", "notes.md"), files(study));
        assertEquals("name: mine\n", Files.readString(study.resolve("my.yaml")));
        assertEquals("my notes\n", Files.readString(study.resolve("notes.md")));
        assertEquals(List.of("s.yaml", "study"), files(cwd), "no temporary sibling, no results/");
    }

    @Test
    void runOntoAFolderWithUserFilesIsExitTwoAndTheFilesStay() throws IOException {
        Path study = study();
        assertEquals(2, lossless("run", "s.yaml", "--out", "study"));
        assertEquals("lossless: " + study + " exists and is not a Lossless result directory; choose another --out or "
                + "remove it\n", err.toString());
        assertEquals("", out.toString());
        assertStudyIntact(study);
    }

    @Test
    void runOntoTheWorkingDirectoryIsRefused() throws IOException {
        Path study = study();
        assertEquals(2, lossless("run", "s.yaml", "--out", "."));
        assertStudyIntact(study);
    }

    @Test
    void demoOntoAFolderWithAUserFileIsRefused() throws IOException {
        Path dm = Files.createDirectories(cwd.resolve("dm"));
        Files.writeString(dm.resolve("keep.txt"), "keep");
        assertEquals(2, lossless("demo", "--out", "dm"));
        assertEquals(List.of("keep.txt"), files(dm));
    }

    @Test
    void runOntoAPreviousRunReplacesIt() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), CliTest.SCENARIO);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r"), err::toString);
        String first = Files.readString(cwd.resolve("r/summary.json"));
        assertTrue(first.contains("\"seed\" : 3,"), first);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r", "--seed", "8"), err::toString);
        assertTrue(Files.readString(cwd.resolve("r/summary.json")).contains("\"seed\" : 8,"));
        assertEquals(List.of("r", "s.yaml"), files(cwd));
    }

    @Test
    void overriddenRunsGetTheirOwnDefaultDirectoryAndSaySo() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), CliTest.SCENARIO);
        assertEquals(0, lossless("run", "s.yaml"));
        assertEquals(0, lossless("run", "s.yaml", "--set", "switch.ecn.kmin=100KB"));
        String a = out.toString();
        assertEquals(0, lossless("run", "s.yaml", "--set", "switch.ecn.kmin=200KB"));
        String b = out.toString();
        List<String> dirs = files(cwd.resolve("results"));
        assertEquals(3, dirs.size(), dirs.toString());
        assertTrue(dirs.contains("small-3"));
        String hashA = Execution.overridesHash(List.of("switch.ecn.kmin=100KB"));
        assertTrue(dirs.contains("small-3-" + hashA), dirs.toString());
        String lastRun = a.lines().filter(l -> l.contains("results in ")).reduce((x, y) -> y).orElse("");
        assertTrue(lastRun.endsWith("results in " + cwd.resolve("results/small-3-" + hashA)), a);
        assertNotEquals(hashA, Execution.overridesHash(List.of("switch.ecn.kmin=200KB")));
        assertTrue(b.contains("results in " + cwd.resolve("results")), b);
        // the hash is stable: eight hex digits of SHA-256("switch.ecn.kmin=100KB")
        assertTrue(hashA.matches("[0-9a-f]{8}"), hashA);
    }

    @Test
    void withoutAReportWriterTheOptionIsRefused() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), CliTest.SCENARIO);
        assertEquals(2, lossless("run", "s.yaml", "--report"));
        assertTrue(err.toString().startsWith("lossless: --report: this command line has no report writer"), err.toString());
        assertEquals(List.of("s.yaml"), files(cwd));
    }

    @Test
    void aReportNeverReplacesAUsersFileOfTheSameNameNorWritesIntoAUsersFolder() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), CliTest.SCENARIO);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r"), err::toString);
        Files.writeString(cwd.resolve("r/report.html"), "<html>my own report");
        List<String> before = files(cwd.resolve("r"));
        assertEquals(2, lossless("report", "r"));
        assertEquals("lossless: " + cwd.resolve("r/report.html") + " exists and Lossless did not write it; move it away "
                + "or choose another --out\n", err.toString());
        assertEquals("<html>my own report", Files.readString(cwd.resolve("r/report.html")));
        assertEquals(before, files(cwd.resolve("r")));
        Path study = study();
        assertEquals(2, lossless("report", "r", "--out", "study"));
        assertEquals("lossless: " + study + " exists and is not a Lossless result directory; choose another --out or "
                + "remove it\n", err.toString());
        assertEquals(List.of("my.yaml", "notes.md"), files(study));
        Files.delete(cwd.resolve("r/report.html"));
        assertEquals(0, lossless("report", "r"), err::toString);
        assertEquals(0, lossless("report", "r"), "its own report is replaced: " + err);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r"), "a run with its report stays replaceable: " + err);
    }

    @Test
    void exportHpccOntoAUserFolderIsRefusedAndAPreviousExportReplaced() throws IOException {
        Path study = study();
        assertEquals(2, lossless("export", "hpcc", "s.yaml", "--out", "study"));
        assertStudyIntact(study);
        assertEquals(0, lossless("export", "hpcc", "s.yaml", "--out", "h"), err::toString);
        assertEquals(0, lossless("export", "hpcc", "s.yaml", "--out", "h"), err::toString);
        assertEquals(List.of(".lossless-result", "flow.txt", "topology.txt", "trace.txt"), files(cwd.resolve("h")));
        assertEquals(2, lossless("run", "s.yaml", "--out", "h"), "an export is not a run");
        assertTrue(err.toString().contains("is a Lossless hpcc-export directory, not a run result"), err.toString());
    }

    @Test
    void singleFilesAreNeverOverwrittenWithoutForce() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), CliTest.SCENARIO);
        Path mine = Files.writeString(cwd.resolve("mine.txt"), "mine");
        assertEquals(2, lossless("export", "dot", "s.yaml", "--out", "mine.txt"));
        assertEquals("lossless: " + mine + " exists; choose another --out or add --force to replace it\n", err.toString());
        assertEquals("mine", Files.readString(mine));
        assertEquals(0, lossless("export", "dot", "s.yaml", "--out", "mine.txt", "--force"), err::toString);
        assertTrue(Files.readString(mine).startsWith("graph") || Files.readString(mine).contains("{"));

        Path mlx = Files.createDirectories(cwd.resolve("eth0/ecn/roce_rp"));
        Files.writeString(mlx.resolve("rpg_ai_rate"), "10\n");
        Path frag = Files.writeString(cwd.resolve("dcqcn.yaml"), "mine");
        assertEquals(2, lossless("import", "mlx5", cwd.resolve("eth0").toString(), "--out", frag.toString()));
        assertEquals("mine", Files.readString(frag));
        assertEquals(0, lossless("import", "mlx5", cwd.resolve("eth0").toString(), "--out", frag.toString(), "--force"),
                err::toString);
        assertTrue(Files.readString(frag).contains("additive_increase: 10Mbps"));

        Path db = Files.writeString(cwd.resolve("config_db.json"), "{\"BUFFER_POOL\": {}}");
        Path sw = Files.writeString(cwd.resolve("switch.yaml"), "mine");
        assertEquals(2, lossless("import", "sonic", db.toString(), "--out", sw.toString()));
        assertEquals("mine", Files.readString(sw));
    }

    @Test
    void aFullDiskIsSaidPlainly() {
        Path out = cwd.resolve("r");
        assertEquals("cannot write the results to " + out + ": no space left on device", OutputFiles.cannotWrite(out,
                new java.nio.file.FileSystemException(out + "/flows.csv", null, "No space left on device")).getMessage());
        assertEquals("cannot write the results to " + out + ": permission denied", OutputFiles.cannotWrite(out,
                new java.nio.file.AccessDeniedException(out.toString())).getMessage());
    }

    @Test
    void fluidOntoAUserFolderIsRefused() throws IOException {
        Path study = study();
        assertEquals(2, lossless("fluid", "--flows", "2", "--rate", "40Gbps", "--delay", "4us", "--duration", "1ms",
                "--out", study.toString()));
        assertTrue(err.toString().contains("exists and is not a Lossless result directory"), err.toString());
        assertStudyIntact(study);
        assertFalse(Files.exists(study.resolve("fluid.csv")));
    }
}
