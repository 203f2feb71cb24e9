package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Parametric bootstrap of the whole estimate over the evaluated points. Each of {@value #REPLICATES} replicates
 * is a world whose truth is the fit and whose noise is the {@link NoiseModel}: it draws the hardware's repeats
 * (correlated, per experiment), the deviation of the K-seed mean, and the extra seeds, re-estimates the noise
 * model from those draws as the real calibration did (so the few degrees of freedom of a few repeats widen the
 * result, as Student's t does), and refits over every point simulated so far (no new simulation: the simulator
 * does not see the data). Each replicate gives the likelihood ratio of its truth, LR* = J*(fit) - min J*, and its
 * argmin. The 95th percentile of LR* is the threshold q of the 95 % confidence region {u : J(u) - min J <= q}; it
 * also carries the objective's ruggedness and the points' spacing, which a chi-square threshold ignores, and is
 * never below the chi-square quantile with p degrees of freedom. With the residual noise model each replicate
 * re-estimates its s^2 (an F-like ratio). The random stream is fixed: same input, same output.
 */
final class Bootstrap {
    static final int REPLICATES = 200;
    static final long SEED = 0x5eed_ca1bL;

    /**
     * @param threshold q
     * @param argmins   each replicate's best point, in u
     * @param nullJ     each replicate's J at its best point: the distribution of the fit's J when the model is right
     * @param shiftSd   per experiment, the root mean square of the replicates' common-shift scores at their best
     *                  point ({@link CommonShift}): the score's spread when the model is right
     */
    record Result(double threshold, List<double[]> argmins, double[] nullJ, double[] shiftSd) {
    }

    /**
     * The distribution of the misfit statistics of a prediction the data did not fit (held-out runs): J at the
     * prediction and each experiment's common-shift score, over {@value #REPLICATES} replicates drawn and
     * re-estimated as above.
     */
    record Null(double[] j, double[] shiftSd) {
    }

    static Null prediction(Terms terms, NoiseModel noise, int experiments) {
        RandomGenerator rnd = new Well19937c(SEED + 1);
        double[] j = new double[REPLICATES];
        double[] ss = new double[experiments];
        for (int b = 0; b < REPLICATES; b++) {
            double[] y = new double[terms.n];
            NoiseModel nb = replicate(terms, noise, rnd, y);
            double[] r = negate(y);
            j[b] = sq(nb.whiten(r));
            double[][] sh = CommonShift.of(terms, nb, r, experiments);
            for (int e = 0; e < experiments; e++) {
                ss[e] += sh[e][1] * sh[e][1] / REPLICATES;
            }
        }
        for (int e = 0; e < experiments; e++) {
            ss[e] = Math.sqrt(ss[e]);
        }
        return new Null(j, ss);
    }

    /**
     * P(J* >= observed) with J* fitted by a scaled chi-square of the sample's mean and variance (Satterthwaite):
     * small p-values, beyond what a few hundred replicates resolve, come from the fitted tail.
     */
    static double pValue(double observed, double[] sample) {
        double mean = 0;
        for (double x : sample) {
            mean += x / sample.length;
        }
        double var = 0;
        for (double x : sample) {
            var += (x - mean) * (x - mean) / (sample.length - 1);
        }
        if (!(mean > 0) || !(var > 0)) {
            return observed > mean ? 0 : 1;
        }
        double c = var / (2 * mean);
        double nu = 2 * mean * mean / var;
        return 1 - new ChiSquaredDistribution(nu).cumulativeProbability(observed / c);
    }

    private Bootstrap() {
    }

    /**
     * @param jac the terms' derivatives at the fit ({@link Jacobian}), or null: each replicate's likelihood ratio is
     *            then also computed for the linearised model, and the larger of the two counts (the points alone
     *            cannot follow every direction the noise pulls the fit in)
     */
    static Result run(Terms terms, NoiseModel noise, Point centre, List<Point> pts, int p, int dof, double[][] jac) {
        RandomGenerator rnd = new Well19937c(SEED);
        int n = terms.n;
        // each point's z relative to the fit: a replicate's residual at x is d_x - y*, y* its data in the same units
        double[][] d = new double[pts.size()][n];
        for (int i = 0; i < d.length; i++) {
            for (int t = 0; t < n; t++) {
                double m = pts.get(i).m()[t];
                double c = Double.isNaN(centre.m()[t]) ? terms.y[t] : centre.m()[t];
                d[i][t] = Double.isNaN(m) ? Objective.MISSING : (m - c) / terms.scale[t];
            }
        }
        double[] lr = new double[REPLICATES];
        double[] nullJ = new double[REPLICATES];
        int exps = terms.n == 0 ? 0 : terms.experiment[terms.n - 1] + 1;
        double[] shift = new double[exps];
        List<double[]> argmins = new ArrayList<>();
        for (int b = 0; b < REPLICATES; b++) {
            double[] y = new double[n];
            NoiseModel nb = noise.fromResiduals() ? noise : replicate(terms, noise, rnd, y);
            if (noise.fromResiduals()) {
                for (int t = 0; t < n; t++) {
                    y[t] = Math.sqrt(noise.v(t)) * rnd.nextGaussian();
                }
            }
            double atCentre = sq(nb.whiten(negate(y)));
            double min = atCentre;
            double[] arg = centre.u();
            int argI = -1;
            double[] r = new double[n];
            for (int i = 0; i < d.length; i++) {
                for (int t = 0; t < n; t++) {
                    r[t] = d[i][t] - y[t];
                }
                double c = sq(nb.whiten(r));
                if (c < min) {
                    min = c;
                    arg = pts.get(i).u();
                    argI = i;
                }
            }
            nullJ[b] = min;
            for (int t = 0; t < n; t++) {
                r[t] = (argI < 0 ? 0 : d[argI][t]) - y[t];
            }
            double[][] sh = CommonShift.of(terms, nb, r, exps);
            for (int e = 0; e < exps; e++) {
                shift[e] += sh[e][1] * sh[e][1] / REPLICATES;
            }
            double lin = jac == null ? 0 : linear(nb, jac, negate(y), atCentre);
            double ratio = 1;
            if (noise.fromResiduals()) {
                double s2 = noise.v(0);
                ratio = s2 / Math.max(min * s2 / Math.max(1, dof), noise.floor() * noise.floor());
            }
            lr[b] = Math.max(atCentre - min, lin) * ratio;
            argmins.add(arg);
        }
        double q = new Percentile().evaluate(lr, 95);
        double chi = new ChiSquaredDistribution(p).inverseCumulativeProbability(0.95);
        for (int e = 0; e < exps; e++) {
            shift[e] = Math.sqrt(shift[e]);
        }
        return new Result(Math.max(q, Math.max(chi, 0)), argmins, nullJ, shift);
    }

    /** Draws a replicate's data into y (scaled units, relative to the fit) and returns its re-estimated noise. */
    private static NoiseModel replicate(Terms terms, NoiseModel noise, RandomGenerator rnd, double[] y) {
        int n = terms.n;
        NoiseInputs in = noise.inputs();
        int maxK = 1;
        for (int t = 0; t < n; t++) {
            maxK = Math.max(maxK, noise.repeats(t));
        }
        double[][] runs = new double[maxK][];
        for (int i = 0; i < maxK; i++) {
            runs[i] = noise.draw(rnd, true);
        }
        double[] model = noise.draw(rnd, false);
        double[][] rep = new double[n][];
        for (int t = 0; t < n; t++) {
            int k = noise.repeats(t);
            double mean = 0;
            for (int i = 0; i < k; i++) {
                mean += runs[i][t] / k;
            }
            rep[t] = new double[k];
            for (int i = 0; i < k; i++) {
                rep[t][i] = runs[i][t] - mean;
            }
            y[t] = mean - model[t] / Math.sqrt(in.seeds());
        }
        int s = in.seedDev().length;
        double[][] seeds = new double[s < 2 ? 0 : s][];
        double[] mean = new double[n];
        for (int i = 0; i < seeds.length; i++) {
            seeds[i] = noise.draw(rnd, false);
            for (int t = 0; t < n; t++) {
                mean[t] += seeds[i][t] / seeds.length;
            }
        }
        for (double[] sd : seeds) {
            for (int t = 0; t < n; t++) {
                sd[t] -= mean[t];
            }
        }
        return NoiseModel.of(terms, new NoiseInputs(rep, seeds, in.seeds(), in.floor(), in.floorStated(), in.fallback(), in.rough()), true);
    }

    /** |W r|^2 - min over delta |W (r + J delta)|^2: the linearised model's likelihood ratio (least squares, QR). */
    private static double linear(NoiseModel nb, double[][] jac, double[] r, double atCentre) {
        int p = jac[0].length;
        int n = r.length;
        if (n <= p) {
            return atCentre;
        }
        double[][] a = new double[n][p];
        for (int k = 0; k < p; k++) {
            double[] c = nb.whiten(Jacobian.column(jac, k));
            for (int t = 0; t < n; t++) {
                a[t][k] = -c[t];
            }
        }
        double[] wr = nb.whiten(r);
        try {
            org.apache.commons.math3.linear.RealMatrix am = new org.apache.commons.math3.linear.Array2DRowRealMatrix(a, false);
            org.apache.commons.math3.linear.RealVector beta = new org.apache.commons.math3.linear.QRDecomposition(am)
                    .getSolver().solve(new org.apache.commons.math3.linear.ArrayRealVector(wr, false));
            org.apache.commons.math3.linear.RealVector res = new org.apache.commons.math3.linear.ArrayRealVector(wr)
                    .subtract(am.operate(beta));
            return Math.max(0, atCentre - res.dotProduct(res));
        } catch (RuntimeException singular) {
            return 0;
        }
    }

    private static double[] negate(double[] y) {
        double[] r = new double[y.length];
        for (int t = 0; t < y.length; t++) {
            r[t] = -y[t];
        }
        return r;
    }

    private static double sq(double[] w) {
        double c = 0;
        for (double x : w) {
            c += x * x;
        }
        return c;
    }
}
