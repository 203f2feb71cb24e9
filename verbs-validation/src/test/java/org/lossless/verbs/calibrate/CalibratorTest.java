package org.lossless.verbs.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.lossless.experiments.run.ScenarioEngine;

/**
 * Calibration recovers known values: the "hardware" runs are simulations with chosen values (link delay
 * 1.5 µs, send window 24 KB) and 0.5 % multiplicative noise; the fit starts elsewhere (0.5 µs, 200 KB).
 * A third unknown, the DCQCN rate-increase timer, has no effect on these uncongested runs and must be
 * reported as not identifiable rather than given a made-up precision.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CalibratorTest {
    static final double DELAY_US = 1.5;
    static final double WINDOW_B = 24_000;
    static final List<String> TRUTH = List.of("topology.host_link.delay=1500ns", "nic.window=24KB");
    CalibrationReport report;

    static String single(String size) {
        return "name: one\ntopology: {type: star, hosts: 2, host_link: {rate: 100Gbps, delay: 1us}}\n"
                + "nic: {mtu: 1024}\nworkloads: [{type: flows, flows: [{src: 1, dst: 0, size: " + size + "}]}]\n";
    }

    @BeforeAll
    void calibrate() {
        // a 2 KB message is latency bound (delay), 1 MB is window bound (window / RTT), 96 KB is both
        CalibrationRun a = Synthetic.run("latency-bound", single("2KB"), 2, Set.of(), TRUTH, 0.005, 1);
        CalibrationRun b = Synthetic.run("window-bound", single("1MB"), 2, Set.of(), TRUTH, 0.005, 2);
        CalibrationRun c = Synthetic.run("mixed", single("96KB"), 2, Set.of(), TRUTH, 0.005, 3);
        CalibrationRun held = Synthetic.run("held-out", single("256KB"), 2, Set.of(), TRUTH, 0.005, 4);
        report = new Calibrator(ScenarioEngine::new, null).calibrate(new Calibrator.Input(List.of(a, b, c), List.of(held),
                List.of(), null, List.of(FitParameter.parse("topology.host_link.delay=100ns..5us@500ns"),
                        FitParameter.parse("nic.window=4KB..512KB@200KB"),
                        FitParameter.parse("nic.dcqcn.rate_increase_timer=10us..1ms")), 150, MetricFilter.ALL));
    }

    @Test
    void recoversTheChosenValuesWithinFivePercent() {
        ParameterEstimate delay = report.estimate("topology.host_link.delay");
        ParameterEstimate window = report.estimate("nic.window");
        assertEquals(DELAY_US, delay.value(), 0.05 * DELAY_US, delay.toString());
        assertEquals(WINDOW_B, window.value(), 0.05 * WINDOW_B, window.toString());
        assertEquals(0.5, delay.start(), 1e-9);
        assertTrue(report.cost() < report.startCost() / 100, report.cost() + " vs " + report.startCost());
    }

    @Test
    void identifiableEstimatesCarryAnUncertaintyThatCoversTheTruth() {
        for (ParameterEstimate e : List.of(report.estimate("topology.host_link.delay"), report.estimate("nic.window"))) {
            assertTrue(e.identifiable(), e.toString());
            assertNotNull(e.stdError());
            double truth = e.key().equals("nic.window") ? WINDOW_B : DELAY_US;
            assertTrue(Math.abs(e.value() - truth) <= 3 * e.stdError(), "truth within 3 sigma: " + e);
            assertTrue(e.stdError() < 0.1 * truth, "and the runs pin it down to better than 10 %: " + e);
        }
    }

    @Test
    void anUnknownTheRunsDoNotExerciseIsNotIdentifiable() {
        ParameterEstimate t = report.estimate("nic.dcqcn.rate_increase_timer");
        assertFalse(t.identifiable());
        assertNull(t.stdError());
        assertEquals(10, t.low(), 1e-9, "the whole range");
        assertEquals(1000, t.high(), 1e-9);
        assertTrue(t.note().startsWith("not identifiable: no metric of the fitted runs changes with it"), t.note());
        assertTrue(CalibrationFiles.text(report).contains("nic.dcqcn.rate_increase_timer"));
        assertTrue(CalibrationFiles.text(report).contains("NOT IDENTIFIABLE"));
    }

    @Test
    void heldOutRunIsPredictedAndReported() {
        RunFit held = report.runs().stream().filter(RunFit::heldOut).findFirst().orElseThrow();
        assertEquals("held-out", held.run());
        assertTrue(held.rmsRelative() < 0.03, "held-out RMS error " + held.rmsRelative());
        assertEquals(3, report.runs().stream().filter(r -> !r.heldOut()).count());
        assertTrue(report.sets().stream().anyMatch(s -> s.startsWith("nic.window=")), report.sets().toString());
    }
}
