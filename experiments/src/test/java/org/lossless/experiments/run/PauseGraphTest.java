package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PauseEdge;
import org.lossless.experiments.metrics.PauseGraph;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultFiles;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.nic.NicConfig;
import org.lossless.nic.RxBufferConfig;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Topology;

/**
 * The pause propagation graph ({@code pause_graph.csv}, summary {@code pfc.propagation}): who paused whom,
 * and why. Small fabrics whose chains can be told by hand.
 */
class PauseGraphTest {
    private static final long G = 1_000_000_000L;
    private static final int MTU = 1024;
    /** Largest data frame at MTU 1024 (payload + 62 B of headers, + RETH on a first packet). */
    private static final long MAX_FRAME = 1102;
    /** Static PG threshold of these tests. */
    private static final long THRESHOLD = 50_000;

    private static SwitchSettings staticThreshold() {
        PfcSettings pfc = new PfcSettings(true, List.of(3), null, THRESHOLD, null, null, null, null, null, null, null,
                null, null, null);
        return new SwitchSettings(null, null, null, null, pfc, null, null, null,
                new EcnSettings(false, null, null, null, null), null);
    }

    /**
     * Structural invariants of any graph: ids in order, a propagated edge points to an earlier episode of
     * the node and port named in caused_by, which paused this node's cause port, and its depth is one more.
     */
    private static void assertConsistent(PauseGraph g) {
        List<PauseEdge> e = g.edges();
        for (int i = 0; i < e.size(); i++) {
            PauseEdge x = e.get(i);
            assertEquals(i, x.id());
            assertTrue(i == 0 || e.get(i - 1).timePs() <= x.timePs(), "episodes in time order");
            assertTrue(x.endPs() < 0 || x.endPs() >= x.timePs());
            if (x.cause() == PauseEdge.Cause.PROPAGATED) {
                assertTrue(x.causedBy() >= 0 && x.causedBy() < i, "caused by an earlier episode: " + x);
                PauseEdge c = e.get(x.causedBy());
                assertEquals(c.node(), x.causedByNode());
                assertEquals(c.port(), x.causedByPort());
                assertEquals(x.causePeer(), c.node(), "the cause port faces the pausing node");
                assertEquals(x.node(), c.peer(), "the causing pause held this node");
                assertEquals(x.causePort(), c.peerPort(), "... on its cause port");
                assertEquals(x.priority(), c.priority());
                assertEquals(c.depth() + 1, x.depth());
            } else {
                assertEquals(1, x.depth());
                assertEquals(-1, x.causedBy());
            }
        }
    }

