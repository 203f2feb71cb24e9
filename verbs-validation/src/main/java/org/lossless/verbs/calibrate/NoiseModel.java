package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.math3.random.RandomGenerator;

/**
 * The covariance of the scaled residuals z, estimated from the data ({@link NoiseInputs}), not from the fit:
 * <ul>
 * <li>the simulator's seed-to-seed variance of each term, from extra seeds simulated at the fit, and the
 * correlations between the terms of one experiment from the same deviations ({@link Correlations}: a CNP more and
 * the flows split otherwise, so the terms of an incast move together);</li>
 * <li>the hardware's run-to-run variance: the simulator's variance of each term times one ratio per kind of
 * metric, estimated from the repeats (pooled over the kind's terms) and never below 1: the hardware is taken to be
 * at least as random as the simulator says (repeats can raise that, not lower it). A term's variance pools the
 * seeds' and the repeats' deviations (the latter divided by the ratio), shrunk toward its kind's mean. For terms
 * the seed does not move, the repeats' pooled variance of the kind. Without repeats the ratio is 1 (the fitted
 * runs' ratio for held-out runs) plus the measurement floor. Never below the floor squared, nor, for a count,
 * below half an event squared (counts are read in whole events).</li>
 * </ul>
 * Cov(z) = hardware / k + simulator / K per term (k repeats, K seeds averaged), with the correlations, by
 * experiment; J = z' Cov^-1 z (generalised least squares, through Cholesky factors). When nothing measures the
 * noise (no repeats, a simulation the seed does not change, no stated floor), Cov = s^2 I with s^2 = RSS / (N - p)
 * of the fit, at least the floor squared: a misfit then shows on held-out runs only.
 */
final class NoiseModel {
    /** Default relative measurement floor: even a perfect model meets this much noise. */
    static final double DEFAULT_FLOOR = 0.005;
    private final double[] hw;
    private final double[] sim;
    private final double[] var;
    private final int[] reps;
    private final int[] blocks;
    private final double[][][] corrChol;
    private final double[][][] chol;
    private final boolean fromResiduals;
    private final NoiseInputs in;
    private final List<NoiseFloor> kinds;
    private final Map<String, Double> ratios;
    private boolean[] zero = new boolean[0];

    private NoiseModel(double[] hw, double[] sim, int[] reps, int[] blocks, double[][][] corrChol, boolean fromResiduals,
                       NoiseInputs in, List<NoiseFloor> kinds, Map<String, Double> ratios, double[] var) {
        this(hw, sim, reps, blocks, corrChol, corrChol, fromResiduals, in, kinds, ratios, var);
    }

    /**
     * @param corrChol  the Cholesky factors of the correlations of the simulator's noise (and of the hardware's, unless
     *                  the inputs are {@link NoiseInputs#rough}: then the hardware's is independent)
     * @param totalChol those of the correlations of z (hardware and simulator together)
     */
    private NoiseModel(double[] hw, double[] sim, int[] reps, int[] blocks, double[][][] corrChol, double[][][] totalChol,
                       boolean fromResiduals, NoiseInputs in, List<NoiseFloor> kinds, Map<String, Double> ratios,
                       double[] var) {
        this.hw = hw;
        this.sim = sim;
        this.reps = reps;
        this.blocks = blocks;
        this.corrChol = corrChol;
        this.fromResiduals = fromResiduals;
        this.in = in;
        this.kinds = List.copyOf(kinds);
        this.ratios = Map.copyOf(ratios);
        this.var = var;
        this.chol = new double[corrChol.length][][];
        for (int b = 0; b < corrChol.length; b++) {
            double[][] l = totalChol[b];
            double[][] c = new double[l.length][l.length];
            for (int i = 0; i < l.length; i++) {
                double s = Math.sqrt(var[blocks[b] + i]);
                for (int j = 0; j <= i; j++) {
                    c[i][j] = l[i][j] * s;
                }
            }
            chol[b] = c;
        }
    }

