package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.yaml.ScenarioException;

/**
 * {@code metrics.flows}: which rows flows.csv holds, flows_summary.csv (the messages it leaves out, aggregated)
 * counted by hand, and summary.json the same bytes whatever the choice.
 *
 * <p>The collective is {@link HeadlineFiguresTest}'s: a ring all-reduce of 1 MiB on hosts 0-3, 2 channels,
 * Simple, 2 iterations: each rank sends 2 slices of 64 KiB in each of 6 steps on each of 2 channels per
 * iteration, 48 data messages of 64 KiB per rank in all, and its receiver sends it a clear-to-send for every
 * one (48 control messages sent by each rank). Next to it 4 plain flows of workload {@code bg}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FlowRowsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String YAML = """
            name: ring
            seed: 3
            topology: {type: star, hosts: 6}
            workloads:
              - {type: allreduce, name: ar, size: 1MiB, hosts: "0-3", channels: 2, algorithm: ring,
                 protocol: simple, iterations: 2, gap: 10us}
              - type: flows
                name: bg
                flows:
                  - {src: 4, dst: 1, size: 2MB, start: 5us}
                  - {src: 5, dst: 1, size: 2MB, start: 5us}
                  - {src: 4, dst: 5, size: 64KB, start: 50us}
                  - {src: 5, dst: 4, size: 64KB, start: 60us}
            """;
    Path all;
    Path data;
    Path summary;
    Path byDefault;

    @BeforeAll
    void runAllFour(@TempDir Path dir) throws IOException {
        all = run(dir.resolve("all"), YAML + "metrics: {flows: all}\n");
        data = run(dir.resolve("data"), YAML + "metrics: {flows: data}\n");
        summary = run(dir.resolve("summary"), YAML + "metrics: {flows: summary}\n");
        byDefault = run(dir.resolve("default"), YAML);
    }

    static Path run(Path out, String yaml) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", yaml, Path.of("/"), List.of());
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine());
        return out;
    }

    @Test
    void allWritesOneRowPerMessage() throws IOException {
        List<Map<String, String>> rows = HeadlineFiguresTest.rows(all.resolve("flows.csv"));
        assertEquals(192 + 192 + 4, rows.size());
        assertFalse(Files.exists(all.resolve(ResultsWriter.FLOWS_SUMMARY)));
        assertTrue(Files.readString(all.resolve("scenario.resolved.yaml")).contains("flows: all"));
    }

    /**
     * Without {@code metrics}, the collective is aggregated (data is the default): flows.csv holds the 4 plain flows
     * alone and flows_summary.csv one row per rank and step kind, 4 ranks x (data, cts) with 48 messages each.
     */
    @Test
    void dataIsTheDefaultAndAggregatesTheCollective() throws IOException {
        assertEquals(4, HeadlineFiguresTest.rows(byDefault.resolve("flows.csv")).size());
        List<Map<String, String>> rows = HeadlineFiguresTest.rows(byDefault.resolve(ResultsWriter.FLOWS_SUMMARY));
        assertEquals(4 * 2, rows.size());
        assertTrue(rows.stream().allMatch(r -> r.get("workload").equals("ar") && r.get("messages").equals("48")));
        assertTrue(Files.readString(byDefault.resolve("scenario.resolved.yaml")).contains("flows: data"));
        for (String f : List.of("flows.csv", ResultsWriter.FLOWS_SUMMARY, "jobs.csv", "ports.csv")) {
            assertEquals(Files.readString(data.resolve(f)), Files.readString(byDefault.resolve(f)), f);
        }
    }

    @Test
    void dataKeepsTheDataRowsOfWorkloadsThatAreNotCollectivesByteForByte() throws IOException {
        List<String> kept = new ArrayList<>();
        List<String> lines = Files.readAllLines(all.resolve("flows.csv"));
        kept.add(lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            if (line.contains(",bg,") && line.endsWith(",data")) {
                kept.add(line);
            }
        }
        assertEquals(1 + 4, kept.size());
        assertEquals(kept, Files.readAllLines(data.resolve("flows.csv")));
    }

    @Test
    void summaryWritesTheHeaderAlone() throws IOException {
        assertEquals(List.of(Files.readAllLines(all.resolve("flows.csv")).get(0)),
                Files.readAllLines(summary.resolve("flows.csv")));
    }

    /** Under data, flows_summary.csv aggregates the collective's messages only: the plain flows have their rows. */
    @Test
    void dataAggregatesTheCollectiveAlone() throws IOException {
        List<Map<String, String>> rows = HeadlineFiguresTest.rows(data.resolve(ResultsWriter.FLOWS_SUMMARY));
        assertEquals(8, rows.size());
        assertTrue(rows.stream().allMatch(r -> r.get("workload").equals("ar")));
    }

    /** Under summary the plain flows are aggregated too: per sending host, counted from the all run's rows. */
    @Test
    void summaryAggregatesThePlainFlowsPerSendingHost() throws IOException {
        List<Map<String, String>> each = HeadlineFiguresTest.rows(all.resolve("flows.csv"));
        List<Map<String, String>> rows = HeadlineFiguresTest.rows(summary.resolve(ResultsWriter.FLOWS_SUMMARY));
        assertEquals(8 + 2, rows.size(), "the collective's 8 and one per sending host of bg (4 and 5)");
        for (String src : List.of("4", "5")) {
            Map<String, String> r = rows.stream().filter(x -> x.get("workload").equals("bg") && x.get("src").equals(src))
                    .findFirst().orElseThrow();
            long bytes = each.stream().filter(m -> m.get("workload").equals("bg") && m.get("src").equals(src))
                    .mapToLong(m -> Long.parseLong(m.get("size_bytes"))).sum();
            assertEquals("2", r.get("messages"));
            assertEquals("", r.get("operation"));
            assertEquals("data", r.get("kind"));
            assertEquals(String.valueOf(bytes), r.get("bytes"));
        }
    }

    @Nested
    class Aggregated {
        @Test
        void oneRowPerRankAndStepKindCountedByHand() throws IOException {
            List<Map<String, String>> rows = HeadlineFiguresTest.rows(summary.resolve(ResultsWriter.FLOWS_SUMMARY))
                    .stream().filter(r -> r.get("workload").equals("ar")).toList();
            assertEquals(8, rows.size(), "4 ranks x (data, cts)");
            for (int i = 0; i < 8; i++) {
                Map<String, String> r = rows.get(i);
                assertEquals("ar", r.get("workload"));
                assertEquals(i < 4 ? "data" : "cts", r.get("operation"));
                assertEquals(i < 4 ? "data" : "control", r.get("kind"));
                assertEquals(String.valueOf(i % 4), r.get("src"));
                assertEquals("48", r.get("messages"));
                assertEquals("48", r.get("completed"));
            }
            for (int i = 0; i < 4; i++) {
                assertEquals(String.valueOf(48L * 65536), rows.get(i).get("bytes"));
                assertEquals(String.valueOf(48L * 65536), rows.get(i).get("bytes_delivered"));
            }
        }

        /** Each row's figures recomputed (nearest rank) from the per-message rows of the {@code all} run. */
        @Test
        void figuresAreThoseOfThePerMessageRows() throws IOException {
            List<Map<String, String>> each = HeadlineFiguresTest.rows(all.resolve("flows.csv"));
            for (Map<String, String> r : HeadlineFiguresTest.rows(data.resolve(ResultsWriter.FLOWS_SUMMARY))) {
                List<Double> fct = new ArrayList<>();
                List<Double> sd = new ArrayList<>();
                long bytes = 0;
                for (Map<String, String> m : each) {
                    if (m.get("workload").equals("ar") && m.get("operation").equals(r.get("operation"))
                            && m.get("src").equals(r.get("src"))) {
                        fct.add(Double.valueOf(m.get("fct_ps")));
                        sd.add(Double.valueOf(m.get("slowdown")));
                        bytes += Long.parseLong(m.get("size_bytes"));
                    }
                }
                assertEquals(String.valueOf(bytes), r.get("bytes"));
                assertEquals(HeadlineFiguresTest.nearestRank(sd, 50), r.get("slowdown_p50"));
                assertEquals(HeadlineFiguresTest.nearestRank(sd, 99), r.get("slowdown_p99"));
                assertEquals(HeadlineFiguresTest.nearestRank(sd, 100), r.get("slowdown_max"));
                for (String p : List.of("50", "99")) {
                    assertEquals(HeadlineFiguresTest.nearestRank(fct, Double.parseDouble(p)).replace(".000000", ""),
                            r.get("fct_p" + p + "_ps"));
                }
                assertEquals(HeadlineFiguresTest.nearestRank(fct, 100).replace(".000000", ""), r.get("fct_max_ps"));
            }
        }
    }

    @Test
    void summaryJsonIsTheSameBytesInEveryMode() throws IOException {
        String a = withoutRunCost(all);
        assertEquals(a, withoutRunCost(data));
        assertEquals(a, withoutRunCost(summary));
        for (String f : List.of("ports.csv", "jobs.csv")) {
            assertEquals(Files.readString(all.resolve(f)), Files.readString(summary.resolve(f)), f);
        }
    }

    /** summary.json's text with the four figures that change from one run to the next (the run's cost) set to 0. */
    static String withoutRunCost(Path dir) throws IOException {
        String text = Files.readString(dir.resolve("summary.json"));
        ObjectNode n = (ObjectNode) JSON.readTree(text);
        for (String k : List.of("wall_seconds", "cpu_seconds", "events_per_second", "peak_heap_bytes")) {
            assertTrue(n.has(k), k);
            text = text.replaceFirst("\"" + k + "\" : [^,\\n]+", "\"" + k + "\" : 0");
        }
        return text;
    }

    /**
     * The same bytes on 1 and 2 threads, aggregated (the default) and per message ({@code all}): a ring all-reduce of
     * 512 KiB on 8 hosts of a k=4 fat tree (so both partitions hold ranks), one channel, Simple: 64 KiB chunks, each
     * cut into 2 slices of 32 KiB (docs/workloads.md: max(chunk / 2, 32 KiB)), 2 x (8 - 1) = 14 steps, so 28 data
     * messages (14 x 64 KiB) and 28 clear-to-sends per rank.
     */
    @Nested
    class Threads {
        static final String FAT = """
                name: ring8
                seed: 5
                topology: {type: fat-tree, k: 4}
                workloads:
                  - {type: allreduce, name: ar, size: 512KiB, hosts: "0-7", channels: 1, algorithm: ring,
                     protocol: simple}
                  - type: flows
                    name: bg
                    flows:
                      - {src: 9, dst: 14, size: 1MB}
                """;

        Path runOn(Path out, String yaml, int threads) throws IOException {
            Scenario s = ScenarioLoader.parse("t.yaml", yaml, Path.of("/"), List.of());
            ResultsWriter.runAndWrite(out, s, new ScenarioEngine(new org.lossless.experiments.run.PacketEngine
                    .Parallelism(threads, null, null)));
            return out;
        }

        @Test
        void aggregatedAndPerMessageRowsAreTheSameBytesOnOneAndTwoThreads(@TempDir Path dir) throws IOException {
            Path d1 = runOn(dir.resolve("d1"), FAT, 1);
            Path d2 = runOn(dir.resolve("d2"), FAT, 2);
            List<Map<String, String>> rows = HeadlineFiguresTest.rows(d1.resolve(ResultsWriter.FLOWS_SUMMARY));
            assertEquals(8 * 2, rows.size(), "8 ranks x (data, cts)");
            assertTrue(rows.stream().allMatch(r -> r.get("messages").equals("28") && r.get("completed").equals("28")),
                    rows.toString());
            assertTrue(rows.stream().filter(r -> r.get("kind").equals("data"))
                    .allMatch(r -> r.get("bytes").equals(String.valueOf(14 * 65536))), rows.toString());
            assertEquals(1, HeadlineFiguresTest.rows(d1.resolve("flows.csv")).size(), "bg's one flow");
            Path a1 = runOn(dir.resolve("a1"), FAT + "metrics: {flows: all}\n", 1);
            Path a2 = runOn(dir.resolve("a2"), FAT + "metrics: {flows: all}\n", 2);
            assertEquals(8 * 28 * 2 + 1, HeadlineFiguresTest.rows(a1.resolve("flows.csv")).size());
            for (String f : List.of("flows.csv", ResultsWriter.FLOWS_SUMMARY)) {
                assertEquals(Files.readString(d1.resolve(f)), Files.readString(d2.resolve(f)), f);
            }
            assertEquals(Files.readString(a1.resolve("flows.csv")), Files.readString(a2.resolve("flows.csv")));
        }
    }

    /**
     * A run cut by its stop time says so in the aggregated rows too: the ring of {@link #YAML} stopped at 20 us (its
     * first iteration alone takes longer) has rows with fewer completed messages than messages, and summary.json
     * says why it stopped.
     */
    @Test
    void aCutRunLeavesUnfinishedMessagesInTheAggregates(@TempDir Path dir) throws IOException {
        Path cut = run(dir.resolve("cut"), YAML.replace("seed: 3\n", "seed: 3\nstop_time: 20us\n"));
        List<Map<String, String>> rows = HeadlineFiguresTest.rows(cut.resolve(ResultsWriter.FLOWS_SUMMARY));
        assertTrue(rows.stream().anyMatch(r -> Long.parseLong(r.get("completed")) < Long.parseLong(r.get("messages"))),
                rows.toString());
        assertTrue(Files.readString(cut.resolve("summary.json")).contains("\"stopped_by\" : \"stop_time\""));
    }

    @Test
    void anUnknownValueNamesItsKeyPath() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse("t.yaml", YAML + "metrics: {flows: rows}\n", Path.of("/"), List.of()));
        assertTrue(e.getMessage().contains("metrics.flows"), e.getMessage());
        assertTrue(e.getMessage().contains("all, data, summary"), e.getMessage());
    }
}
