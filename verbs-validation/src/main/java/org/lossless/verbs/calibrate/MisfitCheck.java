package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.FDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealVector;

/**
 * Does the calibrated model miss something the runs show? Three tests at p = {@value Misfit#ALPHA}, each against
 * its distribution when the model is right, from the same parametric bootstrap as the intervals (replicates drawn
 * from the noise model and the noise re-estimated from each, so a few repeats do not make a small variance look
 * certain; the p-value from a scaled chi-square fitted to the replicates):
 * <ul>
 * <li>the fitted runs' J at the fit, when the noise is measured (repeats, seeds, a stated floor): residuals larger
 * than the noise floor;</li>
 * <li>the held-out runs' J at the best of the fit's region points tried (with the residual noise model: the F
 * ratio of their mean square to the fitted runs');</li>
 * <li>each run's common relative shift of all its metrics ({@link CommonShift}), its score over its bootstrap
 * spread: a run whose metrics are all off one way is a structured misfit, listed with its largest flow and incast
 * degree so a pattern by size or degree shows.</li>
 * </ul>
 * When one fails, each unfitted candidate key is probed at 1/4 and 3/4 of its range with the fit held: its effect
 * on every metric (fitted and held out), against the residuals and the fitted parameters' own effects (from the
 * design at +-1/32), gives the share of the misfit fitting it too would remove (least squares, linearised) and the
 * fitted parameter that resembles it (which may be absorbing it).
 */
final class MisfitCheck {
    /** Unfitted keys probed when the model misses something (those the scenario has and the fit does not). */
    static final List<String> CANDIDATES = List.of("nic.dcqcn.cnp_delay=0us..20us", "nic.dcqcn.reaction_delay=0us..20us",
            "switch.latency=0us..2us", "topology.host_link.delay=0us..5us", "switch.pfc.response_time=0us..5us",
            "nic.pfc_response_time=0us..5us");
    static final double Z = new NormalDistribution().inverseCumulativeProbability(1 - Misfit.ALPHA / 2);
    static final double NAMED_CUT = 0.2;
    static final double NAMED_RHO = 0.7;

    private MisfitCheck() {
    }

    /**
     * One side of the check: an objective, its noise, its point at the fit, and the null distributions of its
     * statistics from the bootstrap (null with the residual noise model: then chi-square, F and the normal apply).
     */
    record Side(Objective obj, NoiseModel noise, Point at, boolean heldOut, Bootstrap.Null nul) {
    }

    static Misfit run(Side fit, Side held, List<FitParameter> candidates, Progress progress) {
        List<String> findings = new ArrayList<>();
        Terms ft = fit.obj().terms();
        int p = fit.obj().dimension();
        int dof = Math.max(1, ft.informative() - p);
        double cFit = fit.noise().cost(ft, fit.at());
        Double fitStat = null;
        Double fitP = null;
        if (!fit.noise().fromResiduals()) {
            fitStat = cFit;
            fitP = fit.nul() != null ? Bootstrap.pValue(cFit, fit.nul().j())
                    : 1 - new ChiSquaredDistribution(dof).cumulativeProbability(cFit);
            if (fitP < Misfit.ALPHA) {
                findings.add(String.format(Locale.ROOT, "the fitted runs' residuals exceed their noise: J = %.4g on %d"
                        + " degrees of freedom (%.2gx; p = %.2g)", cFit, dof, cFit / dof, fitP));
            }
        }
        Double heldStat = null;
        Double heldP = null;
        Integer heldDof = null;
        if (held != null) {
            Terms ht = held.obj().terms();
            heldDof = Math.max(1, ht.informative());
            double c = held.noise().cost(ht, held.at());
            if (fit.noise().fromResiduals()) {
                heldStat = (c / heldDof) / (cFit / dof);
                heldP = 1 - new FDistribution(heldDof, dof).cumulativeProbability(heldStat);
            } else {
                heldStat = c;
                heldP = held.nul() != null ? Bootstrap.pValue(c, held.nul().j())
                        : 1 - new ChiSquaredDistribution(heldDof).cumulativeProbability(c);
            }
            if (heldP < Misfit.ALPHA) {
                findings.add(String.format(Locale.ROOT, "the held-out runs' residuals exceed the noise for every parameter"
                        + " vector tried within the fit's 95 %% region: %s = %.4g on %d terms at the best of them (p = %.2g)",
                        fit.noise().fromResiduals() ? "F" : "J", heldStat, heldDof, heldP));
            }
        }
        List<Misfit.RunBias> runs = new ArrayList<>(biases(fit));
        if (held != null) {
            runs.addAll(biases(held));
        }
        for (Misfit.RunBias b : runs) {
            if (Math.abs(b.z()) > Z) {
                findings.add(String.format(Locale.ROOT, "%s run %s: its metrics are on average %+.1f %% off, all one way"
                        + " (z = %+.1f)", b.heldOut() ? "held-out" : "fitted", b.run(), 100 * b.meanRelative(), b.z()));
            }
        }
        boolean checked = !fit.noise().fromResiduals() || held != null;
        List<Misfit.Candidate> cands = new ArrayList<>();
        if (!findings.isEmpty() && !candidates.isEmpty()) {
            progress.say("  misfit: probing " + candidates.size() + " unfitted parameter(s)");
            try {
                cands = Probes.run(fit, held, candidates);
            } catch (Budget.Exhausted e) {
                findings.add("the probes of unfitted parameters stopped: " + e.getMessage());
            }
        }
        return new Misfit(!findings.isEmpty(), checked, findings, fitStat, fitStat == null ? null : dof, fitP, heldStat,
                heldDof, heldP, runs, cands);
    }

