package org.lossless.verbs.calibrate;

/**
 * One parameter's cost profile around the optimum, the others held at their fitted values: the objective at
 * offsets of 0.005 to 0.25 (in u) on each side, until it rises by more than 4 s^2 (the 2-sigma level of a
 * likelihood-ratio interval). The simulator's outputs move in steps at the scale of single packets and
 * events, so the local slope the linearised error uses can be steep inside a plateau that is much wider: the
 * profile catches that. The 1-sigma half-width is the farthest offset whose rise is at most s^2, the 2-sigma
 * interval the farthest at most 4 s^2. The interval always contains the fitted value.
 *
 * @param sigma1U   1-sigma half-width, in u (the larger side)
 * @param lowU      lower end of the 2-sigma interval, in u
 * @param highU     upper end of the 2-sigma interval, in u
 */
record ProfileScan(double sigma1U, double lowU, double highU) {
    static final double[] OFFSETS = {0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25};

    static ProfileScan of(Objective objective, double[] best, int j, double s2) {
        double base = objective.evaluate(best).cost();
        double sigma = 0;
        double low = best[j];
        double high = best[j];
        for (int dir : new int[] {-1, 1}) {
            for (double off : OFFSETS) {
                double u = best[j] + dir * off;
                if (u < 0 || u > 1) {
                    u = Math.max(0, Math.min(1, u));
                }
                double[] x = best.clone();
                x[j] = u;
                double c = objective.evaluate(x).cost();
                double rise = c - base;
                if (rise <= s2) {
                    sigma = Math.max(sigma, Math.abs(u - best[j]));
                }
                if (rise <= 4 * s2) {
                    low = Math.min(low, u);
                    high = Math.max(high, u);
                } else {
                    break;
                }
                if (u == 0 || u == 1) {
                    break;
                }
            }
        }
        return new ProfileScan(sigma, low, high);
    }
}
