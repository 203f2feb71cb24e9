package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * V-02, profile mlx5 at 40 Gb/s, order TIMER_DRIVEN, alpha in 1/1024 units (validation.md). Expected values by
 * hand: the first CNP starts the 1 us alpha timer and the 4 us decrease window, and the first cut comes at the
 * first window boundary with alpha after 4 ticks (no CNP flag: the first CNP only sets alpha).
 */
class Mlx5StateMachineTest {
    static final long US = 1_000_000L;
    static final double G = 1e9;
    static final long LINE = 40_000_000_000L;
    static final long T0 = 10 * US;
    static final double KEEP = 1019.0 / 1024;
    static final double GAIN = 5.0 / 1024;

    static ReactionPoint rp(Map<String, String> overrides) {
        return new ReactionPoint(DcqcnParams.profile("mlx5", LINE).override(overrides));
    }

    static void assertRate(double expectedBps, double actualBps) {
        assertEquals(expectedBps, actualBps, Math.abs(expectedBps) * 1e-12);
    }

    /** Alpha after the first CNP's 4 alpha ticks without a further CNP: (1023/1024)(1019/1024)^4 = 0.97965. */
    static final double A4 = 1023.0 / 1024 * KEEP * KEEP * KEEP * KEEP;
    /** The first decrease tick: first CNP + rate_reduce_monitor_period (4 us). */
    static final long CUT1 = T0 + 4 * US;

    @Test
    void firstCnpCutsAtTheNextDecreaseWindow() {
        // mlxconfig's description of rate_reduce_monitor_period: the rate is reduced "at the beginning of the
        // next rate_reduce_monitor_period interval"; the first CNP sets alpha = initial_alpha_value and starts
        // the 1 us alpha timer, whose 4 ticks (no CNP in their periods) come before the cut at T0 + 4 us
        ReactionPoint rp = rp(Map.of());
        assertEquals(false, rp.onCnp(T0));
        assertRate(40e9, rp.rate(T0));
        assertEquals(1023.0 / 1024, rp.alpha(T0), 0.0);
        assertEquals(CUT1, rp.nextChangePs());
        assertRate(40e9, rp.rate(CUT1 - 1));
        assertRate(40e9 * (1 - A4 / 2), rp.rate(CUT1));
        assertEquals(20.41, rp.rate(CUT1) / G, 0.005);   // 40 x (1 - 0.97965/2) = 20.4069 Gb/s
        assertEquals(1, rp.cuts());
        assertRate(40e9, rp.targetRate(CUT1));   // clamp_tgt_rate 0, no timer increase yet
    }

    @Test
    void alphaWithACnpInEveryPeriodConvergesTo1024() {
        ReactionPoint rp = rp(Map.of());
        rp.onCnp(T0);
        double expected = 1023.0 / 1024;
        for (int k = 1; k <= 3000; k++) {
            rp.onCnp(T0 + k * US - US / 2);  // one CNP inside period k
            expected = KEEP * expected + GAIN;
            if (k <= 3) {
                assertEquals(expected, rp.alpha(T0 + k * US), 1e-15);
            }
        }
        assertEquals(1.0, rp.alpha(T0 + 3000 * US), 1e-9);
        assertEquals(1024.0, rp.alpha(T0 + 3000 * US) * 1024, 1e-6);
    }

    @Test
    void alphaWithoutCnpDecaysBy1019Over1024PerMicrosecond() {
        ReactionPoint rp = rp(Map.of());
        rp.onCnp(T0);
        double a0 = 1023.0 / 1024;
        assertEquals(a0 * KEEP, rp.alpha(T0 + US), 1e-16);
        // half-life about 141.6 us
        assertTrue(rp.alpha(T0 + 141 * US) > a0 / 2);
        assertTrue(rp.alpha(T0 + 142 * US) < a0 / 2);
        assertEquals(a0 * Math.pow(KEEP, 1000), rp.alpha(T0 + 1000 * US), 1e-15);
        assertEquals(141.6, Math.log(0.5) / Math.log(KEEP), 0.05);
    }

