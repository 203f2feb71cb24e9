package org.lossless.verbs.calibrate;

import java.nio.file.Path;
import java.util.List;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.verbs.compare.ReplayCompare;
import org.lossless.verbs.measure.Measurement;

/**
 * One measured run to calibrate against: the scenario that was replayed (YAML text) and what it measured.
 *
 * @param name     shown in the report (e.g. the bundle directory)
 * @param scenario the replayed scenario's YAML ({@code scenario.resolved.yaml} of the bundle)
 * @param baseDir  folder relative paths in it resolve against
 * @param measured the run's measurement record
 * @param naming   how the replay named hosts and which flows were latency probes
 */
public record CalibrationRun(String name, String scenario, Path baseDir, Measurement measured, ReplayCompare.Naming naming) {
    /** A run bundle written by {@code lossless replay run}: its scenario, its measurement, its plan's naming. */
    public static CalibrationRun fromBundle(Path dir, String display) {
        org.lossless.verbs.plan.HardwarePlan plan = org.lossless.verbs.plan.PlanReader.read(dir, display);
        Measurement m = org.lossless.verbs.run.BundleReader.read(dir, display);
        String text;
        try {
            text = org.lossless.verbs.io.InputFiles.readString(
                    org.lossless.verbs.io.Contained.own(dir, "scenario.resolved.yaml", "the bundle", display));
        } catch (java.io.IOException e) {
            throw new org.lossless.verbs.VerbsException(display + ": no readable scenario.resolved.yaml (" + e.getMessage() + ")");
        }
        return new CalibrationRun(display, text, dir.toAbsolutePath(), m, ReplayCompare.Naming.of(plan));
    }

    /** The scenario with {@code sets} applied. */
    public Scenario scenario(List<String> sets) {
        return ScenarioLoader.parse(name + "/scenario", scenario, baseDir, sets);
    }
}
