package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** V-02, profile hpcc2019 at 100 Gb/s (validation.md). */
class Hpcc2019StateMachineTest {
    static final long US = 1_000_000L;
    static final long NS = 1_000L;
    static final double G = 1e9;
    static final long LINE = 100_000_000_000L;
    static final long T0 = 2_000 * US;

    static ReactionPoint rp(Map<String, String> overrides) {
        return new ReactionPoint(DcqcnParams.profile("hpcc2019", LINE).override(overrides));
    }

    static void assertRate(double expectedBps, double actualBps) {
        assertEquals(expectedBps, actualBps, Math.abs(expectedBps) * 1e-12);
    }

    @Test
    void firstCnpNoCutThenCutAtTheFirstTickThenIncreases() {
        ReactionPoint rp = rp(Map.of());
        assertFalse(rp.onCnp(T0));
        assertRate(100e9, rp.rate(T0));
        assertRate(100e9, rp.targetRate(T0));
        assertEquals(1.0, rp.alpha(T0), 0.0);
        long cut = T0 + 4 * US + NS;
        assertEquals(cut, rp.nextChangePs());
        assertRate(100e9, rp.rate(cut - 1));
        double a = Math.pow(255.0 / 256, 4);
        assertEquals(0.984466, a, 5e-7);
        assertEquals(a, rp.alpha(cut), 1e-15);
        double rc = 100e9 * (1 - a / 2);
        assertRate(rc, rp.rate(cut));
        assertEquals(50.7767, rc / G, 5e-5);
        assertRate(100e9, rp.targetRate(cut));  // no clamp at timer stage 0

        rc = (100e9 + rc) / 2;
        assertRate(rc, rp.rate(cut + 300 * US));
        assertEquals(75.3883, rc / G, 5e-5);
        rc = (100e9 + rc) / 2;                  // additive, R_T capped at 100
        assertRate(rc, rp.rate(cut + 600 * US));
        assertRate(100e9, rp.targetRate(cut + 600 * US));
        assertEquals(87.6942, rc / G, 5e-5);
        rc = (100e9 + rc) / 2;                  // hyper
        assertRate(rc, rp.rate(cut + 900 * US));
        assertEquals(93.8471, rc / G, 5e-5);
        assertEquals(1, rp.cuts());
    }

    @Test
    void profileScalesIncreaseStepsWithLinkSpeed() {
        DcqcnParams p = DcqcnParams.profile("hpcc2019", LINE);
        assertEquals(20_000_000L, p.additiveIncreaseBps());
        assertEquals(200_000_000L, p.hyperIncreaseBps());
        assertEquals(1_000_000_000L, p.minRateBps());
    }

    @Test
    void repeatedCutsNeverGoBelowOneGbps() {
        ReactionPoint rp = rp(Map.of());
        NotificationPoint np = new NotificationPoint(rp.params());
        double lowest = Double.MAX_VALUE;
        for (long t = 0; t < 2_000 * US; t += US / 10) {
            long at = np.onCePacket(t);
            assertEquals(t, at);       // rp mode: every CE-marked packet flags its ACK
            rp.onCnp(at);
            lowest = Math.min(lowest, rp.rate(t));
        }
        assertEquals(1e9, lowest, 0.0);
        assertEquals(20_000, np.cnps());
        // at most one cut per 4 us window: ticks at 4 us + 1 ns + k * 4 us
        assertTrue(rp.cuts() <= 2_000 / 4);
        assertEquals(2_000 / 4 - 1, rp.cuts());
    }

    @Test
    void timerOnlyBoundaryIsStageEqualsF() {
        ReactionPoint rp = rp(Map.of("fast_recovery_steps", "2", "max_rate", "60Gbps"));
        rp.onCnp(0);
        long cut = 4 * US + NS;
        double a = Math.pow(255.0 / 256, 4);
        double rt = 60e9;
        double rc = 60e9 * (1 - a / 2);
        assertRate(rc, rp.rate(cut));
        // a second CNP after one timer increase: clamp (stage > 0), then FR, FR, AI, HI
        rp.onCnp(cut + 300 * US);
        rc = (rt + rc) / 2;
        long cut2 = cut + 304 * US;
        assertEquals(cut2, rp.nextChangePs());
        double alpha = a;
        for (int k = 5; k <= 308; k++) {    // ticks at 5..308 us after the first CNP; the CNP at 304.001 us flags tick 305
            alpha = (255.0 / 256) * alpha + (k == 305 ? 1.0 / 256 : 0);
        }
        rt = rc;
        rc = rc * (1 - alpha / 2);
        assertRate(rt, rp.targetRate(cut2));
        assertRate(rc, rp.rate(cut2));
        rc = (rt + rc) / 2;
        assertRate(rc, rp.rate(cut2 + 300 * US));
        rc = (rt + rc) / 2;
        assertRate(rc, rp.rate(cut2 + 600 * US));
        assertRate(rt, rp.targetRate(cut2 + 600 * US));
        rt += 20e6;                             // R_AI of the profile at 100 G
        rc = (rt + rc) / 2;
        assertRate(rt, rp.targetRate(cut2 + 900 * US));
        assertRate(rc, rp.rate(cut2 + 900 * US));
        rt += 200e6;
        rc = (rt + rc) / 2;
        assertRate(rt, rp.targetRate(cut2 + 1200 * US));
        assertRate(rc, rp.rate(cut2 + 1200 * US));
    }
}
