package org.lossless.verbs.calibrate;

/**
 * One metric of one run at a parameter vector.
 *
 * @param simulated the simulated value, NaN when the simulation lacked it (penalised)
 * @param scaled    (simulated - measured) / max(|measured|, floor): the objective's term before squaring
 */
public record Residual(String run, String metric, double simulated, double measured, double scaled) {
}