    @Test
    void manyCnpsInOneWindowGiveOneCut() {
        ReactionPoint rp = rp(Map.of());
        rp.onCnp(T0);
        // CNPs at 4.1 .. 7.9 us after T0: the first cut (tick at 4 us) comes first, then one more at 8 us
        long[] cnps = {4_100_000, 4_500_000, 5_000_000, 7_900_000};
        for (long c : cnps) {
            assertEquals(false, rp.onCnp(T0 + c));
        }
        double rc = 40e9 * (1 - A4 / 2);
        assertEquals(1, rp.cuts());
        assertEquals(T0 + 8 * US, rp.nextChangePs());
        assertRate(rc, rp.rate(T0 + 8 * US - 1));
        // alpha ticks 1..8; periods [k-1, k) us after T0 that held a CNP: 5 (4.1, 4.5), 6 (5.0), 8 (7.9)
        double a = 1023.0 / 1024;
        for (int k = 1; k <= 8; k++) {
            boolean flag = k == 5 || k == 6 || k == 8;
            a = KEEP * a + (flag ? GAIN : 0);
        }
        assertRate(rc * (1 - a / 2), rp.rate(T0 + 8 * US));
        assertEquals(2, rp.cuts());
        assertRate(40e9, rp.targetRate(T0 + 8 * US));
    }

    @Test
    void increaseEvery300usFastRecoveryThenAdditive5ThenHyper50() {
        ReactionPoint rp = rp(Map.of("byte_counter", "0"));
        rp.onCnp(T0);
        double rc = 40e9 * (1 - A4 / 2);          // first cut at CUT1 restarts the increase timer
        assertRate(rc, rp.rate(CUT1 + 300 * US - 1));
        rc = (40e9 + rc) / 2;
        assertRate(rc, rp.rate(CUT1 + 300 * US));
        assertEquals(1, rp.timerStage());
        // a CNP at T0 + 305 us: cut at the tick at T0 + 308 us; a timer increase happened, so R_T := R_C
        rp.onCnp(T0 + 305 * US);
        long cut = T0 + 308 * US;
        assertEquals(cut, rp.nextChangePs());
        double a = 1023.0 / 1024;
        for (int k = 1; k <= 308; k++) {
            a = KEEP * a + (k == 306 ? GAIN : 0);
        }
        double rt = rc;
        rc = rc * (1 - a / 2);
        assertRate(rt, rp.targetRate(cut));
        assertRate(rc, rp.rate(cut));
        assertEquals(cut + 300 * US, rp.nextChangePs());
        rc = (rt + rc) / 2;                       // fast recovery (i_T = 0 < F = 1)
        assertRate(rt, rp.targetRate(cut + 300 * US));
        assertRate(rc, rp.rate(cut + 300 * US));
        rt += 5e6;                                // additive (i_T = F)
        rc = (rt + rc) / 2;
        assertRate(rt, rp.targetRate(cut + 600 * US));
        assertRate(rc, rp.rate(cut + 600 * US));
        for (int k = 3; k <= 5; k++) {            // hyper (i_T > F): +50 Mb/s each
            rt += 50e6;
            rc = (rt + rc) / 2;
            assertRate(rt, rp.targetRate(cut + k * 300 * US));
            assertRate(rc, rp.rate(cut + k * 300 * US));
        }
    }

    @Test
    void minDecreaseFactorCapsTheCut() {
        // decrease_gain 1 (rpg_gd 10): alpha 0.97965 at the first tick would cut 98 %, the cap leaves 50 %
        ReactionPoint rp = rp(Map.of("decrease_gain", "1"));
        rp.onCnp(T0);
        assertRate(40e9 * 0.5, rp.rate(CUT1)); // min(0.97965, 0.5)
        ReactionPoint mild = rp(Map.of("min_decrease_factor", "95%"));
        mild.onCnp(T0);
        assertRate(40e9 * 0.95, mild.rate(CUT1));
        // alpha = 1024/1024 at the cut (no decay: alpha_gain 0) still cuts at most 50 %
        ReactionPoint def = rp(Map.of("initial_alpha", "1", "alpha_gain", "0"));
        def.onCnp(T0);
        assertRate(20e9, def.rate(CUT1));
    }

    @Test
    void firstCnpCutImmediateIsStillAvailable() {
        // first_cnp_cut: immediate cuts at the CNP with the initial alpha: 40 x (1 - 1023/2048) = 20.02 Gb/s
        ReactionPoint rp = rp(Map.of("first_cnp_cut", "immediate"));
        assertTrue(rp.onCnp(T0));
        assertRate(40e9 * (1 - 1023.0 / 2048), rp.rate(T0));
    }

    @Test
    void npSpacesCnpsByMinTimeBetweenCnps() {
        NotificationPoint np = new NotificationPoint(DcqcnParams.profile("mlx5", LINE));
        List<Long> cnps = new ArrayList<>();
        for (long t = 0; t < 20 * US; t += US / 2) {
            long at = np.onCePacket(t);
            if (at != NotificationPoint.NO_CNP) {
                cnps.add(at);
            }
        }
        // min_time_between_cnps 2 us (the firmware dump's value)
        assertEquals(List.of(0L, 2 * US, 4 * US, 6 * US, 8 * US, 10 * US, 12 * US, 14 * US, 16 * US, 18 * US), cnps);
    }

