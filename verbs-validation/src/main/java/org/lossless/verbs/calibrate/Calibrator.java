package org.lossless.verbs.calibrate;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.verbs.VerbsException;

/**
 * The three stages of {@code lossless calibrate} (package documentation). Stage 3: the multi-start {@link Search},
 * the noise from the data ({@link NoiseModel}), the bootstrap-calibrated 95 % region mapped by simulation
 * ({@link Region}), verdicts with the runs that would decide what stays open ({@link Verdicts}), and the misfit
 * tests on fitted and held-out runs ({@link MisfitCheck}), all within one hard evaluation cap ({@link Budget}).
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
    /** Seeds averaged when {@code --seeds auto} finds the runs' simulation depends on the seed. */
    public static final int AUTO_SEEDS = 3;
    /** Default precision: an estimate whose 95 % interval is wider than +-10 % of it is not called identified. */
    public static final double DEFAULT_PRECISION = 0.10;

    private final Supplier<ScenarioRunner> runner;
    private final PrintWriter out;

    /**
     * @param progress where stage summaries and progress go, or null
     */
    public Calibrator(Supplier<ScenarioRunner> runner, PrintWriter progress) {
        this.runner = runner;
        this.out = progress;
    }

    /**
     * What to calibrate.
     *
     * @param fit            runs the parameters are fitted to (at least one); bundles of the same scenario are repeats
     * @param holdout        runs only evaluated at the end (validation)
     * @param truths         stage 1 settings
     * @param latencyKey     stage 2's latency key, or null to skip stage 2
     * @param params         stage 3 unknowns (may be empty)
     * @param maxEvaluations hard cap of stage 3 evaluations ({@link Evaluations})
     * @param metrics        which metrics enter the objective
     * @param seeds          seeds averaged per evaluation, or null for auto (1 when the seed changes nothing, else
     *                       {@value #AUTO_SEEDS})
     * @param noiseFloor     the relative measurement floor the user states, or null (then 0.5 %, and not taken as
     *                       the noise itself)
     * @param precision      relative half-width of the 95 % interval under which an estimate is identified
     * @param cache          simulations to reuse (shared between calibrations of the same runs), or null
     */
    public record Input(List<CalibrationRun> fit, List<CalibrationRun> holdout, List<Truth> truths, String latencyKey,
                        List<FitParameter> params, int maxEvaluations, MetricFilter metrics, Integer seeds,
                        Double noiseFloor, double precision, SimulationCache cache) {
        public Input {
            fit = List.copyOf(fit);
            holdout = List.copyOf(holdout);
            truths = List.copyOf(truths);
            params = List.copyOf(params);
            if (fit.isEmpty()) {
                throw new VerbsException("calibrate: at least one run to fit is needed");
            }
            if (maxEvaluations < 1) {
                throw new VerbsException("calibrate: the evaluation cap must be at least 1");
            }
        }

        /** Auto seeds, no stated floor, the default precision, no shared cache. */
        public Input(List<CalibrationRun> fit, List<CalibrationRun> holdout, List<Truth> truths, String latencyKey,
                     List<FitParameter> params, int maxEvaluations, MetricFilter metrics) {
            this(fit, holdout, truths, latencyKey, params, maxEvaluations, metrics, null, null, DEFAULT_PRECISION, null);
        }
    }

    public CalibrationReport calibrate(Input in) {
        Progress progress = new Progress(out);
        List<String> notes = new ArrayList<>();
        List<Truth> truths = applicable(in.fit().get(0), in.truths());
        List<String> sets = new ArrayList<>();
        truths.stream().filter(Truth::applied).forEach(t -> sets.add(t.set()));
        progress.say("stage 1: " + sets.size() + " setting(s) taken from the hardware");
        LatencyFit latency = null;
        int latencySims = 0;
        if (in.latencyKey() != null) {
            latency = LatencyFit.fit(in.latencyKey(), in.fit(), sets, runner);
            if (latency == null) {
                notes.add("stage 2 skipped: the fitted runs have no latency probes");
            } else {
                latencySims = 2 * (int) in.fit().stream().filter(r -> !LatencyFit.points(r.measured()).isEmpty()).count();
                sets.add(in.latencyKey() + "=" + Math.round(latency.valuePs()) + "ps");
                progress.say("stage 2: " + in.latencyKey() + " = " + String.format(Locale.ROOT, "%.4g us", latency.valuePs() / 1e6)
                        + " from " + latency.points() + " latency probe(s)");
            }
        }
        List<FitParameter> params = checked(in.fit().get(0), sets, in.params(), notes);
        Stage3 s3 = new Stage3(in, sets, params, new Simulator(runner, in.cache()), progress, notes);
        CalibrationReport r = s3.run(truths, latency, latencySims);
        progress.say(String.format(Locale.ROOT, "done: J %.4g -> %.4g; %d of %d evaluation(s) (%s), %d simulation(s)",
                r.startCost(), r.cost(), r.evaluations().used(), r.evaluations().cap(), describe(r.evaluations().byPhase()),
                r.evaluations().simulations() + r.evaluations().heldOutSimulations() + latencySims));
        return r;
    }

    private static String describe(Map<String, Integer> byPhase) {
        StringBuilder sb = new StringBuilder();
        for (String k : List.of("start", "search", "noise", "intervals", "misfit probes")) {
            if (byPhase.containsKey(k)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ').append(byPhase.get(k));
            }
        }
        return sb.toString();
    }

    /** Stage 3 of one calibration. */
    private static final class Stage3 {
        /** Extra seeds simulated at the fit when the seed matters: the simulator's own variances and correlations. */
        static final int NOISE_SEEDS = 16;
        private final Input in;
        private final List<String> sets;
        private final List<FitParameter> params;
        private final Simulator sim;
        private final Progress progress;
        private final List<String> notes;

        Stage3(Input in, List<String> sets, List<FitParameter> params, Simulator sim, Progress progress, List<String> notes) {
            this.in = in;
            this.sets = sets;
            this.params = params;
            this.sim = sim;
            this.progress = progress;
            this.notes = notes;
        }

        CalibrationReport run(List<Truth> truths, LatencyFit latency, int latencySims) {
            int p = params.size();
            double floor = in.noiseFloor() == null ? NoiseModel.DEFAULT_FLOOR : in.noiseFloor();
            Budget budget = new Budget(in.maxEvaluations());
            List<Experiment> fitExps = Experiment.group(in.fit());
            if (fitExps.size() < in.fit().size()) {
                notes.add((in.fit().size() - fitExps.size()) + " fitted run(s) repeat another's scenario: the spread of"
                        + " the repeats is the hardware's noise");
            }
            double[] start = start(in.fit().get(0).scenario(sets), params);
            Objective probe = new Objective(fitExps, sets, params, sim, budget, null, null, 1);
            List<String> startSets = probe.sets(Objective.snap(start));
            List<java.util.Map<String, Double>> first = new ArrayList<>();
            fitExps.forEach(e -> first.add(sim.run(e, startSets, null)));
            Terms terms = Terms.of(fitExps, first, in.metrics());
            boolean stochastic = stochastic(fitExps, startSets, first);
            int k = in.seeds() != null ? in.seeds() : stochastic ? AUTO_SEEDS : 1;
            Objective obj = new Objective(fitExps, sets, params, sim, budget, terms, bases(fitExps), k);
            budget.phase("start", 1);
            Point p0 = obj.at(start);
            NoiseModel noise0 = NoiseModel.of(terms, NoiseInputs.of(terms, p0, k, floor, in.noiseFloor() != null, Map.of()),
                    false);
            double startCost = noise0.cost(terms, p0);
            progress.say(String.format(Locale.ROOT, "stage 3: %d parameter(s), %d experiment(s) (%d run(s)), %d metric(s),"
                    + " %d seed(s) per evaluation; at most %d evaluations; start J %.4g", p, fitExps.size(), in.fit().size(),
                    terms.n, k, budget.cap(), startCost));
            Point best = p0;
            List<Search.Start> starts = List.of();
            int n = budget.cap();
            if (p > 0) {
                int searchShare = Math.max(1, (int) Math.ceil(0.55 * n) - 1);
                budget.phase("search", searchShare);
                Search.Result sr = Search.run(obj, x -> noise0.cost(terms, x), start, Math.min(8 + 8 * p, searchShare / 2),
                        progress);
                if (!sr.complete()) {
                    notes.add("stage 3: the search stopped at its share of the evaluation cap (" + searchShare + " of " + n
                            + "); raise --max-evaluations");
                }
                best = sr.best();
                starts = sr.starts();
            }
            budget.phase("noise", Integer.MAX_VALUE);
            Point spread = null;
            boolean rough = !stochastic && p > 0 && !noise0.fromResiduals(); // without repeats nothing would use it
            try {
                spread = stochastic ? obj.spread(best.u(), NOISE_SEEDS) : rough ? Roughness.at(obj, best) : null;
            } catch (Budget.Exhausted e) {
                notes.add("stage 3: the evaluation cap left nothing to measure the simulator's " + (stochastic
                        ? "seed-to-seed spread" : "roughness") + " at the fit; the noise rests on the repeats and the floor"
                        + " alone (raise --max-evaluations)");
            }
            if (rough) {
                notes.add("the simulation does not depend on the seed: the parameters moved 1 to 4 lattice steps (1/"
                        + Objective.STEPS + " of each range) from the fit measure the simulator's roughness (its outputs'"
                        + " spread about a straight line), which counts as the simulator's noise");
            }
            NoiseModel noise = NoiseModel.of(terms, NoiseInputs.of(terms, spread, k, floor, in.noiseFloor() != null, Map.of(),
                    !stochastic), true).fromFit(NoiseModel.rawRss(terms, best), Math.max(1, terms.informative() - p));
            startCost = noise.cost(terms, p0);
            ToDoubleFunction<Point> cost = x -> noise.cost(terms, x);
            Region.Result region = null;
            List<ParameterEstimate> estimates = List.of();
            if (p > 0) {
                budget.phase("intervals", Math.max(0, budget.left() - (int) Math.ceil(0.1 * n)));
                region = Region.map(obj, cost, noise, best, progress);
                best = region.best();
                Region.Result rr = region;
                estimates = Verdicts.of(params, start, rr, starts, u -> cost.applyAsDouble(cached(obj, u, rr.best())),
                        in.precision());
            }
            double[] kept = kept(best.u(), start, estimates);
            List<String> finalSets = obj.sets(kept);
            List<RunFit> runs = new ArrayList<>(RunFit.of(obj, cached(obj, kept, best), false));
            MisfitCheck.Side held = heldOut(best, kept, region, estimates, k, stochastic, noise, runs, notes);
            List<FitParameter> candidates = candidates(in.fit().get(0), sets, params, in.latencyKey());
            budget.phase("misfit probes", budget.left());
            Bootstrap.Null fitNull = noise.fromResiduals() ? null : region != null
                    ? new Bootstrap.Null(region.boot().nullJ(), region.boot().shiftSd())
                    : Bootstrap.prediction(terms, noise, fitExps.size());
            Misfit misfit = MisfitCheck.run(new MisfitCheck.Side(obj, noise, best, false, fitNull), held, candidates, progress);
            if (held == null) {
                notes.add("no held-out runs: the fit is not validated on runs it did not see");
            }
            int heldSims = held == null ? 0 : sim.simulations(held.obj().experiments());
            Evaluations ev = new Evaluations(budget.cap(), budget.used(), budget.byPhase(), k, sim.simulations(fitExps),
                    heldSims, latencySims);
            return new CalibrationReport(truths, latency, estimates, finalSets, startCost, cost.applyAsDouble(best), ev,
                    noise.kinds(), region == null ? 0 : region.threshold(), correlations(region), misfit, runs, notes);
        }

        /**
         * The held-out experiments: their residuals at the calibrated vector go to {@code runs}; for the misfit check
         * they are simulated at the fit, at the region's extreme points and, for a parameter not identified, at nine
         * points across its interval, and the vector that predicts them best is kept: a held-out run is a misfit only if no
         * parameter vector the fitted runs allow predicts it. Null without held-out runs.
         */
        private MisfitCheck.Side heldOut(Point best, double[] kept, Region.Result region, List<ParameterEstimate> estimates,
                                         int k, boolean stochastic, NoiseModel noise, List<RunFit> runs, List<String> notes) {
            if (in.holdout().isEmpty()) {
                return null;
            }
            List<Experiment> exps = Experiment.group(in.holdout());
            Objective probe = new Objective(exps, sets, params, sim, new Budget(1), null, null, 1);
            List<String> at = probe.sets(best.u());
            List<java.util.Map<String, Double>> first = new ArrayList<>();
            exps.forEach(e -> first.add(sim.run(e, at, null)));
            Terms terms;
            try {
                terms = Terms.of(exps, first, in.metrics());
            } catch (VerbsException e) {
                notes.add("the held-out runs have no metric the fit uses: they are not checked");
                return null;
            }
            Objective obj = new Objective(exps, sets, params, sim, new Budget(Integer.MAX_VALUE), terms, bases(exps), k);
            runs.addAll(RunFit.of(obj, obj.at(kept), true));
            Point spread = stochastic ? obj.spread(best.u(), NOISE_SEEDS) : params.isEmpty() || noise.fromResiduals() ? null
                    : Roughness.at(obj, obj.at(best.u()));
            NoiseModel hn = noise.fromResiduals() ? noise.sameFor(terms) : NoiseModel.of(terms, NoiseInputs.of(terms, spread,
                    k, noise.floor(), in.noiseFloor() != null, noise.ratios(), !stochastic), true);
            Point hp = obj.at(best.u());
            for (double[] u : regionPoints(region, estimates, best.u())) {
                Point x = obj.at(u);
                if (hn.cost(terms, x) < hn.cost(terms, hp)) {
                    hp = x;
                }
            }
            return new MisfitCheck.Side(obj, hn, hp, true, noise.fromResiduals() ? null
                    : Bootstrap.prediction(terms, hn, exps.size()));
        }

        /**
         * The region's extremes and, for each parameter not identified, nine points across its interval (others at the
         * fit): the held-out runs may pin what the fitted runs leave open.
         */
        private List<double[]> regionPoints(Region.Result region, List<ParameterEstimate> estimates, double[] best) {
            List<double[]> out = new ArrayList<>();
            if (region == null) {
                return out;
            }
            out.addAll(region.extremes());
            for (int j = 0; j < estimates.size(); j++) {
                if (!estimates.get(j).identifiable()) {
                    Region.Interval iv = region.intervals()[j];
                    for (double f = 0.1; f < 0.95; f += 0.1) {
                        double[] u = best.clone();
                        u[j] = iv.low() + f * (iv.high() - iv.low());
                        out.add(u);
                    }
                }
            }
            return out;
        }

        /** True when the seed changes a metric of the start's simulation (random ECN marking and the like). */
        private boolean stochastic(List<Experiment> exps, List<String> startSets, List<java.util.Map<String, Double>> first) {
            for (int e = 0; e < exps.size(); e++) {
                long base = exps.get(e).first().scenario(startSets).seed();
                if (!sim.run(exps.get(e), startSets, base + 1).equals(first.get(e))) {
                    notes.add("the simulation depends on the seed (random ECN marking and the like): each evaluation"
                            + " averages " + (in.seeds() != null ? in.seeds() : AUTO_SEEDS) + " seed(s), and " + NOISE_SEEDS
                            + " more at the fit measure the simulator's own spread");
                    return true;
                }
            }
            return false;
        }

        private long[] bases(List<Experiment> exps) {
            long[] b = new long[exps.size()];
            for (int e = 0; e < b.length; e++) {
                b[e] = exps.get(e).first().scenario(sets).seed();
            }
            return b;
        }

        /**
         * The fitted vector for the calibrated scenario, except that a parameter no metric moves with, or one that fits
         * anywhere over most of its range, keeps its start value: its fitted value would be noise.
         */
        private double[] kept(double[] best, double[] start, List<ParameterEstimate> estimates) {
            double[] u = best.clone();
            for (int j = 0; j < estimates.size(); j++) {
                ParameterEstimate e = estimates.get(j);
                if (e.verdict().equals(ParameterEstimate.NOT_IDENTIFIABLE) && e.note() != null && !e.note().contains("trades off")) {
                    u[j] = Objective.snap(start)[j];
                    notes.add(e.key() + " is not identifiable from these runs: calibrated.yaml keeps its start value, "
                            + params.get(j).human(params.get(j).at(u[j])));
                }
            }
            return u;
        }

        private static Point cached(Objective obj, double[] u, Point fallback) {
            try {
                return obj.at(u);
            } catch (Budget.Exhausted e) {
                return fallback;
            }
        }

        private List<Correlation> correlations(Region.Result r) {
            List<Correlation> out = new ArrayList<>();
            for (int a = 0; r != null && a < params.size(); a++) {
                for (int b = a + 1; b < params.size(); b++) {
                    out.add(new Correlation(params.get(a).key(), params.get(b).key(), r.correlation()[a][b]));
                }
            }
            return out;
        }
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

    /**
     * Refuses a parameter the scenario does not accept (a key it does not know, a value it rejects): for the
     * unknowns a user names with {@code --fit}.
     */
    public static void requireAccepted(CalibrationRun run, List<FitParameter> params) {
        for (FitParameter p : params) {
            try {
                run.scenario(List.of(p.key() + "=" + p.format(p.at(0.5))));
            } catch (ScenarioException e) {
                throw new VerbsException("--fit " + p.key() + ": the scenario refuses it (" + e.getMessage() + ")");
            }
        }
    }

    /** Parameters the scenario accepts; the others are reported and dropped (e.g. keys of a later version). */
    private static List<FitParameter> checked(CalibrationRun run, List<String> sets, List<FitParameter> params,
                                              List<String> notes) {
        List<FitParameter> ok = new ArrayList<>();
        for (FitParameter p : params) {
            if (accepts(run, sets, p)) {
                ok.add(p);
            } else {
                notes.add("parameter " + p.key() + " not fitted: the scenario refuses it");
            }
        }
        return ok;
    }

    private static boolean accepts(CalibrationRun run, List<String> sets, FitParameter p) {
        List<String> trial = new ArrayList<>(sets);
        trial.add(p.key() + "=" + p.format(p.at(0.5)));
        try {
            run.scenario(trial);
            return true;
        } catch (ScenarioException e) {
            return false;
        }
    }

    /** The misfit probes: the candidate keys the scenario accepts, neither fitted nor stage 2's. */
    private static List<FitParameter> candidates(CalibrationRun run, List<String> sets, List<FitParameter> params,
                                                 String latencyKey) {
        List<FitParameter> out = new ArrayList<>();
        for (String spec : MisfitCheck.CANDIDATES) {
            FitParameter c = FitParameter.parse(spec);
            boolean fitted = params.stream().anyMatch(x -> x.key().equals(c.key())) || c.key().equals(latencyKey)
                    && sets.stream().anyMatch(s -> s.startsWith(latencyKey + "="));
            if (!fitted && accepts(run, sets, c)) {
                out.add(c);
            }
        }
        return out;
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
}
