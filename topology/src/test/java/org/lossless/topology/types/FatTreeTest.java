package org.lossless.topology.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Node;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.Walks;
import org.lossless.topology.analysis.TopologySummary;

class FatTreeTest {
    static final LinkSpec HOST = LinkSpec.gbps(100, 1_000);
    static final LinkSpec FABRIC = LinkSpec.gbps(400, 1_000);
    static final long G = 1_000_000_000L;

    @Nested
    class Counts {
        /** Al-Fares: k^3/4 hosts, k^2/2 ToR + k^2/2 agg + k^2/4 core switches, 3 k^3/4 links. */
        @ParameterizedTest
        @ValueSource(ints = {4, 8, 16})
        void hostsSwitchesAndLinks(int k) {
            Topology t = new FatTreeSpec(k, HOST, FABRIC).build();
            assertEquals(k * k * k / 4, t.hostCount());
            assertEquals(5 * k * k / 4, t.switchCount());
            assertEquals(3 * k * k * k / 4, t.cables().size());
            assertEquals("fat-tree", t.type());
            long perTier = (long) k * k * k / 4;
            TopologySummary s = TopologySummary.of(t);
            assertEquals(3, s.tiers().size());
            assertEquals(k * k / 2, s.tiers().get(0).switches());
            assertEquals(k * k / 2, s.tiers().get(1).switches());
            assertEquals(k * k / 4, s.tiers().get(2).switches());
            assertEquals("host-tor", s.links().get(0).name());
            assertEquals(perTier, s.links().get(0).cables());
            assertEquals(perTier * 100 * G, s.links().get(0).capacityBps());
            assertEquals("tor-agg", s.links().get(1).name());
            assertEquals(perTier * 400 * G, s.links().get(1).capacityBps());
            assertEquals("agg-core", s.links().get(2).name());
            assertEquals(perTier * 400 * G, s.links().get(2).capacityBps());
        }

        @Test
        void capacityOversubscriptionAndBisectionOfK4() {
            TopologySummary s = TopologySummary.of(new FatTreeSpec(4, HOST, HOST).build());
            // ToR: 2 hosts x 100G down, 2 uplinks x 100G up
            assertEquals(8 * 200 * G, s.tiers().get(0).downBps());
            assertEquals(1.0, s.tiers().get(0).oversubscription(), 1e-12);
            assertEquals(1.0, s.tiers().get(1).oversubscription(), 1e-12);
            assertTrue(Double.isNaN(s.tiers().get(2).oversubscription()));
            // hosts 0..7 = pods 0 and 1: non-blocking, so the cut is their 8 host links
            assertEquals(800 * G, s.bisectionBps());
            assertEquals(1.0, s.bisectionRatio(), 1e-12);
        }

        @Test
        void rateMismatchShowsInCapacityOversubscription() {
            TopologySummary s = TopologySummary.of(new FatTreeSpec(4, HOST, FABRIC).build());
            assertEquals(0.25, s.tiers().get(0).oversubscription(), 1e-12); // 2x100G over 2x400G
            assertEquals(1.0, s.tiers().get(1).oversubscription(), 1e-12);
        }
    }

    @Nested
    class Oversubscription {
        @Test
        void torOversubscriptionAddsHostsPerTor() {
            FatTreeSpec spec = new FatTreeSpec(4, HOST, HOST, 2, 1);
            Topology t = spec.build();
            assertEquals(4, spec.hostsPerTor());
            assertEquals(32, t.hostCount());
            assertEquals(20, t.switchCount());
            TopologySummary s = TopologySummary.of(t);
            assertEquals(2.0, s.tiers().get(0).oversubscription(), 1e-12);
            assertEquals(1.0, s.tiers().get(1).oversubscription(), 1e-12);
            // pods 0-1 hold hosts 0..15; their 4 aggs x 2 core links x 100G = 800G, against 1600G of hosts
            assertEquals(800 * G, s.bisectionBps());
            assertEquals(0.5, s.bisectionRatio(), 1e-12);
            String text = s.toText();
            assertTrue(text.startsWith("fat-tree: 32 hosts, 20 switches, 64 links"), text);
            assertTrue(text.contains("tier 1 tor") && text.contains("oversubscription 2.00:1"), text);
            assertTrue(text.contains("bisection 800 Gb/s (0.50 of the smaller half"), text);
        }