    /**
     * Per experiment, the common relative shift of its metrics and its score ({@link CommonShift}), the score divided
     * by its spread over the bootstrap's replicates when they are there (so it is standard normal when the model is
     * right, whatever the few repeats and seeds did to the noise estimate).
     */
    private static List<Misfit.RunBias> biases(Side s) {
        Terms t = s.obj().terms();
        List<Misfit.RunBias> out = new ArrayList<>();
        List<Experiment> exps = s.obj().experiments();
        double[][] sh = CommonShift.of(t, s.noise(), CommonShift.residuals(t, s.at().m(), t.y), exps.size());
        for (int e = 0; e < exps.size(); e++) {
            double sd = s.nul() != null && s.nul().shiftSd()[e] > 0 ? s.nul().shiftSd()[e] : 1;
            long[] shape = Experiment.shape(exps.get(e).first().scenario(List.of()));
            out.add(new Misfit.RunBias(exps.get(e).name(), s.heldOut(), sh[e][0], sh[e][1] / sd, shape[0], (int) shape[1]));
        }
        return out;
    }

    /** The probes of unfitted parameters. */
    static final class Probes {
        private Probes() {
        }

        static List<Misfit.Candidate> run(Side fit, Side held, List<FitParameter> candidates) {
            List<Side> sides = held == null ? List.of(fit) : List.of(fit, held);
            double[] r = weighted(sides, null);
            int p = fit.obj().dimension();
            double[][] cols = new double[p][];
            for (int j = 0; j < p; j++) {
                double[] up = fit.at().u().clone();
                double[] down = fit.at().u().clone();
                up[j] = Math.min(1, up[j] + Region.DESIGN);
                down[j] = Math.max(0, down[j] - Region.DESIGN);
                List<Point> a = new ArrayList<>();
                List<Point> b = new ArrayList<>();
                for (Side s : sides) {
                    a.add(s.obj().at(up));
                    b.add(s.obj().at(down));
                }
                cols[j] = diff(sides, a, b);
            }
            double rss0 = rss(r, cols, null);
            List<Misfit.Candidate> out = new ArrayList<>();
            for (FitParameter c : candidates) {
                Misfit.Candidate best = null;
                for (double u : new double[] {0.25, 0.75}) {
                    List<String> extra = List.of(c.key() + "=" + c.format(c.at(u)));
                    List<Point> probe = new ArrayList<>();
                    List<Point> at = new ArrayList<>();
                    for (Side s : sides) {
                        probe.add(s.obj().probe(s.at().u(), extra));
                        at.add(s.at());
                    }
                    double[] e = diff(sides, probe, at);
                    double cut = rss0 <= 0 ? 0 : Math.max(0, (rss0 - rss(r, cols, e)) / rss0);
                    String by = null;
                    double rho = 0;
                    int nFit = fit.obj().terms().n;
                    for (int j = 0; j < p; j++) {
                        double cos = cosine(e, cols[j], nFit);
                        if (Math.abs(cos) > Math.abs(rho)) {
                            rho = cos;
                            by = fit.obj().params().get(j).key();
                        }
                    }
                    Misfit.Candidate cand = new Misfit.Candidate(c.key(), c.human(c.at(u)), cut, Math.abs(rho) >= NAMED_RHO
                            ? by : null, Math.abs(rho) >= NAMED_RHO ? rho : null);
                    if (best == null || cand.misfitCut() > best.misfitCut()) {
                        best = cand;
                    }
                }
                if (best.misfitCut() >= NAMED_CUT || best.absorbedBy() != null) {
                    out.add(best);
                }
            }
            out.sort(Comparator.comparingDouble(Misfit.Candidate::misfitCut).reversed());
            return out;
        }

        /** Residuals in noise units over every side's terms (a: the point per side, or each side's fit). */
        private static double[] weighted(List<Side> sides, List<Point> a) {
            List<Double> out = new ArrayList<>();
            for (int s = 0; s < sides.size(); s++) {
                Side side = sides.get(s);
                Point x = a == null ? side.at() : a.get(s);
                Terms t = side.obj().terms();
                for (double v : side.noise().whiten(t, x.m(), t.y)) {
                    out.add(v);
                }
            }
            return out.stream().mapToDouble(Double::doubleValue).toArray();
        }

        private static double[] diff(List<Side> sides, List<Point> a, List<Point> b) {
            double[] x = weighted(sides, a);
            double[] y = weighted(sides, b);
            for (int i = 0; i < x.length; i++) {
                x[i] -= y[i];
            }
            return x;
        }

        /** Residual sum of squares of r after least squares on the columns (and e, when given). */
        private static double rss(double[] r, double[][] cols, double[] e) {
            int k = cols.length + (e == null ? 0 : 1);
            if (k == 0 || r.length <= k) {
                return dot(r, r, r.length);
            }
            double[][] a = new double[r.length][k];
            for (int i = 0; i < r.length; i++) {
                for (int j = 0; j < cols.length; j++) {
                    a[i][j] = cols[j][i];
                }
                if (e != null) {
                    a[i][k - 1] = e[i];
                }
            }
            try {
                RealVector beta = new QRDecomposition(new Array2DRowRealMatrix(a, false)).getSolver()
                        .solve(new ArrayRealVector(r, false));
                RealVector res = new ArrayRealVector(r).subtract(new Array2DRowRealMatrix(a, false).operate(beta));
                return res.dotProduct(res);
            } catch (RuntimeException singular) {
                return dot(r, r, r.length);
            }
        }

        private static double cosine(double[] a, double[] b, int n) {
            double ab = dot(a, b, n);
            double aa = dot(a, a, n);
            double bb = dot(b, b, n);
            return aa == 0 || bb == 0 ? 0 : ab / Math.sqrt(aa * bb);
        }

        private static double dot(double[] a, double[] b, int n) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += a[i] * b[i];
            }
            return s;
        }
    }
}
