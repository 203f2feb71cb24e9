package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's roughness at the fit, for a simulation the seed does not change. Its outputs are then a step
 * function of the parameters at packet scale (one CNP more or less, a frame that crosses a threshold a little
 * earlier): a parameter vector a lattice step away can differ by more than the measurement noise, so no vector fits
 * to within the repeats' noise and the fit overfits the steps. Such steps are the model's own noise, as the
 * seed-to-seed spread is for a random simulation: each parameter is moved {@link #OFFSETS} lattice steps
 * (1/{@value Objective#STEPS} of its range) from the fit, each term's values on that line fitted by a straight line
 * (so the parameter's real effect does not count), and the residuals, scaled to their degrees of freedom, are given
 * to the noise model in place of the seeds' deviations. A term that is a straight line there (a smooth response)
 * gets 0. It costs 8 evaluations per parameter.
 */
final class Roughness {
    /** Lattice steps from the fit, each way. */
    static final int[] OFFSETS = {-4, -3, -2, -1, 1, 2, 3, 4};
    /** A residual below this fraction of its term's scale is rounding, not a step. */
    static final double ROUNDING = 1e-9;

    private Roughness() {
    }

    /**
     * A point at the fit whose per-seed rows are the fit plus the scaled residuals (so that their deviations from its
     * mean are the roughness), or null when no line had 3 distinct points.
     */
    static Point at(Objective obj, Point fit) {
        Terms terms = obj.terms();
        int n = terms.n;
        List<double[]> rows = new ArrayList<>();
        int dof = 0;
        for (int j = 0; j < obj.dimension(); j++) {
            List<double[]> ys = new ArrayList<>(List.of(fit.m()));
            List<Double> xs = new ArrayList<>(List.of(fit.u()[j]));
            for (int off : OFFSETS) {
                double[] u = fit.u().clone();
                u[j] += off / (double) Objective.STEPS;
                if (u[j] < 0 || u[j] > 1) {
                    continue;
                }
                Point x = obj.at(u);
                xs.add(x.u()[j]);
                ys.add(x.m());
            }
            if (xs.size() < 3) {
                continue;
            }
            rows.addAll(residuals(terms, xs, ys));
            dof += xs.size() - 2;
        }
        if (rows.size() < 2 || dof < 1) {
            return null;
        }
        double c = Math.sqrt((rows.size() - 1) / (double) dof); // the noise model divides by rows - 1
        double[][] perSeed = new double[rows.size()][n];
        for (int s = 0; s < rows.size(); s++) {
            for (int t = 0; t < n; t++) {
                perSeed[s][t] = fit.m()[t] + c * rows.get(s)[t];
            }
        }
        return new Point(fit.u(), fit.sets(), fit.m(), new double[n], perSeed);
    }

    /** Per point of one line, per term, its residual from the term's least-squares straight line over the line. */
    private static List<double[]> residuals(Terms terms, List<Double> xs, List<double[]> ys) {
        int m = xs.size();
        int n = terms.n;
        double mx = 0;
        for (double x : xs) {
            mx += x / m;
        }
        double sxx = 0;
        for (double x : xs) {
            sxx += (x - mx) * (x - mx);
        }
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            out.add(new double[n]);
        }
        for (int t = 0; t < n; t++) {
            double my = 0;
            boolean finite = true;
            for (double[] y : ys) {
                my += y[t] / m;
                finite &= Double.isFinite(y[t]);
            }
            if (!finite) {
                continue;
            }
            double sxy = 0;
            for (int i = 0; i < m; i++) {
                sxy += (xs.get(i) - mx) * (ys.get(i)[t] - my);
            }
            double b = sxx > 0 ? sxy / sxx : 0;
            double[] r = new double[m];
            double largest = 0;
            for (int i = 0; i < m; i++) {
                r[i] = ys.get(i)[t] - my - b * (xs.get(i) - mx);
                largest = Math.max(largest, Math.abs(r[i]));
            }
            if (largest <= ROUNDING * terms.scale[t]) {
                continue;
            }
            for (int i = 0; i < m; i++) {
                out.get(i)[t] = r[i];
            }
        }
        return out;
    }
}
