package org.lossless.verbs.calibrate;

import java.util.List;

/**
 * What {@code lossless calibrate} found, stage by stage.
 *
 * @param truths        stage 1: settings taken from the hardware (applied or, with the reason, not)
 * @param latency       stage 2: the fixed latency from latency probes, or null without probes
 * @param estimates     stage 3: the fitted unknowns
 * @param sets          every override of the calibrated scenario, in order (truths, latency, fitted values)
 * @param startCost     objective at the start
 * @param cost          objective at the optimum
 * @param evaluations   objective evaluations
 * @param simulations   simulator runs (evaluations x fit runs, plus stage 2 and the held-out runs)
 * @param runs          per-run fit, fitted runs first, then held-out ones
 * @param notes         what else the reader must know
 */
public record CalibrationReport(List<Truth> truths, LatencyFit latency, List<ParameterEstimate> estimates,
                                List<String> sets, double startCost, double cost, int evaluations, int simulations,
                                List<RunFit> runs, List<String> notes) {
    public CalibrationReport {
        truths = List.copyOf(truths);
        estimates = List.copyOf(estimates);
        sets = List.copyOf(sets);
        runs = List.copyOf(runs);
        notes = List.copyOf(notes);
    }

    /** The estimate of {@code key}, or null. */
    public ParameterEstimate estimate(String key) {
        return estimates.stream().filter(e -> e.key().equals(key)).findFirst().orElse(null);
    }
}
