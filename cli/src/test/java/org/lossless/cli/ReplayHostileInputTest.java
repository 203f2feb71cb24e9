package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.verbs.io.InputFiles;
import org.lossless.verbs.measure.MeasurementJson;
import org.lossless.verbs.run.BundleInfo;
import org.lossless.verbs.run.ProcessRecord;
import org.lossless.verbs.run.SnapshotRecord;

/**
 * Hostile plans, bundles and inputs of the replay commands: every path a plan or bundle names stays inside its
 * directory (or the command stops with exit 2 naming the field, before touching anything), {@code replay parse}
 * reads regular files of bounded size only, and messages never echo control characters.
 */
class ReplayHostileInputTest {
    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return InProcessCli.run(cwd, out, err, args);
    }

    /** Exit 2 and exactly one line on stderr that contains every one of {@code parts}. */
    void refused(List<String> parts, String... args) {
        assertEquals(2, lossless(args), () -> String.join(" ", args) + ": " + err);
        String e = err.toString();
        assertEquals(1, e.lines().count(), e);
        for (String p : parts) {
            assertTrue(e.contains(p), () -> "expected '" + p + "' in: " + e);
        }
    }

    @BeforeEach
    void plan() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), ReplayCliTest.SCENARIO);
        Files.writeString(cwd.resolve("hosts.yaml"), ReplayCliTest.HOSTS);
        assertEquals(0, lossless("replay", "plan", "s.yaml", "--hosts", "hosts.yaml", "--out", "plan"), err::toString);
    }

    /** Changes {@code plan/plan.json} in place (the plan folder's marker lists it, so it stays Lossless's). */
    void editPlan(Consumer<ObjectNode> edit) throws IOException {
        Path f = cwd.resolve("plan/plan.json");
        ObjectNode root = (ObjectNode) MeasurementJson.MAPPER.readTree(Files.readString(f));
        edit.accept(root);
        Files.writeString(f, MeasurementJson.MAPPER.writeValueAsString(root));
    }

    /** Every file under the test's folder, relative: what a refused command must leave as it was. */
    List<String> everything() throws IOException {
        try (Stream<Path> s = Files.walk(cwd)) {
            return s.map(p -> cwd.relativize(p).toString()).sorted().toList();
        }
    }

    @Nested
    class PlanPaths {
        @Test
        void aProcessIdWithDotDotIsRefusedBeforeAnythingRuns() throws IOException {
            editPlan(p -> ((ObjectNode) p.get("processes").get(0)).put("id", "../../escape"));
            List<String> before = everything();
            refused(List.of("plan/plan.json: processes[0].id: '../../escape'"), "replay", "run", "plan", "--execute",
                    "--out", "b");
            assertEquals(before, everything(), "nothing written, inside or outside the plan");
            refused(List.of("processes[0].id"), "replay", "run", "plan");
        }

        @Test
        void aSnapshotNameWithDotDotIsRefused() throws IOException {
            editPlan(p -> ((ObjectNode) p.get("hosts").get(1).get("counters").get(0)).put("name", "../../../snap"));
            List<String> before = everything();
            refused(List.of("plan/plan.json: hosts[1].counters[0].name: '../../../snap'"), "replay", "run", "plan",
                    "--execute", "--out", "b");
            assertEquals(before, everything());
        }

        @Test
        void aVersionSnapshotNameWithASlashIsRefused() throws IOException {
            editPlan(p -> ((ObjectNode) p.get("hosts").get(0).get("versions").get(0)).put("name", "x/../../v"));
            refused(List.of("plan/plan.json: hosts[0].versions[0].name: 'x/../../v'"), "replay", "run", "plan");
        }

        @Test
        void aProcessOnAHostThePlanDoesNotHaveIsRefused() throws IOException {
            editPlan(p -> ((ObjectNode) p.get("processes").get(1)).put("host", "elsewhere"));
            refused(List.of("plan/plan.json: processes[1].host: 'elsewhere' is not a host of the plan"), "replay", "run",
                    "plan");
        }

        @Test
        void aPlanJsonLinkedOutOfThePlanIsRefused() throws IOException {
            Path real = Files.move(cwd.resolve("plan/plan.json"), cwd.resolve("elsewhere.json"));
            Files.createSymbolicLink(cwd.resolve("plan/plan.json"), real);
            refused(List.of("plan/plan.json", "outside"), "replay", "run", "plan");
        }
    }

    /**
     * A bundle made by hand, as {@code replay run} writes one: the plan's files, one client's output, and a snapshot.
     * {@code secret.txt} beside it stands for a file the bundle must not reach ({@code /etc/shadow}).
     */
    Path bundle(String clientStdout, String snapshotFile) throws IOException {
        Path b = Files.createDirectories(cwd.resolve("bundle/processes"));
        Files.createDirectories(cwd.resolve("bundle/hosts/client-host/versions"));
        for (String f : List.of("plan.json", "scenario.resolved.yaml")) {
            Files.copy(cwd.resolve("plan/" + f), cwd.resolve("bundle/" + f));
        }
        Files.writeString(cwd.resolve("secret.txt"), "root:SECRET-HASH:19000:0:99999:7:::\n");
        Files.writeString(b.resolve("c0.out"), "");
        Files.writeString(cwd.resolve("bundle/hosts/client-host/versions/uname.txt"), "Linux lab 6.1\n");
        List<ProcessRecord> procs = List.of(new ProcessRecord("c0", "client-host", "client", "bandwidth", List.of(0L),
                null, List.of("ib_write_bw"), 2, 2L, 0, false, clientStdout, "processes/c0.err"));
        List<SnapshotRecord> snaps = List.of(new SnapshotRecord("client-host", "versions", "uname", null,
                List.of("uname", "-a"), snapshotFile, 0));
        Files.writeString(cwd.resolve("bundle/bundle.json"), MeasurementJson.write(new BundleInfo(1, "one-flow", "test",
                "", "", 2, true, List.of(), procs, snaps)));
        return cwd.resolve("bundle");
    }

    void neverShowsTheSecret() throws IOException {
        assertFalse(out.toString().contains("SECRET") || err.toString().contains("SECRET"), out + "\n" + err);
        try (Stream<Path> s = Files.walk(cwd.resolve("bundle"))) {
            for (Path p : s.filter(f -> Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)).toList()) {
                assertFalse(Files.readString(p).contains("SECRET"), p + " holds the secret");
            }
        }
    }

    @Nested
    class BundlePaths {
        @Test
        void aSnapshotFileOutsideTheBundleIsRefusedByParseAndCompare() throws IOException {
            bundle("processes/c0.out", cwd.resolve("secret.txt").toString());
            refused(List.of("bundle/bundle.json: snapshots[0].file: '" + cwd.resolve("secret.txt") + "'"),
                    "replay", "parse", "bundle");
            neverShowsTheSecret();
            refused(List.of("bundle/bundle.json: snapshots[0].file"), "replay", "parse", "bundle", "--out", "m.json");
            assertFalse(Files.exists(cwd.resolve("m.json")));
            refused(List.of("bundle/bundle.json: snapshots[0].file"), "replay", "compare", "bundle",
                    "bundle/scenario.resolved.yaml");
            assertFalse(Files.exists(cwd.resolve("bundle/comparison")), "refused before the simulation");
            neverShowsTheSecret();
        }

        @Test
        void aProcessOutputWithDotDotIsRefused() throws IOException {
            bundle("processes/../../secret.txt", "hosts/client-host/versions/uname.txt");
            refused(List.of("bundle/bundle.json: processes[0].stdout: 'processes/../../secret.txt' is outside the bundle"),
                    "replay", "parse", "bundle");
            neverShowsTheSecret();
        }

        @Test
        void aFileLinkedOutOfTheBundleIsRefused() throws IOException {
            bundle("processes/c0.out", "hosts/client-host/versions/uname.txt");
            Path uname = cwd.resolve("bundle/hosts/client-host/versions/uname.txt");
            Files.delete(uname);
            Files.createSymbolicLink(uname, cwd.resolve("secret.txt"));
            refused(List.of("bundle/bundle.json: snapshots[0].file: 'hosts/client-host/versions/uname.txt' is a link "
                    + "to a file outside the bundle"), "replay", "parse", "bundle");
            neverShowsTheSecret();
        }

        @Test
        void aBundleThatStaysInsideIsRead() throws IOException {
            bundle("processes/c0.out", "hosts/client-host/versions/uname.txt");
            assertEquals(0, lossless("replay", "parse", "bundle"), err::toString);
            assertTrue(out.toString().contains("Linux lab 6.1"), out.toString());
        }
    }

    @Nested
    class ParseInput {
        @Test
        void aFifoIsRefusedAtOnce() throws Exception {
            Path fifo = cwd.resolve("fifo");
            Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0,
                    "mkfifo is not available");
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> refused(
                    List.of("replay parse: fifo: is not a regular file"), "replay", "parse", "fifo"));
        }

        @Test
        void aDeviceIsRefusedAtOnce() {
            Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")));
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> refused(
                    List.of("replay parse: /dev/zero: is not a regular file"), "replay", "parse", "/dev/zero"));
        }

        @Test
        void aFileAboveTheCapIsRefusedWithoutReadingIt() throws IOException {
            Path big = cwd.resolve("big.txt");
            try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
                f.setLength(InputFiles.MAX_BYTES + 1); // sparse: no disk space, no time
            }
            assertEquals(64L << 20, InputFiles.MAX_BYTES, "the cap the documentation states");
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> refused(
                    List.of("replay parse: big.txt: is 67108865 bytes, more than the 64 MB Lossless reads from one input file"),
                    "replay", "parse", "big.txt"));
        }
    }

    @Nested
    class Options {
        @Test
        void aNegativeLeadIsExitTwo() {
            refused(List.of("replay run: --lead '-5s' ", "negative"), "replay", "run", "plan", "--lead", "-5s");
        }

        @Test
        void aLeadAboveAnHourIsExitTwo() {
            refused(List.of("replay run: --lead '3601s' must be between 0 and 3600s"), "replay", "run", "plan",
                    "--lead", "3601s");
        }

        @Test
        void aLeadThatIsNoTimeIsExitTwo() {
            refused(List.of("replay run: --lead 'soon'"), "replay", "run", "plan", "--lead", "soon");
        }
    }

    @Nested
    class Messages {
        @Test
        void aHostsFileKeyWithEscapeCodesAndANewlineIsEchoedEscaped() throws IOException {
            Files.writeString(cwd.resolve("bad.yaml"), ReplayCliTest.HOSTS
                    + "\"evil\\e[31mRED\\nfake: line\": 1\n");
            refused(List.of("bad.yaml: evil\\u001B[31mRED\\nfake: line: unknown key"), "replay", "plan", "s.yaml",
                    "--hosts", "bad.yaml", "--out", "p2");
            assertFalse(err.toString().contains("\u001b"), err.toString());
        }

        @Test
        void aHostNameWithAnEscapeCodeIsEchoedEscaped() throws IOException {
            Files.writeString(cwd.resolve("bad.yaml"), ReplayCliTest.HOSTS.replace("name: server-host",
                    "name: \"srv\\e]0;title\\a\""));
            refused(List.of("hosts.0.name: 'srv\\x1b]0;title\\x07'"), "replay", "plan", "s.yaml", "--hosts", "bad.yaml",
                    "--out", "p2");
            assertFalse(err.toString().contains("\u001b"), err.toString());
        }
    }
}