    /**
     * @param correlated false for a diagonal covariance (the search's first weights)
     */
    static NoiseModel of(Terms terms, NoiseInputs in, boolean correlated) {
        int n = terms.n;
        int seedDof = Math.max(0, in.seedDev().length - 1);
        double[] seedSs = new double[n];
        double[] hwSs = new double[n];
        int[] reps = new int[n];
        Map<String, double[]> acc = new LinkedHashMap<>(); // kind -> {hw ss of seed-moved terms, their expectation, hw ss others, dof others, dof all}
        for (int t = 0; t < n; t++) {
            for (double[] d : in.seedDev()) {
                seedSs[t] += d[t] * d[t];
            }
            reps[t] = in.repeatDev()[t].length;
            for (double d : in.repeatDev()[t]) {
                hwSs[t] += d * d;
            }
            double[] a = acc.computeIfAbsent(terms.kind[t], k -> new double[5]);
            if (seedSs[t] > 0 && !in.rough()) {
                a[0] += hwSs[t];
                a[1] += (reps[t] - 1) * seedSs[t] / seedDof;
            } else {
                a[2] += hwSs[t];
                a[3] += reps[t] - 1;
            }
            a[4] += reps[t] - 1;
        }
        boolean anyRepeats = acc.values().stream().anyMatch(a -> a[4] > 0);
        boolean anySim = !in.rough() && Arrays.stream(seedSs).anyMatch(x -> x > 0); // roughness is no measure of the hardware
        boolean residuals = !anyRepeats && !anySim && !in.floorStated();
        double f2 = in.floor() * in.floor();
        Map<String, Double> ratio = new LinkedHashMap<>();
        acc.forEach((k, a) -> ratio.put(k, Math.max(1, a[1] > 0 ? a[0] / a[1] : in.fallback().getOrDefault(k, 1.0))));
        double[] sim = new double[n];
        for (int t = 0; t < n; t++) {
            if (seedSs[t] > 0 && in.rough()) {
                sim[t] = seedSs[t] / seedDof; // the roughness alone: the hardware's noise is not a multiple of it
            } else if (seedSs[t] > 0) {
                int dof = seedDof + reps[t] - 1;
                sim[t] = (seedSs[t] + hwSs[t] / ratio.get(terms.kind[t])) / dof;
            }
        }
        shrink(terms, sim, seedDof, reps);
        double[] hw = new double[n];
        for (int t = 0; t < n; t++) {
            double[] a = acc.get(terms.kind[t]);
            double h = sim[t] > 0 && !in.rough() ? ratio.get(terms.kind[t]) * sim[t] + (a[4] > 0 ? 0 : f2)
                    : a[3] > 0 ? a[2] / a[3] : f2;
            hw[t] = Math.max(h, Math.max(f2, terms.minVariance(t)));
        }
        double[] var = new double[n];
        boolean[] zero = new boolean[n];
        for (int t = 0; t < n; t++) {
            var[t] = hw[t] / reps[t] + sim[t] / in.seeds();
            zero[t] = terms.y[t] == 0 && hwSs[t] == 0 && seedSs[t] == 0;
        }
        int[] blocks = blocks(terms);
        double[][][] cc = new double[blocks.length - 1][][];
        double[][][] total = new double[blocks.length - 1][][];
        for (int b = 0; b + 1 < blocks.length; b++) {
            double[][] r = Correlations.of(correlated ? in.seedDev() : new double[0][], sim, blocks[b], blocks[b + 1]);
            cc[b] = Correlations.cholesky(r);
            if (in.rough()) {
                // only the simulator's part is correlated: Cov_ab = r_ab sqrt(sim_a sim_b) / K against var_a, var_b
                double[][] rt = new double[r.length][r.length];
                for (int a = 0; a < r.length; a++) {
                    for (int c = 0; c < r.length; c++) {
                        int ta = blocks[b] + a;
                        int tc = blocks[b] + c;
                        rt[a][c] = a == c ? 1 : r[a][c] * Math.sqrt(sim[ta] * sim[tc]) / in.seeds()
                                / Math.sqrt(var[ta] * var[tc]);
                    }
                }
                total[b] = Correlations.cholesky(rt);
            } else {
                total[b] = cc[b];
            }
        }
        NoiseModel m = new NoiseModel(hw, sim, reps, blocks, cc, total, residuals, in, rows(terms, acc, hw, sim, in, residuals),
                ratio, var);
        m.zero = zero;
        return m;
    }

