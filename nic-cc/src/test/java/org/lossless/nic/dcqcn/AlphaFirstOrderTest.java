package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Order {@code alpha_first}: a CNP first updates alpha (alpha := (1 - g) alpha + g), then cuts with the new alpha.
 * paper2015 at 40 Gb/s (g = 1/256, alpha starts at 1, alpha timer and increase timer 55 µs, R_T clamped to R_C at a
 * cut, fast recovery for 5 steps), by hand.
 */
class AlphaFirstOrderTest {
    private static final long US = 1_000_000L;

    @Test
    void theSecondCnpCutsWithTheAlphaItJustUpdated() {
        ReactionPoint rp = new ReactionPoint(DcqcnParams.profile("paper2015", 40_000_000_000L)
                .override(Map.of("order", "alpha_first")));
        // first CNP at 0: alpha (1 - g) 1 + g = 1; R_T = 40, R_C = 40 (1 - 1/2) = 20 Gb/s
        rp.onCnp(0);
        assertEquals(20e9, rp.rate(0), 0.0);
        // at 55 us: alpha tick (no CNP: 255/256) and fast recovery R_C = (40 + 20) / 2 = 30
        assertEquals(30e9, rp.rate(55 * US), 0.0);
        // CNP at 60 us: alpha = (255/256)^2 + 1/256 = 65281/65536 first, then R_T = 30, R_C = 30 (1 - alpha/2)
        rp.onCnp(60 * US);
        double a = 65281.0 / 65536;
        assertEquals(a, rp.alpha(60 * US), 1e-15);
        assertEquals(30e9 * (1 - a / 2), rp.rate(60 * US), 1e-3);
        assertEquals(30e9, rp.targetRate(60 * US), 0.0);
        // the alpha timer restarts at the CNP: one tick at 115 us
        assertEquals(a * 255 / 256, rp.alpha(115 * US), 1e-15);
        assertEquals(2, rp.cuts());
    }
}
