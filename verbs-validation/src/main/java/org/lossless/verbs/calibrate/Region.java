package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The 95 % confidence region of the fitted parameters and its projection on each parameter, mapped by
 * simulation: a small design around the fit (+-1/32 along each axis, and the diagonals of each pair), the
 * bootstrap threshold q ({@link Bootstrap}), then profile walks out of {J - min J <= q} ({@link Walk}): each
 * parameter moved up and down, the others re-optimised at each step, so that a trade-off ridge is followed. A point found below the minimum becomes the fit; the mapping restarts
 * from it (once) only when it lies more than 1/16 away, since the walks done still bracket the region (a lower
 * minimum only shrinks it). Each parameter's interval spans the region's points, each end carried to the walk's first
 * point outside when a walk set it: the region's edge lies between them.
 */
final class Region {
    static final double DESIGN = 1.0 / 32;

    /**
     * One parameter's 95 % interval in u.
     *
     * @param flat     no metric changed along this parameter's axis over its whole range
     * @param complete false when the evaluation budget stopped the mapping (the interval may be wider)
     */
    record Interval(double low, double high, boolean flat, boolean complete) {
    }

    /**
     * @param best        the fit (the lowest-cost point evaluated)
     * @param threshold   the bootstrap threshold q
     * @param intervals   per parameter
     * @param correlation per pair of parameters, the correlation of the linearised estimate at the fit or the one
     *                    the profile walks' traces show, whichever is larger in size
     * @param argmins     the bootstrap refits' best points
     * @param extremes    the region's points with the least and the greatest value of each parameter
     * @param boot        the bootstrap at the fit (its null distributions feed the misfit tests)
     */
    record Result(Point best, double threshold, Interval[] intervals, double[][] correlation, List<double[]> argmins,
                  List<double[]> extremes, Bootstrap.Result boot) {
    }

    private Region() {
    }

    static Result map(Objective obj, ToDoubleFunction<Point> cost, NoiseModel noise, Point start, Progress progress) {
        Terms terms = obj.terms();
        int p = obj.dimension();
        int dof = Math.max(1, terms.informative() - p);
        Point best = start;
        List<Walk> walks = new ArrayList<>();
        double[][] jac = null;
        boolean complete = true;
        try {
            for (int restart = 0; ; restart++) {
                Point better = design(obj, cost, best);
                if (better != null && restart < 2) {
                    best = Search.polish(obj, cost, better);
                    continue;
                }
                jac = Jacobian.of(obj, best);
                double q = Bootstrap.run(terms, noise, best, obj.fitPoints(), p, dof, jac).threshold();
                walks.addAll(walks(best, Jacobian.covariance(jac, noise), Jacobian.moves(jac), p));
                Point[] found = {null};
                for (int round = 0; round < 3; round++) {
                    double cmin = cost.applyAsDouble(best);
                    for (Walk w : walks) {
                        w.extend(obj, cost, cmin, q, x -> found[0] = found[0] == null
                                || cost.applyAsDouble(x) < cost.applyAsDouble(found[0]) ? x : found[0]);
                    }
                    double q2 = Bootstrap.run(terms, noise, best, obj.fitPoints(), p, dof, jac).threshold();
                    if (found[0] != null || q2 <= q) {
                        break;
                    }
                    q = q2;
                }
                progress.tick(() -> "  intervals: " + obj.budget().used() + "/" + obj.budget().cap() + " evaluations");
                if (found[0] == null) {
                    break;
                }
                Point moved = Search.polish(obj, cost, found[0]);
                boolean far = Search.distance(moved.u(), best.u()) > 1.0 / 16;
                best = moved;
                if (!far || restart >= 1) {
                    break; // the walks done still bracket the region (a lower minimum only shrinks it)
                }
            }
        } catch (Budget.Exhausted e) {
            complete = false;
            progress.say("  intervals not fully mapped: " + e.getMessage());
        }
        for (Point x : obj.fitPoints()) {
            if (cost.applyAsDouble(x) < cost.applyAsDouble(best)) {
                best = x;
            }
        }
        try {
            jac = Jacobian.of(obj, best);
        } catch (Budget.Exhausted e) {
            complete = false; // the last Jacobian stands (or none)
        }
        Bootstrap.Result boot = Bootstrap.run(terms, noise, best, obj.fitPoints(), p, dof, jac);
        List<double[]> extremes = new ArrayList<>();
        Interval[] iv = intervals(obj, cost, best, boot.threshold(), walks, complete, extremes);
        progress.say(String.format(Locale.ROOT, "  intervals: threshold %.3g over %d points", boot.threshold(),
                obj.fitPoints().size()));
        double[][] traced = correlation(walks, cost, cost.applyAsDouble(best), boot.threshold(), p);
        double[][] local = jac == null ? new double[p][p] : Jacobian.correlation(jac, noise);
        for (int a = 0; a < p; a++) {
            for (int b = 0; b < p; b++) {
                traced[a][b] = Math.abs(local[a][b]) > Math.abs(traced[a][b]) ? local[a][b] : traced[a][b];
            }
        }
        return new Result(best, boot.threshold(), iv, traced, boot.argmins(), extremes, boot);
    }