    /**
     * Each seed-moved term's variance shrunk toward the mean of its kind, by {@value #PRIOR_DOF} degrees of freedom
     * against its own: a dozen seeds of an output that jumps between two modes give a rough variance.
     */
    static final int PRIOR_DOF = 4;

    private static void shrink(Terms terms, double[] sim, int seedDof, int[] reps) {
        Map<String, double[]> pool = new LinkedHashMap<>();
        for (int t = 0; t < terms.n; t++) {
            if (sim[t] > 0) {
                double[] p = pool.computeIfAbsent(terms.kind[t], k -> new double[2]);
                p[0] += sim[t];
                p[1]++;
            }
        }
        for (int t = 0; t < terms.n; t++) {
            if (sim[t] > 0) {
                double[] p = pool.get(terms.kind[t]);
                int dof = seedDof + reps[t] - 1;
                sim[t] = (dof * sim[t] + PRIOR_DOF * p[0] / p[1]) / (dof + PRIOR_DOF);
            }
        }
    }

    private static List<NoiseFloor> rows(Terms terms, Map<String, double[]> acc, double[] hw, double[] sim, NoiseInputs in,
                                         boolean residuals) {
        List<NoiseFloor> rows = new ArrayList<>();
        boolean seeds = in.seedDev().length > 1;
        for (Map.Entry<String, double[]> e : acc.entrySet()) {
            double h = 0;
            double s = 0;
            int c = 0;
            for (int t = 0; t < terms.n; t++) {
                if (terms.kind[t].equals(e.getKey())) {
                    h += hw[t];
                    s += sim[t];
                    c++;
                }
            }
            String source = e.getValue()[4] > 0 ? "repeats" : residuals ? "fit residuals" : !seeds ? "floor"
                    : in.fallback().containsKey(e.getKey()) ? "the fitted runs' ratio to the seeds" : "simulator seeds + floor";
            rows.add(new NoiseFloor(e.getKey(), c, residuals ? null : Math.sqrt(h / c), seeds ? Math.sqrt(s / c) : null, source));
        }
        return rows;
    }

