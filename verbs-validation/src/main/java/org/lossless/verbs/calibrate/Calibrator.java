package org.lossless.verbs.calibrate;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.apache.commons.math3.analysis.MultivariateFunction;
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
import org.apache.commons.math3.optim.univariate.UnivariatePointValuePair;
import org.apache.commons.math3.exception.TooManyEvaluationsException;

import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.verbs.VerbsException;

/**
 * The three stages of {@code lossless calibrate} (package documentation). Stage 3 searches u in [0, 1]^n
 * (the parameters between their bounds): Sobol points for a global start, a bounded Commons Math
 * optimizer (Brent for one parameter, BOBYQA for more), then a compass-search polish. The simulator is
 * deterministic, so the objective is too; it is piecewise constant at the scale of single packets and
 * events, which the global points and the finite steps ride over.
 */
public final class Calibrator {
    /**
     * Unknowns fitted when none are named: the NIC's CNP-generation delay (at the notification point) and reaction
     * delay (at the reaction point), the PFC reaction times and the switch latency, where this version's scenario
     * has them (a key the scenario does not know is skipped). The two CNP delays add up on one congestion loop:
     * runs that only exercise their sum leave each of them not identifiable, and the report says so.
     */
    public static final List<String> DEFAULT_UNKNOWNS = List.of("nic.dcqcn.cnp_delay=0us..20us",
            "nic.dcqcn.reaction_delay=0us..20us", "switch.pfc.response_time=0us..5us", "nic.pfc_response_time=0us..5us",
            "switch.latency=0us..2us");
    /** The latency key of stage 2 unless another is named. */
    public static final String DEFAULT_LATENCY_KEY = "topology.host_link.delay";

    private final Supplier<ScenarioRunner> runner;
    private final PrintWriter progress;

    /**
     * @param progress where stage summaries go, or null
     */
    public Calibrator(Supplier<ScenarioRunner> runner, PrintWriter progress) {
        this.runner = runner;
        this.progress = progress;
    }

    /**
     * What to calibrate.
     *
     * @param fit            runs the parameters are fitted to (at least one)
     * @param holdout        runs only evaluated at the end (validation)
     * @param truths         stage 1 settings
     * @param latencyKey     stage 2's latency key, or null to skip stage 2
     * @param params         stage 3 unknowns (may be empty)
     * @param maxEvaluations limit of stage 3 objective evaluations
     * @param metrics        which metrics enter the objective
     */
    public record Input(List<CalibrationRun> fit, List<CalibrationRun> holdout, List<Truth> truths, String latencyKey,
                        List<FitParameter> params, int maxEvaluations, MetricFilter metrics) {
        public Input {
            fit = List.copyOf(fit);
            holdout = List.copyOf(holdout);
            truths = List.copyOf(truths);
            params = List.copyOf(params);
            if (fit.isEmpty()) {
                throw new VerbsException("calibrate: at least one run to fit is needed");
            }
        }
    }

    public CalibrationReport calibrate(Input in) {
        List<String> notes = new ArrayList<>();
        List<Truth> truths = applicable(in.fit().get(0), in.truths());
        List<String> sets = new ArrayList<>();
        truths.stream().filter(Truth::applied).forEach(t -> sets.add(t.set()));
        say("stage 1: " + sets.size() + " setting(s) taken from the hardware");
        LatencyFit latency = null;
        if (in.latencyKey() != null) {
            latency = LatencyFit.fit(in.latencyKey(), in.fit(), sets, runner);
            if (latency == null) {
                notes.add("stage 2 skipped: the fitted runs have no latency probes");
            } else {
                sets.add(in.latencyKey() + "=" + Math.round(latency.valuePs()) + "ps");
                say("stage 2: " + in.latencyKey() + " = " + String.format("%.4g us", latency.valuePs() / 1e6)
                        + " from " + latency.points() + " latency probe(s)");
            }
        }
        List<FitParameter> params = checked(in.fit().get(0), sets, in.params(), notes);
        Objective objective = new Objective(in.fit(), sets, params, runner, in.metrics());
        double[] start = start(in.fit().get(0).scenario(sets), params);
        Objective.Evaluation first = objective.evaluate(start);
        double[] best = start;
        int[] evals = {1};
        if (!params.isEmpty()) {
            say("stage 3: fitting " + params.size() + " parameter(s) to " + in.fit().size() + " run(s), "
                    + objective.terms() + " metric(s); start cost " + String.format("%.4g", first.cost()));
            best = optimise(objective, params.size(), start, in.maxEvaluations(), evals, notes);
        }
        Objective.Evaluation end = objective.evaluate(best);
        List<ParameterEstimate> estimates = params.isEmpty() ? List.of()
                : Uncertainty.estimate(objective, params, start, best);
        List<String> finalSets = objective.sets(best);
        List<RunFit> runs = new ArrayList<>();
        for (CalibrationRun r : in.fit()) {
            runs.add(RunFit.of(r.name(), false, end.residuals()));
        }
        int simulations = objective.simulations();
        if (!in.holdout().isEmpty()) {
            Objective check = new Objective(in.holdout(), finalSets, List.of(), runner, in.metrics());
            Objective.Evaluation h = check.evaluate(new double[0]);
            for (CalibrationRun r : in.holdout()) {
                runs.add(RunFit.of(r.name(), true, h.residuals()));
            }
            simulations += check.simulations();
        } else {
            notes.add("no held-out runs: the fit is not validated on runs it did not see");
        }
        say("done: cost " + String.format("%.4g", end.cost()) + " after " + evals[0] + " evaluation(s), " + simulations
                + " simulation(s)");
        return new CalibrationReport(truths, latency, estimates, finalSets, first.cost(), end.cost(), evals[0], simulations,
                runs, notes);
    }

