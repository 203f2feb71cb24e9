package org.lossless.verbs.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.ScenarioEngine;

/** The switch latency and PFC response times of the scenario are calibration parameters like any other key. */
class FidelityKeysTest {
    @Test
    void switchLatencyFromLatencyProbes() {
        CalibrationRun r = Synthetic.run("probes", StagesTest.probes("64", "1KB", "4KB"), 2, Set.of(0L, 1L, 2L),
                List.of("switch.latency=600ns"), 0.005, 11);
        LatencyFit fit = LatencyFit.fit("switch.latency", List.of(r), List.of(), ScenarioEngine::new);
        assertEquals(600e3, fit.valuePs(), 0.05 * 600e3, fit.toString());
        assertNotNull(fit.stdErrorPs());
    }

    /** Every default unknown is a key of this version; on an uncongested run the PFC ones cannot be identified. */
    @Test
    void defaultUnknownsAreAcceptedAndHonestlyUnidentified() {
        CalibrationRun r = Synthetic.run("one", StagesTest.probes("64KB"), 2, Set.of(), List.of("switch.latency=500ns"),
                0.005, 12);
        List<FitParameter> params = new ArrayList<>();
        Calibrator.DEFAULT_UNKNOWNS.forEach(s -> params.add(FitParameter.parse(s)));
        CalibrationReport rep = new Calibrator(ScenarioEngine::new, null).calibrate(new Calibrator.Input(List.of(r), List.of(),
                List.of(), null, params, 300, MetricFilter.ALL));
        assertTrue(rep.notes().stream().noneMatch(n -> n.contains("not fitted")), rep.notes().toString());
        assertEquals(5, rep.estimates().size());
        for (String pfc : List.of("switch.pfc.response_time", "nic.pfc_response_time", "nic.dcqcn.cnp_delay",
                "nic.dcqcn.reaction_delay")) {
            ParameterEstimate e = rep.estimate(pfc);
            assertEquals(ParameterEstimate.NOT_IDENTIFIABLE, e.verdict(), "no pause and no CNP in this run: " + e);
            assertTrue(e.note().contains("no metric of the fitted runs changes with it"), e.toString());
            assertTrue(e.runsToAdd() != null && !e.runsToAdd().isEmpty(), e.toString());
        }
    }
}
