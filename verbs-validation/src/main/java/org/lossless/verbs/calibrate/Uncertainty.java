package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Linearised uncertainty at the optimum: J is the Jacobian of the scaled residuals with respect to u
 * (central differences, step 0.05 of the range), the residual variance s^2 = RSS / (N - p) with N the
 * residuals whose measured value is not zero (at least (0.5 %)^2: a perfect fit still has measurement
 * noise), and Cov(u) = s^2 (J^T J)^+ through a singular value decomposition. A parameter is not
 * identifiable when its standard error in u exceeds 0.25 (a 1-sigma band over half its range) or its column
 * of J is zero (the metrics do not depend on it); it then gets its whole bounds as range. Otherwise its cost
 * profile ({@link ProfileScan}) widens the error and the range where the objective is flatter than the local
 * slope says (plateaus of the simulator's stepwise outputs).
 */
final class Uncertainty {
    static final double STEP = 0.05;
    static final double MIN_SIGMA = 0.005;
    static final double LIMIT_U = 0.25;

    private Uncertainty() {
    }

    static List<ParameterEstimate> estimate(Objective objective, List<FitParameter> params, double[] start, double[] best) {
        Objective.Evaluation at = objective.evaluate(best);
        int n = at.residuals().size();
        int p = params.size();
        double[][] jac = new double[n][p];
        double[] colNorm = new double[p];
        for (int j = 0; j < p; j++) {
            double[] up = best.clone();
            double[] down = best.clone();
            up[j] = Math.min(1, best[j] + STEP);
            down[j] = Math.max(0, best[j] - STEP);
            List<Residual> a = objective.evaluate(up).residuals();
            List<Residual> b = objective.evaluate(down).residuals();
            for (int i = 0; i < n; i++) {
                jac[i][j] = (a.get(i).scaled() - b.get(i).scaled()) / (up[j] - down[j]);
                colNorm[j] += jac[i][j] * jac[i][j];
            }
        }
        int dof = Math.max(1, objective.informativeTerms() - p);
        double s2 = Math.max(at.cost() / dof, MIN_SIGMA * MIN_SIGMA);
        double[][] cov = covariance(jac, p, s2);
        List<ParameterEstimate> out = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            FitParameter fp = params.get(j);
            double seLin = Math.sqrt(Math.max(0, cov[j][j]));
            boolean flat = colNorm[j] < 1e-12;
            ProfileScan scan = flat || seLin > LIMIT_U ? null : ProfileScan.of(objective, best, j, s2);
            double seU = scan == null ? seLin : Math.max(seLin, scan.sigma1U());
            double u = best[j];
            double value = fp.at(u);
            boolean identifiable = !flat && seU <= LIMIT_U;
            String note = null;
            if (flat) {
                note = "not identifiable: no metric of the fitted runs changes with it; add runs that exercise it";
            } else if (!identifiable) {
                note = "not identifiable: the runs constrain it only weakly (1-sigma over " + (seU >= 1 ? "its whole range"
                        : Math.round(seU * 100) + " % of its range") + ") or only together with another parameter";
            }
            double seValue = seU * Math.abs(fp.slope(u));
            double low = identifiable ? Math.max(fp.min(), value - 2 * seValue) : fp.min();
            double high = identifiable ? Math.min(fp.max(), value + 2 * seValue) : fp.max();
            if (identifiable && scan != null) {
                low = Math.min(low, fp.at(scan.lowU()));
                high = Math.max(high, fp.at(scan.highU()));
            }
            out.add(new ParameterEstimate(fp.key(), fp.humanUnit(), fp.inHumanUnit(fp.at(start[j])), fp.inHumanUnit(value),
                    identifiable ? fp.inHumanUnit(seValue) : null, fp.inHumanUnit(low), fp.inHumanUnit(high), identifiable,
                    note));
        }
        return out;
    }

    /** s^2 (J^T J)^+; a direction J does not see gets an infinite variance. */
    private static double[][] covariance(double[][] jac, int p, double s2) {
        RealMatrix j = new Array2DRowRealMatrix(jac.length == 0 ? new double[1][p] : jac, false);
        RealMatrix jtj = j.transpose().multiply(j);
        SingularValueDecomposition svd = new SingularValueDecomposition(jtj);
        double[] sv = svd.getSingularValues();
        double max = sv.length == 0 ? 0 : sv[0];
        RealMatrix v = svd.getV();
        double[][] cov = new double[p][p];
        for (int k = 0; k < sv.length; k++) {
            double inv = sv[k] > max * 1e-10 && sv[k] > 1e-14 ? 1 / sv[k] : Double.POSITIVE_INFINITY;
            for (int a = 0; a < p; a++) {
                for (int b = 0; b < p; b++) {
                    double prod = v.getEntry(a, k) * v.getEntry(b, k);
                    if (Math.abs(prod) > 1e-12) {
                        cov[a][b] += s2 * inv * prod;
                    }
                }
            }
        }
        return cov;
    }
}