    /** Each truth tried on the scenario; one it refuses is kept in the report as not applied, with the reason. */
    private static List<Truth> applicable(CalibrationRun run, List<Truth> truths) {
        List<Truth> out = new ArrayList<>();
        List<String> ok = new ArrayList<>();
        for (Truth t : truths) {
            if (!t.applied()) {
                out.add(t);
                continue;
            }
            List<String> trial = new ArrayList<>(ok);
            trial.add(t.set());
            try {
                run.scenario(trial);
                ok.add(t.set());
                out.add(t);
            } catch (ScenarioException e) {
                out.add(new Truth(t.key(), t.value(), t.source(), false, "not applied: " + e.getMessage()));
            }
        }
        return out;
    }

    /** Parameters the scenario accepts; the others are reported and dropped (e.g. keys of a later version). */
    private static List<FitParameter> checked(CalibrationRun run, List<String> sets, List<FitParameter> params,
                                              List<String> notes) {
        List<FitParameter> ok = new ArrayList<>();
        for (FitParameter p : params) {
            List<String> trial = new ArrayList<>(sets);
            trial.add(p.key() + "=" + p.format(p.at(0.5)));
            try {
                run.scenario(trial);
                ok.add(p);
            } catch (ScenarioException e) {
                notes.add("parameter " + p.key() + " not fitted: the scenario refuses it (" + e.getMessage() + ")");
            }
        }
        return ok;
    }

    private static double[] start(Scenario s, List<FitParameter> params) {
        double[] u = new double[params.size()];
        for (int i = 0; i < u.length; i++) {
            FitParameter p = params.get(i);
            double v = !Double.isNaN(p.start()) ? p.start() : KeyValues.value(s, p);
            u[i] = Double.isNaN(v) ? 0.5 : p.u(v);
        }
        return u;
    }

    /**
     * Global start, then local refinement, then a polish: the start and 6 + 8n Sobol points over [0, 1]^n; from
     * the best, Brent (one parameter, within +-0.25) or BOBYQA (2n+1 interpolation points, radius 0.1 down to
     * 1e-4); finally a compass search (steps 0.05 halved to 0.002), which is not misled by the objective's
     * plateaus at packet scale.
     */
    private double[] optimise(Objective objective, int n, double[] start, int maxEval, int[] evals, List<String> notes) {
        double[] best = start;
        double bestCost = objective.evaluate(start).cost();
        org.apache.commons.math3.random.SobolSequenceGenerator sobol = new org.apache.commons.math3.random.SobolSequenceGenerator(n);
        sobol.nextVector(); // the origin
        for (int k = 0; k < 6 + 8 * n; k++) {
            double[] u = sobol.nextVector();
            evals[0]++;
            double c = objective.evaluate(u).cost();
            if (c < bestCost) {
                bestCost = c;
                best = u;
            }
        }
        say("  global: best cost " + String.format("%.4g", bestCost));
        int budget = Math.max(10, maxEval - evals[0]);
        try {
            if (n == 1) {
                double centre = best[0];
                UnivariatePointValuePair p = new BrentOptimizer(1e-4, 1e-4).optimize(new MaxEval(budget), GoalType.MINIMIZE,
                        new UnivariateObjectiveFunction(x -> {
                            evals[0]++;
                            return objective.evaluate(new double[] {x}).cost();
                        }), new SearchInterval(Math.max(0, centre - 0.25), Math.min(1, centre + 0.25), centre));
                if (p.getValue() < bestCost) {
                    best = new double[] {p.getPoint()};
                    bestCost = p.getValue();
                }
            } else {
                MultivariateFunction f = u -> {
                    evals[0]++;
                    return objective.evaluate(u).cost();
                };
                double[] lo = new double[n];
                double[] hi = new double[n];
                java.util.Arrays.fill(hi, 1);
                PointValuePair p = new BOBYQAOptimizer(2 * n + 1, 0.1, 1e-4).optimize(new MaxEval(Math.max(4 * n + 4, budget)),
                        new ObjectiveFunction(f), GoalType.MINIMIZE, new InitialGuess(best), new SimpleBounds(lo, hi));
                if (p.getValue() < bestCost) {
                    best = p.getPoint();
                    bestCost = p.getValue();
                }
            }
        } catch (TooManyEvaluationsException e) {
            notes.add("stage 3: the local optimizer stopped at the evaluation limit (" + maxEval + ")");
        }
        say("  local: best cost " + String.format("%.4g", bestCost));
        return polish(objective, best, bestCost, evals);
    }

    /** Compass search: try +-step on each coordinate, keep improvements, halve the step when none. */
    private static double[] polish(Objective objective, double[] from, double cost, int[] evals) {
        double[] best = from.clone();
        double bestCost = cost;
        for (double step = 0.05; step >= 0.002; ) {
            boolean improved = false;
            for (int j = 0; j < best.length; j++) {
                for (double dir : new double[] {1, -1}) {
                    double[] u = best.clone();
                    u[j] = Math.max(0, Math.min(1, u[j] + dir * step));
                    if (u[j] == best[j]) {
                        continue;
                    }
                    evals[0]++;
                    double c = objective.evaluate(u).cost();
                    if (c < bestCost) {
                        bestCost = c;
                        best = u;
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

    private void say(String line) {
        if (progress != null) {
            progress.println(line);
            progress.flush();
        }
    }
}
