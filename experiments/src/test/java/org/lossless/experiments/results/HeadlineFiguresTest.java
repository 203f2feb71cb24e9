package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * The headline figures of real runs, read back from the files a user gets: {@code flows.csv}'s {@code kind} counted
 * against hand counts of each protocol's control messages, and {@code summary.json}'s slowdown percentiles
 * recomputed here, independently, over the {@code data} rows of {@code flows.csv} (nearest rank, six decimals
 * half-up, as the file says).
 */
class HeadlineFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** The rows of a CSV file as maps from column name to text. */
    static List<Map<String, String>> rows(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] head = lines.get(0).split(",", -1);
        List<Map<String, String>> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertEquals(head.length, f.length, line);
            Map<String, String> m = new HashMap<>();
            for (int i = 0; i < head.length; i++) {
                m.put(head[i], f[i]);
            }
            out.add(m);
        }
        return out;
    }

    /** Nearest rank: the value at rank ceil(p/100 n) of the sorted values, as text with six decimals half-up. */
    static String nearestRank(List<Double> values, double p) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int rank = (int) Math.ceil(p / 100 * v.length);
        return new BigDecimal(v[Math.max(rank, 1) - 1]).setScale(6, RoundingMode.HALF_UP).toPlainString();
    }

    /** The slowdowns of the finished data rows of {@code workload} (null: every workload). */
    static List<Double> dataSlowdowns(List<Map<String, String>> flows, String workload) {
        List<Double> out = new ArrayList<>();
        for (Map<String, String> r : flows) {
            if (r.get("kind").equals("data") && !r.get("slowdown").isEmpty()
                    && (workload == null || r.get("workload").equals(workload))) {
                out.add(Double.valueOf(r.get("slowdown")));
            }
        }
        return out;
    }

    static long count(List<Map<String, String>> flows, String workload, String kind) {
        return flows.stream().filter(r -> r.get("workload").equals(workload) && r.get("kind").equals(kind)).count();
    }

    /** Every slowdown percentile of {@code sd} equals the one recomputed over {@code values}. */
    static void samePercentiles(JsonNode sd, List<Double> values) {
        assertEquals("data", sd.get("messages").asText());
        for (String p : List.of("p50", "p95", "p99", "max")) {
            double q = p.equals("max") ? 100 : Double.parseDouble(p.substring(1));
            String expected = nearestRank(values, q);
            assertEquals(0, new BigDecimal(expected).compareTo(sd.get(p).decimalValue()), p + ": " + expected + " vs " + sd);
        }
    }

    /** Runs {@code yaml} with one flows.csv row per message ({@code metrics.flows: all}): the rows are recounted here. */
    static Path run(Path dir, String yaml) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", yaml + "metrics: {flows: all}\n", Path.of("/"), List.of());
        Path out = dir.resolve("r");
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine());
        return out;
    }

    /**
     * A ring all-reduce of 1 MiB on 4 hosts of a star, 2 channels, Simple protocol, 2 iterations, next to 4 plain
     * flows. By hand: a channel carries 512 KiB, one loop (4 x 2 MiB chunks would hold 8 MiB), so each rank's
     * chunk is 512 KiB / 4 = 128 KiB, cut into 2 slices of 64 KiB (NCCL's chunk of 4 steps is 2 slices; the
     * smallest slice, 32 KiB, is not reached). A channel has 2(n-1) = 6 send steps in which every rank sends its
     * 2 slices: 4 ranks x 6 steps x 2 slices x 2 channels = 96 data messages per iteration, and every one of them
     * waits for its own clear-to-send from its receiver: 96 control messages. Two iterations: 192 and 192.
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class Collective {
        List<Map<String, String>> flows;
        JsonNode summary;

        @BeforeAll
        void runIt(@TempDir Path dir) throws IOException {
            Path out = run(dir, """
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
                    """);
            flows = rows(out.resolve("flows.csv"));
            summary = JSON.readTree(out.resolve("summary.json").toFile());
        }

        @Test
        void controlMessagesAreTheClearToSendsCountedByHand() {
            assertEquals(192, count(flows, "ar", "control"));
            assertEquals(192, count(flows, "ar", "data"));
            assertEquals(4, count(flows, "bg", "data"));
            assertEquals(0, count(flows, "bg", "control"));
            // the tag travels with the message: every control row is a 64-byte clear-to-send, every data row not
            for (Map<String, String> r : flows) {
                assertEquals(r.get("kind").equals("control"), r.get("operation").equals("cts"), r.toString());
            }
            JsonNode control = summary.get("workloads").get("ar").get("control");
            assertEquals(192, control.get("messages").asLong());
            assertEquals(192, summary.get("control").get("messages").asLong());
            assertEquals(196, summary.get("flows").get("data").asLong());
            assertFalse(summary.get("workloads").get("bg").has("control"), "a workload without control messages");
        }

        @Test
        void headlinePercentilesAreOverTheDataRows() {
            samePercentiles(summary.get("fct_slowdown"), dataSlowdowns(flows, null));
            samePercentiles(summary.get("workloads").get("ar").get("fct_slowdown"), dataSlowdowns(flows, "ar"));
            samePercentiles(summary.get("workloads").get("bg").get("fct_slowdown"), dataSlowdowns(flows, "bg"));
            // the mix of every row is kept apart, and here it differs: the clear-to-sends wait behind data
            List<Double> all = new ArrayList<>();
            flows.forEach(r -> all.add(Double.valueOf(r.get("slowdown"))));
            assertEquals(0, new BigDecimal(nearestRank(all, 100)).compareTo(summary.get("fct_slowdown_all").get("max")
                    .decimalValue()));
            assertTrue(summary.get("fct_slowdown_all").get("p50").asDouble() != summary.get("fct_slowdown").get("p50")
                    .asDouble(), "control messages change the mix");
        }

        @Test
        void theCollectiveHasBusbwAndItsIdeal() {
            JsonNode ar = summary.get("jobs").get(0);
            assertEquals("duration_ps", ar.get("figure").asText());
            assertEquals(ar.get("duration_ps").asLong(), ar.get("value").asLong());
            assertEquals(ar.get("ideal_duration_ps").asLong(), ar.get("ideal").asLong());
            assertTrue(ar.get("ratio").asDouble() >= 1, "the job cannot beat its ideal: " + ar);
            assertTrue(ar.get("busbw_GBps").isNumber() && ar.get("ideal_busbw_GBps").isNumber(), ar.toString());
            assertTrue(ar.get("ideal_busbw_GBps").asDouble() >= ar.get("busbw_GBps").asDouble(), ar.toString());
        }
    }

    /**
     * Three NVMe-oF jobs on a star, queue depth 1, each its own initiator and target. By hand, per I/O (one
     * command, below MDTS; default in-capsule limit 4 KiB, largest RDMA READ 120 KiB):
     * <ul>
     *   <li>4 KiB read: command capsule (control), one RDMA WRITE of the data (data), completion (control);</li>
     *   <li>8 KiB write: command capsule (control), one RDMA READ of the data (data), completion (control);</li>
     *   <li>4 KiB write: the capsule carries the data (data), completion (control).</li>
     * </ul>
     * 10 reads, 5 large and 5 small writes: 20 + 10 + 5 = 35 control messages, 10 + 5 + 5 = 20 data messages.
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class Nvmeof {
        List<Map<String, String>> flows;
        JsonNode summary;
        List<Map<String, String>> jobs;

        @BeforeAll
        void runIt(@TempDir Path dir) throws IOException {
            Path out = run(dir, """
                    name: nvme
                    seed: 2
                    topology: {type: star, hosts: 8}
                    workloads:
                      - {type: nvmeof, name: rd, initiators: [0], targets: [1], block_size: 4KiB, read_fraction: 1,
                         queue_depth: 1, ios: 10}
                      - {type: nvmeof, name: wr, initiators: [2], targets: [3], block_size: 8KiB, read_fraction: 0,
                         queue_depth: 1, ios: 5}
                      - {type: nvmeof, name: inl, initiators: [4], targets: [5], block_size: 4KiB, read_fraction: 0,
                         queue_depth: 1, ios: 5}
                      - type: incast
                        name: burst
                        senders: [6, 7]
                        receiver: 1
                        size: 256KB
                    """);
            flows = rows(out.resolve("flows.csv"));
            summary = JSON.readTree(out.resolve("summary.json").toFile());
            jobs = rows(out.resolve("jobs.csv"));
        }

        @Test
        void controlMessagesAreCapsulesAndCompletionsCountedByHand() {
            assertEquals(20, count(flows, "rd", "control"));
            assertEquals(10, count(flows, "rd", "data"));
            assertEquals(10, count(flows, "wr", "control"));
            assertEquals(5, count(flows, "wr", "data"));
            assertEquals(5, count(flows, "inl", "control"));
            assertEquals(5, count(flows, "inl", "data"));
            assertEquals(35, summary.get("control").get("messages").asLong());
            assertEquals(35, summary.get("control").get("completed").asLong());
            for (Map<String, String> r : flows) {
                String op = r.get("operation");
                boolean control = switch (op) {
                    case "read-completion", "write-completion", "read-capsule" -> true;
                    case "write-capsule" -> r.get("workload").equals("wr"); // "inl" carries its data in the capsule
                    default -> false;
                };
                assertEquals(control ? "control" : "data", r.get("kind"), r.toString());
            }
        }

        @Test
        void headlinePercentilesAreOverTheDataRows() {
            samePercentiles(summary.get("fct_slowdown"), dataSlowdowns(flows, null));
            for (String w : List.of("rd", "wr", "inl", "burst")) {
                samePercentiles(summary.get("workloads").get(w).get("fct_slowdown"), dataSlowdowns(flows, w));
            }
        }

        @Test
        void storageAndIncastJobsHaveNoBusbw() {
            for (Map<String, String> j : jobs) {
                assertEquals("", j.get("busbw_GBps"), j.toString());
                assertEquals("", j.get("ideal_busbw_GBps"), j.toString());
                assertFalse(j.get("ideal_duration_ps").isEmpty(), j.toString());
            }
            for (JsonNode j : summary.get("jobs")) {
                assertFalse(j.has("busbw_GBps") || j.has("ideal_busbw_GBps"), j.toString());
            }
            JsonNode rd = summary.get("jobs").get(0);
            assertEquals("latency_p99_ps", rd.get("figure").asText());
            assertEquals("read", rd.get("operation").asText());
            assertEquals(rd.get("operations").get(0).get("latency_ps").get("p99").asLong(), rd.get("value").asLong());
            assertEquals(rd.get("operations").get(0).get("ideal").get("latency_ps").get("p99").asLong(),
                    rd.get("ideal").asLong());
            JsonNode burst = summary.get("jobs").get(3);
            assertEquals("incast", burst.get("type").asText());
            assertEquals("duration_ps", burst.get("figure").asText());
            assertTrue(burst.get("ratio").asDouble() >= 1, burst.toString());
        }
    }

    /** The figures are ordered as the user reads them: the answers first, the simulator's cost last. */
    @Test
    void summaryOpensWithTheAnswerAndEndsWithTheCost(@TempDir Path dir) throws IOException {
        Path out = run(dir, """
                name: order
                topology: {type: star, hosts: 3}
                workloads:
                  - {type: incast, name: in, senders: [1, 2], receiver: 0, size: 64KB}
                """);
        List<String> keys = new ArrayList<>();
        JSON.readTree(out.resolve("summary.json").toFile()).fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("name", "seed", "engine", "version", "stopped_by", "sim_time_ps", "jobs", "workloads"),
                keys.subList(0, 8));
        assertEquals(List.of("events", "wall_seconds", "cpu_seconds", "events_per_second", "peak_heap_bytes"),
                keys.subList(keys.size() - 5, keys.size()));
        assertTrue(Arrays.asList("fct_slowdown", "control", "fct_slowdown_all", "drops").stream().allMatch(keys::contains));
    }
}
