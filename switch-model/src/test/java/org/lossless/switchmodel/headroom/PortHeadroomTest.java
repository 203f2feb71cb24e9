package org.lossless.switchmodel.headroom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link PortHeadroom}, the simulator's {@code headroom: auto}: the SONiC formula with the run's conventions plus the
 * frame that crosses the PFC threshold, which the MMU admits whole to headroom. Expected values by hand.
 */
class PortHeadroomTest {
    static final long G100 = 100_000_000_000L;
    /** IEEE 802.3 budget at 100 Gb/s: 394 quanta of 5,120 ps = 2.01728 us = 25,216 B of line time. */
    static final long RESPONSE_100G = 394 * 5_120L;

    @Nested
    class CrossingFrame {
        /**
         * The k=16 fat-tree's fabric port: 100 Gb/s, 1 us (200 m at 5 ns/m), nic.mtu 4096 (largest frame 4,174 B).
         * SONiC part: 4174 + (4174 + cable 2 x 200 m x 100 Gb/s / 1.98e8 m/s / 8 = 25,252.53 + MAC/PHY 819.2 + 25,216)
         * = 59,635.73 B (59 KiB = 60,416 B before this term: that port dropped a frame at 62,370 B, 15 frames of
         * 4,158 B); plus the crossing frame 4,174 B = 63,809.73 -> 63 KiB = 64,512 B.
         */
        @Test
        void isOneLargestFrameOnTopOfTheSonicFormula() {
            HeadroomResult r = PortHeadroom.compute(G100, 200, 4174, 1, RESPONSE_100G);
            assertEquals(4174, r.component(PortHeadroom.CROSSING_FRAME).bytes());
            assertEquals(59_635.73, r.rawXoffBytes() - 4174, 0.01);
            assertEquals(63_809.73, r.rawXoffBytes(), 0.01);
            assertEquals(64_512, r.xoffBytes());
            assertEquals(64_512, PortHeadroom.bytes(G100, 200, 4174, 1, RESPONSE_100G));
            assertTrue(r.xoffBytes() >= 15 * 4158, "holds the 15 frames that overflowed 60,416 B");
        }

        /** The sonic model alone (the calculator's own model) is unchanged: it has no crossing frame. */
        @Test
        void theSonicModelItselfIsUnchanged() {
            HeadroomResult sonic = HeadroomCalculator.sonic(PortHeadroom.inputs(G100, 200, 4174, 1, RESPONSE_100G));
            assertEquals(60_416, sonic.xoffBytes());
            assertTrue(sonic.components().stream().noneMatch(c -> c.key().equals(PortHeadroom.CROSSING_FRAME)));
        }

        /**
         * With 96 B cells the frame is charged whole cells: 1,102 B = 12 cells = 1,152 B. SONiC part at 100 G and 2 m
         * (cable 252.53 B) with cell occupancy 1152/1102: 1102 + (1102 + 252.53 + 819.2 + 25,216) x 1152/1102 =
         * 1102 + 27,389.73 x 1152/1102 = 1102 + 28,632.45 = 29,734.45; plus 1,152 = 30,886.45 -> 31 KiB = 31,744 B.
         */
        @Test
        void isChargedInWholeCells() {
            HeadroomResult r = PortHeadroom.compute(G100, 2, 1102, 96, RESPONSE_100G);
            assertEquals(1152, r.component(PortHeadroom.CROSSING_FRAME).bytes(), 1e-9);
            assertEquals(30_886.45, r.rawXoffBytes(), 0.01);
            assertEquals(31_744, r.xoffBytes());
        }
    }
}
