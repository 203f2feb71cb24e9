package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.verbs.compare.MetricSet;
import org.lossless.verbs.compare.ReplayCompare;
import org.lossless.verbs.measure.Measurement;

/**
 * J(u) = sum over runs and metrics of ((sim - hw) / max(|hw|, floor))^2, the metrics being those both the
 * measurement and the first simulation have (fixed afterwards, so every evaluation has the same terms; a
 * metric a later simulation lacks, such as an unfinished flow, costs a residual of 10). Floors keep tiny
 * measured values from dominating: 10 for counts (and IOPS, bytes), 10 µs for paused time, 0.01 µs for latencies
 * and times, 0.1 Gb/s for goodput, 0.01 GB/s for busbw and storage bandwidth. Evaluations are cached by parameter vector. Runs are simulated one after the other: DSOL
 * re-registers its log category whenever a simulator is made, which is not safe from several threads.
 */
final class Objective {
    static final double MISSING = 10;
    private final List<CalibrationRun> runs;
    private final List<String> baseSets;
    private final List<FitParameter> params;
    private final Supplier<ScenarioRunner> runner;
    private final MetricFilter filter;
    private final Map<String, Evaluation> cache = new HashMap<>();
    private List<Map<String, Double>> metrics;
    private int simulations;

    /** One evaluated parameter vector. */
    record Evaluation(double[] u, double cost, List<Residual> residuals) {
    }

    Objective(List<CalibrationRun> runs, List<String> baseSets, List<FitParameter> params, Supplier<ScenarioRunner> runner,
              MetricFilter filter) {
        this.filter = filter;
        this.runs = List.copyOf(runs);
        this.baseSets = List.copyOf(baseSets);
        this.params = List.copyOf(params);
        this.runner = runner;
    }

    /** The overrides for u: the base settings, then each parameter's value. */
    List<String> sets(double[] u) {
        List<String> s = new ArrayList<>(baseSets);
        for (int i = 0; i < params.size(); i++) {
            s.add(params.get(i).key() + "=" + params.get(i).format(params.get(i).at(u[i])));
        }
        return s;
    }

    Evaluation evaluate(double[] u) {
        String key = Arrays.toString(Arrays.stream(u).map(x -> Math.round(x * 1e9) / 1e9).toArray());
        Evaluation cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        List<String> sets = sets(u);
        List<Map<String, Double>> simulated = new ArrayList<>();
        for (CalibrationRun r : runs) {
            simulated.add(MetricSet.of(simulate(r, sets)));
        }
        simulations += runs.size();
        if (metrics == null) {
            metrics = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                Map<String, Double> hw = MetricSet.of(runs.get(i).measured());
                Map<String, Double> both = new LinkedHashMap<>();
                for (Map.Entry<String, Double> e : hw.entrySet()) {
                    if (e.getValue() != null && simulated.get(i).get(e.getKey()) != null && filter.test(e.getKey())) {
                        both.put(e.getKey(), e.getValue());
                    }
                }
                metrics.add(both);
            }
        }
        List<Residual> res = new ArrayList<>();
        double cost = 0;
        for (int i = 0; i < runs.size(); i++) {
            for (Map.Entry<String, Double> e : metrics.get(i).entrySet()) {
                Double sim = simulated.get(i).get(e.getKey());
                double hw = e.getValue();
                double scaled = sim == null ? MISSING : (sim - hw) / Math.max(Math.abs(hw), floor(e.getKey()));
                res.add(new Residual(runs.get(i).name(), e.getKey(), sim == null ? Double.NaN : sim, hw, scaled));
                cost += scaled * scaled;
            }
        }
        Evaluation ev = new Evaluation(u.clone(), cost, res);
        cache.put(key, ev);
        return ev;
    }

    private Measurement simulate(CalibrationRun r, List<String> sets) {
        Scenario s = r.scenario(sets);
        return ReplayCompare.simulate(s, runner.get(), r.naming());
    }

    /** Terms of the objective (0 before the first evaluation). */
    int terms() {
        int n = 0;
        if (metrics != null) {
            for (Map<String, Double> m : metrics) {
                n += m.size();
            }
        }
        return n;
    }

    /** Terms whose measured value is not 0 (the residual degrees of freedom count these). */
    int informativeTerms() {
        int n = 0;
        if (metrics != null) {
            for (Map<String, Double> m : metrics) {
                for (double v : m.values()) {
                    n += v != 0 ? 1 : 0;
                }
            }
        }
        return n;
    }

    int simulations() {
        return simulations;
    }

    static double floor(String metric) {
        if (metric.endsWith("goodput_bps")) {
            return 1e8;
        } else if (metric.endsWith("duration_us")) {
            return 10;
        } else if (metric.endsWith("_us")) {
            return 0.01;
        } else if (metric.endsWith("_GBps")) {
            return 0.01;
        }
        return 10;
    }
}
