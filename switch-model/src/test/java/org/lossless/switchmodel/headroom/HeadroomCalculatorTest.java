package org.lossless.switchmodel.headroom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Numbers from reference switch-buffer-pfc.md §5.2, §5.3, §5.5 and §2. */
class HeadroomCalculatorTest {
    static final long G100 = 100_000_000_000L;
    static final long G400 = 400_000_000_000L;

    @Nested
    class Exact {
        @Test
        void hundredGigOverHundredMetres() {
            HeadroomResult r = HeadroomCalculator.exact(HeadroomInputs.of(G100, 100));
            assertEquals(25_216, r.component("peer_response").bytes());
            assertEquals(12_626, Math.round(r.component("cable").bytes()));
            assertEquals(10_124, r.component("port_mtu").bytes() + r.component("lossless_mtu").bytes());
            assertEquals(819, Math.round(r.component("mac_phy").bytes()));
            assertEquals(48.8, r.xoffBytes() / 1000.0, 0.05);
            assertEquals(r.rawXoffBytes(), r.components().stream().mapToDouble(Component::bytes).sum(), 1e-9);
        }

        @Test
        void fourHundredGigOverHundredMetres() {
            HeadroomResult r = HeadroomCalculator.exact(HeadroomInputs.of(G400, 100));
            assertEquals(57_920, r.component("peer_response").bytes());
            assertEquals(50_505, Math.round(r.component("cable").bytes()));
            assertEquals(119.4, r.xoffBytes() / 1000.0, 0.05);
        }

        @Test
        void fiveMetreCableAndResponseTimes() {
            assertEquals(631, Math.round(HeadroomCalculator.exact(HeadroomInputs.of(G100, 5)).component("cable").bytes()));
            assertEquals(2525, Math.round(HeadroomCalculator.exact(HeadroomInputs.of(G400, 5)).component("cable").bytes()));
            String f100 = HeadroomCalculator.exact(HeadroomInputs.of(G100, 5)).component("peer_response").formula();
            assertTrue(f100.contains("394 quanta") && f100.contains("2.02 us"), f100);
            String f400 = HeadroomCalculator.exact(HeadroomInputs.of(G400, 5)).component("peer_response").formula();
            assertTrue(f400.contains("1.16 us"), f400);
        }

        @Test
        void longHaulCablesAreAcceptedAndScaleLinearly() {
            // 80 km at 100G (reference V-07's distance): 2 x 80,000 m / 1.98e8 m/s x 12.5e9 B/s = 10,101,010 B
            assertEquals(10_101_010, Math.round(HeadroomCalculator.exact(HeadroomInputs.of(G100, 80_000)).component("cable").bytes()));
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> HeadroomInputs.of(G100, -1));
            assertTrue(e.getMessage().startsWith("cable length must be a finite length >= 0 m"), e.getMessage());
        }

        @Test
        void pauseFrameIsOptional() {
            HeadroomInputs in = HeadroomInputs.of(G100, 100);
            long without = HeadroomCalculator.exact(in).xoffBytes();
            assertEquals(without + 84, HeadroomCalculator.exact(in.withPauseFrame(true)).xoffBytes(), 1);
        }

