package org.lossless.nic.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** V-03 fixed points from fixedPoint() (validation.md: p* within 0.1 %, q* within 3 %). */
class FluidFixedPointTest {
    static final long G40 = 40_000_000_000L;
    static final long US = 1_000_000L;

    @ParameterizedTest
    @CsvSource({"2, 7.770e-4, 20.15", "4, 1.888e-3, 41.81", "8, 4.552e-3, 93.77", "10, 6.032e-3, 122.62"})
    void paperProfileAt40G(int n, double p, double qKb) {
        FixedPoint fp = FluidFixedPoint.solve(FluidParams.paper(n, G40, 4 * US));
        assertTrue(fp.exists());
        assertEquals(p, fp.markProbability(), p * 1e-3);
        assertEquals(qKb, fp.queueBytes() / 1000, qKb * 1e-3);
        assertEquals(40e9 / n, fp.rateBps(), 1e-3);
        assertEquals(1 - Math.pow(1 - fp.markProbability(), 55e-6 * 5e6 / n), fp.alpha(), 1e-12);
        // the Taylor form overestimates q* by 14-29 % (dcqcn.md §5.3)
        double over = fp.taylorQueueBytes() / fp.queueBytes() - 1;
        assertTrue(over > 0.13 && over < 0.30, "Taylor overestimate " + over);
    }

    @ParameterizedTest
    @CsvSource({"2, 9.25e-4", "4, 2.32e-3", "8, 5.83e-3", "10, 7.85e-3"})
    void taylorApproximationMatchesTheReferenceTable(int n, double p) {
        assertEquals(p, FluidFixedPoint.solve(FluidParams.paper(n, G40, 4 * US)).taylorMarkProbability(), p * 5e-3);
    }

    @ParameterizedTest
    @ValueSource(ints = {15, 16, 20, 40})
    void noRedFixedPointFrom15FlowsAt40G(int n) {
        FixedPoint fp = FluidFixedPoint.solve(FluidParams.paper(n, G40, 4 * US));
        assertFalse(fp.exists());
        assertTrue(fp.reason().startsWith("no RED fixed point"), fp.reason());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 10, 14})
    void fixedPointExistsUpTo14FlowsAt40G(int n) {
        assertTrue(FluidFixedPoint.solve(FluidParams.paper(n, G40, 4 * US)).exists());
    }

    @ParameterizedTest
    @CsvSource({"2, 9.7", "10, 41.8"})
    void at100G(int n, double qKb) {
        FixedPoint fp = FluidFixedPoint.solve(FluidParams.paper(n, 100_000_000_000L, 4 * US));
        assertEquals(qKb, fp.queueBytes() / 1000, 0.05);
    }

    @ParameterizedTest
    @CsvSource({"37, true", "38, false"})
    void limitAt100G(int n, boolean exists) {
        assertEquals(exists, FluidFixedPoint.solve(FluidParams.paper(n, 100_000_000_000L, 4 * US)).exists());
    }

    @ParameterizedTest
    @CsvSource({"2, 15.1", "4, 29.8", "8, 65.5", "10, 85.5"})
    void sensitivityToAdditiveIncrease(int n, double qKb) {
        FluidParams p = FluidParams.paper(n, G40, 4 * US);
        FluidParams slow = new FluidParams(n, p.capacityBps(), p.feedbackDelayPs(), p.alphaGain(), p.cnpIntervalPs(),
            p.alphaUpdatePeriodPs(), p.rateIncreaseTimerPs(), p.byteCounterBytes(), p.fastRecoverySteps(),
            10_000_000L, p.kminBytes(), p.kmaxBytes(), p.pmax(), p.packetBytes(), p.queueCapBytes());
        assertEquals(qKb, FluidFixedPoint.solve(slow).queueBytes() / 1000, 0.05);
    }
}
