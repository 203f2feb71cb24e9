package org.lossless.experiments.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultFiles;
import org.lossless.experiments.results.Summary;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.nic.Flow;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run cut by stop_time must say so and its figures must not flatter it. Two flows on disjoint paths of a
 * three-host star, no congestion control: A (1 -> 0, 100 KB) finishes, B (0 -> 2, 10 MB) cannot finish in
 * 50 us at 100 Gb/s (10 MB needs 800 us).
 */
class TruncatedRunTest {
    static final String SCENARIO = """
            name: cut
            stop_time: 50us
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
            nic: {cc: none}
            workloads:
              - type: flows
                name: short
                flows: [{src: 1, dst: 0, size: 100KB}]
              - type: flows
                name: long
                flows: [{src: 0, dst: 2, size: 10MB, start: 2us}]
            """;
    static final long STOP = 50_000_000L;

    @Test
    void theCutRunSaysSoAndCountsTheUnfinishedFlow() throws Exception {
        Scenario s = ScenarioLoader.parse("cut.yaml", SCENARIO, Path.of("."), List.of());
        List<Flow> parts = new ArrayList<>();
        RunResult r = new PacketEngine().run(ScenarioEngine.input(s), null, (sim, net, flows) -> parts.addAll(flows));
        assertEquals(STOP, r.simTimePs());
        assertEquals(RunResult.StoppedBy.STOP_TIME, r.stoppedBy());
        assertEquals(1, r.unfinished());
        FlowResult a = r.flows().get(0);
        FlowResult b = r.flows().get(1);
        assertTrue(a.finished());
        assertTrue(!b.finished());

        // bytes delivered: the finished flow its size; the cut one exactly what its receiver holds, in whole
        // 1024-byte packets, and no more than the line rate could bring in the 48 us since its start
        assertEquals(100_000, a.bytesDelivered());
        assertEquals(parts.get(1).receivedBytes(), b.bytesDelivered());
        assertEquals(0, b.bytesDelivered() % 1024);
        assertTrue(b.bytesDelivered() > 0 && b.bytesDelivered() <= 48_000_000L * 100 / 8 / 1000, "" + b.bytesDelivered());
        // the sender's completion: after the receiver held the last byte (the ACK's way back); none for B
        assertTrue(a.senderDonePs() > a.finishPs(), a.toString());
        assertEquals(-1, b.senderDonePs());

        JsonNode sum = new ObjectMapper().readTree(Summary.json(s, r));
        assertEquals("stop_time", sum.get("stopped_by").asText());
        assertEquals(2, sum.at("/flows/total").asInt());
        assertEquals(1, sum.at("/flows/completed").asInt());
        assertEquals(1, sum.at("/flows/unfinished").asInt());
        assertEquals(100_000 + b.bytesDelivered(), sum.at("/flows/bytes_delivered").asLong());

        // by hand: finished-only percentiles are A's slowdown; censored ones rank {A, B so far}, where B so
        // far = (50 us - 2 us) / B's ideal time; nearest rank of two values: p50 the smaller, p95.. the larger
        double sa = (double) (a.finishPs() - 0) / a.idealFctPs();
        double sb = (double) (STOP - 2_000_000L) / b.idealFctPs();
        for (String p : List.of("p50", "p95", "p99", "max")) {
            assertEquals(sa, sum.at("/fct_slowdown/" + p).asDouble(), 1e-6, p);
        }
        assertEquals(Math.min(sa, sb), sum.at("/fct_slowdown_censored/p50").asDouble(), 1e-6);
        for (String p : List.of("p95", "p99", "max")) {
            assertEquals(Math.max(sa, sb), sum.at("/fct_slowdown_censored/" + p).asDouble(), 1e-6, p);
        }
        // B's ideal is about 800 us, so B so far is about 0.06 and the censored median is below A's
        assertTrue(sb < sa, sb + " " + sa);

        // per workload
        assertEquals(1, sum.at("/workloads/short/flows/completed").asInt());
        assertEquals(0, sum.at("/workloads/long/flows/completed").asInt());
        assertEquals(1, sum.at("/workloads/long/flows/unfinished").asInt());
        assertTrue(sum.at("/workloads/long/fct_slowdown/p50").isNull());
        assertEquals(sb, sum.at("/workloads/long/fct_slowdown_censored/p50").asDouble(), 1e-6);
        assertEquals(sa, sum.at("/workloads/short/fct_slowdown/p99").asDouble(), 1e-6);

        // flows.csv: bytes_delivered and sender_done_ps after the label, empty for B's sender_done_ps, then the ideals
        // and retransmitted_bytes (nothing lost, nothing sent again)
        List<String> rows = ResultFiles.flowsCsv(r.flows()).lines().toList();
        assertTrue(rows.get(0).endsWith(",operation,bytes_delivered,sender_done_ps,receiver_ideal_fct_ps,"
                + "sender_ideal_fct_ps,retransmitted_bytes,kind"), rows.get(0));
        assertTrue(rows.get(1).endsWith(",100000," + a.senderDonePs() + "," + a.idealFctPs() + ","
                + a.senderIdealFctPs() + ",0,data"), rows.get(1));
        assertTrue(rows.get(2).endsWith("," + b.bytesDelivered() + ",," + b.idealFctPs() + ","
                + b.senderIdealFctPs() + ",0,data"), rows.get(2));

        // run cost
        assertTrue(sum.get("cpu_seconds").asDouble() >= 0);
        assertTrue(sum.get("peak_heap_bytes").asLong() > 0);
        assertTrue(sum.get("events_per_second").isNumber());
    }

    @Test
    void aFlowThatHadNotStartedHasNoCensoredSlowdown() {
        FlowResult late = new FlowResult(0, "w", 1, 0, 3, 1000, 60_000_000L, -1, 1_000_000L);
        assertTrue(Double.isNaN(late.censoredSlowdown(STOP)));
        FlowResult cut = new FlowResult(0, "w", 1, 0, 3, 1000, 10_000_000L, -1, 1_000_000L);
        assertEquals(40.0, cut.censoredSlowdown(STOP));
    }
}
