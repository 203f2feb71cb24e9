package org.lossless.topology.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.types.DumbbellSpec;
import org.lossless.topology.types.FatTreeSpec;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.topology.types.RailOptimizedSpec;
import org.lossless.topology.types.StarSpec;

/** GPU numbering, NIC sharing and hop selection, every answer counted by hand. */
class ServerShapeTest {
    static final LocalLink NVLINK = new LocalLink(2_400_000_000_000L, 1_000_000);
    static final LocalLink PCIE = new LocalLink(256_000_000_000L, 1_000_000);
    static final LinkSpec LINK = new LinkSpec(100_000_000_000L, 1_000_000);

    @Nested
    class Places {
        @Test
        void eightGpusOnOneNicShareHostSOfTheirServer() {
            ServerShape s = new ServerShape(8, 1, NVLINK, null);
            // GPU 13 = server 1, local GPU 5; server 1's only NIC is host 1
            assertEquals(new GpuPlace(13, 1, 5, 1, 0), s.place(13));
            assertEquals(8, s.firstGpuOfNic(1));
            assertEquals(16, s.gpuCount(2));
        }

        @Test
        void fourNicsServeTwoConsecutiveGpusEach() {
            ServerShape s = new ServerShape(8, 4, NVLINK, null);
            // GPU 13 = server 1, local 5, served by the server's NIC 5 / 2 = 2: host 1 x 4 + 2 = 6
            assertEquals(new GpuPlace(13, 1, 5, 6, 2), s.place(13));
            assertEquals(6, s.nic(12));
            assertEquals(7, s.nic(14));
            assertEquals(12, s.firstGpuOfNic(6));
        }

        @Test
        void oneNicPerGpuMakesGpuAndHostTheSameNumber() {
            ServerShape s = ServerShape.nvlinkOnly(4, NVLINK);
            for (int g = 0; g < 12; g++) {
                assertEquals(g, s.nic(g));
                assertEquals(g % 4, s.localNic(g));
            }
            assertEquals(new GpuPlace(5, 5, 0, 5, 0), ServerShape.ONE_GPU_PER_HOST.place(5));
        }
    }

    @Nested
    class Routes {
        @Test
        void insideAServerNvlinkOrWithoutItPcie() {
            assertEquals(Route.local(HopKind.NVLINK), new ServerShape(8, 1, NVLINK, null).route(0, 7, true));
            assertEquals(Route.local(HopKind.PCIE), new ServerShape(8, 2, null, PCIE).route(0, 7, true));
        }

        @Test
        void acrossServersFromTheOwnNicOrWithPxnFromTheReceiversRail() {
            ServerShape s = new ServerShape(8, 4, NVLINK, null);
            // GPU 7 (server 0, NIC 3 = host 3) to GPU 8 (server 1, local 0, NIC 0 = host 4)
            assertEquals(new Route(HopKind.NET, 3, 4, -1), s.route(7, 8, false));
            // PXN: over NVLink to server 0's local GPU 0 (host 0's GPU), then from host 0 to host 4: rail 0
            assertEquals(new Route(HopKind.PXN, 0, 4, 0), s.route(7, 8, true));
            // same rail already (local 6 and 7 share NIC 3): no detour
            assertEquals(new Route(HopKind.NET, 3, 7, -1), s.route(6, 15, true));
        }

        @Test
        void noPxnWithOneNicOrWithoutNvlink() {
            assertEquals(new Route(HopKind.NET, 0, 1, -1), new ServerShape(8, 1, NVLINK, null).route(3, 12, true));
            assertEquals(new Route(HopKind.NET, 1, 2, -1), new ServerShape(8, 2, null, PCIE).route(7, 8, true));
        }

        @Test
        void aGpuDoesNotSendToItself() {
            assertThrows(IllegalArgumentException.class, () -> ServerShape.ONE_GPU_PER_HOST.route(3, 3, true));
        }
    }

    @Nested
    class BadShapes {
        @Test
        void gpusMustBeAWholeMultipleOfNics() {
            assertEquals("GPUs per server (6) must be a multiple of NICs per server (4): every NIC serves the same "
                    + "number of GPUs", assertThrows(IllegalArgumentException.class,
                            () -> new ServerShape(6, 4, NVLINK, null)).getMessage());
            assertEquals("NICs per server must be 1..4 (at most one per GPU), got 8",
                    assertThrows(IllegalArgumentException.class, () -> new ServerShape(4, 8, NVLINK, null)).getMessage());
            assertThrows(IllegalArgumentException.class, () -> new ServerShape(8, 8, null, null));
        }
    }

    @Nested
    class Placement {
        @Test
        void serversSitWholeOnAnEdgeSwitch() {
            ServerShape eight = new ServerShape(8, 8, NVLINK, null);
            assertEquals(2, ServerPlacement.check(new LeafSpineSpec(2, 2, 8, LINK, LINK), eight));
            assertEquals("hosts_per_leaf (6) must be a multiple of nics_per_server (8): the NICs of a server sit on one "
                    + "leaf", assertThrows(IllegalArgumentException.class,
                            () -> ServerPlacement.check(new LeafSpineSpec(2, 2, 6, LINK, LINK), eight)).getMessage());
            // k = 8 at 2:1: 8 hosts per ToR, one server each, 32 ToRs
            assertEquals(32, ServerPlacement.check(new FatTreeSpec(8, LINK, LINK, 2, 1), eight));
            assertThrows(IllegalArgumentException.class,
                    () -> ServerPlacement.check(new FatTreeSpec(4, LINK, LINK), eight), "2 hosts per ToR");
            assertEquals(3, ServerPlacement.check(new StarSpec(6, LINK), new ServerShape(4, 2, NVLINK, null)));
        }

        @Test
        void railOptimizedServersHaveOneNicPerRail() {
            RailOptimizedSpec rail = new RailOptimizedSpec(4, 8, 4, 2, LINK, LINK);
            assertEquals(4, ServerPlacement.check(rail, new ServerShape(16, 8, NVLINK, null)));
            assertThrows(IllegalArgumentException.class, () -> ServerPlacement.check(rail, new ServerShape(8, 4, NVLINK,
                    null)));
        }

        @Test
        void otherTypesHaveNoServers() {
            assertEquals("GPU servers are not supported on dumbbell topologies (supported: star, leaf-spine, fat-tree, "
                    + "rail-optimized)", assertThrows(IllegalArgumentException.class, () -> ServerPlacement.check(
                            new DumbbellSpec(2, 2, LINK, LINK), ServerShape.ONE_GPU_PER_HOST)).getMessage());
        }
    }
}
