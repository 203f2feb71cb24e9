package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.spec.WorkloadConfig;

/**
 * One replayed experiment: the bundles that ran the same scenario (repeats, recognised by an identical
 * {@code scenario.resolved.yaml} and plan naming). It is simulated once per parameter vector and seed; its
 * measured value of a metric is the mean over the repeats, and their spread is the hardware's run-to-run noise.
 *
 * @param name  the first bundle's name
 * @param runs  the repeats (at least one)
 */
record Experiment(String name, List<CalibrationRun> runs) {
    Experiment {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("an experiment needs a run");
        }
    }

    CalibrationRun first() {
        return runs.get(0);
    }

    int repeats() {
        return runs.size();
    }

    /** The runs grouped by scenario text and naming, in the order of their first appearance. */
    static List<Experiment> group(List<CalibrationRun> runs) {
        Map<String, List<CalibrationRun>> by = new LinkedHashMap<>();
        for (CalibrationRun r : runs) {
            by.computeIfAbsent(r.scenario() + "\u0000" + r.naming(), k -> new ArrayList<>()).add(r);
        }
        List<Experiment> out = new ArrayList<>();
        by.values().forEach(l -> out.add(new Experiment(l.get(0).name(), l)));
        return out;
    }

    /**
     * What a structured misfit is told apart by: the largest flow (bytes) and the incast degree (most flows into
     * one destination that start together) of the scenario's {@code flows} workloads; 0 and 0 without such flows.
     */
    static long[] shape(Scenario s) {
        long size = 0;
        Map<String, Integer> into = new LinkedHashMap<>();
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.Flows f) {
                for (WorkloadConfig.FlowSpec x : f.flows()) {
                    size = Math.max(size, x.sizeBytes());
                    into.merge(x.dst() + "@" + x.startPs(), 1, Integer::sum);
                }
            }
        }
        return new long[] {size, into.values().stream().mapToInt(Integer::intValue).max().orElse(0)};
    }
}