    /** Evaluates the design around {@code best}; returns a point below it, or null. */
    private static Point design(Objective obj, ToDoubleFunction<Point> cost, Point best) {
        int p = best.u().length;
        List<double[]> offsets = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            for (int s : new int[] {1, -1}) {
                double[] d = new double[p];
                d[i] = s * DESIGN;
                offsets.add(d);
                for (int j = i + 1; j < p; j++) {
                    for (int s2 : new int[] {1, -1}) {
                        double[] e = d.clone();
                        e[j] = s2 * DESIGN;
                        offsets.add(e);
                    }
                }
            }
        }
        Point better = null;
        double c0 = cost.applyAsDouble(best);
        for (double[] d : offsets) {
            double[] u = best.u().clone();
            for (int i = 0; i < p; i++) {
                u[i] += d[i];
            }
            Point x = obj.at(u);
            if (cost.applyAsDouble(x) < c0 - 1e-9 && (better == null || cost.applyAsDouble(x) < cost.applyAsDouble(better))) {
                better = x;
            }
        }
        return better;
    }

    /**
     * Two profile walks per parameter (one way and the other) along its linearised profile direction
     * ({@link Jacobian#direction}), the others corrected at each step.
     */
    private static List<Walk> walks(Point best, double[][] cov, boolean[] moves, int p) {
        List<Walk> out = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            double[] d = Jacobian.direction(cov, j);
            for (int s : new int[] {1, -1}) {
                double[] v = d.clone();
                for (int i = 0; i < p; i++) {
                    v[i] *= s;
                }
                out.add(new Walk(best, v, j, moves));
            }
        }
        return out;
    }

    private static Interval[] intervals(Objective obj, ToDoubleFunction<Point> cost, Point best, double q, List<Walk> walks,
                                        boolean complete, List<double[]> extremes) {
        int p = best.u().length;
        double cmin = cost.applyAsDouble(best);
        Interval[] out = new Interval[p];
        for (int j = 0; j < p; j++) {
            double lo = best.u()[j];
            double hi = lo;
            Point loP = best;
            Point hiP = best;
            for (Point x : obj.fitPoints()) {
                if (cost.applyAsDouble(x) - cmin <= q) {
                    if (x.u()[j] < lo) {
                        lo = x.u()[j];
                        loP = x;
                    }
                    if (x.u()[j] > hi) {
                        hi = x.u()[j];
                        hiP = x;
                    }
                }
            }
            extremes.add(loP.u());
            extremes.add(hiP.u());
            for (Walk w : walks) {
                if (j == 0 && cost.applyAsDouble(w.lastIn()) - cmin <= q) {
                    extremes.add(w.lastIn().u());
                }
            }
            double lo2 = lo;
            double hi2 = hi;
            for (Walk w : walks) {
                if (w.firstOut() != null && w.lastIn() == loP) {
                    lo2 = Math.min(lo2, w.firstOut().u()[j]);
                }
                if (w.firstOut() != null && w.lastIn() == hiP) {
                    hi2 = Math.max(hi2, w.firstOut().u()[j]);
                }
            }
            out[j] = new Interval(lo2, hi2, flat(walks, best, j), complete);
        }
        return out;
    }

    /**
     * Correlations from the profile traces: on parameter j's walks (inside the region) the others follow
     * u_k = a + b_kj u_j; for a Gaussian region b_kj = Σ_kj / Σ_jj, so r_jk^2 = b_kj b_jk, with their common sign
     * (0 when the signs differ or a trace does not move).
     */
    private static double[][] correlation(List<Walk> walks, ToDoubleFunction<Point> cost, double cmin, double q, int p) {
        double[][] b = new double[p][p];
        for (int j = 0; j < p; j++) {
            List<double[]> trace = new ArrayList<>();
            for (Walk w : walks) {
                if (w.profile() != j) {
                    continue;
                }
                trace.add(w.origin());
                for (Point x : w.points()) {
                    if (cost.applyAsDouble(x) - cmin <= q) {
                        trace.add(x.u());
                    }
                }
            }
            for (int k = 0; k < p; k++) {
                b[k][j] = k == j ? 1 : slope(trace, j, k);
            }
        }
        double[][] r = new double[p][p];
        for (int j = 0; j < p; j++) {
            for (int k = 0; k < p; k++) {
                double prod = b[k][j] * b[j][k];
                r[j][k] = j == k ? 1 : prod <= 0 ? 0 : Math.signum(b[k][j]) * Math.min(1, Math.sqrt(prod));
            }
        }
        return r;
    }

    /** Least-squares slope of coordinate k on coordinate j over the points (0 without spread in j). */
    private static double slope(List<double[]> pts, int j, int k) {
        double mj = 0;
        double mk = 0;
        for (double[] u : pts) {
            mj += u[j] / pts.size();
            mk += u[k] / pts.size();
        }
        double sjj = 0;
        double sjk = 0;
        for (double[] u : pts) {
            sjj += (u[j] - mj) * (u[j] - mj);
            sjk += (u[j] - mj) * (u[k] - mk);
        }
        return sjj <= 1e-12 ? 0 : sjk / sjj;
    }

    /**
     * True when parameter j's walks (one each way) reached the box's edges and no metric moved on the way from where
     * they started.
     */
    private static boolean flat(List<Walk> walks, Point best, int j) {
        int edges = 0;
        for (Walk w : walks) {
            if (w.profile() != j) {
                continue;
            }
            if (!w.atBound()) {
                return false;
            }
            for (Point x : w.points()) {
                if (!Arrays.equals(x.m(), w.originPoint().m())) {
                    return false;
                }
            }
            edges++;
        }
        return edges >= 2;
    }
}
