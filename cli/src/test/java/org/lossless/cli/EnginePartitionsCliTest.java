package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code engine.partitions}: a cut given in the scenario is the one the partitioned engine runs (the console line's
 * partition count), the result files are the automatic cut's bytes (but for {@code scenario.resolved.yaml}, which
 * echoes the key), and a bad cut exits 2 with one message naming the file and the entry.
 */
class EnginePartitionsCliTest {
    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return InProcessCli.run(cwd, out, err, args);
    }

    /** The result files but {@code scenario.resolved.yaml}, summary.json without its run-cost figures. */
    TreeMap<String, String> results(String dir) {
        TreeMap<String, String> files = ThreadsCliTest.contents(cwd.resolve(dir));
        files.remove("scenario.resolved.yaml");
        return files;
    }

    String parallelLine() {
        return out.toString().lines().filter(l -> l.startsWith("  (parallel: ")).findFirst().orElse("none");
    }

    @Test
    void aCutByPodsRunsAsGivenWithTheAutomaticCutsBytes() throws IOException {
        // the incast pauses leaf1 -> spines -> leaf0: with the spines apart from leaf1, the pauses cross partitions
        Files.writeString(cwd.resolve("s.yaml"), ThreadsCliTest.INCAST.replace("size: 1MB", "size: 300KB"));
        Files.writeString(cwd.resolve("given.yaml"), ThreadsCliTest.INCAST.replace("size: 1MB", "size: 300KB")
                + "engine: {partitions: [[leaf0, spine0], [\"leaf1\", \"spine[1-9]\"]]}\n");
        assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "2", "--out", "auto"), err::toString);
        assertTrue(parallelLine().startsWith("  (parallel: 2 threads on 4 partitions, "), parallelLine());
        assertEquals(0, lossless("run", "given.yaml", "-q", "--threads", "2", "--out", "given"), err::toString);
        assertTrue(parallelLine().startsWith("  (parallel: 2 threads on 2 partitions, "), parallelLine());
        assertEquals("", err.toString());
        assertTrue(results("auto").get("timeseries/pfc.csv").contains("pause"), "the incast pauses");
        assertEquals(results("auto"), results("given"));
        String resolved = Files.readString(cwd.resolve("given/scenario.resolved.yaml"));
        assertTrue(resolved.contains("engine:") && resolved.contains("spine[1-9]"), resolved);
        assertFalse(Files.readString(cwd.resolve("auto/scenario.resolved.yaml")).contains("engine:"));
    }

    @Test
    void aNumberSetsTheAutomaticCutsSizeAndMoreThreadsThanItRunAsManyWithOneNote() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), ThreadsCliTest.INCAST.replace("size: 1MB", "size: 100KB"));
        assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "1", "--out", "one"), err::toString);
        assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "8", "--set", "engine.partitions=3",
                "--out", "three"), err::toString);
        assertEquals("note: 8 threads asked for, the cut given (engine.partitions) has 3 partitions: the run uses 3 "
                + "threads (same results)\n", err.toString());
        assertTrue(parallelLine().startsWith("  (parallel: 3 threads on 3 partitions, "), parallelLine());
        assertEquals(results("one"), results("three"));
        // the fabric has 4 parts (2 leaves with their hosts, 2 spines): 9 runs as 4, said once
        assertEquals(0, lossless("run", "s.yaml", "-q", "--threads", "2", "--set", "engine.partitions=9",
                "--out", "nine"), err::toString);
        assertEquals("note: engine.partitions: 9 partitions asked for, the fabric allows 4 (a switch with its hosts is "
                + "the smallest part): the run uses 4\n", err.toString());
        assertTrue(parallelLine().startsWith("  (parallel: 2 threads on 4 partitions, "), parallelLine());
        assertEquals(results("one"), results("nine"));
    }

    @Test
    void withoutThreadsTheSequentialEngineRunsAndSaysTheKeyIsNotUsed() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), ThreadsCliTest.INCAST.replace("size: 1MB", "size: 100KB"));
        assertEquals(0, lossless("run", "s.yaml", "-q", "--out", "plain"), err::toString);
        assertEquals(0, lossless("run", "s.yaml", "-q", "--set", "engine.partitions=2", "--out", "keyed"),
                err::toString);
        assertEquals("note: engine.partitions cuts runs with --threads N; without it the sequential engine runs (same "
                + "results)\n", err.toString());
        assertEquals("none", parallelLine());
        assertEquals(results("plain"), results("keyed"));
    }

    @Test
    void checkSaysTheCutARunWithThreadsWouldMake() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), ThreadsCliTest.INCAST);
        assertEquals(0, lossless("check", "s.yaml", "--set", "engine.partitions=[[leaf0, spine0], [leaf1, spine1]]"),
                err::toString);
        // two partitions; the cut links are 1 us cables, plus an 84 B frame at 100 Gb/s
        String line = out.toString().lines().filter(l -> l.startsWith("# --threads ")).findFirst().orElse("none");
        assertTrue(line.startsWith("# --threads N: engine.partitions, 2 partitions, windows of at most 1.01 us; the "
                + "fabric has 4 parts (a switch with the hosts cabled to it each"), line);
        Files.writeString(cwd.resolve("short.yaml"), ThreadsCliTest.INCAST.replace("delay: 1us", "delay: 20ns"));
        assertEquals(0, lossless("check", "short.yaml"), err::toString);
        line = out.toString().lines().filter(l -> l.startsWith("# --threads ")).findFirst().orElse("none");
        assertTrue(line.contains("the run uses one thread") && line.endsWith("(same results)"), line);
    }

    @Test
    void aBadCutExits2WithOneMessageNamingTheFileAndEntryAndWritesNothing() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), ThreadsCliTest.INCAST);
        for (List<String> c : List.of(
                List.of("[[leaf0, spine0], [leaf1, spine7]]", "s.yaml: engine.partitions[1][1]",
                        "'spine7' matches no node of the topology; did you mean 'spine0'?"),
                List.of("[[leaf0, \"spine*\"], [leaf1, spine1]]", "s.yaml: engine.partitions[1][1]",
                        "'spine1' puts node spine1 in partition 1, but partition 0 has it already"),
                List.of("[[leaf0, spine0], [leaf1]]", "s.yaml: engine.partitions", "switch spine1 is in no partition"),
                List.of("[[\"leaf*\", \"spine*\"], [h7]]", "s.yaml: engine.partitions",
                        "must be in one partition: a host is never cut from the switch it is cabled to"),
                List.of("0", "s.yaml: engine.partitions", "0 is out of range: expected an integer from 1 to 65536"))) {
            assertEquals(2, lossless("run", "s.yaml", "-q", "--threads", "2", "--set", "engine.partitions=" + c.get(0),
                    "--out", "r"), c.get(0));
            String e = err.toString();
            assertTrue(e.startsWith("lossless: " + c.get(1) + " ") && e.contains(c.get(2)), e);
            assertEquals(1, e.lines().count(), e);
            assertFalse(Files.exists(cwd.resolve("r")), c.get(0));
        }
    }
}
