package org.lossless.verbs.calibrate;

import java.util.Map;

/**
 * What the noise model is estimated from, all in the terms' scaled units (divided by max(|hw|, floor)):
 *
 * @param repeatDev   per term, each repeat's deviation from the repeats' mean (k values, summing to 0)
 * @param seedDev     per extra seed at the fit, per term, its deviation from those seeds' mean (empty when the
 *                    simulation does not depend on the seed)
 * @param seeds       seeds the objective averages per evaluation (K)
 * @param floor       relative measurement floor
 * @param floorStated true when the user stated it
 * @param fallback    hardware-to-simulator variance ratios per kind for runs without repeats, or an empty map
 * @param rough       true when seedDev holds the simulator's roughness ({@link Roughness}), not its seeds: the
 *                    hardware's noise is then independent of it (not a multiple of it)
 */
record NoiseInputs(double[][] repeatDev, double[][] seedDev, int seeds, double floor, boolean floorStated,
                   Map<String, Double> fallback, boolean rough) {
    /** The repeats of {@code terms} and the seeds of {@code spread} (a point simulated with extra seeds, or null). */
    static NoiseInputs of(Terms terms, Point spread, int seeds, double floor, boolean floorStated, Map<String, Double> fallback) {
        return of(terms, spread, seeds, floor, floorStated, fallback, false);
    }

    /** Likewise, {@code rough} when {@code spread} is a {@link Roughness} point. */
    static NoiseInputs of(Terms terms, Point spread, int seeds, double floor, boolean floorStated, Map<String, Double> fallback,
                          boolean rough) {
        double[][] rep = new double[terms.n][];
        for (int t = 0; t < terms.n; t++) {
            rep[t] = new double[terms.repeats[t].length];
            for (int i = 0; i < rep[t].length; i++) {
                rep[t][i] = (terms.repeats[t][i] - terms.y[t]) / terms.scale[t];
            }
        }
        double[][] sd = new double[spread == null || spread.perSeed().length < 2 ? 0 : spread.perSeed().length][terms.n];
        for (int t = 0; t < terms.n; t++) {
            boolean moves = false;
            for (int s = 1; s < sd.length; s++) {
                moves |= spread.perSeed()[s][t] != spread.perSeed()[0][t];
            }
            for (int s = 0; s < sd.length && moves; s++) {
                double d = (spread.perSeed()[s][t] - spread.m()[t]) / terms.scale[t];
                sd[s][t] = Double.isNaN(d) ? 0 : d; // a term the seed does not move keeps 0, not rounding noise
            }
        }
        return new NoiseInputs(rep, sd, seeds, floor, floorStated, fallback, rough && sd.length > 0);
    }
}
