package org.lossless.topology.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerShape;
import org.lossless.topology.types.FatTreeSpec;
import org.lossless.topology.types.RailOptimizedSpec;

/** Servers, GPUs and NICs below each tier, counted by hand. */
class ServerTiersTest {
    static final LinkSpec LINK = new LinkSpec(100_000_000_000L, 1_000_000);
    static final LocalLink NVLINK = new LocalLink(2_400_000_000_000L, 1_000_000);

    @Test
    void aFatTreeOfFourNicServersCountsPerTorPodAndCore() {
        // k = 4 at 2:1: 4 hosts per ToR = one server of 8 GPUs with 4 NICs; 2 ToRs per pod; a core reaches all 8 ToRs
        ServerTiers t = ServerTiers.of(new FatTreeSpec(4, LINK, LINK, 2, 1).build(),
                new ServerShape(8, 4, NVLINK, new LocalLink(256_000_000_000L, 500_000)));
        assertEquals(8, t.servers());
        assertEquals(List.of(new ServerTiers.Below(1, "tor", 1, 1, 4, 4), new ServerTiers.Below(2, "agg", 2, 2, 8, 8),
                new ServerTiers.Below(3, "core", 8, 8, 32, 32)), t.tiers());
        assertEquals("""
                servers: 8 x (8 GPUs, 4 NICs; 2 GPUs per NIC) = 64 GPUs on 32 NICs
                  inside a server: NVLink 2.4 Tb/s, 1 us; PCIe 256 Gb/s, 0.5 us
                  below each tier 1 tor:   1 server, 8 GPUs, 4 NICs
                  below each tier 2 agg:   2 servers, 16 GPUs, 8 NICs
                  below each tier 3 core:  8 servers, 64 GPUs, 32 NICs
                """, t.toText());
    }

    @Test
    void aRailSwitchHoldsOneNicOfEveryServerOfItsUnit() {
        // 2 units of 3 servers, 4 NICs each: a rail switch has 3 NICs, of 3 servers; a spine reaches all 24 NICs
        ServerTiers t = ServerTiers.of(new RailOptimizedSpec(6, 4, 3, 2, LINK, LINK).build(),
                ServerShape.nvlinkOnly(4, NVLINK));
        assertEquals(List.of(new ServerTiers.Below(1, "rail", 3, 3, 3, 3), new ServerTiers.Below(2, "spine", 6, 6, 24,
                24)), t.tiers());
    }
}
