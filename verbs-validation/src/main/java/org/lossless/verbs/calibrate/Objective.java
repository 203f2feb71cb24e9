package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator as a function of u in [0, 1]^p (the fitted parameters between their bounds): each fitted
 * experiment simulated with the overrides for u, once per seed, the seeds' mean per term. Every u is rounded to a
 * lattice of 1/{@value #STEPS} of each range first, so that the search, the interval mapping and later revisits
 * share evaluations; each new vector counts against the {@link Budget}. Evaluated points are kept: the
 * uncertainty and identifiability analyses work on them.
 */
final class Objective {
    static final double MISSING = 10;
    static final int STEPS = 1024;
    private final List<Experiment> exps;
    private final List<String> baseSets;
    private final List<FitParameter> params;
    private final Simulator sim;
    private final Budget budget;
    private final Terms terms;
    private final long[] base;
    private final int k;
    private final Map<String, Point> points = new LinkedHashMap<>();

    /**
     * @param base per experiment, its scenario's seed (an evaluation's seeds: {@link #seed(int, int)})
     * @param k    seeds per evaluation (K)
     */
    Objective(List<Experiment> exps, List<String> baseSets, List<FitParameter> params, Simulator sim, Budget budget,
              Terms terms, long[] base, int k) {
        this.exps = List.copyOf(exps);
        this.baseSets = List.copyOf(baseSets);
        this.params = List.copyOf(params);
        this.sim = sim;
        this.budget = budget;
        this.terms = terms;
        this.base = base;
        this.k = k;
    }

    int seeds() {
        return k;
    }

    Terms terms() {
        return terms;
    }

    List<FitParameter> params() {
        return params;
    }

    int dimension() {
        return params.size();
    }

    List<Experiment> experiments() {
        return exps;
    }

    static double[] snap(double[] u) {
        double[] s = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            s[i] = Math.round(Math.max(0, Math.min(1, u[i])) * STEPS) / (double) STEPS;
        }
        return s;
    }

    /** The overrides for u: the base settings, then each parameter's value. */
    List<String> sets(double[] u) {
        List<String> s = new ArrayList<>(baseSets);
        for (int i = 0; i < params.size(); i++) {
            s.add(params.get(i).key() + "=" + params.get(i).format(params.get(i).at(u[i])));
        }
        return s;
    }

    /** The point at u (snapped to the lattice), simulated unless it was before. */
    Point at(double[] u) {
        double[] s = snap(u);
        return at(s, sets(s));
    }

    /** The point at u with {@code extra} overrides after the parameters' (a misfit probe of an unfitted key). */
    Point probe(double[] u, List<String> extra) {
        double[] s = snap(u);
        List<String> sets = sets(s);
        sets.addAll(extra);
        return at(s, sets);
    }

    private Point at(double[] u, List<String> sets) {
        String key = String.join("\u0001", sets);
        Point p = points.get(key);
        if (p != null) {
            return p;
        }
        budget.take();
        p = simulate(u, sets, 0, k);
        points.put(key, p);
        return p;
    }

    /**
     * The fit's point simulated with {@code extra} further seeds (the K-th to the (K + extra - 1)-th), for the noise
     * model; it costs extra / K evaluations (rounded up) and is not one of the points.
     */
    Point spread(double[] u, int extra) {
        for (int i = 0; i < (extra + k - 1) / k; i++) {
            budget.take();
        }
        return simulate(Objective.snap(u), sets(Objective.snap(u)), k, extra);
    }

    /**
     * Experiment e's i-th seed: the scenario's own for the first experiment's first seed, else base + 1000 e + i, so
     * that no two experiments share a random stream (on hardware they are independent runs).
     */
    private Long seed(int e, int i) {
        return e == 0 && i == 0 ? null : base[e] + 1000L * e + i;
    }

    private Point simulate(double[] u, List<String> sets, int first, int count) {
        double[] sum = new double[terms.n];
        double[] sq = new double[terms.n];
        int k = count;
        double[][] perSeed = new double[k][terms.n];
        for (int s = 0; s < k; s++) {
            List<Map<String, Double>> sims = new ArrayList<>();
            for (int e = 0; e < exps.size(); e++) {
                sims.add(sim.run(exps.get(e), sets, seed(e, first + s)));
            }
            for (int t = 0; t < terms.n; t++) {
                Double v = sims.get(terms.experiment[t]).get(terms.metric[t]);
                double x = v == null ? Double.NaN : v;
                perSeed[s][t] = x;
                sum[t] += x;
                sq[t] += x * x;
            }
        }
        double[] var = new double[terms.n];
        for (int t = 0; t < terms.n; t++) {
            double mean = sum[t] / k;
            sum[t] = mean;
            var[t] = k < 2 || Double.isNaN(mean) ? 0 : Math.max(0, (sq[t] - k * mean * mean) / (k - 1));
        }
        return new Point(u, List.copyOf(sets), sum, var, perSeed);
    }

    /** Every point evaluated so far, fitted-parameter vectors and probes, in evaluation order. */
    Collection<Point> points() {
        return points.values();
    }

    /** The points of the fitted parameters only (no misfit probes). */
    List<Point> fitPoints() {
        List<Point> out = new ArrayList<>();
        for (Point p : points.values()) {
            if (p.sets().size() == baseSets.size() + params.size()) {
                out.add(p);
            }
        }
        return out;
    }

    Budget budget() {
        return budget;
    }
}
