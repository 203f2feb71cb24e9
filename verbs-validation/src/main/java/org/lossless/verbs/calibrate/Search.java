package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.BOBYQAOptimizer;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import org.apache.commons.math3.random.SobolSequenceGenerator;

/**
 * Stage 3's search, multi-start: the start and {@code 8 + 8p} Sobol points over [0, 1]^p; from each of the (up
 * to {@value #STARTS}) best of them that lie at least 1/8 apart, a bounded Commons Math optimizer (Brent within
 * +-1/16 for one parameter, BOBYQA from radius 1/16 down to 2 lattice steps for more); then a compass search
 * from the best end (steps 1/32 halved to 1/512), which the objective's plateaus at packet scale do not mislead.
 * The ends of the starts are kept: starts that end apart, at costs within the noise, are refits that disagree.
 */
final class Search {
    static final int STARTS = 3;

    /** One start of the multi-start and where its local search ended. */
    record Start(double[] from, double[] end, double cost) {
    }

    /**
     * @param complete false when the evaluation budget stopped the search early
     */
    record Result(Point best, List<Start> starts, boolean complete) {
    }

    private Search() {
    }

    static Result run(Objective obj, ToDoubleFunction<Point> cost, double[] start, int globalPoints, Progress progress) {
        int p = obj.dimension();
        Point[] best = {obj.at(start)};
        List<Start> starts = new ArrayList<>();
        ToDoubleFunction<Point> tracked = x -> {
            double c = cost.applyAsDouble(x);
            if (c < cost.applyAsDouble(best[0])) {
                best[0] = x;
            }
            progress.tick(() -> String.format(Locale.ROOT, "  search: %d/%d evaluations, best cost %.4g",
                    obj.budget().used(), obj.budget().cap(), cost.applyAsDouble(best[0])));
            return c;
        };
        try {
            List<Point> global = new ArrayList<>();
            global.add(best[0]);
            SobolSequenceGenerator sobol = new SobolSequenceGenerator(p);
            sobol.nextVector(); // the origin
            for (int k = 0; k < globalPoints; k++) {
                Point x = obj.at(sobol.nextVector());
                tracked.applyAsDouble(x);
                global.add(x);
            }
            progress.say(String.format(Locale.ROOT, "  global: %d points, best cost %.4g", global.size(),
                    cost.applyAsDouble(best[0])));
            for (Point from : distinctBest(global, cost)) {
                double[] end = p == 1 ? brent(obj, tracked, from.u()[0]) : bobyqa(obj, tracked, from.u());
                Point e = obj.at(end);
                starts.add(new Start(from.u(), e.u(), cost.applyAsDouble(e)));
            }
            polish(obj, tracked, best[0]);
            return new Result(best[0], starts, true);
        } catch (Budget.Exhausted e) {
            progress.say("  search stopped: " + e.getMessage());
            return new Result(best[0], starts, false);
        }
    }

    /** Up to {@value #STARTS} lowest-cost points, each at least 1/8 (max-norm) from the ones chosen before. */
    private static List<Point> distinctBest(List<Point> pts, ToDoubleFunction<Point> cost) {
        List<Point> sorted = new ArrayList<>(pts);
        sorted.sort(Comparator.comparingDouble(cost));
        List<Point> out = new ArrayList<>();
        for (Point x : sorted) {
            if (out.size() < STARTS && out.stream().allMatch(o -> distance(o.u(), x.u()) >= 0.125)) {
                out.add(x);
            }
        }
        return out;
    }

    static double distance(double[] a, double[] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) {
            d = Math.max(d, Math.abs(a[i] - b[i]));
        }
        return d;
    }

    private static double[] brent(Objective obj, ToDoubleFunction<Point> cost, double centre) {
        try {
            return new double[] {new BrentOptimizer(1e-3, 1.0 / Objective.STEPS).optimize(new MaxEval(20), GoalType.MINIMIZE,
                    new UnivariateObjectiveFunction(x -> cost.applyAsDouble(obj.at(new double[] {x}))),
                    new SearchInterval(Math.max(0, centre - 0.0625), Math.min(1, centre + 0.0625), centre)).getPoint()};
        } catch (TooManyEvaluationsException e) {
            return new double[] {centre};
        }
    }

    private static double[] bobyqa(Objective obj, ToDoubleFunction<Point> cost, double[] from) {
        int p = from.length;
        double[] hi = new double[p];
        Arrays.fill(hi, 1);
        try {
            PointValuePair r = new BOBYQAOptimizer(2 * p + 1, 0.0625, 2.0 / Objective.STEPS).optimize(new MaxEval(6 + 6 * p),
                    new ObjectiveFunction(u -> cost.applyAsDouble(obj.at(u))), GoalType.MINIMIZE, new InitialGuess(from),
                    new SimpleBounds(new double[p], hi));
            return r.getPoint();
        } catch (TooManyEvaluationsException e) {
            return from;
        }
    }

    /** Compass search on the lattice: +-step on each coordinate, keep improvements, halve the step when none. */
    static Point polish(Objective obj, ToDoubleFunction<Point> cost, Point from) {
        Point best = from;
        double bestCost = cost.applyAsDouble(best);
        for (double step = 1.0 / 32; step >= 1.0 / 512; ) {
            boolean improved = false;
            for (int j = 0; j < best.u().length; j++) {
                for (double dir : new double[] {1, -1}) {
                    double[] u = best.u().clone();
                    u[j] = Math.max(0, Math.min(1, u[j] + dir * step));
                    if (u[j] == best.u()[j]) {
                        continue;
                    }
                    Point x = obj.at(u);
                    double c = cost.applyAsDouble(x);
                    if (c < bestCost) {
                        bestCost = c;
                        best = x;
                        improved = true;
                    }
                }
            }
            if (!improved) {
                step /= 2;
            }
        }
        return best;
    }
}
