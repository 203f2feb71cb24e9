package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.ScenarioRunner;

/**
 * A run with lossless drops says so at its end, on stderr, naming the ingress ports, and summary.json has them under
 * {@code drops.lossless}; a run without says nothing and writes 0. The scenario is the worst case of
 * CrossingFrameHeadroomTest (experiments) with a fixed headroom of 34 KiB, what the SONiC formula alone gives its
 * ports: h1's port overflows, h2's does not.
 */
class LosslessDropCliTest {
    private static final String SCENARIO = """
            name: crossing
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, length: 2m}}
            switch: {buffer_size: 2MB, pfc: {headroom: %s}, ecn: {enabled: false}}
            nic: {mtu: 4096, cc: none, ack_interval: 65536}
            workloads:
              - type: flows
                flows: [{src: 0, dst: 1, size: 4MB}, {src: 1, dst: 0, size: 4MB, start: 5ns}, {src: 2, dst: 0, size: 4MB}]
            """;
    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(ScenarioRunner runner, String... args) {
        return new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> runner, null).execute(args);
    }

    @Test
    void dropsArePrintedAtTheEndAndWrittenToSummary() throws Exception {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO.formatted("34KiB"));
        assertEquals(0, lossless(Runners.packet(), "run", "s.yaml", "--out", "r", "--quiet"), err::toString);
        JsonNode drops = new ObjectMapper().readTree(cwd.resolve("r/summary.json").toFile()).path("drops");
        JsonNode ll = drops.path("lossless");
        long n = ll.path("packets").asLong();
        assertTrue(n > 0, drops.toString());
        assertEquals(drops.path("packets").asLong(), n, "every drop of this run is a lossless one");
        assertEquals(1, ll.path("ports_total").asInt());
        JsonNode port = ll.path("ports").get(0);
        assertEquals("sw0", port.path("node").asText());
        assertEquals(1, port.path("port").asInt());
        assertEquals("h1", port.path("peer").asText());
        assertEquals(34 * 1024, port.path("headroom_bytes").asLong());
        assertEquals(0, port.path("headroom_pool_full").asLong());
        long portsCsv = 0;
        for (String line : Files.readAllLines(cwd.resolve("r/ports.csv")).subList(1,
                Files.readAllLines(cwd.resolve("r/ports.csv")).size())) {
            portsCsv += Long.parseLong(line.split(",")[7]);
        }
        assertEquals(n, portsCsv, "the same frames as ports.csv's drops column");
        String[] lines = err.toString().split("\n");
        assertEquals(2, lines.length, err.toString());
        assertTrue(lines[0].startsWith("lossless: warning: switch.pfc.headroom 34816 B is below the computed need"),
                "before the run: the fixed headroom's warning");
        String e = lines[1];
        assertTrue(e.startsWith("lossless: warning: " + n + " lossless drops ("), e);
        assertTrue(e.contains("at 1 switch ingress port: sw0:1 from h1 (priority group 3: " + n + " frames, headroom "
                + "34,816 B, peak "), e);
        assertTrue(e.contains("see docs/switch.md, \"Lossless drops\" (summary.json: drops.lossless)"), e);
    }

    /** A sweep says which of its runs dropped lossless frames (here the point with the SONiC formula's 34 KiB). */
    @Test
    void aSweepNamesItsRunsWithDrops() throws Exception {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO.formatted("auto"));
        int code = new Cli(new PrintWriter(out), new PrintWriter(err), cwd, Runners::packet, p -> { }).execute("sweep",
                "s.yaml", "--vary", "switch.pfc.headroom=auto,34KiB", "--jobs", "1", "--quiet", "--out", "sw");
        assertEquals(0, code, err::toString);
        long n = new ObjectMapper().readTree(cwd.resolve("sw/points/headroom=34KiB/1/summary.json").toFile())
                .path("drops").path("lossless").path("packets").asLong();
        assertTrue(n > 0);
        String line = err.toString().lines().filter(l -> l.contains("lossless drops in")).findFirst().orElse("");
        assertEquals("lossless: warning: lossless drops in 1 of 2 runs (" + n + " frames of PFC priority groups dropped "
                + "because their headroom was full): points/headroom=34KiB/1 " + n + "; each run's summary.json drops.lossless "
                + "names the ports (see docs/switch.md, \"Lossless drops\")", line);
        assertTrue(Files.readString(cwd.resolve("sw/sweep.csv")).lines().findFirst().orElse("")
                .contains("drops.lossless.packets"), "a sweep figure");
    }

    @Test
    void aRunWithoutSaysNothingAndWritesZero() throws Exception {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO.formatted("auto"));
        assertEquals(0, lossless(Runners.packet(), "run", "s.yaml", "--out", "r", "--quiet"), err::toString);
        assertEquals("", err.toString());
        JsonNode ll = new ObjectMapper().readTree(cwd.resolve("r/summary.json").toFile()).path("drops").path("lossless");
        assertEquals(0, ll.path("packets").asLong(), ll.toString());
        assertEquals(0, ll.path("bytes").asLong());
        assertTrue(ll.path("ports").isMissingNode());
    }
}
