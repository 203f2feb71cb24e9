package org.lossless.verbs.calibrate;

import java.util.List;

/**
 * One evaluated parameter vector.
 *
 * @param u       the vector in [0, 1]^p (on the lattice)
 * @param sets    its overrides
 * @param m       per term, the simulated value averaged over the seeds (NaN when a seed lacked it)
 * @param seedVar per term, the variance of the seeds' values about that mean (0 with one seed)
 * @param perSeed per seed, per term, the simulated value
 */
record Point(double[] u, List<String> sets, double[] m, double[] seedVar, double[][] perSeed) {
}