    /**
     * (a) h0, h1 on sw0 and h2, h3 on sw1 all send 2 MB to h4 on sw1; hosts at 40 Gb/s, sw0-sw1 at 100 Gb/s,
     * no congestion control, static PG threshold 50 KB. sw0's uplink carries 80 Gb/s on 100 Gb/s, so sw0 is
     * never congested by itself; sw1's port to h4 takes 160 Gb/s on 40 Gb/s and is the only hot spot. So
     * every sw1 pause is a root caused by its egress to h4 (depth 1), and every sw0 pause is propagated from
     * sw1's pause of its port 0 towards sw0 (depth 2). The PG from sw0 fills fastest (80 of the 160 Gb/s),
     * so sw1's first pause goes to sw0, with the group's bytes just over the threshold (all of them sit in
     * the queue to h4: less than one frame above 50 KB).
     */
    @Test
    void incastAtTheFarSwitchIsTheRootAndTheNearSwitchPropagates() {
        Topology.Builder b = Topology.builder("line");
        int[] h = new int[5];
        for (int i = 0; i < 5; i++) {
            h[i] = b.addHost("h" + i);
        }
        int sw0 = b.addSwitch("sw0", 1);
        int sw1 = b.addSwitch("sw1", 1);
        long cable = 10_000;
        b.connect(sw0, sw1, 100 * G, cable);   // sw0:0 <-> sw1:0
        b.connect(sw0, h[0], 40 * G, cable);   // sw0:1
        b.connect(sw0, h[1], 40 * G, cable);   // sw0:2
        b.connect(sw1, h[2], 40 * G, cable);   // sw1:1
        b.connect(sw1, h[3], 40 * G, cable);   // sw1:2
        b.connect(sw1, h[4], 40 * G, cable);   // sw1:3
        Topology t = b.build();
        List<FlowSpec> flows = List.of(0, 1, 2, 3).stream()
                .map(i -> new FlowSpec("incast", h[i], h[4], 2_000_000, 0, 3)).toList();
        RunResult r = new PacketEngine().run(new EngineInput(t, NicConfig.builder().mtu(MTU).ackEvery(1).build(), staticThreshold(), flows,
                20_000_000_000L, 1));
        PauseGraph g = r.pauseGraph();
        assertConsistent(g);
        assertEquals(0, r.dropPackets());
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));

        PauseEdge first = g.edges().get(0);
        assertEquals("sw1", first.node());
        assertEquals(0, first.port());
        assertEquals("sw0", first.peer());
        assertEquals(0, first.peerPort());
        assertEquals(PauseEdge.Cause.CONGESTION, first.cause());
        assertEquals(3, first.causePort());
        assertEquals("h4", first.causePeer());
        assertTrue(first.queuedBytes() > THRESHOLD && first.queuedBytes() <= THRESHOLD + MAX_FRAME,
                "queued " + first.queuedBytes());
        assertEquals(1, first.depth());

        long sw0Pauses = 0;
        for (PauseEdge e : g.edges()) {
            if (e.node().equals("sw1")) {
                assertEquals(PauseEdge.Cause.CONGESTION, e.cause(), e.toString());
                assertEquals(3, e.causePort(), e.toString());
                assertEquals(1, e.depth());
            } else {
                assertEquals("sw0", e.node(), "no host has a receive buffer: " + e);
                assertTrue(e.port() == 1 || e.port() == 2, e.toString());
                assertEquals(PauseEdge.Cause.PROPAGATED, e.cause(), e.toString());
                assertEquals(0, e.causePort());
                assertEquals("sw1", e.causedByNode());
                assertEquals(0, e.causedByPort());
                assertEquals(2, e.depth());
                sw0Pauses++;
            }
        }
        assertTrue(sw0Pauses >= 2, "sw0 paused both its senders");
        assertTrue(g.edges().stream().anyMatch(e -> e.peer().equals("h0"))
                && g.edges().stream().anyMatch(e -> e.peer().equals("h1")));
        assertEquals(g.edges().size() - sw0Pauses, g.rootPauses());
        assertEquals(sw0Pauses, g.propagatedPauses());
        assertEquals(2, g.maxDepth());
        assertEquals("sw1:0", g.roots().get(0));
        assertEquals(List.of("sw1:3"), g.hotspots());
        assertTrue(g.edges().stream().allMatch(e -> e.endPs() >= 0), "the run drained: every pause ended");
        long pauseRows = g.edges().size();
        long pauseTx = r.ports().stream().filter(p -> p.node().startsWith("sw")).mapToLong(PortResult::pauseTx).sum();
        assertTrue(pauseTx >= 2 * pauseRows, "an XOFF and an XON per episode, plus refreshes: " + pauseTx);
        System.out.printf("(a) %d episodes: %d roots, %d propagated, depth %d; first %s%n", g.edges().size(),
                g.rootPauses(), g.propagatedPauses(), g.maxDepth(), first);
    }

    /**
     * (c) reference §7 P4 on the cascade line of {@link NicRxBufferTest}: h0 -> h1 (NIC drains at 20 Gb/s)
     * and the victim h2 -> h3 across sw0 -100G- sw1. The NIC's pause is the root (host_rx_buffer, depth 1);
     * sw1's pause of sw0 is caused by it (depth 2); sw0's pauses of h0 and of the victim's sender h2 are
     * caused by sw1's (depth 3).
     */
    @Test
    void slowReceiverIsTheRootOfAThreeLinkChain() {
        Topology.Builder b = Topology.builder("line");
        int h0 = b.addHost("h0");
        int h1 = b.addHost("h1");
        int h2 = b.addHost("h2");
        int h3 = b.addHost("h3");
        int sw0 = b.addSwitch("sw0", 1);
        int sw1 = b.addSwitch("sw1", 1);
        long cable = 10_000;
        b.connect(sw0, sw1, 100 * G, cable);
        b.connect(h0, sw0, 40 * G, cable);
        b.connect(h2, sw0, 40 * G, cable);
        b.connect(sw1, h1, 40 * G, cable);
        b.connect(sw1, h3, 40 * G, cable);
        Topology t = b.build();
        RxBufferConfig rx = new RxBufferConfig(256_000, 20 * G, RxBufferConfig.AUTO, RxBufferConfig.AUTO, 1 << 3,
                List.of(1), 0);
        EngineInput in = new EngineInput(t, NicConfig.builder().mtu(MTU).ackEvery(1).build().withRxBuffer(rx), staticThreshold(),
                List.of(new FlowSpec("slow", h0, h1, 4_000_000, 0, 3), new FlowSpec("victim", h2, h3, 4_000_000, 0, 3)),
                20_000_000_000L, 1);
        RunResult r = new PacketEngine().run(in);
        PauseGraph g = r.pauseGraph();
        assertConsistent(g);
        Map<String, PauseEdge> firstOf = g.edges().stream()
                .collect(Collectors.toMap(e -> e.node() + ":" + e.port(), Function.identity(), (x, y) -> x));
        PauseEdge nic = g.edges().get(0);
        assertEquals("h1", nic.node());
        assertEquals(PauseEdge.Cause.HOST_RX_BUFFER, nic.cause());
        assertEquals(-1, nic.causePort());
        assertEquals("sw1", nic.peer());
        assertEquals(1, nic.depth());
        PauseEdge tor = firstOf.get("sw1:0");
        assertEquals(PauseEdge.Cause.PROPAGATED, tor.cause());
        assertEquals("h1", tor.causedByNode());
        assertEquals("h1", tor.causePeer());
        assertEquals(2, tor.depth());
        for (String senderPort : List.of("sw0:1", "sw0:2")) {
            PauseEdge e = firstOf.get(senderPort);
            assertEquals(PauseEdge.Cause.PROPAGATED, e.cause(), e.toString());
            assertEquals("sw1", e.causedByNode());
            assertEquals(0, e.causedByPort());
            assertEquals(3, e.depth());
        }
        assertEquals("h2", firstOf.get("sw0:2").peer(), "the victim's sender is paused by the chain");
        for (PauseEdge e : g.edges()) {
            assertEquals(e.node().equals("h1"), e.root(), "the slow receiver is the only root: " + e);
        }
        assertEquals(3, g.maxDepth());
        assertEquals(List.of("h1:0"), g.roots());
        assertEquals(List.of("h1:0"), g.hotspots());
        System.out.printf("(c) %d episodes: %d roots, %d propagated, depth %d%n", g.edges().size(), g.rootPauses(),
                g.propagatedPauses(), g.maxDepth());
    }

    /**
     * The backlog rule by hand: 50,000 B at 40 Gb/s take 400,000 bits / 40 Gb/s = 10 us to send. An egress that
     * resumed 0.67 us before its group crossed XOFF (the case met in (c): sw1's port to the slow receiver, 49,956 B
     * from sw0 still queued) still holds the pause's backlog: propagated. 10 us or more after the resume it could
     * have sent them all: a root. A pause that an XON ended before it took effect held nothing.
     */
    @Test
    void bytesQueuedWithinTheirDrainTimeOfAResumeAreThePausesBacklog() {
        long rate = 40 * G;
        long start = 1_000_000;
        long end = 5_000_000;
        assertTrue(PauseGraphRecorder.backlogOfPause(end + 670_000, start, end, 50_000, rate));
        assertTrue(PauseGraphRecorder.backlogOfPause(end + 9_999_999, start, end, 50_000, rate));
        assertFalse(PauseGraphRecorder.backlogOfPause(end + 10_000_000, start, end, 50_000, rate));
        assertFalse(PauseGraphRecorder.backlogOfPause(end + 670_000, end, end, 50_000, rate), "never held a frame");
        assertFalse(PauseGraphRecorder.backlogOfPause(670_000, 0, Long.MIN_VALUE, 50_000, rate), "never paused");
    }

    private static final String VICTIM = """
            name: p1-graph
            stop_time: 20ms
            topology: {type: leaf-spine, leaves: 4, spines: 1, hosts_per_leaf: 2,
                       host_link: {rate: 40Gbps, length: 2m}, fabric_link: {rate: 400Gbps, length: 2m}}
            switch: {pfc: {static_th: 50KB}, ecn: {enabled: false}}
            nic: {cc: none}
            workloads:
              - type: flows
                flows: [{src: 0, dst: 4, size: 2MB}, {src: 2, dst: 4, size: 2MB}, {src: 3, dst: 4, size: 2MB},
                        {src: 1, dst: 6, size: 2MB}]
            """;

    /**
     * (b) reference §7 P1: leaf-spine, 4 leaves of 2 hosts, one spine, hosts at 40 Gb/s, fabric at 400 Gb/s.
     * Incast to R = h4 (leaf2) from h0 (leaf0) and h2, h3 (leaf1); the victim V = h1 (leaf0) -> h6 (leaf3)
     * shares only leaf0's uplink and the spine. Only leaf2's port to R is oversubscribed (120 on 40 Gb/s), so
     * the chain starts there: leaf2 pauses the spine (root), the spine pauses leaf0 and leaf1 (propagated,
     * depth 2), and leaf0 pauses both of its hosts, V's sender too (depth 3), although V's path is idle.
     */
    @Test
    void victimFlowIsPausedAtTheEndOfAChainFromTheIncastToR(@TempDir Path dir) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", VICTIM, Path.of("/base"), List.of());
        RunResult r = new ScenarioEngine().run(s);
        PauseGraph g = r.pauseGraph();
        assertConsistent(g);
        PauseEdge first = g.edges().get(0);
        assertEquals("leaf2", first.node(), first.toString());
        assertEquals("spine0", first.peer());
        assertEquals(PauseEdge.Cause.CONGESTION, first.cause());
        assertEquals("h4", first.causePeer());
        assertTrue(g.edges().stream().anyMatch(e -> e.node().equals("spine0") && e.peer().equals("leaf0")
                && e.cause() == PauseEdge.Cause.PROPAGATED && e.causedByNode().equals("leaf2") && e.depth() == 2));
        PauseEdge victim = g.edges().stream().filter(e -> e.node().equals("leaf0") && e.peer().equals("h1"))
                .findFirst().orElseThrow(() -> new AssertionError("V's sender was never paused"));
        assertEquals(PauseEdge.Cause.PROPAGATED, victim.cause());
        assertEquals("spine0", victim.causedByNode());
        assertEquals(3, victim.depth());
        assertEquals(3, g.maxDepth());
        // V's downstream path (spine -> leaf3 -> h6) carries no incast traffic, so nothing there is paused by the
        // incast: what leaf3 pauses is its own congestion, V's frames bunched by the pauses upstream (held on
        // leaf0's uplink, then sent on at 400 Gb/s into leaf3's 40 Gb/s port to h6). The PFC response times let
        // more of V pile up per pause than a stop at the last bit did, enough to cross the 50 KB threshold there.
        List<PauseEdge> downstream = g.edges().stream()
                .filter(e -> e.node().equals("leaf3") || e.peer().equals("leaf3")).toList();
        for (PauseEdge e : downstream) {
            assertEquals("leaf3", e.node(), "only leaf3 pauses on V's path: " + e);
            assertEquals(PauseEdge.Cause.CONGESTION, e.cause(), "a root, not propagated from the incast: " + e);
            assertEquals("h6", e.causePeer(), "caused by the queue to V's receiver: " + e);
            assertEquals(1, e.depth(), e.toString());
        }
        System.out.printf("(b) V's path: %d pauses of leaf3 by its own queue to h6%n", downstream.size());
        System.out.printf("(b) %d episodes: %d roots %s hotspots %s, %d propagated, depth %d%n", g.edges().size(),
                g.rootPauses(), g.roots(), g.hotspots(), g.propagatedPauses(), g.maxDepth());

        Map<String, Long> rootsByNode = g.edges().stream().filter(PauseEdge::root)
                .collect(Collectors.groupingBy(PauseEdge::node, java.util.TreeMap::new, Collectors.counting()));
        System.out.println("(b) root pauses by node: " + rootsByNode);
        // the result files: pause_graph.csv row for row, and the summary object
        Path out = dir.resolve("out");
        ResultsWriter.write(out, s, r);
        List<String> lines = Files.readAllLines(out.resolve("pause_graph.csv"));
        assertEquals(ResultFiles.PAUSE_GRAPH_HEADER, lines.get(0));
        assertEquals(g.edges().size() + 1, lines.size());
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"max_depth\" : 3"), summary);
        assertTrue(summary.contains("\"root_pauses\" : " + g.rootPauses()), summary);
    }

    /** (d) A single flow never pauses: no edge, the header alone, zeros in the summary. And determinism. */
    @Test
    void noPauseNoEdgeAndTheSameSeedGivesTheSameBytes(@TempDir Path dir) throws IOException {
        Scenario quiet = ScenarioLoader.parse("t.yaml", """
                name: quiet
                stop_time: 5ms
                topology: {type: star, hosts: 2, host_link: {rate: 40Gbps, length: 2m}}
                nic: {cc: none}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 1MB}]
                """, Path.of("/base"), List.of());
        RunResult r = new ScenarioEngine().run(quiet);
        assertEquals(List.of(), r.pauseGraph().edges());
        assertEquals(0, r.pauseGraph().maxDepth());
        Path out = dir.resolve("quiet");
        ResultsWriter.write(out, quiet, r);
        assertEquals(ResultFiles.PAUSE_GRAPH_HEADER + "\n", Files.readString(out.resolve("pause_graph.csv")));
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"root_pauses\" : 0") && summary.contains("\"propagated_pauses\" : 0")
                && summary.contains("\"max_depth\" : 0") && summary.contains("\"roots\" : [ ]"), summary);

        Scenario busy = ScenarioLoader.parse("t.yaml", VICTIM, Path.of("/base"), List.of());
        String one = ResultFiles.pauseGraphCsv(new ScenarioEngine().run(busy).pauseGraph());
        String two = ResultFiles.pauseGraphCsv(new ScenarioEngine().run(busy).pauseGraph());
        assertTrue(one.split("\n").length > 10, one);
        assertEquals(one, two);
    }
}
