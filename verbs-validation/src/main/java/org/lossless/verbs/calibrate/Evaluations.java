package org.lossless.verbs.calibrate;

import java.util.Map;

/**
 * What stage 3 spent. An evaluation is one parameter vector simulated for the first time in this calibration:
 * each fitted experiment once per seed (repeats of an experiment share its simulation). The cap counts every
 * purpose; held-out runs and stage 2 are counted apart.
 *
 * @param cap                 {@code --max-evaluations}
 * @param used                evaluations of stage 3 (never above the cap)
 * @param byPhase             evaluations per phase: start, search, intervals, misfit probes
 * @param seeds               seeds averaged per evaluation
 * @param simulations         simulator runs of stage 3 (evaluations x experiments x seeds, less those already run)
 * @param heldOutSimulations  simulator runs of the held-out experiments
 * @param latencySimulations  simulator runs of stage 2
 */
public record Evaluations(int cap, int used, Map<String, Integer> byPhase, int seeds, int simulations, int heldOutSimulations,
                          int latencySimulations) {
    public Evaluations {
        byPhase = Map.copyOf(byPhase);
    }
}
