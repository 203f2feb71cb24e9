package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.nic.cc.CcKeys;
import org.lossless.nic.hpcc.HpccParams;

/** {@link CcAlgorithms#withFabricRtt}: the fabric's base RTT is asked for once, and only by an algorithm that needs it. */
class CcFabricRttTest {
    private static final long G100 = 100_000_000_000L;

    @Test
    void askedOnceByTheFirstAlgorithmWithBaseRttAutoNeverByNoneOrDcqcn() {
        assertEquals(CcKeys.AUTO, HpccParams.DEFAULTS.baseRttPs(), "HPCC's default base_rtt is auto");
        NicConfig c = NicConfig.builder().dcqcn((org.lossless.core.settings.Values) null, G100).build();
        assertTrue(c.ccSettings().needsFabricRtt());
        int[] asked = {0};
        CcFactory f = CcAlgorithms.withFabricRtt(() -> {
            asked[0]++;
            return 6_000_000L;
        });
        f.create("none", c, G100);
        f.create("dcqcn", c, G100);
        assertEquals(0, asked[0], "neither none nor DCQCN has a base_rtt");
        f.create("hpcc", c, G100);
        f.create("hpcc", c, G100);
        assertEquals(1, asked[0], "asked once per factory (one per run)");
        int[] other = {0};
        CcAlgorithms.withFabricRtt(() -> ++other[0]).create("hpcc", c, G100);
        assertEquals(1, other[0], "another run's factory asks again");
    }
}
