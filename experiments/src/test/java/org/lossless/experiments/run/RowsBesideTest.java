package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * The result files' work beside the run ({@link org.lossless.experiments.metrics.SinkThread}, when the run leaves a
 * core free) against the same work inside it: the same result directory, sequential and partitioned.
 */
class RowsBesideTest {
    /** About 1,800 messages (seven batches of rows), some listed in flows.csv and some aggregated. */
    static final String SCENARIO = """
            name: t
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4,
                       host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 100Gbps, delay: 1us}}
            nic: {mtu: 1024, cc: dcqcn}
            workloads:
              - {type: allreduce, name: ar, size: 2MiB, hosts: "0-7", algorithm: ring, iterations: 2, gap: 2us}
              - {type: incast, name: in, receiver: 7, senders: "0-6", size: 64KB}
            """;

    @TempDir
    Path dir;

    private TreeMap<String, String> files(Scenario s, PacketEngine.Parallelism p, int cores, String name)
            throws IOException {
        Path out = dir.resolve(name);
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine(p, cores, PacketEngine.IdealTiming.AFTER));
        return ResultTree.read(out);
    }

    @Test
    void theFilesAreTheSameWithTheRowsWrittenBesideTheRunOrInIt() throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", SCENARIO, dir, List.of());
        TreeMap<String, String> inside = files(s, null, 1, "seq-inside");
        assertTrue(inside.get("flows.csv").lines().count() > 1 && inside.containsKey("flows_summary.csv"),
                inside.keySet().toString());
        assertTrue(inside.get("flows_summary.csv").contains("ar"), inside.get("flows_summary.csv"));
        assertEquals(inside, files(s, null, 4, "seq-beside"));
        PacketEngine.Parallelism two = new PacketEngine.Parallelism(2, null, null);
        TreeMap<String, String> parallelInside = files(s, two, 2, "par-inside");
        assertEquals(parallelInside, files(s, two, 4, "par-beside"));
    }
}
