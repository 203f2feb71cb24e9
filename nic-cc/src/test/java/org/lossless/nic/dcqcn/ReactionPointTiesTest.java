package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Events of a {@link ReactionPoint} that fall on the same picosecond, by hand from the DCQCN rules
 * (mlx5 profile at 100 Gb/s: alpha timer 1 µs with g = 5/1024, decrease window 4 µs from the first CNP,
 * increase timer 300 µs, a cut is at most half the rate), with the first CNP cutting at once
 * ({@code first_cnp_cut: immediate}; the mlx5 profile itself cuts at the next window, which moves every tie).
 */
class ReactionPointTiesTest {
    private static final long US = 1_000_000L;
    private static final double LINE = 100e9;
    private static final double KEEP = 1019.0 / 1024;
    private static final double GAIN = 5.0 / 1024;
    private static final double A0 = 1023.0 / 1024;

    private static ReactionPoint mlx5() {
        return new ReactionPoint(DcqcnParams.profile("mlx5", 100_000_000_000L).override(Map.of("byte_counter", "0", "first_cnp_cut", "immediate")));
    }

    @Test
    void aCutDueAtTheSameInstantAsAnIncreaseComesFirstAndRestartsTheIncreaseTimer() {
        // first CNP at 0: R_C = 100 (1 - A0/2), R_T stays 100; the increase timer is due at 300 us. A CNP at 297 us
        // waits for the decrease tick at 300 us (ticks every 4 us from 0: 300 = 75 x 4). At 300 us the cut goes
        // first: R_T is not clamped (no timer increase yet) and the increase timer restarts (next at 600 us)
        ReactionPoint rp = mlx5();
        rp.onCnp(0);
        double rc0 = LINE * (1 - A0 / 2);
        assertEquals(rc0, rp.rate(0), 1e-3);
        rp.onCnp(297 * US);
        assertEquals(rc0, rp.rate(300 * US - 1), 1e-3, "no change before the tick");
        // alpha: 297 ticks without a CNP, then ticks 298..300, the first of which saw the CNP
        double a297 = A0 * Math.pow(KEEP, 297);
        double a300 = (KEEP * a297 + GAIN) * KEEP * KEEP;
        double expected = rc0 * (1 - a300 / 2);
        assertEquals(expected, rp.rate(300 * US), expected * 1e-12);
        assertEquals(LINE, rp.targetRate(300 * US), 1e-3);
        assertEquals(2, rp.cuts());
        assertEquals(0, rp.timerStage(), "the increase due at 300 us never happened");
        assertEquals(expected, rp.rate(600 * US - 1), expected * 1e-12);
        // at 600 us: fast recovery towards the unclamped target
        assertEquals((LINE + expected) / 2, rp.rate(600 * US), 1e-3);
    }

    @Test
    void anIncreaseJustBeforeACutIsApplied() {
        // the same, but the second CNP waits for the tick at 304 us: the increase at 300 us happens first (fast
        // recovery to (100 + R_C) / 2), and the cut at 304 us then clamps R_T to R_C (a timer increase happened)
        ReactionPoint rp = mlx5();
        rp.onCnp(0);
        double rc0 = LINE * (1 - A0 / 2);
        double rc1 = (LINE + rc0) / 2;
        assertEquals(rc1, rp.rate(300 * US), 1e-3);
        assertEquals(1, rp.timerStage());
        rp.onCnp(301 * US);
        double a301 = A0 * Math.pow(KEEP, 301);
        double a304 = (KEEP * a301 + GAIN) * KEEP * KEEP;
        double expected = rc1 * (1 - a304 / 2);
        assertEquals(expected, rp.rate(304 * US), expected * 1e-12);
        assertEquals(rc1, rp.targetRate(304 * US), 1e-3, "clamped to the rate before the cut");
    }
}
