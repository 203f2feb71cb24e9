package org.lossless.experiments.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.topology.types.StarSpec;

/**
 * "ECN before PFC" (reference A-3). By hand, MTU 1000 (1062 B frames after the first), reserved 0 (the
 * default), {@code static_th: 200000}: a frame goes to the PG's shared part while shared + frame &le; 200,000,
 * so 188 frames (199,656 B) fit and the 189th goes to headroom, which asks for XOFF: a queue fed by one
 * ingress port reaches XOFF at 189 x 1062 = 200,718 B. With the defaults (32 MB, dynamic_th -3 so
 * alpha = 1/8, kmin 400 KB) one PG pauses near 32 MB / 9, far above kmin.
 */
class EcnPfcLintTest {
    private static final long G100 = 100_000_000_000L;
    private static final Topology STAR = new StarSpec(3, LinkSpec.gbps(100, 1000)).build();

    private static SwitchSettings settings(Long staticTh, Long kmin, Boolean ecnOn) {
        PfcSettings pfc = new PfcSettings(null, List.of(3), null, staticTh, null, null, null, null, null, null, null,
                null, null, null);
        EcnSettings ecn = new EcnSettings(ecnOn, kmin, kmin == null ? null : Math.max(kmin, 1_600_000L), null, null,
                null);
        return new SwitchSettings(null, null, null, null, pfc, null, null, null, ecn, null);
    }

    @Test
    void staticThresholdBelowKminIsFlaggedWithTheExactXoffLevel() {
        assertEquals(List.of("PFC pauses before ECN marks (see docs/switch.md, \"PFC before ECN\"): priority 3: a queue fed by one ingress port "
                        + "reaches XOFF at 200718 B, below kmin 400KB (100Gbps) on sw0; DCQCN cannot act before PFC: "
                        + "lower switch.ecn.kmin or raise the PFC threshold"),
                Finding.messages(EcnPfcLint.warnings(STAR, settings(200_000L, null, null), 1000)));
    }

    @Test
    void theBoundaryIsTheXoffLevelItself() {
        assertEquals(List.of(), Finding.messages(EcnPfcLint.warnings(STAR, settings(200_000L, 200_718L, null), 1000)));
        assertEquals(1, Finding.messages(EcnPfcLint.warnings(STAR, settings(200_000L, 200_719L, null), 1000)).size());
    }

    @Test
    void defaultsAndEcnOffAreSilent() {
        assertEquals(List.of(), Finding.messages(EcnPfcLint.warnings(STAR, SwitchSettings.defaults(), 1000)));
        assertEquals(List.of(), Finding.messages(EcnPfcLint.warnings(STAR, settings(200_000L, null, false), 1000)));
    }

    @Test
    void switchesWithTheSameLayoutAreProbedOnceAndListedTogether() {
        Topology t = new LeafSpineSpec(3, 1, 2, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
        String w = Finding.messages(EcnPfcLint.warnings(t, settings(200_000L, null, null), 1000)).get(0);
        assertEquals(true, w.contains("on leaf0, leaf1, leaf2, spine0;"), w);
    }
}
