package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.verbs.compare.MetricSet;
import org.lossless.verbs.compare.ReplayCompare;

/**
 * Simulates an experiment's scenario with overrides and a seed and names the results as {@code replay compare}
 * does, through a {@link SimulationCache}. Runs are simulated one after the other: DSOL re-registers its log
 * category whenever a simulator is made, which is not safe from several threads.
 */
final class Simulator {
    private final Supplier<ScenarioRunner> runner;
    private final SimulationCache cache;
    private int simulations;
    private final java.util.Map<Experiment, Integer> byExperiment = new java.util.HashMap<>();

    Simulator(Supplier<ScenarioRunner> runner, SimulationCache cache) {
        this.runner = runner;
        this.cache = cache == null ? new SimulationCache() : cache;
    }

    /**
     * The metrics of {@code e} with {@code sets} applied.
     *
     * @param seed the scenario seed to use, or null for the scenario's own
     */
    Map<String, Double> run(Experiment e, List<String> sets, Long seed) {
        CalibrationRun r = e.first();
        List<String> all = new ArrayList<>(sets);
        if (seed != null) {
            all.add("seed=" + seed);
        }
        String key = r.baseDir() + "\u0000" + r.naming() + "\u0000" + r.scenario() + "\u0000" + String.join("\u0001", all);
        Map<String, Double> m = cache.get(key);
        if (m == null) {
            simulations++;
            byExperiment.merge(e, 1, Integer::sum);
            m = MetricSet.of(ReplayCompare.simulate(r.scenario(all), runner.get(), r.naming()));
            cache.put(key, m);
        }
        return m;
    }

    /** Simulator runs of these experiments so far (cache hits excluded). */
    int simulations(java.util.Collection<Experiment> exps) {
        int n = 0;
        for (Experiment e : exps) {
            n += byExperiment.getOrDefault(e, 0);
        }
        return n;
    }

    /** Simulator runs so far (cache hits excluded). */
    int simulations() {
        return simulations;
    }
}