    /** Start of each experiment's terms, and n at the end (terms are grouped by experiment). */
    static int[] blocks(Terms terms) {
        List<Integer> b = new ArrayList<>();
        for (int t = 0; t < terms.n; t++) {
            if (t == 0 || terms.experiment[t] != terms.experiment[t - 1]) {
                b.add(t);
            }
        }
        b.add(terms.n);
        return b.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The residual mode's covariance from the fit: s^2 I, s^2 = RSS of z at the fit over (informative terms - p). */
    NoiseModel fromFit(double rawRss, int dof) {
        return fromResiduals ? uniform(Math.max(rawRss / Math.max(1, dof), in.floor() * in.floor()), blocks) : this;
    }

    /** The residual mode's s^2 I for other terms (the held-out runs'). */
    NoiseModel sameFor(Terms other) {
        return uniform(var.length > 0 ? var[0] : in.floor() * in.floor(), blocks(other));
    }

    private NoiseModel uniform(double s2, int[] b) {
        int n = b[b.length - 1];
        double[] nv = new double[n];
        Arrays.fill(nv, s2);
        double[][][] c = new double[b.length - 1][][];
        for (int i = 0; i + 1 < b.length; i++) {
            int m = b[i + 1] - b[i];
            c[i] = new double[m][m];
            for (int a = 0; a < m; a++) {
                c[i][a][a] = 1;
            }
        }
        List<NoiseFloor> rows = new ArrayList<>();
        kinds.forEach(k -> rows.add(new NoiseFloor(k.kind(), k.terms(), Math.sqrt(s2), k.simulator(), k.source())));
        return new NoiseModel(nv, new double[n], new int[n], b, c, fromResiduals, in, rows, ratios, nv);
    }

    /**
     * A draw of one run's deviation (hardware: {@code hardware} true; one seed's otherwise) in scaled units, with
     * the terms' correlations; 0 for a term that is 0 in every repeat and seed (a counter of events that do not
     * happen in these runs).
     */
    double[] draw(RandomGenerator rnd, boolean hardware) {
        double[] out = new double[var.length];
        double[] v = hardware ? hw.clone() : sim.clone();
        for (int t = 0; t < zero.length; t++) {
            v[t] = zero[t] ? 0 : v[t]; // 0 in every repeat and seed: a counter of what did not happen stays 0
        }
        for (int b = 0; b < corrChol.length; b++) {
            double[][] l = corrChol[b];
            double[] e = new double[l.length];
            for (int i = 0; i < l.length; i++) {
                e[i] = rnd.nextGaussian();
                double x = 0;
                for (int j = 0; j <= i; j++) {
                    x += hardware && in.rough() ? (i == j ? e[j] : 0) : l[i][j] * e[j];
                }
                out[blocks[b] + i] = Math.sqrt(v[blocks[b] + i]) * x;
            }
        }
        return out;
    }

    NoiseInputs inputs() {
        return in;
    }

    int repeats(int t) {
        return reps[t];
    }

    /** True when the noise is the fit's own residual (a misfit cannot be told from noise on the fitted runs). */
    boolean fromResiduals() {
        return fromResiduals;
    }

    double floor() {
        return in.floor();
    }

    /** Variance of term t's z. */
    double v(int t) {
        return var[t];
    }

    List<NoiseFloor> kinds() {
        return kinds;
    }

    /** Hardware-to-simulator variance ratio per kind (for runs that have no repeats of their own). */
    Map<String, Double> ratios() {
        return ratios;
    }

    /** L^-1 z for simulated values m against measured y (z = MISSING where m is NaN), experiment by experiment. */
    double[] whiten(Terms terms, double[] m, double[] y) {
        double[] z = new double[terms.n];
        for (int t = 0; t < terms.n; t++) {
            z[t] = Double.isNaN(m[t]) ? Objective.MISSING : (m[t] - y[t]) / terms.scale[t];
        }
        return whiten(z);
    }

    /** L^-1 v for a vector v in scaled units, experiment by experiment. */
    double[] whiten(double[] v) {
        double[] w = new double[v.length];
        for (int b = 0; b < chol.length; b++) {
            double[][] l = chol[b];
            int from = blocks[b];
            for (int i = 0; i < l.length; i++) {
                double z = v[from + i];
                for (int j = 0; j < i; j++) {
                    z -= l[i][j] * w[from + j];
                }
                w[from + i] = z / l[i][i];
            }
        }
        return w;
    }

    /** J = |L^-1 z|^2 of simulated values m against measured means y. */
    double cost(Terms terms, double[] m, double[] y) {
        double c = 0;
        for (double w : whiten(terms, m, y)) {
            c += w * w;
        }
        return c;
    }

    double cost(Terms terms, Point p) {
        return cost(terms, p.m(), terms.y);
    }

    /** Σ z² without weights (the residual mode's RSS). */
    static double rawRss(Terms terms, Point p) {
        double c = 0;
        for (int t = 0; t < terms.n; t++) {
            double z = terms.z(t, p.m()[t]);
            c += z * z;
        }
        return c;
    }
}
