package org.lossless.verbs.calibrate;

/**
 * The noise of one kind of metric (the last part of its name: {@code goodput_bps}, {@code cnp_sent}, ...), as a
 * relative standard deviation of one run.
 *
 * @param kind      the metric kind
 * @param terms     how many terms of the objective are of this kind
 * @param hardware  the hardware's run-to-run spread (from repeats, or assumed: see source), or null
 * @param simulator the simulator's seed-to-seed spread at the fit (null with one seed)
 * @param source    where the hardware figure comes from: "repeats", "simulator seeds + floor", "floor" or
 *                  "fit residuals"
 */
public record NoiseFloor(String kind, int terms, Double hardware, Double simulator, String source) {
}
