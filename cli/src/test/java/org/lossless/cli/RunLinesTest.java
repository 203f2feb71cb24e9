package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.results.Summary;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.metrics.LosslessDrop;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.OperationStats;

class RunLinesTest {
    static final Scenario SCENARIO = ScenarioLoader.parse("t.yaml", """
            name: t
            topology: {type: star, hosts: 4}
            workloads: [{type: flows, name: w, flows: [{src: 0, dst: 1, size: 1KB}]}]
            """, Path.of("/"), List.of());
    // on priority 3 (lossless by default) 2 packets dropped because the headroom was full, on priority 0 5 more
    static final List<LosslessDrop> LOSSLESS = List.of(
            new LosslessDrop(LosslessDrop.SWITCH, "sw0", 1, "h1", 3, 2, 2_000, 0, 12_288, 13_288));
    static final List<PortResult> PORTS = List.of(
            new PortResult("sw0", 1, "h1", 3, 100_000_000_000L, 1, 1, 2, 0, 0, 0, 0, 0),
            new PortResult("sw0", 2, "h2", 0, 100_000_000_000L, 1, 1, 5, 0, 0, 0, 0, 0));

    private static String lines(List<FlowResult> flows, List<JobIteration> jobs, List<OperationStats> ops,
                                List<JobIdeal> ideals, long pauses) throws Exception {
        RunResult r = new RunResult(1, 123_456, 2.5, flows, PORTS, 7, 700, pauses, 2_500_000_000L, false, 1234, 56,
                List.of(), null, null, jobs, ops, 1.25, 40_000_000, ideals, LOSSLESS);
        JsonNode summary = new ObjectMapper().readTree(Summary.json(SCENARIO, r));
        return RunLines.of(r, summary);
    }

    @Test
    void aCollectiveAgainstItsIdealThenTheWorkloadsTheFabricAndTheCost() throws Exception {
        // 1 MB over 4 ranks in 2 ms and 1 ms: algbw 0.5 and 1 GB/s, busbw x 1.5; alone 0.5 ms each (busbw 3 GB/s)
        List<JobIteration> its = List.of(new JobIteration("ar", 0, "allreduce", 4, 1_000_000, 0, 2_000_000_000L, 1.5),
                new JobIteration("ar", 1, "allreduce", 4, 1_000_000, 2_000_000_000L, 3_000_000_000L, 1.5));
        JobIdeal alone = new JobIdeal("ar", List.of(
                new JobIteration("ar", 0, "allreduce", 4, 1_000_000, 0, 500_000_000L, 1.5),
                new JobIteration("ar", 1, "allreduce", 4, 1_000_000, 500_000_000L, 1_000_000_000L, 1.5)),
                List.of(), List.of("port", "port"));
        // workload "ar": data messages of slowdown 1.5 and 3, one control message of 4 us (slowdown 8)
        List<FlowResult> flows = List.of(
                new FlowResult(0, "ar", 0, 1, 3, 1000, 0, 3_000_000, 2_000_000),
                new FlowResult(1, "ar", 1, 0, 3, 64, 0, 4_000_000, 500_000, 0, 0,
                        new MessageLabel(1, "write", 0, 0, 0, "cts", MessageKind.CONTROL)),
                new FlowResult(2, "ar", 1, 2, 3, 1000, 0, 6_000_000, 2_000_000),
                new FlowResult(3, "bg", 3, 2, 3, 1000, 0, 10_000_000, 2_000_000));
        assertEquals("""

                  job ar (allreduce, 4 hosts, 1,000,000 B): 2 of 2 started iterations finished; time 2.000, 1.000 ms, \
                ideal 0.500 ms (port-bound): 4.00x, 2.00x; busbw 0.750, 1.500 GB/s, ideal 3.000 GB/s
                  workload ar: FCT slowdown p50 1.50, p99 3.00 over 2 data messages; 1 control messages, latency p50 \
                4.000 us, p99 4.000 us
                  workload bg: FCT slowdown p50 5.00, p99 5.00 over 1 data messages
                  all workloads: FCT slowdown p50 3.00, p99 5.00 over 3 data messages; 1 control messages, latency p50 \
                4.000 us, p99 4.000 us
                  fabric: 2 lossless drops (7 drops in all); 9 PFC pause frames, 2.500 ms paused (summed \
                over ports); 1,234 packets ECN-marked; 56 CNPs
                  (simulator: 123,456 events, 2.5 s wall, 1.3 s CPU, peak heap 40 MB)""",
                lines(flows, its, List.of(), List.of(alone), 9));
    }

