package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * Forwarding latency and cut-through of one switch, by hand. Three-host star; frames come in on ports 0 and 1
 * and leave on port 2 towards host 2, whose link has no delay, so a delivery time is the end of the egress
 * transmission. A 1000 B frame is 1020 B of line time: 81,600 ps at 100 Gb/s, 326,400 ps at 25 Gb/s. Frames
 * arrive (last bit in) at T0 = 1 us.
 */
class SwitchForwardingTest {
    private static final long G100 = 100_000_000_000L;
    private static final long T0 = 1_000_000;
    private static final long SER = 81_600;

    private OneSwitch bench;

    private void build(long ingressRate, long latencyPs, boolean cut) {
        bench = new OneSwitch(ingressRate, SwitchSettings.defaults());
        bench.sw.forwarding(latencyPs, cut);
    }

    private void arrive(long at, int inPort) {
        bench.arrive(at, inPort, 0);
    }

    private List<Long> run() {
        return bench.run();
    }

    @Nested
    class StoreAndForward {
        @Test
        void noLatencyLeavesAtTheLastBitIn() {
            build(G100, 0, false);
            arrive(T0, 0);
            assertEquals(List.of(T0 + SER), run());
        }

        @Test
        void latencyDelaysTheFirstBitOut() {
            build(G100, 500_000, false);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 500_000 + SER), run());
        }

        @Test
        void aLaterFrameWaitsForTheWireNotOnlyForItsLatency() {
            // first: ready T0 + 500,000, done T0 + 581,600; second (T0 + 10,000): ready T0 + 510,000, port busy
            build(G100, 500_000, false);
            arrive(T0, 0);
            arrive(T0 + 10_000, 1);
            assertEquals(List.of(T0 + 500_000 + SER, T0 + 500_000 + 2 * SER), run());
        }

        @Test
        void framesFarApartEachTakeTheLatency() {
            build(G100, 500_000, false);
            arrive(T0, 0);
            arrive(T0 + 2_000_000, 1);
            assertEquals(List.of(T0 + 500_000 + SER, T0 + 2_500_000 + SER), run());
        }
    }

    @Nested
    class CutThrough {
        @Test
        void anIdleEgressSendsLatencyAfterTheFirstBitIn() {
            // first bit in at T0 - 81,600; first bit out 500,000 later; last bit out at T0 + 500,000
            build(G100, 500_000, true);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 500_000), run());
        }

        @Test
        void withoutLatencyAnIdleEgressSendsAtTheFirstBitIn() {
            // first bit in at T0 - 81,600 and out at once: the last bit leaves as it arrives, at T0 (store and
            // forward: T0 + 81,600)
            build(G100, 0, true);
            arrive(T0, 0);
            assertEquals(List.of(T0), run());
        }

        @Test
        void aLatencyShorterThanTheFrameStillEndsAfterTheLastBitIn() {
            // 50 ns: first bit out at T0 - 31,600, last bit out at T0 + 50,000
            build(G100, 50_000, true);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 50_000), run());
        }

        @Test
        void aBusyEgressStoresAndForwards() {
            // both arrive at T0; the first cuts through (done T0 + 500,000), the second is ready at
            // T0 + 500,000 and follows: T0 + 581,600
            build(G100, 500_000, true);
            arrive(T0, 0);
            arrive(T0, 1);
            assertEquals(List.of(T0 + 500_000, T0 + 500_000 + SER), run());
        }

        @Test
        void aSlowIngressToAFastEgressStoresAndForwards() {
            // 25 Gb/s in, 100 Gb/s out: no cut-through (the egress would run out of bits)
            build(25_000_000_000L, 500_000, true);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 500_000 + SER), run());
        }
    }

    @Test
    void negativeLatencyIsRefused() {
        build(G100, 0, false);
        assertThrows(IllegalArgumentException.class, () -> bench.sw.forwarding(-1, false));
    }
}