    @Nested
    class Boundary {
        @Test
        void mellanoxRuleFirstEventFastRecoverySecondAdditive() {
            ReactionPoint rp = rp(Map.of("byte_counter", "0", "max_rate", "30Gbps"));
            rp.onCnp(T0);
            double rc = 30e9 * (1 - A4 / 2);
            rc = (30e9 + rc) / 2;
            assertRate(rc, rp.rate(CUT1 + 300 * US));
            assertRate(30e9, rp.targetRate(CUT1 + 300 * US));
        }

        @Test
        void incrementFirstMakesTheFirstEventAdditive() {
            ReactionPoint rp = rp(Map.of("byte_counter", "0", "stage_increment_first", "true",
                "clamp_target_rate", "true"));
            rp.onCnp(T0);
            double rt = 40e9;                     // clamped to R_C = 40 at the first cut
            double rc = 40e9 * (1 - A4 / 2);
            rp.onCnp(T0 + 100 * US);
            long cut = T0 + 104 * US;
            double a = 1023.0 / 1024;
            for (int k = 1; k <= 104; k++) {
                a = KEEP * a + (k == 101 ? GAIN : 0);
            }
            assertRate(rt, rp.targetRate(cut - 1));
            rt = rc;
            rc = rc * (1 - a / 2);
            assertRate(rc, rp.rate(cut));
            rt += 5e6;
            rc = (rt + rc) / 2;
            assertRate(rt, rp.targetRate(cut + 300 * US));
            assertRate(rc, rp.rate(cut + 300 * US));
            rt += 50e6;
            assertRate(rt, rp.targetRate(cut + 600 * US));
        }
    }

    @Test
    void byteCounterEventsCountWithTheMellanoxRule() {
        // B = 32767 * 64 B; the first byte event is fast recovery, the second additive (max(i_T, i_B) = F).
        // Bytes sent after the first cut (the cut resets the counter)
        ReactionPoint rp = rp(Map.of("max_rate", "30Gbps"));
        rp.onCnp(T0);
        double rc = 30e9 * (1 - A4 / 2);
        rp.onBytesSent(CUT1 + US, 32767L * 64 - 1);
        assertRate(rc, rp.rate(CUT1 + US));
        rp.onBytesSent(CUT1 + 2 * US, 1);
        rc = (30e9 + rc) / 2;
        assertRate(rc, rp.rate(CUT1 + 2 * US));
        assertEquals(1, rp.byteStage());
    }

    /**
     * The firmware clamps R_T after a byte-counter increase whatever {@code clamp_tgt_rate_after_time_inc} says (that
     * flag adds the timer: "the target rate should be updated if the transmission rate was increased due to the
     * timer, and not only due to the byte counter"). By hand, 40 Gb/s: first cut at CUT1 to R1 = 40(1 - A4/2); one
     * byte event 2 us later, fast recovery, R2 = (40 + R1)/2 with R_T still 40; a CNP at CUT1 + 5 us is cut at the
     * tick CUT1 + 8 us: R_T := R2, then R_C = R2 (1 - a/2) with a the alpha of that tick. Without the clamp after a
     * byte increase R_T stays at 40 Gb/s.
     */
    @Test
    void aCutAfterAByteCounterIncreaseClampsTheTargetRate() {
        for (boolean clamp : new boolean[] {true, false}) {
            ReactionPoint rp = rp(clamp ? Map.of() : Map.of("clamp_after_byte_increase", "false"));
            rp.onCnp(T0);
            double r1 = 40e9 * (1 - A4 / 2);
            rp.onBytesSent(CUT1 + 2 * US, 32767L * 64);
            double r2 = (40e9 + r1) / 2;
            assertRate(r2, rp.rate(CUT1 + 2 * US));
            assertEquals(0, rp.timerStage(), "no timer increase: 300 us have not passed");
            rp.onCnp(CUT1 + 5 * US);
            long cut = CUT1 + 8 * US;
            // alpha ticks 1..12 after T0: periods 1-4 and 6-8 without a CNP, period 10 (the CNP at T0 + 9 us) with one
            double a = 1023.0 / 1024;
            for (int k = 1; k <= 12; k++) {
                a = KEEP * a + (k == 10 ? GAIN : 0);
            }
            assertRate(r2 * (1 - a / 2), rp.rate(cut));
            assertRate(clamp ? r2 : 40e9, rp.targetRate(cut));
        }
    }
}
