package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.WireFormat;
import org.lossless.topology.Cable;

/** The steady-state shortcut of the ideal FCT against the plain packet-by-packet recursion. */
class IdealFctTest {
    private static final long[] RATES = {10_000_000_000L, 25_000_000_000L, 40_000_000_000L, 100_000_000_000L,
        200_000_000_000L, 400_000_000_000L};

    @Test
    void shortcutEqualsRecursionOnRandomPathsAndSizes() {
        Random rnd = new Random(42);
        for (int trial = 0; trial < 400; trial++) {
            int hops = 1 + rnd.nextInt(6);
            List<Cable> path = new ArrayList<>();
            for (int i = 0; i < hops; i++) {
                path.add(new Cable(i, 0, i + 1, 1, RATES[rnd.nextInt(RATES.length)], rnd.nextInt(3_000_000)));
            }
            int mtu = new int[] {256, 1000, 1024, 4096}[rnd.nextInt(4)];
            long size = 1 + (long) rnd.nextInt(3_000_000);
            assertEquals(IdealFct.fctPsByRecursion(WireFormat.ROCEV2, path, size, mtu), IdealFct.fctPs(WireFormat.ROCEV2, path, size, mtu),
                    "trial " + trial + ": " + path + " size " + size + " mtu " + mtu);
        }
    }

    @Test
    void aTerabyteFlowIsExactAndQuick() {
        // Two 100G hops of 1 us. The first packet (1024 B + 98 B wire with RETH: 89,760 ps) crosses hop 1, then
        // hop 2 serializes it and, back to back behind it, every other packet (1106 B = 88,480 ps each).
        List<Cable> path = List.of(new Cable(0, 0, 1, 0, 100_000_000_000L, 1_000_000),
                new Cable(1, 1, 2, 0, 100_000_000_000L, 1_000_000));
        long size = 1L << 40;
        long packets = size / 1024;
        long expected = 2 * 89_760 + (packets - 1) * 88_480 + 2_000_000;
        assertEquals(expected, IdealFct.fctPs(WireFormat.ROCEV2, path, size, 1024));
    }
}
