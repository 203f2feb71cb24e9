package org.lossless.verbs.calibrate;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * A walk out of the confidence region from the fit along one direction: steps t = 1/32, 1/16, ... (u = fit + t x
 * direction, clamped to the box), until two points in a row lie outside {J - min J <= q}, or one lies far outside
 * (J - min J &gt; 2q), or the box's edge is reached; then bisections between the farthest point inside and the
 * nearest outside beyond it, down to a quarter of the outside point's step or 1/256. Two outside points in a row near the threshold, not one,
 * because the objective has bumps at packet scale. A walk can be extended after the threshold or the minimum
 * changed.
 */
final class Walk {
    /** First step: the design's (points at +-1/32 are known before any walk). */
    static final double FIRST = 1.0 / 32;
    /** Bisection stops at this step. */
    static final double FINEST = 1.0 / 256;
    private final double[] origin;
    private final double[] dir;
    private final int profile;
    private final boolean[] moves;
    private final TreeMap<Double, Point> visited = new TreeMap<>();
    private Point originPoint;
    private Point lastIn;
    private Point firstOut;
    private boolean atBound;

    /**
     * @param dir     the direction: for a profile walk, component {@code profile} is +-1 and the others follow the
     *                linearised profile
     * @param profile -1 for a straight walk; else the parameter the walk moves, the others being corrected at each
     *                step (a profile-likelihood walk, which follows a trade-off ridge)
     * @param moves   per parameter, whether any metric moves with it (only those are corrected)
     */
    Walk(Point origin, double[] dir, int profile, boolean[] moves) {
        this.origin = origin.u();
        this.originPoint = origin;
        this.dir = dir.clone();
        this.profile = profile;
        this.moves = moves.clone();
        this.lastIn = origin;
    }

    private double[] at(double t) {
        double[] u = new double[origin.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = origin[i] + t * dir[i];
        }
        return Objective.snap(u);
    }

    /** Walks on under threshold q with minimum cmin; {@code better} hears of any point below cmin. */
    void extend(Objective obj, ToDoubleFunction<Point> cost, double cmin, double q, Consumer<Point> better) {
        for (int guard = 0; guard < 16; guard++) {
            int outs = status(cost, cmin, q);
            if (outs >= 2 || atBound || outs == 1 && cost.applyAsDouble(firstOut) - cmin > 2 * q) {
                break;
            }
            double t = visited.isEmpty() ? FIRST : visited.lastKey() * 2;
            if (t > 1) {
                atBound = true;
                break;
            }
            double[] u = at(t);
            Map.Entry<Double, Point> prev = visited.lastEntry();
            if (Arrays.equals(u, prev == null ? origin : prev.getValue().u())) {
                atBound = true;
                break;
            }
            visit(obj, cost, cmin, q, better, t, u);
        }
        for (int i = 0; i < 8; i++) {
            status(cost, cmin, q);
            Double tIn = lastIn == originPoint ? Double.valueOf(0) : key(lastIn);
            Double tOut = firstOut == null ? null : key(firstOut);
            if (tOut == null || tOut - tIn <= Math.max(FINEST, tOut / 4)) {
                break;
            }
            double t = (tIn + tOut) / 2;
            visit(obj, cost, cmin, q, better, t, at(t));
        }
        status(cost, cmin, q);
    }

    private void visit(Objective obj, ToDoubleFunction<Point> cost, double cmin, double q, Consumer<Point> better, double t,
                       double[] u) {
        Point x = profile < 0 || u.length == 1 ? obj.at(u) : others(obj, cost, u, cmin + q);
        visited.put(t, x);
        if (cost.applyAsDouble(x) < cmin - 1e-9) {
            better.accept(x);
        }
    }

    /**
     * A point with parameter {@code profile} at u's value inside the region if the others can bring it there: u, the
     * point on the linearised profile line, when it is inside already; else a compass search over the other
     * coordinates that move any metric (one pass at a step of 1/32, one at 1/64) from u, stopped as soon as it gets
     * inside.
     */
    private Point others(Objective obj, ToDoubleFunction<Point> cost, double[] u, double inside) {
        Point best = obj.at(u);
        double bestCost = cost.applyAsDouble(best);
        if (bestCost <= inside) {
            return best;
        }
        for (double step = 1.0 / 32; step >= 1.0 / 64; step /= 2) {
            for (int k = 0; k < u.length; k++) {
                for (double sgn : new double[] {1, -1}) {
                    if (k == profile || !moves[k]) {
                        continue;
                    }
                    double[] v = best.u().clone();
                    v[k] = Math.max(0, Math.min(1, v[k] + sgn * step));
                    if (v[k] == best.u()[k]) {
                        continue;
                    }
                    Point x = obj.at(v);
                    if (cost.applyAsDouble(x) < bestCost) {
                        best = x;
                        bestCost = cost.applyAsDouble(x);
                        if (bestCost <= inside) {
                            return best;
                        }
                    }
                }
            }
        }
        return best;
    }

    private Double key(Point p) {
        for (Map.Entry<Double, Point> e : visited.entrySet()) {
            if (e.getValue() == p) {
                return e.getKey();
            }
        }
        return 0.0;
    }

    /** Sets lastIn and firstOut; returns how many visited points lie beyond lastIn (all outside). */
    private int status(ToDoubleFunction<Point> cost, double cmin, double q) {
        lastIn = originPoint;
        for (Point x : visited.values()) {
            if (cost.applyAsDouble(x) - cmin <= q) {
                lastIn = x;
            }
        }
        firstOut = null;
        int outs = 0;
        double tIn = lastIn == originPoint ? 0 : key(lastIn);
        for (Map.Entry<Double, Point> e : visited.tailMap(tIn, false).entrySet()) {
            if (firstOut == null) {
                firstOut = e.getValue();
            }
            outs++;
        }
        return outs;
    }

    /** The farthest point inside the region (the origin when none). */
    Point lastIn() {
        return lastIn;
    }

    /** The nearest point outside beyond {@link #lastIn()}, or null (the walk reached the box's edge inside). */
    Point firstOut() {
        return firstOut;
    }

    boolean atBound() {
        return atBound;
    }

    Iterable<Point> points() {
        return visited.values();
    }

    double[] direction() {
        return dir.clone();
    }

    double[] origin() {
        return origin.clone();
    }

    Point originPoint() {
        return originPoint;
    }

    /** The parameter a profile walk moves, or -1. */
    int profile() {
        return profile;
    }
}
