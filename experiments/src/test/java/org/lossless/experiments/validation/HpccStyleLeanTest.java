package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.io.HpccFctFile;

/**
 * A lean V-09 for the default suite (the full run, HPCC's 320-host fat-tree, is {@code benchmarks/hpcc-parity.sh}):
 * a k = 4 fat-tree (16 hosts at 100 Gb/s, 400 Gb/s fabric, 1 us links) set up as {@code import hpcc} writes HPCC's
 * simulator (its packet format, switch profile hpcc2019 with HPCC's per-speed ECN, DCQCN hpcc2019 with a CNP flag per
 * marked packet, ACKs on the data priority, FCT on the sender's completion), FbHdp flows at 30 % load for 1 ms with
 * Poisson arrivals per host (526 flows, as HPCC's traffic generator makes them).
 *
 * <p><b>Source of the expectation.</b> The HPCC simulator's own run of the same topology and flows: the fixture
 * folder {@code hpcc-simulator-k4} (its README.txt gives the commands) holds {@code lossless export hpcc} of this
 * scenario, HPCC's {@code run.py --cc dcqcn --bw 100} config and the {@code fct.txt} HPCC's unmodified simulator
 * wrote. Checked: every flow completes and pairs with HPCC's; no flow beats either of its ideals (lower bounds in a
 * busy fabric too); the sender's slowdown p50, p95 and p99 (each simulator over its own ideal, as HPCC's
 * {@code fct_analysis.py}) are within 5 %, 10 % and 15 % of HPCC's. Tolerances fixed before the comparison was
 * run: the HPCC-parity goal's 10 % at p95; 5 % at p50, where most flows meet no queue and only the two ideals'
 * definitions differ (about 1 %); 15 % at p99, the sixth-slowest of 526 flows.
 */
class HpccStyleLeanTest {
    static final String FIXTURES = "/hpcc-simulator-k4/";

    static final String SCENARIO = """
            name: v09-lean
            stop_time: 50ms
            topology: {type: fat-tree, k: 4, host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 400Gbps, delay: 1us}}
            metrics: {completion: sender}
            switch:
              profile: hpcc2019
              latency: 0
              buffer_size: 32MiB
              pfc: {response_time: 0}
              scheduling: {strict: [7]}
              ecn:
                kmin: 400KB
                kmax: 1600KB
                pmax: 0.2
                by_rate: {400Gbps: {kmin: 1600KB, kmax: 6400KB}}
            nic:
              mtu: 1000
              wire: hpcc2019
              ack_priority: data
              ack_delay: 0
              pfc_response_time: 0
              dcqcn: {profile: hpcc2019, cnp_mode: rp}
            workloads:
              - {type: hpcc-flows, path: flow.txt}
            """;

    @Test
    void slowdownsWithinTheToleranceOfHpccsSimulatorAndNoFlowBeatsItsIdeal(@TempDir Path dir) throws IOException {
        for (String f : List.of("flow.txt", "fct.txt")) {
            try (InputStream in = HpccStyleLeanTest.class.getResourceAsStream(FIXTURES + f)) {
                Files.copy(in, dir.resolve(f));
            }
        }
        Scenario s = ScenarioLoader.parse("v09-lean.yaml", SCENARIO, dir, List.of());
        assertEquals(Completion.SENDER, s.metrics().completion());
        RunResult r = new ScenarioEngine().run(s);
        List<HpccFctFile.Flow> ours = new ArrayList<>();
        for (FlowResult f : r.flows()) {
            assertTrue(f.completed(Completion.RECEIVER) && f.completed(Completion.SENDER), "flow " + f.flowId());
            assertTrue(f.fctPs() >= f.idealFctPs(), "flow " + f.flowId() + " beats its receiver ideal");
            assertTrue(f.fctPs(Completion.SENDER) >= f.idealFctPs(Completion.SENDER), "flow " + f.flowId());
            assertTrue(f.senderDonePs() > f.finishPs(), "a WRITE's last ACK comes after its last byte");
            ours.add(new HpccFctFile.Flow(f.src(), f.dst(), f.sizeBytes(), f.startPs() / 1e3,
                    (f.senderDonePs() - f.startPs()) / 1e3, f.senderIdealFctPs() / 1e3));
        }
        List<HpccFctFile.Flow> hpcc = HpccFctFile.read(dir.resolve("fct.txt"));
        assertEquals(526, hpcc.size(), "HPCC's fct.txt: every flow of flow.txt finished");
        HpccFctFile.Pairing p = HpccFctFile.pair(ours, hpcc);
        assertEquals(0, p.onlyOurs() + p.onlyTheirs(), "every flow pairs with HPCC's");
        double[] l = slowdowns(p.matches().stream().map(HpccFctFile.Match::ours).toList());
        double[] h = slowdowns(p.matches().stream().map(HpccFctFile.Match::theirs).toList());
        System.out.printf(Locale.ROOT, "V-09 lean (k=4): %d flows, sender slowdown p50 / p95 / p99 %.3f / %.3f / %.3f,"
                + " HPCC's simulator %.3f / %.3f / %.3f; PFC pauses %d%n", ours.size(), l[0], l[1], l[2], h[0], h[1],
                h[2], r.pauseFrames());
        assertEquals(1.0, l[0] / h[0], 0.05, "p50 over HPCC's");
        assertEquals(1.0, l[1] / h[1], 0.10, "p95 over HPCC's");
        assertEquals(1.0, l[2] / h[2], 0.15, "p99 over HPCC's");
    }

    /** p50, p95, p99 as HPCC's fct_analysis.py: FCT over ideal, at least 1, sorted, element floor(n p). */
    static double[] slowdowns(List<HpccFctFile.Flow> flows) {
        double[] s = flows.stream().mapToDouble(f -> Math.max(1, f.fctNs() / f.idealNs())).sorted().toArray();
        return new double[] {s[(int) (s.length * 0.50)], s[(int) (s.length * 0.95)], s[(int) (s.length * 0.99)]};
    }
}
