package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** V-02, profile paper2015 at 40 Gb/s (validation.md; values derived from dcqcn.md §3-4). */
class PaperStateMachineTest {
    static final long US = 1_000_000L;
    static final double G = 1e9;
    static final long LINE = 40_000_000_000L;
    static final long T0 = 1_000 * US;
    static final double GAIN = 1.0 / 256;

    static void assertRate(double expectedGbps, double actualBps) {
        assertEquals(expectedGbps * G, actualBps, Math.abs(expectedGbps * G) * 1e-12);
    }

    static ReactionPoint rp(Map<String, String> overrides) {
        return new ReactionPoint(DcqcnParams.profile("paper2015", LINE).override(overrides));
    }

    @Test
    void step1FirstCnpCutsToHalfAndAlphaStaysOne() {
        ReactionPoint rp = rp(Map.of());
        assertRate(40, rp.rate(0));
        rp.onCnp(T0);
        assertRate(40, rp.targetRate(T0));
        assertRate(20, rp.rate(T0));
        assertEquals(1.0, rp.alpha(T0), 0.0);
    }

    @Test
    void step2FiveFastRecoveryEventsThenAdditiveCappedAtLineRate() {
        ReactionPoint rp = rp(Map.of());
        rp.onCnp(T0);
        double[] expected = {30, 35, 37.5, 38.75, 39.375};
        for (int k = 1; k <= 5; k++) {
            assertRate(expected[k - 1], rp.rate(T0 + k * 55 * US));
            assertRate(40, rp.targetRate(T0 + k * 55 * US));
        }
        // just before the 6th event nothing changes
        assertRate(39.375, rp.rate(T0 + 330 * US - 1));
        assertRate(40, rp.targetRate(T0 + 330 * US));
        assertRate((40 + 39.375) / 2, rp.rate(T0 + 330 * US));
        assertEquals(6, rp.timerStage());
    }

    @Test
    void step3AlphaDecaysEvery55usWithoutCnp() {
        ReactionPoint rp = rp(Map.of());
        rp.onCnp(T0);
        assertEquals(1.0, rp.alpha(T0 + 55 * US - 1), 0.0);
        assertEquals(0.99609375, rp.alpha(T0 + 55 * US), 0.0);
        assertEquals(Math.pow(255.0 / 256, 10), rp.alpha(T0 + 550 * US), 1e-15);
    }

    @Test
    void step4And5SecondCnpThenFastRecoveryAndAdditive() {
        ReactionPoint rp = rp(Map.of());
        rp.onCnp(T0);
        long t1 = T0 + 60 * US;
        assertRate(30, rp.rate(t1));
        assertEquals(0.99609375, rp.alpha(t1), 0.0);
        rp.onCnp(t1);
        assertRate(30, rp.targetRate(t1));
        assertRate(15.05859375, rp.rate(t1));
        double alpha = (1 - GAIN) * 0.99609375 + GAIN;
        assertEquals(alpha, rp.alpha(t1), 1e-16);
        assertEquals(0.99610901, rp.alpha(t1), 5e-9);

        double rc = 15.05859375;
        double[] published = {22.5293, 26.2646, 28.1323, 29.0662, 29.5331};
        for (int k = 1; k <= 5; k++) {
            rc = (30 + rc) / 2;
            double actual = rp.rate(t1 + k * 55 * US);
            assertRate(rc, actual);
            assertEquals(published[k - 1], actual / G, 5e-5);
        }
        double rt = 30.04;
        rc = (rt + rc) / 2;
        assertRate(rt, rp.targetRate(t1 + 330 * US));
        assertRate(rc, rp.rate(t1 + 330 * US));
        assertEquals(29.7865, rc, 1e-4);
        // alpha decayed 6 times since the second CNP
        assertEquals(alpha * Math.pow(1 - GAIN, 6), rp.alpha(t1 + 330 * US), 1e-15);
    }

