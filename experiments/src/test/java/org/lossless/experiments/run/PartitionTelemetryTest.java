package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Topology;

/**
 * Queues and links sampled by each partition ({@link org.lossless.experiments.metrics.PartitionTelemetry}): every
 * port's rows add up to its total in ports.csv (no sample lost, none twice, the last partial interval in), the rows
 * come in (time, the file's port order), no sample lies past the run's end, and the files are the same on 1, 2 and 4
 * threads, also for a run cut by its stop time.
 */
class PartitionTelemetryTest {
    /** A PFC-heavy incast across the leaves: leaf1 pauses the spines, they pause leaf0; sampled every 2 us. */
    static final String INCAST = """
            name: incast
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4,
                       host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 100Gbps, delay: 1us}}
            switch: {buffer_size: 2MB}
            nic: {mtu: 1024, cc: none}
            workloads:
              - {type: incast, receiver: 7, senders: "0-6", size: 300KB}
            telemetry: {sample_interval: 2us, queues: all, links: all}
            """;
    static final long INTERVAL_PS = 2_000_000;

    @TempDir
    Path dir;

    private Path run(Scenario s, int threads, String name) throws IOException {
        Path out = dir.resolve(name);
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine(new PacketEngine.Parallelism(threads, null, null), 1,
                PacketEngine.IdealTiming.AFTER));
        return out;
    }

    private static List<String[]> rows(Path f) throws IOException {
        return LinkTelemetryTest.read(f, null);
    }

    private void check(String yaml, long endPs) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", yaml, dir, List.of());
        Path out = run(s, 2, "two");
        Map<String, Long> fromLinks = new HashMap<>();
        List<String[]> links = rows(out.resolve("timeseries/links.csv"));
        links.forEach(r -> fromLinks.merge(r[1] + ":" + r[2], Long.parseLong(r[3]), Long::sum));
        Map<String, Long> fromPorts = new HashMap<>();
        rows(out.resolve("ports.csv")).forEach(r -> fromPorts.merge(r[0] + ":" + r[1], Long.parseLong(r[5]), Long::sum));
        fromPorts.values().removeIf(v -> v == 0);
        assertEquals(fromPorts, fromLinks, "every byte a port sent is in one of its rows");
        // the run's end: the last sample at most, then the partial interval's rows at the end itself
        String summary = java.nio.file.Files.readString(out.resolve("summary.json"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"sim_time_ps\" : (\\d+)").matcher(summary);
        assertTrue(m.find(), summary);
        long end = Long.parseLong(m.group(1));
        if (endPs > 0) {
            assertEquals(endPs, end);
        }
        Topology t = ScenarioEngine.topology(s);
        for (String file : List.of("timeseries/queues.csv", "timeseries/links.csv")) {
            List<String[]> r = rows(out.resolve(file));
            assertTrue(r.size() > 100, file + ": the incast keeps ports busy and queues full");
            long lastTime = -1;
            long lastPlace = -1;
            for (String[] row : r) {
                long time = Long.parseLong(row[0]);
                assertTrue(time <= end && (time % INTERVAL_PS == 0 || time == end && file.endsWith("links.csv")),
                        file + ": a row at " + time + " ps, the run ended at " + end);
                // the file's order: node by node in the topology's order, port by port, then priority
                long place = (long) t.nodeId(row[1]) << 32 | Long.parseLong(row[2]) << 8
                        | (row.length > 4 ? Long.parseLong(row[3]) : 0);
                if (time == lastTime) {
                    assertTrue(place > lastPlace, file + ": " + String.join(",", row) + " out of order");
                } else {
                    assertTrue(time > lastTime, file + ": time went back at " + String.join(",", row));
                }
                lastTime = time;
                lastPlace = place;
            }
        }
        TreeMap<String, String> two = ResultTree.read(out);
        assertEquals(two, ResultTree.read(run(s, 1, "one")), "1 thread");
        assertEquals(two, ResultTree.read(run(s, 4, "four")), "4 threads");
    }

    @Test
    void aRunThatEndsWhenItsWorkIsDone() throws IOException {
        check(INCAST, -1);
    }

    @Test
    void aRunCutByItsStopTimeOnASampleInstant() throws IOException {
        check(INCAST + "stop_time: 60us\n", 60_000_000L);
    }

    @Test
    void aRunCutByItsStopTimeBetweenSamples() throws IOException {
        check(INCAST + "stop_time: 61234ns\n", 61_234_000L);
    }
}
