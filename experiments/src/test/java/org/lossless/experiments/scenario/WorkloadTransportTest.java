package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.UetLint;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultFiles;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.nic.Flow;

/**
 * A workload's {@code transport} overrides {@code nic.transport} for its QPs. Fabric: a leaf-spine of 2 leaves, 2
 * spines and 2 hosts per leaf (hosts 0, 1 on leaf 0; 2, 3 on leaf 1), so every leaf-to-leaf flow has two equal
 * paths; 100 Gb/s and 1 us everywhere.
 */
class WorkloadTransportTest {
    static final String FABRIC = """
            name: mixed
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2, host_link: {rate: 100Gbps, delay: 1us},
                       fabric_link: {rate: 100Gbps, delay: 1us}}
            """;
    /** A "training" workload on UET beside a "storage" workload on nic.transport (%s: the nic section). */
    static final String TWO = FABRIC + """
            %s
            workloads:
              - type: flows
                name: training
                transport: %s
                flows: [{src: 0, dst: 2, size: 1MB}]
              - type: flows
                name: storage
                flows: [{src: 1, dst: 3, size: 1MB}]
            """;

    /** Runs {@code s}; the live flows (with their QPs) go into {@code live}. */
    static RunResult run(Scenario s, List<Flow> live) {
        List<List<Flow>> seen = new ArrayList<>();
        RunResult r = new PacketEngine().run(ScenarioEngine.input(s), null, (sim, net, flows) -> seen.add(flows));
        live.addAll(seen.get(0));
        return r;
    }

    @Nested
    class Reading {
        @Test
        void theKeyIsKeptPerWorkloadAndWrittenBack() {
            Scenario s = parse(TWO.formatted("", "uet"));
            assertEquals("rocev2", s.nic().uet().transport());
            assertEquals(Map.of("training", "uet"), s.workloadTransport());
            assertTrue(s.usesUet() && s.usesRoce());
            String yaml = ResolvedYaml.write(s);
            assertTrue(yaml.contains("transport: \"uet\"") || yaml.contains("transport: uet"), yaml);
            assertTrue(yaml.contains("uet:"), "nic.uet is written: the training workload uses it\n" + yaml);
            assertEquals(s, parse(yaml), "the resolved scenario reloads equal");
        }

        @Test
        void aTransportEqualToTheNicsIsKeptToo() {
            // it pins the workload: a sweep over nic.transport then moves only the others
            Scenario s = parse(TWO.formatted("nic: {transport: uet}", "uet"));
            assertEquals(Map.of("training", "uet"), s.workloadTransport());
            assertTrue(s.usesUet() && !s.usesRoce());
        }

        @Test
        void anUnknownTransportIsRefusedAtItsKey() {
            String e = error(TWO.formatted("", "tcp"));
            assertTrue(e.startsWith("t.yaml: workloads[0].transport: "), e);
            assertTrue(e.contains("rocev2") && e.contains("uet"), e);
        }
    }

    @Nested
    class Running {
        @Test
        void theUetWorkloadSpraysAndTheRoceWorkloadDoesNot() {
            Scenario s = parse(TWO.formatted("", "uet"));
            List<Flow> live = new ArrayList<>();
            RunResult r = run(s, live);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished), "both workloads complete");
            assertEquals(2, live.size());
            for (Flow f : live) {
                if (f.workload.equals("training")) {
                    assertEquals("uet", f.queuePair().transport(), "RUD receiver state on the training QP");
                    assertEquals("nscc", f.queuePair().algorithm(), "nic.uet.cc's default, not nic.cc");
                    // REPS: every ACK without ECN gives its entropy back, so after the first round trip the QP sends
                    // on recycled entropies (1 MB is 245 packets of 4 KB, 1.5 BDP is far less)
                    assertTrue(f.queuePair().recycledEntropies() > 0, "training sprays (REPS recycles)");
                } else {
                    assertEquals("rocev2", f.queuePair().transport(), "go-back-N on the storage QP");
                    assertEquals("dcqcn", f.queuePair().algorithm(), "nic.cc");
                    assertEquals(0, f.queuePair().recycledEntropies(), "storage keeps one path");
                }
            }
            assertTrue(r.uet().uet(), "summary.json gets its uet section");
        }

        @Test
        void aUetWorkloadOnARoceNicRunsAsOnAUetNic() {
            String one = FABRIC + """
                    %s
                    workloads:
                      - type: flows
                        name: training
                        %s
                        flows: [{src: 0, dst: 2, size: 1MB}, {src: 1, dst: 3, size: 1MB}, {src: 2, dst: 0, size: 500KB}]
                    """;
            Scenario ownScenario = parse(one.formatted("", "transport: uet"));
            RunResult own = run(ownScenario, new ArrayList<>());
            RunResult nic = run(parse(one.formatted("nic: {transport: uet}", "")), new ArrayList<>());
            RunResult roce = run(parse(one.formatted("", "")), new ArrayList<>());
            assertTrue(own.flows().stream().allMatch(FlowResult::finished));
            assertEquals(nic.flows(), own.flows(), "the same flows, to the picosecond");
            assertEquals(nic.uet(), own.uet());
            var basis = ownScenario.metrics().completion();
            assertEquals(ResultFiles.flowsCsv(nic.flows(), basis), ResultFiles.flowsCsv(own.flows(), basis),
                    "flows.csv byte-identical");
            assertTrue(!roce.flows().equals(own.flows()), "and not those of RoCE (the key is not ignored)");
        }
    }

    @Nested
    class Lint {
        @Test
        void trimmingInAMixNamesTheRoceWorkloads() {
            List<String> w = Finding.messages(UetLint.of(parse(TWO.formatted(
                    "switch: {trimming: {priorities: [3]}, flow_control: none}", "uet"))));
            assertTrue(w.stream().anyMatch(m -> m.startsWith("switch.trimming on priorities [3] in a run mixing"
                    + " transports: the RoCEv2 workloads [storage]")), w.toString());
            assertTrue(w.stream().noneMatch(m -> m.contains("with nic.transport rocev2")), w.toString());
        }

        @Test
        void roceOnlySettingsAreNotWarnedWhileAWorkloadRunsRoce() {
            String yaml = TWO.formatted("nic: {transport: uet, ack_interval: 4}", "uet");
            assertTrue(Finding.messages(UetLint.of(parse(yaml.replace("name: storage",
                    "name: storage\n    transport: rocev2")))).stream().noneMatch(m -> m.startsWith("nic.ack_interval")));
            assertTrue(Finding.messages(UetLint.of(parse(yaml))).stream().anyMatch(m -> m.startsWith("nic.ack_interval")));
        }
    }
}