    @Test
    void step6ByteCounterHasItsOwnStageAndBothAboveFGiveProgressiveHyperIncrease() {
        ReactionPoint rp = rp(Map.of());
        rp.onCnp(T0);
        // five timer events (fast recovery) then a second CNP at 280 us: R_T below the line rate
        long t1 = T0 + 280 * US;
        rp.onCnp(t1);
        double alpha = Math.pow(1 - GAIN, 5);
        double rt = 39.375;
        double rc = 39.375 * (1 - alpha / 2);
        assertRate(rt, rp.targetRate(t1));
        assertRate(rc, rp.rate(t1));

        // 60 MB sent 1 us later: six byte events; i_B = 0..4 fast recovery, i_B = 5 (i_T = 0) additive
        long tb = t1 + US;
        rp.onBytesSent(tb, 60_000_000L);
        for (int i = 0; i < 5; i++) {
            rc = (rt + rc) / 2;
        }
        rt += 0.04;
        rc = (rt + rc) / 2;
        assertRate(rt, rp.targetRate(tb));
        assertRate(rc, rp.rate(tb));
        assertEquals(6, rp.byteStage());

        // timer events: i_T = 0..4 fast recovery; i_T = 5 with i_B = 6: hyper, i = min(5, 6) - 5 + 1 = 1
        for (int k = 1; k <= 5; k++) {
            rc = (rt + rc) / 2;
        }
        assertRate(rc, rp.rate(t1 + 275 * US));
        rt += 0.2;
        rc = (rt + rc) / 2;
        assertRate(rt, rp.targetRate(t1 + 330 * US));
        assertRate(rc, rp.rate(t1 + 330 * US));
        // next timer event: i_T = 6, i_B = 6: i = 2
        rt = Math.min(40, rt + 0.4);
        rc = (rt + rc) / 2;
        assertRate(rt, rp.targetRate(t1 + 385 * US));
        assertRate(rc, rp.rate(t1 + 385 * US));
    }

    @Test
    void step7NpGivesOneCnpPer50usUnderContinuousMarking() {
        NotificationPoint np = new NotificationPoint(DcqcnParams.profile("paper2015", LINE));
        List<Long> cnps = new ArrayList<>();
        for (long t = 0; t < 200 * US; t += US) {
            long at = np.onCePacket(t);
            if (at != NotificationPoint.NO_CNP) {
                assertEquals(t, at);
                cnps.add(at);
            }
        }
        assertEquals(List.of(0L, 50 * US, 100 * US, 150 * US), cnps);
    }

    @Nested
    class Boundary {
        @Test
        void paperRuleGivesFFastRecoveryEventsThenAdditive() {
            ReactionPoint rp = rp(Map.of("max_rate", "30Gbps"));
            rp.onCnp(T0); // R_T = 30, R_C = 15
            double rc = 15;
            for (int k = 1; k <= 5; k++) {
                rc = (30 + rc) / 2;
                assertRate(30, rp.targetRate(T0 + k * 55 * US));
                assertRate(rc, rp.rate(T0 + k * 55 * US));
            }
            // 6th event additive (capped at R_max = 30)
            assertRate(30, rp.targetRate(T0 + 330 * US));
        }

        @Test
        void authorsNs3IncrementFirstGivesFMinusOneFastRecoveryEvents() {
            ReactionPoint rp = rp(Map.of("stage_increment_first", "true"));
            rp.onCnp(T0);
            long t1 = T0 + 60 * US;
            rp.onCnp(t1); // R_T = 30 (after one event)
            double rc = rp.rate(t1) / G;
            for (int k = 1; k <= 4; k++) {
                rc = (30 + rc) / 2;
                assertRate(30, rp.targetRate(t1 + k * 55 * US));
                assertRate(rc, rp.rate(t1 + k * 55 * US));
            }
            assertRate(30.04, rp.targetRate(t1 + 5 * 55 * US));
        }
    }

    @Nested
    class Options {
        @Test
        void alphaFirstOrderCutsWithTheUpdatedAlpha() {
            ReactionPoint rp = rp(Map.of("order", "alpha_first", "initial_alpha", "0.5"));
            rp.onCnp(T0);
            double a = (1 - GAIN) * 0.5 + GAIN;
            assertRate(40 * (1 - a / 2), rp.rate(T0));
            assertEquals(a, rp.alpha(T0), 1e-16);
        }

        @Test
        void paperOrderCutsWithTheAlphaBeforeTheCnp() {
            ReactionPoint rp = rp(Map.of("initial_alpha", "0.5"));
            rp.onCnp(T0);
            assertRate(30, rp.rate(T0));
            assertEquals((1 - GAIN) * 0.5 + GAIN, rp.alpha(T0), 1e-16);
        }

        @Test
        void minRateBoundsRepeatedCuts() {
            ReactionPoint rp = rp(Map.of());
            for (long t = 0; t < 20 * 50 * US; t += 50 * US) {
                rp.onCnp(t);
            }
            assertRate(0.1, rp.rate(20 * 50 * US - 1));
        }

        @Test
        void qcnQuirkDividesAFarTargetByEight() {
            ReactionPoint far = rp(Map.of("qcn_target_quirk", "true", "clamp_target_rate", "false"));
            far.onCnp(0);
            far.onCnp(1);
            far.onCnp(2);
            far.onCnp(3); // R_T = 40, R_C = 40 * (1/2)^4 = 2.5 (alpha stays 1)
            assertRate(2.5, far.rate(3));
            // first increase event: R_T = 40 > 10 * 2.5, so R_T := 5, then fast recovery
            assertRate(5, far.targetRate(3 + 55 * US));
            assertRate(3.75, far.rate(3 + 55 * US));
        }
    }
}
