package org.lossless.experiments.scenario;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.ScenarioException;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.topology.Topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every topology type and the hpcc-flows workload, from YAML to the built graph and back to YAML. */
class TopologyScenarioTest {
    /** 3 hosts (nodes 0..2) on two switches (3, 4) joined by a 400G link. */
    static final String HPCC_TOPOLOGY = """
            5 2 4
            3 4
            0 3 100Gbps 1000ns 0
            1 3 100Gbps 1000ns 0
            2 4 100Gbps 1000ns 0
            3 4 400Gbps 500ns 0
            """;

    @TempDir
    Path dir;

    static String scenario(String topology, String flows) {
        return "name: t\ntopology: " + topology + "\nworkloads:\n  - " + flows + "\n";
    }

    static String scenario(String topology) {
        return scenario(topology, "{type: flows, flows: [{src: 0, dst: 1, size: 1MB}]}");
    }

    Scenario parse(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, dir, List.of());
    }

    String error(String yaml) {
        return assertThrows(ScenarioException.class, () -> parse(yaml)).getMessage();
    }

    /**
     * @param topology the topology mapping
     * @param hosts    expected hosts
     * @param switches expected switches
     * @param cables   expected cables, counted by hand
     */
    record Shape(String topology, int hosts, int switches, int cables) {
        @Override
        public String toString() {
            return topology;
        }
    }

    static Stream<Shape> shapes() {
        return Stream.of(
            new Shape("{type: star, hosts: 5}", 5, 1, 5),
            new Shape("{type: dumbbell, left_hosts: 2, right_hosts: 3}", 5, 2, 5 + 1),
            new Shape("{type: parking-lot, senders: [3, 1]}", 5, 2, 5 + 1),
            new Shape("{type: parking-lot, switches: 3}", 4, 3, 4 + 2),
            new Shape("{type: ring, switches: 4, hosts_per_switch: 2}", 8, 4, 8 + 4),
            new Shape("{type: ring, switches: 3}", 3, 3, 3 + 3),
            new Shape("{type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2}", 4, 4, 4 + 4),
            new Shape("{type: leaf-spine, leaves: 3, spines: 2, hosts_per_leaf: 4, parallel_links: 2}", 12, 5,
                    12 + 3 * 2 * 2),
            // k=4: 16 hosts; 8 ToR + 8 agg + 4 core; 16 host + 16 ToR-agg + 16 agg-core links
            new Shape("{type: fat-tree, k: 4}", 16, 20, 48),
            // 2:1 at the ToR: 4 hosts per ToR
            new Shape("{type: fat-tree, k: 4, tor_oversubscription: 2}", 32, 20, 32 + 16 + 16),
            new Shape("{type: fat-tree, k: 4, tor_oversubscription: '3:1'}", 48, 20, 48 + 16 + 16),
            new Shape("{type: fat-tree, k: 4, tor_oversubscription: 1.5}", 24, 20, 24 + 16 + 16),
            // 2:1 at the aggregation: 1 core link per agg, 2 cores
            new Shape("{type: fat-tree, k: 4, agg_oversubscription: 2}", 16, 18, 16 + 16 + 8),
            // 4 servers x 2 NICs; 2 units x 2 rails = 4 rail switches + 2 spines; 8 + 4 x 2 x 3 links
            new Shape("{type: rail-optimized, servers: 4, nics_per_server: 2, servers_per_unit: 2, spines: 2, "
                    + "uplinks_per_spine: 3}", 8, 6, 8 + 24),
            new Shape("{type: rail-optimized, servers: 4, nics_per_server: 2, spines: 2}", 8, 4, 8 + 4),
            new Shape("{type: hpcc-file, path: topo.txt}", 3, 2, 4));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void buildsTheExpectedGraphAndRoundTrips(Shape shape) throws IOException {
        Files.writeString(dir.resolve("topo.txt"), HPCC_TOPOLOGY);
        Scenario s = parse(scenario(shape.topology()));
        Topology t = ScenarioEngine.topology(s);
        assertEquals(shape.hosts(), s.hostCount());
        assertEquals(shape.hosts(), t.hostCount());
        assertEquals(shape.switches(), t.switchCount());
        assertEquals(shape.cables(), t.cables().size());
        String resolved = ResolvedYaml.write(s);
        Path elsewhere = Files.createDirectories(dir.resolve("results/t-1"));
        Scenario again = ScenarioLoader.parse("r.yaml", resolved, elsewhere, List.of());
        assertEquals(s.topology(), again.topology(), resolved);
        assertEquals(resolved, ResolvedYaml.write(again));
    }

    @Nested
    class DefaultValues {
        @Test
        void fabricLinkIsTheHostLinkAndCountsDefaultToOne() {
            Scenario s = parse(scenario("{type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 2, "
                    + "host_link: {rate: 25Gbps, length: 2m}}"));
            TopologyConfig.LeafSpine l = assertInstanceOf(TopologyConfig.LeafSpine.class, s.topology());
            assertEquals(1, l.parallelLinks());
            assertEquals(new LinkConfig(25_000_000_000L, 10_000, 2_000), l.fabricLink());
        }

        @Test
        void fatTreeIsNonBlockingAndRailOptimizedIsOneUnit() {
            TopologyConfig.FatTree f = (TopologyConfig.FatTree) parse(scenario("{type: fat-tree, k: 2}")).topology();
            assertEquals(1.0, f.torOversubscription());
            assertEquals(1.0, f.aggOversubscription());
            TopologyConfig.RailOptimized r = (TopologyConfig.RailOptimized) parse(scenario(
                    "{type: rail-optimized, servers: 3, nics_per_server: 4, spines: 1}")).topology();
            assertEquals(3, r.serversPerUnit());
            assertEquals(1, r.uplinksPerSpine());
            assertEquals(1, ((TopologyConfig.Ring) parse(scenario("{type: ring, switches: 5}")).topology())
                    .hostsPerSwitch());
        }

        @Test
        void hpccFileLinksComeFromTheFile() throws IOException {
            Files.writeString(dir.resolve("topo.txt"), HPCC_TOPOLOGY);
            TopologyConfig t = parse(scenario("{type: hpcc-file, path: topo.txt}")).topology();
            assertEquals(LinkConfig.of(100_000_000_000L, 1_000_000), t.hostLink());
            assertEquals(LinkConfig.of(400_000_000_000L, 500_000), t.fabricLink());
            assertEquals(dir.resolve("topo.txt"), ((TopologyConfig.HpccFile) t).path());
            assertEquals(List.of(), t.warnings());
        }
    }

    @Nested
    class Errors {
        @Test
        void fatTreeK() {
            assertEquals("t.yaml: topology.k: must be an even number >= 2, got 5",
                    error(scenario("{type: fat-tree, k: 5}")));
            assertEquals("t.yaml: topology.k: must be an even number >= 2, got 0",
                    error(scenario("{type: fat-tree, k: 0}")));
            assertEquals("t.yaml: topology.k: must be an even number >= 2, e.g. 4",
                    error(scenario("{type: fat-tree, k: four}")));
            assertEquals("t.yaml: topology.k: is required: the switch radix, an even number >= 2 (k pods, k^3/4 "
                    + "hosts), e.g. 4", error(scenario("{type: fat-tree}")));
            assertEquals("t.yaml: topology: fat-tree: 1024000 hosts is more than the supported 1000000",
                    error(scenario("{type: fat-tree, k: 160}")));
        }

        @Test
        void fatTreeOversubscription() {
            assertEquals("t.yaml: topology.tor_oversubscription: 0.75 gives 1.5 hosts per ToR (tor_oversubscription "
                    + "x k/2 = 0.75 x 2); that must be a whole number >= 1",
                    error(scenario("{type: fat-tree, k: 4, tor_oversubscription: 0.75}")));
            assertEquals("t.yaml: topology.agg_oversubscription: 3 gives 0.6666666666666666 core links per "
                    + "aggregation switch (k/2 / agg_oversubscription = 2 / 3); that must be a whole number >= 1",
                    error(scenario("{type: fat-tree, k: 4, agg_oversubscription: 3}")));
            assertEquals("t.yaml: topology.tor_oversubscription: must be a number > 0 (downlinks per uplink; 1 = "
                    + "non-blocking), got 0", error(scenario("{type: fat-tree, k: 4, tor_oversubscription: 0}")));
            assertEquals("t.yaml: topology.agg_oversubscription: 'lots' is not a ratio: expected a number > 0 such "
                    + "as 1, 1.5 or 3:1 (downlinks per uplink)",
                    error(scenario("{type: fat-tree, k: 4, agg_oversubscription: lots}")));
        }

        @Test
        void zeroRate() {
            assertEquals("t.yaml: topology.fabric_link.rate: a link rate must be > 0, e.g. 100Gbps",
                    error(scenario("{type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2, "
                            + "fabric_link: {rate: 0}}")));
        }

        @Test
        void countsAndKeys() {
            assertEquals("t.yaml: topology.hosts_per_leaf: is required (an integer >= 1)",
                    error(scenario("{type: leaf-spine, leaves: 2, spines: 2}")));
            assertEquals("t.yaml: topology.spines: 0 is out of range: expected an integer from 1 to 1000000",
                    error(scenario("{type: leaf-spine, leaves: 2, spines: 0, hosts_per_leaf: 2}")));
            assertEquals("t.yaml: topology.hosts_per_leaf: unknown key (allowed here: type, k, tor_oversubscription, "
                    + "agg_oversubscription, host_link, fabric_link, gpus_per_server, nics_per_server, nvlink, pcie)",
                    error(scenario("{type: fat-tree, k: 4, hosts_per_leaf: 2}")));
            assertEquals("t.yaml: topology.switches: 2 is out of range: expected an integer from 3 to 1000000",
                    error(scenario("{type: ring, switches: 2}")));
            assertEquals("t.yaml: topology: leaf-spine: 2000000 hosts is more than the supported 1000000",
                    error(scenario("{type: leaf-spine, leaves: 1000000, spines: 1, hosts_per_leaf: 2}")));
            assertEquals("t.yaml: topology.servers_per_unit: must divide servers (6) into whole scalable units, got 4",
                    error(scenario("{type: rail-optimized, servers: 6, nics_per_server: 8, servers_per_unit: 4, "
                            + "spines: 2}")));
            assertEquals("t.yaml: topology.switches: give either senders (a list: senders on each switch) or switches "
                    + "(one sender on each), not both", error(scenario("{type: parking-lot, senders: [1], switches: 2}")));
            assertEquals("t.yaml: topology.senders: needs at least one sender in all, got [0, 0]",
                    error(scenario("{type: parking-lot, senders: [0, 0]}")));
            assertEquals("t.yaml: topology.senders[1]: -1 is out of range: expected an integer from 0 to 1000000",
                    error(scenario("{type: parking-lot, senders: [2, -1]}")));
        }

        @Test
        void hostBeyondTheFatTree() {
            assertEquals("t.yaml: workloads[0].flows[0].dst: host 16 does not exist: the fat-tree topology has 16 "
                    + "hosts, numbered 0 to 15", error(scenario("{type: fat-tree, k: 4}",
                    "{type: flows, flows: [{src: 0, dst: 16, size: 1MB}]}")));
        }

        @Test
        void hpccFile() throws IOException {
            assertEquals("t.yaml: topology.path: file " + dir.resolve("missing.txt") + " does not exist",
                    error(scenario("{type: hpcc-file, path: missing.txt}")));
            assertEquals("t.yaml: topology.path: is required: the HPCC topology file, relative to the scenario's "
                    + "folder, e.g. topology.txt", error(scenario("{type: hpcc-file}")));
            assertEquals("t.yaml: topology.host_link: unknown key (allowed here: type, path)",
                    error(scenario("{type: hpcc-file, path: topo.txt, host_link: {rate: 100Gbps}}")));
            Files.writeString(dir.resolve("bad.txt"), HPCC_TOPOLOGY.replace("400Gbps", "400Gbit"));
            String e = error(scenario("{type: hpcc-file, path: bad.txt}"));
            assertTrue(e.startsWith("t.yaml: topology.path: bad.txt line 6: link 4 of 4: "), e);
        }
    }

    @Nested
    class HpccFlows {
        /** Switches are nodes 0 and 1, hosts 2, 3, 4 (host numbers 0, 1, 2). */
        static final String SWITCHES_FIRST = """
                5 2 4
                0 1
                2 0 100Gbps 1000ns 0
                3 0 100Gbps 1000ns 0
                4 1 100Gbps 1000ns 0
                0 1 100Gbps 1000ns 0
                """;

        @Test
        void nodeIdsBecomeHostNumbersPgThePriorityAndStartsShiftByTheOrigin() throws IOException {
            Files.writeString(dir.resolve("topo.txt"), SWITCHES_FIRST);
            Files.writeString(dir.resolve("flow.txt"), "2\n3 4 3 100 1000 2.000001000\n2 4 1 200 5000 2.5\n");
            Scenario s = parse(scenario("{type: hpcc-file, path: topo.txt}", "{type: hpcc-flows, path: flow.txt}"));
            WorkloadConfig.HpccFlows w = assertInstanceOf(WorkloadConfig.HpccFlows.class, s.workloads().get(0));
            assertEquals("hpcc-flows-0", w.name());
            assertEquals(2_000_000_000_000L, w.timeOriginPs());
            assertEquals(List.of(new WorkloadConfig.FlowSpec(1, 2, MessageSize.of(1000), 1_000_000, 3),
                    new WorkloadConfig.FlowSpec(0, 2, MessageSize.of(5000), 500_000_000_000L, 1)), w.flows());
            EngineInput in = ScenarioEngine.input(s);
            // the engine gets the workload's own records, each flow with its DSCP, the class selector of its priority
            // group (8 x pg)
            assertEquals(w.flows(), in.flows());
            assertSame(w.flows().get(1), in.flows().get(1), "not a copy");
            assertEquals(List.of(24, 8), in.flows().stream().map(f -> f.dscp()).toList());
            // the renumbering is reported
            assertTrue(s.topology().warnings().get(0).contains("host numbers (scenario src/dst) differ from HPCC node "
                    + "ids"), s.topology().warnings().toString());
            Scenario again = ScenarioLoader.parse("r.yaml", ResolvedYaml.write(s), dir.resolve("x"), List.of());
            assertEquals(s.workloads(), again.workloads());
        }

        @Test
        void timeOriginAndTelemetryFlowIds() throws IOException {
            Files.writeString(dir.resolve("flow.txt"), "1\n0 1 3 100 1000 0.000002\n");
            Scenario s = parse(scenario("{type: star, hosts: 2}", "{type: hpcc-flows, path: flow.txt, time_origin: 0}")
                    + "telemetry: {flow_rates: [0]}\n");
            assertEquals(2_000_000, ((WorkloadConfig.HpccFlows) s.workloads().get(0)).flows().get(0).startPs());
            assertEquals("t.yaml: workloads[0].time_origin: flow.txt: flow 1 starts at 0.000002 s, before time_origin "
                    + "(3us); flows start at their file time minus time_origin: set time_origin to at most the first "
                    + "start, e.g. time_origin: 0", error(scenario("{type: star, hosts: 2}",
                    "{type: hpcc-flows, path: flow.txt, time_origin: 3us}")));
            assertTrue(error(scenario("{type: star, hosts: 2}", "{type: hpcc-flows, path: flow.txt}"))
                    .startsWith("t.yaml: workloads[0].path: flow.txt: flow 1 starts at 0.000002 s, before time_origin "
                            + "(2s)"));
        }

        @Test
        void flowsMustRunBetweenHostsOfTheTopology() throws IOException {
            Files.writeString(dir.resolve("flow.txt"), "1\n0 7 3 100 1000 2\n");
            assertEquals("t.yaml: workloads[0].path: flow.txt line 2: flow 1: dst must be in 0..3, got 7",
                    error(scenario("{type: star, hosts: 3}", "{type: hpcc-flows, path: flow.txt}")));
            Files.writeString(dir.resolve("flow.txt"), "1\n0 3 3 100 1000 2\n");
            assertEquals("t.yaml: workloads[0].path: flow.txt line 2: flow 1: dst is node 3, a switch; flows run "
                    + "between hosts", error(scenario("{type: star, hosts: 3}", "{type: hpcc-flows, path: flow.txt}")));
            assertEquals("t.yaml: workloads[0].path: file " + dir.resolve("none.txt") + " does not exist",
                    error(scenario("{type: star, hosts: 3}", "{type: hpcc-flows, path: none.txt}")));
        }
    }
}
