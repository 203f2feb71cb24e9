package org.lossless.verbs.calibrate;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * The terms' derivatives at the fit, in scaled units per unit of u: central differences over +-{@value #STEP_TEXT}
 * of each range (one-sided at a bound), from the design points the region mapping evaluates anyway. The difference
 * step is wide on purpose: it rides over the simulator's steps at packet scale. A term missing at either point gets
 * 0.
 */
final class Jacobian {
    static final String STEP_TEXT = "1/32";
    /** The ridge added to the information's diagonal, relative to its largest entry. */
    static final double RIDGE = 1e-9;

    private Jacobian() {
    }

    /** J[t][j], n x p. */
    static double[][] of(Objective obj, Point best) {
        Terms terms = obj.terms();
        int p = best.u().length;
        double[][] j = new double[terms.n][p];
        for (int k = 0; k < p; k++) {
            double[] up = best.u().clone();
            double[] down = best.u().clone();
            up[k] = Math.min(1, up[k] + Region.DESIGN);
            down[k] = Math.max(0, down[k] - Region.DESIGN);
            Point a = obj.at(up);
            Point b = obj.at(down);
            double du = a.u()[k] - b.u()[k];
            for (int t = 0; t < terms.n; t++) {
                double d = (a.m()[t] - b.m()[t]) / terms.scale[t] / du;
                j[t][k] = Double.isNaN(d) || du == 0 ? 0 : d;
            }
        }
        return j;
    }

    /** Per parameter, whether any term moves with it. */
    static boolean[] moves(double[][] j) {
        int p = j.length == 0 ? 0 : j[0].length;
        boolean[] m = new boolean[p];
        for (double[] row : j) {
            for (int k = 0; k < p; k++) {
                m[k] |= row[k] != 0;
            }
        }
        return m;
    }

    /** Column k of J. */
    static double[] column(double[][] j, int k) {
        double[] c = new double[j.length];
        for (int t = 0; t < c.length; t++) {
            c[t] = j[t][k];
        }
        return c;
    }

    /**
     * Correlations of the linearised estimate, Cov = (J' C^-1 J)^+ with the noise's covariance C (a parameter no term
     * moves with gets 0 against every other).
     */
    static double[][] correlation(double[][] j, NoiseModel noise) {
        double[][] cov = covariance(j, noise);
        int p = cov.length;
        double[][] r = new double[p][p];
        for (int a = 0; a < p; a++) {
            for (int b = 0; b < p; b++) {
                double d = Math.sqrt(cov[a][a] * cov[b][b]);
                r[a][b] = a == b ? 1 : d > 0 && Double.isFinite(d) ? Math.max(-1, Math.min(1, cov[a][b] / d)) : 0;
            }
        }
        return r;
    }

    /**
     * The profile direction of parameter k: Cov e_k / Cov_kk, the line along which the others follow it at their best
     * (the linearised profile; component k is 1); the axis when no term moves with it.
     */
    static double[] direction(double[][] cov, int k) {
        int p = cov.length;
        double[] d = new double[p];
        if (!(cov[k][k] > 0) || !Double.isFinite(cov[k][k])) {
            d[k] = 1;
            return d;
        }
        for (int i = 0; i < p; i++) {
            d[i] = cov[i][k] / cov[k][k]; // the others' shift per unit of parameter k along the profile
        }
        return d;
    }

    /**
     * The information's inverse (J' C^-1 J + eps I)^-1, p x p, with eps = {@value #RIDGE} of its largest diagonal entry.
     * Not the pseudo-inverse: when two parameters act as one sum, the pseudo-inverse keeps only the direction the runs
     * determine (correlation +1, a profile direction along the sum), the opposite of the truth; the small ridge keeps
     * the undetermined direction dominant (correlation -1, the profile follows the trade-off) and changes a
     * well-determined estimate's covariance by about eps relative.
     */
    static double[][] covariance(double[][] j, NoiseModel noise) {
        int p = j.length == 0 ? 0 : j[0].length;
        double[][] w = new double[j.length][p];
        for (int k = 0; k < p; k++) {
            double[] c = noise.whiten(column(j, k));
            for (int t = 0; t < c.length; t++) {
                w[t][k] = c[t];
            }
        }
        if (j.length == 0) {
            return new double[p][p];
        }
        RealMatrix wm = new Array2DRowRealMatrix(w, false);
        RealMatrix info = wm.transpose().multiply(wm);
        double top = 0;
        for (int k = 0; k < p; k++) {
            top = Math.max(top, info.getEntry(k, k));
        }
        double eps = top > 0 && Double.isFinite(top) ? RIDGE * top : 1;
        for (int k = 0; k < p; k++) {
            info.addToEntry(k, k, eps);
        }
        return new SingularValueDecomposition(info).getSolver().getInverse().getData();
    }
}
