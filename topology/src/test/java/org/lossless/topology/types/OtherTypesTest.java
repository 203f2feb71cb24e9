package org.lossless.topology.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.Walks;
import org.lossless.topology.analysis.TopologySummary;

class OtherTypesTest {
    static final LinkSpec H100 = LinkSpec.gbps(100, 1_000);
    static final LinkSpec H40 = LinkSpec.gbps(40, 1_000);
    static final LinkSpec F400 = LinkSpec.gbps(400, 1_000);
    static final long G = 1_000_000_000L;

    private static void assertMessage(String expected, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Nested
    class LeafSpine {
        @Test
        void countsCapacityAndParallelLinks() {
            Topology t = new LeafSpineSpec(4, 2, 16, 2, H100, F400).build();
            assertEquals(64, t.hostCount());
            assertEquals(6, t.switchCount());
            assertEquals(64 + 4 * 2 * 2, t.cables().size());
            assertEquals(2, t.cablesBetween(t.nodeId("leaf3"), t.nodeId("spine1")).size());
            TopologySummary s = TopologySummary.of(t);
            assertEquals("leaf", s.tiers().get(0).role());
            assertEquals("spine", s.tiers().get(1).role());
            assertEquals(16 * 400 * G, s.links().get(1).capacityBps());
            assertEquals(1.0, s.tiers().get(0).oversubscription(), 1e-12); // 16x100G over 4x400G
            assertEquals(3200 * G, s.bisectionBps());
            assertEquals(1.0, s.bisectionRatio(), 1e-12);
        }

        @Test
        void oversubscribedWithoutParallelLinks() {
            TopologySummary s = TopologySummary.of(new LeafSpineSpec(4, 2, 16, H100, F400).build());
            assertEquals(2.0, s.tiers().get(0).oversubscription(), 1e-12);
            assertEquals(1600 * G, s.bisectionBps());
            assertEquals(0.5, s.bisectionRatio(), 1e-12);
        }

        @Test
        void routesUseEverySpineAndEveryParallelLink() {
            Topology t = new LeafSpineSpec(4, 2, 16, 2, H100, F400).build();
            Routes r = Routes.shortestPaths(t);
            Walks.assertAllPairsReachable(r, (a, b) -> a / 16 == b / 16 ? 2 : 4);
            // up: 2 spines x 2 parallel cables; down: 2 parallel cables to the leaf -> 8 port sequences
            assertEquals(8, r.pathCount(0, 16));
            assertEquals(1, r.pathCount(0, 1));
        }

        @Test
        void badInput() {
            assertMessage("leaf-spine: leaves must be >= 1, got 0", () -> new LeafSpineSpec(0, 2, 16, H100, F400));
            assertMessage("hosts_per_leaf", () -> new LeafSpineSpec(2, 2, 0, H100, F400));
            assertMessage("parallel_links", () -> new LeafSpineSpec(2, 2, 4, 0, H100, F400));
            assertMessage("fabric_link is required", () -> new LeafSpineSpec(2, 2, 4, H100, null));
        }
    }

    @Nested
    class RailOptimized {
        final RailOptimizedSpec spec = new RailOptimizedSpec(8, 4, 4, 2, F400, F400);

        @Test
        void counts() {
            Topology t = spec.build();
            assertEquals(2, spec.units());
            assertEquals(32, t.hostCount());
            assertEquals(8 + 2, t.switchCount());
            assertEquals(32 + 8 * 2, t.cables().size());
            TopologySummary s = TopologySummary.of(t);
            assertEquals("rail", s.tiers().get(0).role());
            assertEquals(8, s.tiers().get(0).switches());
            assertEquals(2.0, s.tiers().get(0).oversubscription(), 1e-12); // 4 NICs x 400G over 2 x 400G
            assertEquals(3200 * G, s.bisectionBps()); // unit 0's 8 uplinks
            assertEquals(0.5, s.bisectionRatio(), 1e-12);
        }

        @Test
        void nicROfEveryServerInAUnitGoesToRailR() {
            Topology t = spec.build();
            for (int server = 0; server < 8; server++) {
                for (int rail = 0; rail < 4; rail++) {
                    int h = spec.host(server, rail);
                    assertEquals(server, spec.serverOf(h));
                    assertEquals(rail, spec.railOf(h));
                    assertEquals("rail" + ((server / 4) * 4 + rail), t.node(t.edgeSwitchOf(h)).name());
                }
            }
        }

        @Test
        void sameRailSameUnitStaysOnTheRailSwitch() {
            Routes r = Routes.shortestPaths(spec.build());
            Walks.assertAllPairsReachable(r, (a, b) -> spec.railOf(a) == spec.railOf(b)
                    && spec.serverOf(a) / 4 == spec.serverOf(b) / 4 ? 2 : 4);
            assertEquals(2, r.pathCount(spec.host(0, 0), spec.host(0, 1))); // via either spine
        }

        @Test
        void parallelUplinks() {
            Topology t = new RailOptimizedSpec(4, 2, 2, 2, 2, F400, F400).build();
            assertEquals(8 + 4 * 2 * 2, t.cables().size());
            // 2 servers x 400G down, 2 spines x 2 cables x 400G up
            assertEquals(0.5, TopologySummary.of(t).tiers().get(0).oversubscription(), 1e-12);
        }

        @Test
        void badInput() {
            assertMessage("servers (10) must be a multiple of servers_per_unit (4)",
                    () -> new RailOptimizedSpec(10, 8, 4, 2, F400, F400));
            assertMessage("nics_per_server", () -> new RailOptimizedSpec(8, 0, 4, 2, F400, F400));
            assertMessage("spines", () -> new RailOptimizedSpec(8, 4, 4, 0, F400, F400));
        }
    }

    @Nested
    class StudyTopologies {
        @Test
        void star() {
            Topology t = new StarSpec(9, H100).build();
            assertEquals(9, t.hostCount());
            assertEquals(1, t.switchCount());
            assertEquals(9, t.cables().size());
            Walks.assertAllPairsReachable(Routes.shortestPaths(t), (a, b) -> 2);
            assertMessage("star: hosts must be >= 2", () -> new StarSpec(1, H100));
        }

        @Test
        void dumbbell() {
            Topology t = new DumbbellSpec(3, 2, H100, H40).build();
            assertEquals(5, t.hostCount());
            assertEquals(6, t.cables().size());
            assertEquals("sw1", t.node(t.edgeSwitchOf(3)).name());
            Walks.assertAllPairsReachable(Routes.shortestPaths(t), (a, b) -> (a < 3) == (b < 3) ? 2 : 3);
            TopologySummary s = TopologySummary.of(new DumbbellSpec(2, 2, H100, H40).build());
            assertEquals(40 * G, s.bisectionBps());
            assertEquals(0.2, s.bisectionRatio(), 1e-12);
            assertMessage("right_hosts", () -> new DumbbellSpec(2, 0, H100, H40));
        }

        @Test
        void parkingLotOfValidationV05() {
            ParkingLotSpec spec = new ParkingLotSpec(List.of(3, 1), H40, H40);
            Topology t = spec.build();
            assertEquals(5, t.hostCount());
            assertEquals(4, spec.receiverHost());
            assertEquals(2, t.switchCount());
            assertEquals(6, t.cables().size());
            for (int h = 0; h < 3; h++) {
                assertEquals("sw0", t.node(t.edgeSwitchOf(h)).name());
            }
            assertEquals("sw1", t.node(t.edgeSwitchOf(3)).name());
            assertEquals("sw1", t.node(t.edgeSwitchOf(4)).name());
            Routes r = Routes.shortestPaths(t);
            for (int h = 0; h < 4; h++) {
                assertEquals(1, r.pathCount(h, 4));
                assertEquals(h < 3 ? 3 : 2, r.path(h, 4, (sw, c) -> c[0]).size());
            }
            // the S1-S2 link carries H1..H3's traffic: one 40G link between the two switches
            assertEquals(1, t.cablesBetween(t.nodeId("sw0"), t.nodeId("sw1")).size());
        }

        @Test
        void parkingLotChain() {
            ParkingLotSpec spec = ParkingLotSpec.oneSenderPerSwitch(5, H40, H40);
            Topology t = spec.build();
            assertEquals(6, t.hostCount());
            assertEquals(5, spec.receiverHost());
            assertEquals(6 + 4, t.cables().size());
            Routes r = Routes.shortestPaths(t);
            for (int h = 0; h < 5; h++) {
                assertEquals(2 + (4 - h), r.path(h, 5, (sw, c) -> c[0]).size());
            }
            assertMessage("senders must list", () -> new ParkingLotSpec(List.of(), H40, H40));
            assertMessage("senders[1] must be >= 0", () -> new ParkingLotSpec(List.of(1, -1), H40, H40));
            assertMessage("total senders", () -> new ParkingLotSpec(List.of(0, 0), H40, H40));
        }

        @Test
        void ring() {
            Topology t = new RingSpec(4, 2, H100, H100).build();
            assertEquals(8, t.hostCount());
            assertEquals(8 + 4, t.cables().size());
            for (int i = 0; i < 4; i++) {
                assertEquals(1, t.cablesBetween(t.nodeId("sw" + i), t.nodeId("sw" + (i + 1) % 4)).size());
            }
            Routes r = Routes.shortestPaths(t);
            Walks.assertAllPairsReachable(r, (a, b) -> {
                int hops = Math.floorMod(a / 2 - b / 2, 4);
                return 2 + Math.min(hops, 4 - hops);
            });
            assertEquals(2, r.pathCount(0, 4)); // opposite switch: both ways round
            assertEquals(1, r.pathCount(0, 2));
            TopologySummary s = TopologySummary.of(t);
            assertEquals(200 * G, s.bisectionBps()); // two ring links cut
            assertEquals("sw-sw", s.links().get(1).name());
            assertEquals(1.0, s.tiers().get(0).oversubscription(), 1e-12); // 2 hosts vs 2 ring links per switch
            assertMessage("ring: switches must be >= 3", () -> new RingSpec(2, 2, H100, H100));
        }

        @Test
        void specsReportTheirTypeAndHostCount() {
            List<TopologySpec> specs = List.of(new StarSpec(3, H100), new DumbbellSpec(1, 1, H100, H100),
                    ParkingLotSpec.oneSenderPerSwitch(2, H100, H100), new RingSpec(3, 1, H100, H100),
                    new LeafSpineSpec(2, 1, 2, H100, H100), new FatTreeSpec(2, H100, H100),
                    new RailOptimizedSpec(2, 2, 1, 1, H100, H100));
            for (TopologySpec spec : specs) {
                Topology t = spec.build();
                assertEquals(spec.type(), t.type());
                assertEquals(spec.hostCount(), t.hostCount());
                Walks.assertAllPairsReachable(Routes.shortestPaths(t));
            }
        }
    }
}
