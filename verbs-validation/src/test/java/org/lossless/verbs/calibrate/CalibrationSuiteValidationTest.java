package org.lossless.verbs.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The calibration suite on synthetic truth, {@value #DRAWS} noise draws per case (docs/validation.md, H-12). Run with
 * {@code mvn -B -Pvalidation test -pl verbs-validation -am -Dtest=CalibrationSuiteValidationTest}; it writes its
 * table to {@code verbs-validation/target/calibration-suite.txt}. Expectations (the issue's, fixed before any run):
 * for each fitted parameter of a correctly specified case, its 95 % interval holds the truth in at least 18 of 20
 * draws and an estimate called identified is within 10 % of the truth; the correctly specified timer cases are
 * flagged as a misfit in at most 2 of 20 draws; the CNP and reaction delays, which act as one sum, are never called
 * identified, each says to state one of them, and their correlation is -0.9 or below (CcRecoveryTest checks the first
 * draw); the case whose hardware has delays the model lacks is flagged in
 * at least 18 of 20, each time naming an unfitted latency or delay that could absorb it; a parameter the runs cannot
 * pin says which runs would.
 */
@Tag("validation")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CalibrationSuiteValidationTest {
    static final int DRAWS = 20;
    static final int ENOUGH = 18;
    private final StringBuilder table = new StringBuilder();
    /** Simulations memoised across draws and cases (memoisation only: no effect on any result). */
    private final SimulationCache cache = new SimulationCache();

    private Draws run(TruthCase c) {
        long t0 = System.nanoTime();
        Draws d = Draws.run(c, 0, DRAWS, cache);
        String s = d.summary();
        table.append(s).append(String.format("%-42s %.0f s%n", c.name(), (System.nanoTime() - t0) / 1e9));
        System.out.print(s);
        return d;
    }

    private static void wellSpecified(Draws d) {
        for (String spec : d.c().params()) {
            String key = FitParameter.parse(spec).key();
            assertTrue(d.covered(key) >= ENOUGH, d.summary());
            assertEquals(List.of(), d.identifiedButOff(key));
            for (CalibrationReport r : d.reports()) {
                ParameterEstimate e = r.estimate(key);
                assertTrue(e.identifiable() || e.runsToAdd() != null && !e.runsToAdd().isEmpty(), e.toString());
            }
        }
    }

    @Test
    void rateIncreaseTimer() {
        Draws d = run(TruthCase.timer());
        wellSpecified(d);
        assertTrue(d.flagged() <= DRAWS - ENOUGH, d.summary());
    }

    @Test
    void rateIncreaseTimerWithStepMarking() {
        Draws d = run(TruthCase.timerStepMarking());
        wellSpecified(d);
        assertTrue(d.flagged() <= DRAWS - ENOUGH, d.summary());
    }

    @Test
    void cnpAndReactionDelaysFittedTogether() {
        Draws d = run(TruthCase.cnpAndReactionDelays());
        wellSpecified(d);
        List<String> rho = d.reports().stream().map(r -> String.format(java.util.Locale.ROOT, "%.2f",
                r.correlations().get(0).rho())).toList();
        table.append("CNP and reaction delays                    correlation per draw ").append(rho).append('\n');
        System.out.println("CNP and reaction delays: correlation per draw " + rho);
        for (CalibrationReport r : d.reports()) {
            for (String key : List.of("nic.dcqcn.cnp_delay", "nic.dcqcn.reaction_delay")) {
                assertNotEquals(ParameterEstimate.IDENTIFIED, r.estimate(key).verdict(), r.estimate(key).toString());
                assertTrue(r.estimate(key).runsToAdd().contains("state one of them"), r.estimate(key).toString());
            }
        }
        assertTrue(d.reports().stream().allMatch(r -> r.correlations().get(0).rho() <= -0.9), "a sum is pinned, not each:"
                + " raising one and lowering the other keeps the fit, so the estimates' correlation is near -1: " + rho);
    }

    @Test
    void additiveIncrease() {
        wellSpecified(run(TruthCase.additiveIncrease()));
    }

    @Test
    void cnpDelayAndSwitchLatencyFittedTogether() {
        wellSpecified(run(TruthCase.cnpDelayAndSwitchLatency()));
    }

    @Test
    void cnpDelayAndSwitchLatencyWithTheLatencyProbesTheReportAsksFor() {
        wellSpecified(run(TruthCase.cnpDelayAndSwitchLatencyWithProbes()));
    }

    @Test
    void hiddenCnpDelayAndSwitchLatencyAreFlagged() {
        Draws d = run(TruthCase.hiddenDelays());
        assertTrue(d.flagged() >= ENOUGH, d.summary());
        for (CalibrationReport r : d.reports()) {
            if (r.misfit().flagged()) {
                assertTrue(r.misfit().candidates().stream().anyMatch(c -> Set.of("switch.latency", "topology.host_link.delay",
                        "nic.dcqcn.cnp_delay").contains(c.key())), r.misfit().toString());
            }
        }
    }

    @AfterAll
    void write() throws IOException {
        Path out = Path.of("target", "calibration-suite.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, "# CalibrationSuiteValidationTest: " + DRAWS + " noise draws per case\n" + table);
    }
}