        @Test
        void tenGigUsesTheIeeeBudget() {
            assertEquals(60 * 64, HeadroomCalculator.exact(HeadroomInputs.of(10_000_000_000L, 5))
                    .component("peer_response").bytes());
            assertEquals(67 * 64, HeadroomCalculator.sonic(HeadroomInputs.of(10_000_000_000L, 5))
                    .component("peer_response").bytes());
        }
    }

    /** §5.3 table: Spectrum-1 constants, cell occupancy 2. */
    @ParameterizedTest(name = "{0} bps, {1} m")
    @CsvSource({"100000000000, 5, 72704, 91136", "100000000000, 40, 81920, 100352", "100000000000, 300, 147456, 165888",
            "400000000000, 5, 142336, 160768", "400000000000, 40, 177152, 195584", "400000000000, 300, 440320, 458752"})
    void sonicDynamicModelRows(long rate, double cable, long xoff, long size) {
        HeadroomResult r = HeadroomCalculator.sonic(HeadroomInputs.of(rate, cable));
        assertEquals(xoff, r.xoffBytes());
        assertEquals(18_432, r.xonBytes());
        assertEquals(size, r.sizeBytes());
        assertEquals(r.rawXoffBytes(), r.components().stream().mapToDouble(Component::bytes).sum(), 1e-6);
    }

    @Test
    void sonicWithSharedHeadroomPoolSizesOnlyXon() {
        HeadroomResult r = HeadroomCalculator.sonic(HeadroomInputs.of(G100, 5).withSharedHeadroomPool(true));
        assertEquals(72_704, r.xoffBytes());
        assertEquals(18_432, r.sizeBytes());
    }

    @Test
    void unknownSpeedTakesTheNextFasterSpeedsBudget() {
        // 300 G is not in the table: the 400 G budget, 905 quanta x 64 B = 57,920 B (the ASIC's 3.8 KiB before)
        HeadroomResult r = HeadroomCalculator.sonic(HeadroomInputs.of(300_000_000_000L, 5));
        assertEquals(905 * 64, r.component("peer_response").bytes(), 1e-9);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("not in the pause-quanta table")
                && n.contains("400Gbps budget of 905 quanta")), r.notes().toString());
        // 1.6 Tb/s, above the table: the fastest entry's 905 quanta, never less than 100 G's 394 x 64 = 25,216 B
        HeadroomResult t16 = HeadroomCalculator.exact(HeadroomInputs.of(1_600_000_000_000L, 5));
        assertEquals(57_920, t16.component("peer_response").bytes(), 1e-9);
        assertTrue(t16.xoffBytes() > HeadroomCalculator.exact(HeadroomInputs.of(G100, 5)).xoffBytes());
        assertEquals(394 * 64 * 2, HeadroomCalculator.sonic(HeadroomInputs.of(300_000_000_000L, 5).withResponseQuanta(788))
                .component("peer_response").bytes());
    }

    @Test
    void luaCellOccupancyFormula() {
        assertEquals(2 * 96.0 / 97, HeadroomInputs.sonicCellOccupancy(96, 100), 1e-12);
        assertEquals(1.0, HeadroomInputs.sonicCellOccupancy(96, 0), 1e-12);
        assertEquals(256 / 64.0, HeadroomInputs.sonicCellOccupancy(256, 100), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> HeadroomInputs.sonicCellOccupancy(96, 101));
    }

    @Test
    void mlx5Rule() {
        HeadroomResult r = HeadroomCalculator.mlx5(G100, 100, 1500, 0);
        assertEquals(55_780, r.xoffBytes());
        assertEquals(51_700, r.component("cable_speed").bytes());
        assertEquals(4_080, r.component("mtu").bytes());
        HeadroomResult withBuffer = HeadroomCalculator.mlx5(G100, 100, 1500, 262_144);
        assertEquals(262_144 - 55_780 - 1500, withBuffer.xonBytes());
        assertEquals(HeadroomCalculator.mlx5(40_000_000_000L, 7, 1024, 0).xoffBytes(),
                HeadroomCalculator.mlx5(25_000_000_000L, 7, 1024, 0).xoffBytes(), "speed floored at 40G");
        assertThrows(IllegalArgumentException.class, () -> HeadroomCalculator.mlx5(G100, 1001, 1500, 0));
    }

    @Test
    void hpccRule() {
        assertEquals(37_500, HeadroomCalculator.hpcc(G100, 0, 1_000_000).xoffBytes());
        assertEquals(150_000, HeadroomCalculator.hpcc(G400, 0, 1_000_000).xoffBytes());
    }

    @Test
    void textListsEveryComponent() {
        String t = HeadroomCalculator.sonic(HeadroomInputs.of(G100, 100)).toText();
        for (String s : new String[] {"peer response", "cable round trip", "port MTU", "lossless MTU", "MAC/PHY",
                "cell occupancy", "xoff:", "xon:", "size:"}) {
            assertTrue(t.contains(s), s + " missing in\n" + t);
        }
    }

    @Test
    void badInputsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HeadroomInputs.of(0, 5));
        assertTrue(e.getMessage().startsWith("--rate"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HeadroomInputs.of(G100, -1));
        assertThrows(IllegalArgumentException.class, () -> HeadroomInputs.of(G100, 5).withCellOccupancy(0.5));
    }

    /** CBFC credit sizing by hand: link RTT x rate + frame, the RTT counting the credit frame's line time. */
    @Nested
    class Cbfc {
        @Test
        void oneMicrosecondOfCableAtHundredGig() {
            // 1 us one way = 198 m at 1.98e8 m/s: 2 us x 12.5 GB/s = 25,000 B; + 4,158 B frame + 84 B credit frame
            HeadroomResult r = HeadroomCalculator.cbfc(HeadroomInputs.of(G100, 198), 4158);
            assertEquals(25_000, r.component("cable").bytes(), 1e-6);
            assertEquals(84, r.component("credit_frame").bytes());
            assertEquals(29_242, r.xoffBytes());
            assertEquals(29_242, r.sizeBytes());
            assertEquals(-1, r.xonBytes());
            assertTrue(r.toText().contains("credits per class: 29242 B"), r.toText());
        }

        @Test
        void fourHundredGigOverHundredMetresNeedsMoreThanThePfcCable() {
            // 2 x 100 m x 4e11 / 1.98e8 / 8 = 50,505.05 B; + 4,158 + 84 = 54,747.05 -> 54,748 B
            HeadroomResult r = HeadroomCalculator.cbfc(HeadroomInputs.of(G400, 100), 4158);
            assertEquals(54_748, r.xoffBytes());
        }

        @Test
        void aGearboxAtEachEndAddsItsDelayTwice() {
            // 100 ns of gearbox at 100 Gb/s = 1,250 B per end
            HeadroomResult r = HeadroomCalculator.cbfc(HeadroomInputs.of(G100, 198).withGearboxDelayPs(100_000), 4158);
            assertEquals(29_242 + 2_500, r.xoffBytes());
        }

        /**
         * The rule against the simulated credit loop (sim-core LinkCreditsTest: 4,000 B frames, 100 G, 500 ns of
         * cable each way, 100 ns credit delay): there 4 frames of credit (16,000 B) move 89.6 Gb/s and 5 frames
         * (20,000 B) the line rate, so the smallest credit at line rate is 20,000 B.
         */
        @Test
        void theRuleIsWithinOneFrameOfTheSimulatedLoopAndAutoGrantsItsWholeFrames() {
            // 99 m = 500 ns at 1.98e8 m/s: 4,000 + (1,000 + 6.72 + 100 ns) x 12.5 B/ns = 17,834 B
            HeadroomResult r = HeadroomCalculator.cbfc(HeadroomInputs.of(G100, 99), 4000, 100_000);
            assertEquals(17_834, r.xoffBytes());
            assertTrue(Math.abs(20_000 - r.xoffBytes()) <= 4000);
            assertTrue(r.toText().contains("in whole frames: 5 x 4000 B = 20000 B"), r.toText());
            assertEquals(20_000, org.lossless.switchmodel.settings.CbfcSettings.autoCredits(G100, 500_000, 4000,
                    100_000));
        }

        @Test
        void aFrameMustHaveASize() {
            assertThrows(IllegalArgumentException.class, () -> HeadroomCalculator.cbfc(HeadroomInputs.of(G100, 5), 0));
        }
    }
}