        @Test
        void fractionalTorOversubscription() {
            FatTreeSpec spec = new FatTreeSpec(8, HOST, HOST, 1.5, 1);
            assertEquals(6, spec.hostsPerTor());
            assertEquals(8 * 4 * 6, spec.build().hostCount());
        }

        @Test
        void aggOversubscriptionRemovesCores() {
            FatTreeSpec spec = new FatTreeSpec(8, HOST, HOST, 1, 2);
            Topology t = spec.build();
            assertEquals(2, spec.coresPerGroup());
            assertEquals(8, spec.cores());
            assertEquals(128, t.hostCount());
            assertEquals(64 + 8, t.switchCount());
            TopologySummary s = TopologySummary.of(t);
            assertEquals(1.0, s.tiers().get(0).oversubscription(), 1e-12);
            assertEquals(2.0, s.tiers().get(1).oversubscription(), 1e-12);
            assertEquals(64, s.links().get(2).cables()); // 32 aggs x 2 core links
            for (Node core : t.nodes()) {
                if (core.tier() == 3) {
                    assertEquals(8, t.degree(core.id()), "every core still reaches every pod");
                }
            }
            assertEquals(0.5, s.bisectionRatio(), 1e-12);
        }
    }

    @Nested
    class Layout {
        @Test
        void hostsAreNumberedPodByPodTorByTor() {
            Topology t = new FatTreeSpec(4, HOST, FABRIC).build();
            for (int h = 0; h < 16; h++) {
                assertEquals(h, t.hostNode(h));
                assertEquals("h" + h, t.node(h).name());
                assertEquals("tor" + h / 2, t.node(t.edgeSwitchOf(h)).name());
            }
            assertEquals(1, t.node(t.nodeId("tor7")).tier());
            assertEquals(2, t.node(t.nodeId("agg7")).tier());
            assertEquals(3, t.node(t.nodeId("core3")).tier());
        }

        @Test
        void torUplinksStayInThePodAndCorePortsFacePods() {
            Topology t = new FatTreeSpec(4, HOST, FABRIC).build();
            int tor2 = t.nodeId("tor2"); // pod 1
            assertEquals("agg2", t.node(t.peer(tor2, 2)).name());
            assertEquals("agg3", t.node(t.peer(tor2, 3)).name());
            int core3 = t.nodeId("core3"); // group 1: agg position 1 of each pod
            for (int pod = 0; pod < 4; pod++) {
                assertEquals("agg" + (pod * 2 + 1), t.node(t.peer(core3, pod)).name());
            }
        }

        @Test
        void everyPairReachableOverShortestPaths() {
            Topology t = new FatTreeSpec(8, HOST, FABRIC).build();
            Routes r = Routes.shortestPaths(t);
            // links: same ToR 2, same pod 4, other pod 6 (4 hosts per ToR, 16 per pod)
            Walks.assertAllPairsReachable(r, (s, d) -> s / 4 == d / 4 ? 2 : s / 16 == d / 16 ? 4 : 6);
        }
    }

    @Nested
    class BadInput {
        @ParameterizedTest
        @ValueSource(ints = {-2, 0, 1, 5, 7})
        void kMustBeEven(int k) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FatTreeSpec(k, HOST, FABRIC));
            assertTrue(e.getMessage().startsWith("fat-tree: k must be an even number"), e.getMessage());
        }

        @Test
        void torOversubscriptionMustGiveWholeHosts() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FatTreeSpec(4, HOST, FABRIC, 1.25, 1));
            assertTrue(e.getMessage().contains("tor_oversubscription") && e.getMessage().contains("2.5"),
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new FatTreeSpec(4, HOST, FABRIC, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> new FatTreeSpec(4, HOST, FABRIC, Double.NaN, 1));
        }

        @Test
        void aggOversubscriptionMustDivideHalfK() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FatTreeSpec(8, HOST, FABRIC, 1, 3));
            assertTrue(e.getMessage().contains("agg_oversubscription"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new FatTreeSpec(4, HOST, FABRIC, 1, 4));
        }

        @Test
        void linksAreRequiredAndValidated() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FatTreeSpec(4, null, FABRIC));
            assertTrue(e.getMessage().contains("host_link"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new LinkSpec(0, 1000));
        }

        @Test
        void absurdSizeIsRefused() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FatTreeSpec(400, HOST, FABRIC));
            assertTrue(e.getMessage().contains("hosts is more than"), e.getMessage());
        }
    }
}
