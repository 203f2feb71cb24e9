package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code reaction_delay}: the reaction point acts on a CNP a fixed time after it arrived, after the timer events
 * up to then. Expected values by hand from the paper2015 equations (V-02 steps 1 and 4) shifted by the delay.
 */
class ReactionDelayTest {
    static final long US = 1_000_000L;
    static final long T0 = 10 * US;

    static ReactionPoint rp(String profile, String delay) {
        return new ReactionPoint(DcqcnParams.profile(profile, 40_000_000_000L).override(Map.of("reaction_delay", delay)));
    }

    @Test
    void theCutComesTheDelayAfterTheCnp() {
        ReactionPoint rp = rp("paper2015", "3us");
        assertEquals(false, rp.onCnp(T0));
        assertEquals(T0 + 3 * US, rp.nextChangePs());
        assertEquals(40e9, rp.rate(T0 + 3 * US - 1), 0.0);
        assertEquals(0, rp.cuts());
        assertEquals(20e9, rp.rate(T0 + 3 * US), 0.0);     // 40 x (1 - 1/2), alpha 1
        assertEquals(40e9, rp.targetRate(T0 + 3 * US), 0.0);
        assertEquals(1, rp.cnps());
    }

    @Test
    void timerEventsAtTheEffectTimeComeFirst() {
        // first CNP acts at E = T0 + 3 us; the increase timer and the alpha decay fire at E + 55 us. A CNP
        // arriving at E + 52 us acts at E + 55 us: fast recovery to 30 Gb/s and alpha 1 - 1/256 first, then the
        // cut: R_T = 30, R_C = 30 (1 - 0.99609375/2) = 15.05859375 Gb/s (V-02 step 4's values)
        ReactionPoint rp = rp("paper2015", "3us");
        rp.onCnp(T0);
        long e = T0 + 3 * US;
        rp.onCnp(e + 52 * US);
        assertEquals(e + 55 * US, rp.nextChangePs());
        assertEquals(20e9, rp.rate(e + 55 * US - 1), 0.0);
        assertEquals(15.05859375e9, rp.rate(e + 55 * US), 1e-3);
        assertEquals(30e9, rp.targetRate(e + 55 * US), 0.0);
        assertEquals(2, rp.cuts());
    }

    @Test
    void mlx5WindowsStartWhenTheFirstCnpActs() {
        // mlx5 with 1 us of reaction delay: the CNP at T0 acts at T0 + 1 us, the first cut is at T0 + 5 us
        ReactionPoint rp = rp("mlx5", "1us");
        rp.onCnp(T0);
        assertEquals(T0 + US, rp.nextChangePs());
        assertEquals(40e9, rp.rate(T0 + US), 0.0);
        assertEquals(T0 + 5 * US, rp.nextChangePs());
        double k = 1019.0 / 1024;
        double a4 = 1023.0 / 1024 * k * k * k * k;
        assertEquals(40e9, rp.rate(T0 + 5 * US - 1), 0.0);
        assertEquals(40e9 * (1 - a4 / 2), rp.rate(T0 + 5 * US), 1e-3);
    }

    @Test
    void zeroDelayActsAtOnce() {
        ReactionPoint rp = rp("paper2015", "0");
        assertEquals(true, rp.onCnp(T0));
        assertEquals(20e9, rp.rate(T0), 0.0);
    }
}
