package org.lossless.plots.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.plots.data.PauseRow;
import org.lossless.plots.data.PortRow;
import org.lossless.plots.data.ResultSet;

/** The pause chains the propagation chart draws: the episodes the key figures count, chain by chain. */
class PauseChainsTest {
    static PauseRow root(int id, String node, int port) {
        return new PauseRow(id, id * 1000L, id * 1000L + 500, node, port, 3, "x", "congestion", 0, -1, 1);
    }

    static PauseRow caused(int id, String node, int port, int by, int depth) {
        return new PauseRow(id, id * 1000L, id * 1000L + 500, node, port, 3, "x", "propagated", 0, by, depth);
    }

    static Map<String, Long> edges(PauseChains c) {
        return c.edges().stream().collect(Collectors.toMap(e -> e.from() + " -> " + e.to(), PauseChains.Edge::episodes));
    }

    @Nested
    class ByHand {
        /**
         * The demo's shape: a port that pauses as a root (its own congestion) and, at other times, because of a pause
         * downstream. Drawn once per port (as the chart used to), its propagated episodes lost their edge; per port and
         * depth both stay. Episodes: 0, 1 roots at t:7; 2 root at a:0; 3, 4 at a:0 caused by 0 and 1 (depth 2); 5 at
         * h:1 caused by 3 (depth 3); 6 a lone root at t:6.
         */
        final List<PauseRow> pauses = List.of(root(0, "t", 7), root(1, "t", 7), root(2, "a", 0), caused(3, "a", 0, 0, 2),
                caused(4, "a", 0, 1, 2), caused(5, "h", 1, 3, 3), root(6, "t", 6));

        @Test
        void everyEpisodeIsCountedOnceAtItsDepthAndTheTotalsAreTheKeyFigures() {
            PauseChains c = PauseChains.of(pauses);
            assertEquals(4, c.roots());
            assertEquals(3, c.propagated());
            assertEquals(3, c.maxDepth());
            assertEquals(4, c.nodes().stream().filter(n -> n.depth() == 1).mapToLong(PauseChains.Node::episodes).sum());
            assertEquals(3, c.nodes().stream().filter(n -> n.depth() > 1).mapToLong(PauseChains.Node::episodes).sum());
            assertEquals(Map.of("t:7/3@1 -> a:0/3@2", 2L, "a:0/3@2 -> h:1/3@3", 1L), edges(c));
        }

        @Test
        void largestChainFirstAndAPortAtTwoDepthsAppearsTwice() {
            PauseChains c = PauseChains.of(pauses);
            // t:7 set off 3 episodes (a:0 twice, h:1 once); a:0 as a root and t:6 set off none (a:0 has 1 episode, t:6
            // 1: by name)
            assertEquals(List.of("t:7/3@1", "a:0/3@2", "h:1/3@3", "a:0/3@1", "t:6/3@1"),
                    c.nodes().stream().map(PauseChains.Node::id).toList());
            assertEquals(List.of(2L, 2L, 1L, 1L, 1L), c.nodes().stream().map(PauseChains.Node::episodes).toList());
            assertEquals(List.of(3L, 1L, 0L, 0L, 0L), c.nodes().stream().map(PauseChains.Node::caused).toList());
        }
    }

    /**
     * A dumbbell: h0, h1 on sw0 and h2, h3, h4 on sw1; every host at 40 Gb/s, sw0-sw1 at 100 Gb/s; h0, h1, h2, h3 each
     * send 2 MB to h4; no congestion control, ECN off, a static PG threshold of 50 KB. As in the pause-graph test of
     * the engine: sw0's uplink carries 80 of 100 Gb/s, so sw0 is never congested by itself; sw1's port to h4 takes
     * 160 Gb/s on 40 and is the only hot spot. So sw1 pauses sw0 (and its own senders h2, h3) as roots, and sw0, held
     * by that pause, pauses h0 and h1: the chain sw1 -> sw0 -> {h0, h1}, two hops.
     */
    @Test
    void aTwoHopChainOfARealRunIsInTheChartsData(@TempDir Path dir) throws IOException {
        Scenario s = ScenarioLoader.parse("chain.yaml", """
                name: chain
                topology: {type: dumbbell, left_hosts: 2, right_hosts: 3, host_link: {rate: 40Gbps, delay: 10ns},
                           fabric_link: {rate: 100Gbps, delay: 10ns}}
                switch:
                  buffer_size: 4MB
                  pfc: {enabled: true, priorities: [3], static_th: 50KB, headroom: auto}
                  ecn: {enabled: false}
                nic: {mtu: 1024, cc: none}
                workloads:
                  - type: flows
                    flows: [{src: 0, dst: 4, size: 2MB}, {src: 1, dst: 4, size: 2MB}, {src: 2, dst: 4, size: 2MB},
                            {src: 3, dst: 4, size: 2MB}]
                telemetry: {sample_interval: 1us, queues: none, flow_rates: none, links: none}
                """, dir, List.of());
        Path out = dir.resolve("run");
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine());
        ResultSet rs = ResultSet.open(out);
        PauseChains c = PauseChains.of(rs.pauses());
        JsonNode prop = rs.summary().path("pfc").path("propagation");
        assertEquals(prop.path("root_pauses").asLong(), c.roots(), "the key figures' root pauses");
        assertEquals(prop.path("propagated_pauses").asLong(), c.propagated(), "... propagated pauses");
        assertEquals(2, prop.path("max_depth").asInt());
        assertEquals(2, c.maxDepth(), "... and longest chain");
        String toSw0 = port(rs, "sw1", "sw0");
        String toH0 = port(rs, "sw0", "h0");
        String toH1 = port(rs, "sw0", "h1");
        Map<String, Long> e = edges(c);
        assertTrue(e.get(toSw0 + "/3@1 -> " + toH0 + "/3@2") > 0, e.toString());
        assertTrue(e.get(toSw0 + "/3@1 -> " + toH1 + "/3@2") > 0, e.toString());
        assertEquals(c.propagated(), e.values().stream().mapToLong(Long::longValue).sum(), "every propagated episode "
                + "has its edge");
        assertEquals(toSw0 + "/3@1", c.nodes().get(0).id(), "the chain that set off every propagated pause comes first");
        assertEquals(c.propagated(), c.nodes().get(0).caused());
        Figure f = PauseTree.build(rs);
        assertTrue(f.present());
        assertTrue(f.caption().startsWith(c.roots() + " root and " + c.propagated() + " propagated pause episodes, "
                + "longest chain 2 hops"), f.caption());
    }

    /** {@code node:port} of {@code node}'s port facing {@code peer}, from ports.csv. */
    static String port(ResultSet rs, String node, String peer) {
        return rs.ports().stream().filter(p -> p.node().equals(node) && p.peer().equals(peer)).findFirst()
                .map(PortRow::portName).orElseThrow(() -> new AssertionError(node + " has no port to " + peer));
    }
}
