package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * Issue 31: 1 TiB over 1 Kb/s needs about 8.9e21 ps alone (2^43 bits / 1000 b/s = 8.8e9 s), beyond a long's
     * 9.2e18: the ideal used to wrap to a wrong number; it is an error now. 1 TiB at 1 Gb/s (8.8e15 ps) is exact.
     */
    @Test
    void anIdealBeyondTheLongestRepresentableTimeIsAnErrorNotAWrappedNumber() {
        long tib = 1L << 40;
        List<Cable> slow = List.of(new Cable(0, 0, 1, 0, 1_000L, 0), new Cable(1, 1, 2, 0, 1_000L, 0));
        org.junit.jupiter.api.Assertions.assertThrows(ArithmeticException.class, () -> IdealFct.fctPs(org.lossless.core.net.WireFormat.ROCEV2, slow, tib, 1024));
        List<Cable> gig = List.of(new Cable(0, 0, 1, 0, 1_000_000_000L, 0));
        long ideal = IdealFct.fctPs(org.lossless.core.net.WireFormat.ROCEV2, gig, tib, 1024);
        // at least the payload bits at 1 Gb/s (8.8e15 ps), at most with 200 B of headers and framing per 1024 B packet
        assertTrue(ideal >= tib * 8 * 1000 && ideal <= tib * 8 * 1000 / 1024 * 1224, "ideal " + ideal);
    }
}
