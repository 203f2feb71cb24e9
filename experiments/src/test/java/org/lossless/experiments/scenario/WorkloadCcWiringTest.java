package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.nic.Flow;

/**
 * Wiring, not validation: {@code cc} of a workload reaches its connections. A workload's {@code cc} makes its
 * connections use that congestion control, the other workloads {@code nic.cc}. Five workloads on a 100 Gb/s star,
 * one per algorithm plus one on the default (DCQCN): the scenario reader keeps each workload's choice, the resolved
 * scenario writes it and reloads equal, the run finishes, and every flow's QP ran its own workload's algorithm (the
 * expectation is the scenario text itself). It checks no algorithm's behaviour: each algorithm is validated by its
 * own tests (docs/validation.md, "Congestion control").
 */
class WorkloadCcWiringTest {
    static final String SCENARIO = """
            name: mixed
            topology: {type: star, hosts: 7, host_link: {rate: 100Gbps, delay: 1us}}
            nic: {mtu: 1000, cc: dcqcn}
            workloads:
              - {type: flows, name: on-hpcc, cc: hpcc, flows: [{src: 1, dst: 0, size: 300KB}, {src: 2, dst: 0, size: 300KB}]}
              - {type: flows, name: on-timely, cc: timely, flows: [{src: 3, dst: 0, size: 300KB}]}
              - {type: incast, name: on-swift, cc: swift, receiver: 0, senders: [4, 5], size: 200KB}
              - {type: flows, name: on-default, flows: [{src: 6, dst: 0, size: 300KB}]}
              - {type: flows, name: on-dctcp, cc: dctcp, flows: [{src: 1, dst: 2, size: 300KB}]}
            """;

    @Test
    void eachWorkloadRunsItsOwnAlgorithm() {
        Scenario s = parse(SCENARIO);
        assertEquals(Map.of("on-hpcc", "hpcc", "on-timely", "timely", "on-swift", "swift", "on-dctcp", "dctcp"),
                s.workloadCc());
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("cc: hpcc") && yaml.contains("cc: swift"), yaml);
        assertEquals(s, parse(yaml), "the resolved scenario reloads equal");
        List<List<Flow>> live = new ArrayList<>();
        RunResult r = new PacketEngine().run(ScenarioEngine.input(s), null, (sim, net, flows) -> live.add(flows));
        List<Flow> seen = live.get(0);
        assertTrue(r.flows().stream().allMatch(FlowResult::finished), "every flow finishes");
        Map<String, String> expected = Map.of("on-hpcc", "hpcc", "on-timely", "timely", "on-swift", "swift",
                "on-default", "dcqcn", "on-dctcp", "dctcp");
        Map<String, Integer> count = new HashMap<>();
        for (Flow f : seen) {
            assertEquals(expected.get(f.workload), f.queuePair().algorithm(), "flow " + f.id + " of " + f.workload);
            count.merge(f.workload, 1, Integer::sum);
        }
        assertEquals(Map.of("on-hpcc", 2, "on-timely", 1, "on-swift", 2, "on-default", 1, "on-dctcp", 1), count);
    }

    @Test
    void anUnknownAlgorithmIsRefusedAtItsKey() {
        String e = error(SCENARIO.replace("cc: timely", "cc: bbr"));
        assertTrue(e.startsWith("t.yaml: workloads[1].cc: "), e);
        assertTrue(e.contains("bbr") && e.contains("hpcc"), e);
    }
}