    @Test
    void onMultiGpuServersAJobCountsGpusOnServersAndItsBusbwIsPerGpu() throws Exception {
        // 4 servers of 4 GPUs with one NIC each on a leaf-spine; the job takes servers 0 and 2: 8 GPUs on 2 servers
        Scenario servers = ScenarioLoader.parse("t.yaml", """
                name: t
                topology: {type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 2, gpus_per_server: 4,
                           nics_per_server: 1}
                workloads: [{type: allreduce, name: ar, size: 1MB, hosts: {servers: [0, 2]}}]
                """, Path.of("/"), List.of());
        // 1 MB over 8 ranks in 1 ms: algbw 1 GB/s, busbw x 2 x 7/8 = 1.75 GB/s
        List<JobIteration> its = List.of(new JobIteration("ar", 0, "allreduce", 8, 1_000_000, 0, 1_000_000_000L, 1.75));
        RunResult r = new RunResult(1, 123_456, 2.5, List.of(), PORTS, 0, 0, 0, 0, false, 0, 0,
                List.of(), null, null, its, List.of(), 1.25, 40_000_000, List.of(), List.of());
        JsonNode summary = new ObjectMapper().readTree(Summary.json(servers, r));
        assertEquals(2, summary.path("jobs").get(0).path("servers").asInt());
        assertEquals(4, summary.path("jobs").get(0).path("gpus_per_server").asInt());
        assertEquals(8, summary.path("jobs").get(0).path("hosts").asInt());
        String job = RunLines.of(r, summary).lines().filter(l -> l.contains("job ar")).findFirst().orElseThrow();
        assertEquals("  job ar (allreduce, 8 GPUs on 2 servers of 4, 1,000,000 B): 1 of 1 started iterations finished; "
                + "time 1.000 ms; busbw 1.750 GB/s per GPU", job);
        // one-GPU hosts: no servers in the summary, hosts on the console
        JsonNode plain = new ObjectMapper().readTree(Summary.json(SCENARIO, r));
        assertEquals(false, plain.path("jobs").get(0).has("servers"));
    }

    @Test
    void manyIterationsAreSummarisedAndUnfinishedOnesCounted() throws Exception {
        List<JobIteration> its = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            its.add(new JobIteration("b", i, "broadcast", 2, 1_000_000, i * 10L, i * 10L + (i + 1) * 1_000_000_000L, 1));
        }
        its.add(new JobIteration("b", 5, "broadcast", 2, 1_000_000, 100, -1, 1));
        String line = lines(List.of(), its, List.of(), List.of(), 0).lines().toList().get(1);
        assertEquals("  job b (broadcast, 2 hosts, 1,000,000 B): 5 of 6 started iterations finished; time mean 3.000 "
                + "(min 1.000, max 5.000) ms; busbw mean 0.457 (min 0.200, max 1.000) GB/s", line);
    }

    @Test
    void aStorageJobByItsLatencyAndNoBusbw() throws Exception {
        List<JobIteration> its = List.of(new JobIteration("io", 0, "nvmeof", 2, 2_000_000, 0, 1_000_000_000L,
                JobIteration.NO_BUSBW));
        List<OperationStats> ops = List.of(new OperationStats("io", 0, "read", 1000, 1000, 2_000_000L, 1_000_000_000L,
                10_000_000L, 40_000_000L, 90_000_000L, 95_000_000L, 12_345_678L));
        JobIdeal alone = new JobIdeal("io", List.of(new JobIteration("io", 0, "nvmeof", 2, 2_000_000, 0,
                250_000_000L, JobIteration.NO_BUSBW)), List.of(new OperationStats("io", 0, "read", 1000, 1000,
                2_000_000L, 250_000_000L, 5_000_000L, 8_000_000L, 9_000_000L, 9_000_000L, 6_000_000L)),
                List.of("chain"));
        String line = lines(List.of(), its, ops, List.of(alone), 0).lines().toList().get(1);
        assertEquals("  job io (nvmeof, 2 hosts): read p99 latency 40.000 us, ideal 8.000 us: 5.00x; read 1,000 of 1,000 "
                + "I/Os, 1,000,000 IOPS (ideal 4,000,000), 2.000 GB/s, p50 10.000 us", line);
    }

    @Test
    void plainFlowsGetTheirWorkloadTheFabricAndTheCost() throws Exception {
        List<String> l = lines(List.of(new FlowResult(0, "w", 0, 1, 3, 1000, 0, 3_000_000, 2_000_000)), List.of(),
                List.of(), List.of(), 0).lines().toList();
        assertEquals(List.of("", "  workload w: FCT slowdown p50 1.50, p99 1.50 over 1 data messages",
                "  fabric: 2 lossless drops (7 drops in all); 0 PFC pause frames, 2.500 ms paused (summed "
                        + "over ports); 1,234 packets ECN-marked; 56 CNPs",
                "  (simulator: 123,456 events, 2.5 s wall, 1.3 s CPU, peak heap 40 MB)"), l);
    }

    @Test
    void aUetRunAddsItsTrimsNacksStallsAndLlrToTheFabricLine() throws Exception {
        RunResult r = new RunResult(1, 123_456, 2.5, List.of(), PORTS, 0, 0, 0, 0, false, 0, 0, List.of(), null, null,
                List.of(), List.of(), 1.25, 40_000_000, List.of(), List.of(), null,
                new org.lossless.experiments.metrics.UetCounters(true, 30, 2, 32, 0, 5, true, 3, 9, 2_345_000));
        JsonNode summary = new ObjectMapper().readTree(Summary.json(SCENARIO, r));
        assertEquals("  fabric: 0 lossless drops (0 drops in all); 0 PFC pause frames, 0.000 ms paused (summed over "
                + "ports); 0 packets ECN-marked; 0 CNPs; UET: 32 trims (30 last hop, 2 in network), 32 trim NACKs, "
                + "5 credit stalls; LLR: 3 corrupted frames, 9 replayed, longest recovery 2.345 us",
                RunLines.fabric(summary));
    }
}
