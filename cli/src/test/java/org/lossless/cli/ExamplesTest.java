package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scenarios under {@code examples/} (surefire runs in the module folder): every one passes {@code check}, and
 * the rail-optimized against 2:1 fat-tree comparison gives the answer worked out by hand in its README.
 */
class ExamplesTest {
    static final Path EXAMPLES = Path.of("../examples");

    static Stream<Path> scenarios() throws IOException {
        try (Stream<Path> s = Files.walk(EXAMPLES)) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyExamplePassesCheck(Path scenario) {
        StringWriter err = new StringWriter();
        assertEquals(0, new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err)).execute("check",
                scenario.toString()), err::toString);
    }

    /**
     * 4 servers of 8 GPUs and 8 NICs (100 Gb/s, MTU 4096), a 256 MiB ring all-reduce on 32 GPUs, 16 channels (2
     * per NIC). Each channel's 16 MiB is one loop of 32 chunks of 512 KiB (2 slices of 256 KiB) over 62 steps, so a
     * server edge carries 124 slices per channel, and each NIC sends its 2 channels' 248 slices (267,408 wire bytes
     * each) and 248 clear-to-sends (162 B): 66,357,360 B, 5,308.5888 us.
     *
     * <ul>
     *   <li>Rail-optimized: with rail-local rings and PXN every server edge joins NIC r of one server to NIC r of
     *       the next through rail switch r: no spine carries anything, and the ideal is that NIC's bytes after the
     *       8.4 us base latency, plus a clear-to-send's latency (2.01296 us): 5,319.00176 us, 8 NICs' goodput.
     *       The run stays within 10 % of it (what is left is the ring's own pipeline).</li>
     *   <li>Fat-tree 2:1: a server's 8 NICs share one ToR with 4 uplinks, and every ring edge leaves the ToR (one
     *       server per ToR; the 4 ToRs of pod 0): 8 x 66,357,360 B through 400 Gb/s, 10,617.1776 us, twice the
     *       rail's time whatever ECMP does: the ideal is uplink-bound, 8.4 us + 10,617.1776 us + a clear-to-send's
     *       latency over four links (4,038.88 ns). ECMP puts 16 connections on 4 uplinks unevenly, and the ring goes
     *       at the pace of the busiest: the run takes at least that uplink's bytes at 100 Gb/s and, the ring keeping
     *       it busy, at most 1.25 times that.</li>
     * </ul>
     */
    @Test
    void railOptimizedAgainstATwoToOneFatTree(@TempDir Path dir) throws IOException {
        JsonNode rail = run("rail-optimized.yaml", dir.resolve("rail"));
        JsonNode fat = run("fat-tree-2to1.yaml", dir.resolve("fat"));
        long nicPs = 66_357_360L * 8 * 10;
        assertEquals(8_400_000 + nicPs + 2_012_960, rail.path("ideal").asLong());
        assertEquals("port", rail.path("ideal_limit").asText());
        assertTrue(rail.path("ratio").asDouble() <= 1.10, rail.toString());
        assertEquals(0, bytes(dir.resolve("rail"), "rail", "spine"), "rail-local rings never reach a spine");

        long fatPs = fat.path("duration_ps").asLong();
        assertEquals(8_400_000 + 8 * nicPs / 4 + 4_038_880, fat.path("ideal").asLong());
        assertEquals("uplink", fat.path("ideal_limit").asText());
        assertTrue(fatPs >= 2 * nicPs, "2:1 at every ToR: " + fatPs);
        long busiest = bytes(dir.resolve("fat"), "tor", "agg");
        long uplinkPs = busiest * 8 * 10;
        assertTrue(fatPs >= uplinkPs && fatPs <= 1.25 * uplinkPs, fatPs + " ps against the busiest uplink's " + uplinkPs);
        double ratio = fat.path("busbw_GBps").asDouble() / rail.path("ideal_busbw_GBps").asDouble();
        assertTrue(ratio <= 0.5, "busbw on the fat-tree / the rail-optimized ideal: " + ratio);
    }

    /** Runs an example; its one job's entry of summary.json. */
    private static JsonNode run(String file, Path out) throws IOException {
        StringWriter err = new StringWriter();
        int rc = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err)).execute("run",
                EXAMPLES.resolve("rail-vs-fat-tree").resolve(file).toString(), "--out", out.toString());
        assertEquals(0, rc, err::toString);
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("jobs").get(0);
    }

    /** Most bytes any port of a {@code from*} switch sent to a {@code to*} switch (ports.csv), 0 if none. */
    private static long bytes(Path run, String from, String to) throws IOException {
        List<String> rows = Files.readAllLines(run.resolve("ports.csv"));
        long max = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            if (f[0].startsWith(from) && f[2].startsWith(to)) {
                max = Math.max(max, Long.parseLong(f[5]));
            }
        }
        return max;
    }
}
