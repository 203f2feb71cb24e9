package org.lossless.experiments.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.WireFormat;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.topology.types.StarSpec;

/**
 * The fixed-headroom warning. Needs by hand (SONiC model, both MTUs = the 1078 B first frame of a
 * 1000 B payload, Spectrum-1 MAC/PHY 819.2 B, byte cells, plus the 1078 B frame that crosses the threshold, which
 * the MMU admits whole to headroom):
 * 40 Gb/s, 100 m: 1078 + 1078 + 2 x 100 x 40e9 / 1.98e8 / 8 (5,050.5) + 819.2 + 118 quanta x 64 (7,552) + 1078
 * = 16,656 B -> 17 KiB = 17,408 B. 40 Gb/s, 1 m: 1078 + 1078 + 50.5 + 819.2 + 7,552 + 1078 = 11,656 B ->
 * 12 KiB = 12,288 B. 100 Gb/s, 1 m: 1078 x 3 + 126.3 + 819.2 + 394 x 64 (25,216) = 29,396 B -> 29 KiB = 29,696 B.
 * (Each need was one KiB less before the crossing frame was counted; the headroom values given to the warning moved
 * with them, so that each case still sits at or just below a need, as before.)
 */
class HeadroomLintTest {
    private static final long G40 = 40_000_000_000L;

    private static SwitchSettings headroom(String h, Boolean enabled, String profile) {
        PfcSettings pfc = new PfcSettings(enabled, List.of(3), null, null, h, null, null, null, null, null, null, null,
                null, null);
        return new SwitchSettings(profile, null, null, null, pfc, null, null, null, null, null);
    }

    private static final Topology STAR = new StarSpec(9, LinkSpec.ofLength(G40, 100)).build();

    @Test
    void oneLineNamingEveryShortPortGrouped() {
        assertEquals(List.of("switch.pfc.headroom 2000 B is below the computed need (what headroom: auto would give) "
                + "on 9 switch ports: sw0:0-8 need 17408 B (40Gbps, 100m); lossless drops are possible"),
                Finding.messages(HeadroomLint.warnings(STAR, headroom("2KB", null, null), 1000)));
    }

    @Test
    void groupsByRateCableAndNeed() {
        // leaf ports 0-1 to hosts (40 G, 1 m), 2-3 to the spines (100 G, 1 m); spines: ports 0-1 to the leaves
        Topology t = new LeafSpineSpec(2, 2, 2, LinkSpec.ofLength(G40, 1), LinkSpec.ofLength(100_000_000_000L, 1)).build();
        assertEquals(List.of("switch.pfc.headroom 12288 B is below the computed need (what headroom: auto would give) "
                + "on 8 switch ports: leaf0:2-3, leaf1:2-3, spine0:0-1, spine1:0-1 need 29696 B (100Gbps, 1m); "
                + "lossless drops are possible"), Finding.messages(HeadroomLint.warnings(t, headroom("12288", null, null), 1000)));
        assertEquals(List.of("switch.pfc.headroom 12287 B is below the computed need (what headroom: auto would give) "
                + "on 12 switch ports: leaf0:0-1, leaf1:0-1 need 12288 B (40Gbps, 1m); leaf0:2-3, leaf1:2-3, spine0:0-1, "
                + "spine1:0-1 need 29696 B (100Gbps, 1m); lossless drops are possible"),
                Finding.messages(HeadroomLint.warnings(t, headroom("12287", null, null), 1000)));
    }

    @Test
    void theNeedFollowsEachPeersResponseTime() {
        // switch.pfc.response_time 4 us: switch-facing ports need 1078 x 3 + 126.3 + 819.2 + 50,000 = 54,179.5 B
        // -> 53 KiB; host ports keep the NICs' 40 G budget (12,288 B); with nic.pfc_response_time 2 us the host
        // ports need 1078 x 3 + 50.5 + 819.2 + 10,000 = 14,103.7 B -> 14 KiB = 14,336 B
        Topology t = new LeafSpineSpec(2, 2, 2, LinkSpec.ofLength(G40, 1), LinkSpec.ofLength(100_000_000_000L, 1)).build();
        PfcSettings pfc = new PfcSettings(null, List.of(3), null, null, "12288", null, null, null, null, null, null, null,
                null, null, 4_000_000L);
        SwitchSettings s = new SwitchSettings(null, null, null, null, pfc, null, null, null, null, null);
        assertEquals(List.of("switch.pfc.headroom 12288 B is below the computed need (what headroom: auto would give) "
                + "on 8 switch ports: leaf0:2-3, leaf1:2-3, spine0:0-1, spine1:0-1 need 54272 B (100Gbps, 1m); "
                + "lossless drops are possible"), Finding.messages(HeadroomLint.warnings(t, s, 1000)));
        assertEquals(List.of("switch.pfc.headroom 12288 B is below the computed need (what headroom: auto would give) "
                + "on 12 switch ports: leaf0:0-1, leaf1:0-1 need 14336 B (40Gbps, 1m); leaf0:2-3, leaf1:2-3, spine0:0-1, "
                + "spine1:0-1 need 54272 B (100Gbps, 1m); lossless drops are possible"),
                Finding.messages(HeadroomLint.warnings(t, s, 1000, WireFormat.ROCEV2, 2_000_000L)));
    }

    @Test
    void silentWhenEnoughAutoOffOrHpcc() {
        assertEquals(List.of(), Finding.messages(HeadroomLint.warnings(STAR, headroom("17408", null, null), 1000)));
        assertEquals(List.of(), Finding.messages(HeadroomLint.warnings(STAR, headroom("auto", null, null), 1000)));
        assertEquals(List.of(), Finding.messages(HeadroomLint.warnings(STAR, headroom(null, null, null), 1000)));
        assertEquals(List.of(), Finding.messages(HeadroomLint.warnings(STAR, headroom("2KB", false, null), 1000)));
        assertEquals(List.of(), Finding.messages(HeadroomLint.warnings(STAR, headroom("2KB", null, "hpcc2019"), 1000)));
        assertEquals(List.of(), Finding.messages(HeadroomLint.warnings(STAR, SwitchSettings.defaults(), 1000)));
    }

    @Test
    void manySwitchesAreCut() {
        Topology t = new LeafSpineSpec(8, 1, 1, LinkSpec.ofLength(G40, 100), LinkSpec.ofLength(G40, 100)).build();
        String w = Finding.messages(HeadroomLint.warnings(t, headroom("1KB", null, null), 1000)).get(0);
        assertEquals("switch.pfc.headroom 1000 B is below the computed need (what headroom: auto would give) on 24 "
                + "switch ports: leaf0:0-1, leaf1:0-1, leaf2:0-1, leaf3:0-1, leaf4:0-1, leaf5:0-1 and 3 more switches "
                + "need 17408 B (40Gbps, 100m); lossless drops are possible", w);
    }

    @Test
    void ranges() {
        assertEquals("0-2,5,7-8", HeadroomLint.ranges(List.of(0, 1, 2, 5, 7, 8)));
        assertEquals("4", HeadroomLint.ranges(List.of(4)));
    }
}
