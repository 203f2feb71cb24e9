package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Fabric;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Topology;

/**
 * The assembly phase: a loaded scenario's fabric graph is built once ({@link Fabric#builds()}) and the same instance
 * is seen by the load-time checks, every lint, the telemetry bound, the engine input and the run; nothing is shared
 * between two loads (no static cache).
 */
class FabricAssemblyTest {
    /** 2 leaves of 2 hosts, 2 spines: 4 hosts, 4 switches; a fixed headroom so the headroom lint walks every port. */
    static final String YAML = """
            name: assembly
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2,
                       host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 100Gbps, delay: 1us}}
            switch: {pfc: {headroom: 100KB}}
            stop_time: 1ms
            workloads: [{type: flows, flows: [{src: 0, dst: 3, size: 64KB}, {src: 1, dst: 3, size: 64KB}]}]
            """;

    static Scenario load() {
        return ScenarioLoader.parse("a.yaml", YAML, Path.of("/base"), List.of());
    }

    @Nested
    class OneScenario {
        @Test
        void loadingBuildsTheGraphOnceForItsChecks() {
            Scenario s = load();
            // the switch check builds every distinct switch at load time: it needed the graph, once
            assertEquals(1, s.fabric().builds());
            assertEquals(8, s.fabric().topology().nodes().size(), "4 hosts, 2 leaves, 2 spines");
            assertEquals(1, s.fabric().builds());
        }

        @Test
        void lintsTelemetryEngineAndRunShareTheOneGraph() {
            Scenario s = load();
            Topology t = s.fabric().topology();
            org.lossless.experiments.lint.Lints.of(s); // every lint, in console order
            TelemetryEstimate.of(s);
            EngineInput in = ScenarioEngine.input(s);
            assertSame(t, in.topology(), "the engine runs on the scenario's own graph");
            RunResult r = new PacketEngine().run(in);
            assertEquals(2, r.flows().size(), "both flows ran");
            assertSame(t, ScenarioEngine.topology(s));
            assertEquals(1, s.fabric().builds(), "one build for the load, the six lints, the bound and the run");
        }

        @Test
        void theCheckLintsAndEngineReadOneAssemblyOfTheSwitchesMmuNumbers() {
            Scenario s = load();
            org.lossless.switchmodel.settings.SwitchMmus m = s.mmusOrNull();
            assertSame(m, s.switchModel().mmus(s.fabric().topology(), s.nic().pfcResponsePs(),
                    s.nic().wire().largestFrame(s.nic().mtu())), "the load-time check made it");
            org.lossless.experiments.lint.Lints.of(s);
            assertSame(m, ScenarioEngine.input(s).mmus(), "the engine gets the same one");
            // 2 leaves of 4 ports (2 hosts, 2 spines), 2 spines of 2 ports: two layouts, one assembly each
            Topology t = s.fabric().topology();
            java.util.Map<Integer, java.util.Set<Object>> byPorts = new java.util.HashMap<>();
            for (org.lossless.topology.Node n : t.nodes()) {
                if (!n.isHost()) {
                    byPorts.computeIfAbsent(t.ports(n.id()).size(), k -> java.util.Collections.newSetFromMap(
                            new java.util.IdentityHashMap<>())).add(m.of(n.id()));
                }
            }
            assertEquals(java.util.Set.of(2, 4), byPorts.keySet());
            assertEquals(1, byPorts.get(2).size(), "both spines share one assembly");
            assertEquals(1, byPorts.get(4).size(), "both leaves share one assembly");
        }

        @Test
        void anotherSeedKeepsTheFabric() {
            Scenario s = load();
            assertSame(s.fabric(), s.withSeed(7).fabric());
            assertSame(s.fabric().topology(), s.withSeed(7).fabric().topology());
            assertEquals(1, s.fabric().builds());
        }
    }

    @Test
    void twoLoadsShareNothing() {
        Scenario a = load();
        Scenario b = load();
        // equal scenarios (the fabric is a value of its configuration), each with its own graph
        assertEquals(a, b);
        assertNotSame(a.fabric(), b.fabric());
        assertNotSame(a.fabric().topology(), b.fabric().topology());
        assertEquals(1, a.fabric().builds());
        assertEquals(1, b.fabric().builds());
    }

    @Test
    void aFabricIsBuiltOnFirstUseOnly() {
        Fabric f = new Fabric(load().topology());
        assertEquals(0, f.builds());
        assertFalse(f.toString().isEmpty());
        assertSame(f.topology(), f.build());
        assertEquals(1, f.builds());
    }
}
