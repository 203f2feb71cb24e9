package org.lossless.verbs.calibrate;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.CholeskyDecomposition;

/**
 * The correlations between the terms of one experiment, from the seeds' deviations at the fit:
 * S_ab = Σ d_a d_b / dof (dof = seeds - 1), r_ab = S_ab / sqrt(S_aa S_bb), shrunk toward the identity by
 * λ = m / (m + dof) for the m terms the seed moves (few seeds cannot pin many correlations). Terms the seed does
 * not move are uncorrelated.
 */
final class Correlations {
    private Correlations() {
    }

    /** The correlation matrix of terms [from, to). */
    static double[][] of(double[][] seedDev, double[] sim, int from, int to) {
        int m = to - from;
        double[][] r = new double[m][m];
        for (int a = 0; a < m; a++) {
            r[a][a] = 1;
        }
        int dof = seedDev.length - 1;
        int moving = 0;
        for (int a = 0; a < m; a++) {
            moving += sim[from + a] > 0 ? 1 : 0;
        }
        if (moving < 2 || dof < 2) {
            return r;
        }
        double[][] s = new double[m][m];
        for (double[] d : seedDev) {
            for (int a = 0; a < m; a++) {
                if (sim[from + a] > 0) {
                    for (int b = a; b < m; b++) {
                        s[a][b] += d[from + a] * d[from + b];
                    }
                }
            }
        }
        double lambda = moving / (double) (moving + dof);
        for (int a = 0; a < m; a++) {
            for (int b = a + 1; b < m; b++) {
                if (sim[from + a] > 0 && sim[from + b] > 0 && s[a][a] > 0 && s[b][b] > 0) {
                    r[a][b] = (1 - lambda) * s[a][b] / Math.sqrt(s[a][a] * s[b][b]);
                    r[b][a] = r[a][b];
                }
            }
        }
        return r;
    }

    /** Lower Cholesky factor of a correlation matrix (the identity if it is not positive definite). */
    static double[][] cholesky(double[][] r) {
        try {
            return new CholeskyDecomposition(new Array2DRowRealMatrix(r, true), 1e-9, 1e-12).getL().getData();
        } catch (RuntimeException e) {
            double[][] id = new double[r.length][r.length];
            for (int a = 0; a < r.length; a++) {
                id[a][a] = 1;
            }
            return id;
        }
    }
}
