package org.lossless.verbs.calibrate;

import java.util.List;

/**
 * What {@code lossless calibrate} found, stage by stage.
 *
 * @param truths        stage 1: settings taken from the hardware (applied or, with the reason, not)
 * @param latency       stage 2: the fixed latency from latency probes, or null without probes
 * @param estimates     stage 3: the fitted unknowns, each with its 95 % interval and verdict
 * @param sets          every override of the calibrated scenario, in order (truths, latency, fitted values)
 * @param startCost     objective J (in noise units) at the start
 * @param cost          objective J at the fit
 * @param evaluations   what stage 3 spent, against its cap
 * @param noise         the noise per metric kind that the intervals and the misfit tests rest on
 * @param threshold     the bootstrap threshold q of the 95 % confidence region (0 when nothing was fitted)
 * @param correlations  how the fitted parameters trade off near the fit (pairs)
 * @param misfit        whether the model misses something the runs show
 * @param runs          per run (bundle), fitted runs first, then held-out ones
 * @param notes         what else the reader must know
 */
public record CalibrationReport(List<Truth> truths, LatencyFit latency, List<ParameterEstimate> estimates,
                                List<String> sets, double startCost, double cost, Evaluations evaluations,
                                List<NoiseFloor> noise, double threshold, List<Correlation> correlations, Misfit misfit,
                                List<RunFit> runs, List<String> notes) {
    public CalibrationReport {
        truths = List.copyOf(truths);
        estimates = List.copyOf(estimates);
        sets = List.copyOf(sets);
        noise = List.copyOf(noise);
        correlations = List.copyOf(correlations);
        runs = List.copyOf(runs);
        notes = List.copyOf(notes);
    }

    /** The estimate of {@code key}, or null. */
    public ParameterEstimate estimate(String key) {
        return estimates.stream().filter(e -> e.key().equals(key)).findFirst().orElse(null);
    }
}
