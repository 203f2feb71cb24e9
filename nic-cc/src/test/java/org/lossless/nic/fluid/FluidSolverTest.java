package org.lossless.nic.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** V-03: the integrated fluid model settles at the fixed point (validation.md). */
class FluidSolverTest {
    static final long US = 1_000_000L;
    static final long MS = 1_000_000_000L;
    static final long G40 = 40_000_000_000L;

    @ParameterizedTest
    @CsvSource({"2, 20.2", "4, 41.8", "8, 93.8", "10, 122.6"})
    void paperProfileSettlesAtTheFixedPoint(int n, double qKb) {
        FluidTrace tr = FluidSolver.run(FluidParams.paper(n, G40, 4 * US), 100 * MS, US / 2, US,
            FluidSolver.Method.EULER);
        double q = tr.meanQueueBytes(50 * MS, 100 * MS + 1) / 1000;
        assertEquals(qKb, q, qKb * 0.03, "mean queue over 50-100 ms, KB");
        for (int i = 0; i < n; i++) {
            double r = tr.meanRateBps(i, 50 * MS, 100 * MS + 1);
            assertEquals(40e9 / n, r, 40e9 / n * 0.005, "flow " + i);
        }
    }

    @Test
    void startsAtLineRateWithAnEmptyQueue() {
        FluidTrace tr = FluidSolver.run(FluidParams.paper(3, G40, 4 * US), 100 * US, US / 2, 10 * US,
            FluidSolver.Method.EULER);
        assertEquals(0, tr.timePs(0));
        assertEquals(0, tr.queueBytes(0));
        assertEquals(40e9, tr.rateBps(2, 0));
        assertEquals(11, tr.size());
        assertEquals(100 * US, tr.timePs(10));
        // until the first marks come back (tau* after the queue passes K_min) the queue grows at 2C:
        // at 2 us it holds 2 us * 80 Gb/s = 20 KB
        FluidTrace early = FluidSolver.run(FluidParams.paper(3, G40, 4 * US), 2 * US, US / 10, US / 10,
            FluidSolver.Method.EULER);
        assertEquals(20_000, early.queueBytes(early.size() - 1), 1);
    }

    @Test
    void longFeedbackDelayMakesTenFlowsOscillateWhileTwoSettle() {
        // CoNEXT'16 Fig. 8-9 (soft): at tau* = 85 us, 10 flows oscillate persistently, 2 flows settle
        FluidTrace two = FluidSolver.run(FluidParams.paper(2, G40, 85 * US), 60 * MS, US / 2, 10 * US,
            FluidSolver.Method.EULER);
        FluidTrace ten = FluidSolver.run(FluidParams.paper(10, G40, 85 * US), 60 * MS, US / 2, 10 * US,
            FluidSolver.Method.EULER);
        assertTrue(range(two) < 5_000, "N=2 queue swing " + range(two));
        assertTrue(range(ten) > 50_000, "N=10 queue swing " + range(ten));
    }

    private static double range(FluidTrace tr) {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (int i = 0; i < tr.size(); i++) {
            if (tr.timePs(i) >= 40 * MS) {
                lo = Math.min(lo, tr.queueBytes(i));
                hi = Math.max(hi, tr.queueBytes(i));
            }
        }
        return hi - lo;
    }
}
