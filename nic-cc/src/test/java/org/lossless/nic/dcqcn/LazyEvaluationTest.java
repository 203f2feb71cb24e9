package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The RP computes timer effects lazily: reading the rate often (as a busy NIC does) and reading it
 * only at CNPs must give bit-identical states.
 */
class LazyEvaluationTest {
    static final long US = 1_000_000L;

    @ParameterizedTest
    @ValueSource(strings = {"paper2015", "mlx5", "hpcc2019", "paper2015+delay", "mlx5+delay", "hpcc2019+delay"})
    void frequentAndRareReadsAgree(String variant) {
        String profile = variant.replace("+delay", "");
        DcqcnParams p = DcqcnParams.profile(profile, 100_000_000_000L);
        if (variant.endsWith("+delay")) {
            // a reaction delay longer than many of the CNP gaps: several CNPs wait at once
            p = p.override(Map.of("reaction_delay", "7us"));
        }
        ReactionPoint eager = new ReactionPoint(p);
        ReactionPoint lazy = new ReactionPoint(p);
        SplittableRandom rnd = new SplittableRandom(7);
        long t = 0;
        long nextSend = 0;
        long nextRead = 0;
        for (int i = 0; i < 2_000; i++) {
            long gap = rnd.nextInt(4) == 0 ? rnd.nextLong(3_000 * US) : rnd.nextLong(20 * US);
            long cnpAt = t + gap;
            // both QPs send the same bursts; only the eager one is also read every 0.1 us
            while (nextSend < cnpAt) {
                while (nextRead <= nextSend) {
                    eager.rateBps(nextRead);
                    eager.alpha(nextRead);
                    nextRead += 100_000;
                }
                eager.onBytesSent(nextSend, 1_000_000);
                lazy.onBytesSent(nextSend, 1_000_000);
                nextSend += 7_770_000;
            }
            while (nextRead <= cnpAt) {
                eager.rateBps(nextRead);
                nextRead += 100_000;
            }
            eager.onCnp(cnpAt);
            lazy.onCnp(cnpAt);
            assertEquals(eager.rate(cnpAt), lazy.rate(cnpAt), 0.0, "rate at CNP " + i);
            assertEquals(eager.targetRate(cnpAt), lazy.targetRate(cnpAt), 0.0);
            assertEquals(eager.alpha(cnpAt), lazy.alpha(cnpAt), 0.0);
            t = cnpAt;
        }
        long end = t + 10_000 * US;
        assertEquals(eager.rate(end), lazy.rate(end), 0.0);
        assertEquals(eager.cuts(), lazy.cuts());
    }

    @Test
    void longIdleCatchesUpToLineRateAndStopsChanging() {
        ReactionPoint rp = new ReactionPoint(DcqcnParams.profile("mlx5", 100_000_000_000L));
        rp.onCnp(0);
        assertEquals(4 * US, rp.nextChangePs());           // the first cut, at the first decrease tick
        assertEquals(100_000_000_000L * (1 - 1023.0 / 1024 * Math.pow(1019.0 / 1024, 4) / 2), rp.rate(4 * US), 1e-3);
        assertEquals(304 * US, rp.nextChangePs());         // the cut restarted the 300 us increase timer
        // 100 s later the QP is back at line rate; the catch-up is bounded by saturation
        assertEquals(100_000_000_000L, rp.rateBps(100_000_000 * US));
        assertEquals(ReactionPoint.NEVER, rp.nextChangePs());
        assertEquals((100_000_000 * US - 4 * US) / (300 * US), rp.timerStage());
        assertEquals(1023.0 / 1024 * Math.pow(1019.0 / 1024, 100_000_000), rp.alpha(100_000_000 * US), 0.0);
    }

    @Test
    void idleQpBeforeItsFirstCnpSendsAtLineRate() {
        ReactionPoint rp = new ReactionPoint(DcqcnParams.profile("paper2015", 40_000_000_000L));
        assertEquals(40_000_000_000L, rp.rateBps(5_000 * US));
        assertEquals(ReactionPoint.NEVER, rp.nextChangePs());
        rp.onBytesSent(6_000 * US, 1L << 40);
        assertEquals(40_000_000_000L, rp.rateBps(6_000 * US));
    }

    @Test
    void timeMustNotGoBackwards() {
        ReactionPoint rp = new ReactionPoint(DcqcnParams.profile("paper2015", 40_000_000_000L));
        rp.onCnp(10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rp.rateBps(9));
        assertEquals("time went backwards: 9 ps < 10 ps", e.getMessage());
    }

    @Test
    void rateOnFirstCnpSetsBothRatesInsteadOfACut() {
        DcqcnParams p = DcqcnParams.profile("mlx5", 40_000_000_000L).override(Map.of("rate_on_first_cnp", "5000Mbps"));
        ReactionPoint rp = new ReactionPoint(p);
        rp.onCnp(0);
        assertEquals(5_000_000_000L, rp.rateBps(0));
        assertEquals(5e9, rp.targetRate(0), 0.0);
        assertEquals(0, rp.cuts());
        assertEquals(300 * US, rp.nextChangePs());
    }
}
