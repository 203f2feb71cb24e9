package org.lossless.experiments.sweep;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.experiments.scenario.ScenarioLoader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a sweep runs: one scenario (its text, kept in the sweep directory so that editing the file later
 * cannot change a sweep being resumed), overrides common to every run, the points, and the seeds.
 *
 * @param scenarioDisplay the scenario path as typed, for messages
 * @param scenarioPath    the scenario file, absolute
 * @param scenarioText    its content when the sweep was defined
 * @param baseDir         folder that relative paths in the scenario resolve against (the file's folder)
 * @param sets            {@code --set KEY=VALUE} options applied to every run, before the point's keys
 * @param points          at least one, unique names (also ignoring case: each is a folder)
 * @param baseSeed        seed of replication 0 (the scenario's seed or {@code --seed})
 * @param replications    runs per point, >= 1; replication r uses seed {@code baseSeed + r}
 * @param baseline        name of the point that paired differences are taken against, or null
 */
public record SweepDefinition(String scenarioDisplay, Path scenarioPath, String scenarioText, Path baseDir,
                              List<String> sets, List<SweepPoint> points, long baseSeed, int replications,
                              String baseline) {
    public SweepDefinition {
        sets = List.copyOf(sets);
        points = List.copyOf(points);
        Objects.requireNonNull(scenarioText);
        if (replications < 1) {
            throw new ScenarioException("--replications " + replications + ": at least 1");
        }
        if (baseSeed < 0 || baseSeed > Long.MAX_VALUE - replications) {
            throw new ScenarioException("seed " + baseSeed + ": must be >= 0 and leave room for " + replications + " replications");
        }
        if (points.isEmpty()) {
            throw new ScenarioException("a sweep needs at least one point");
        }
        Set<String> names = new LinkedHashSet<>();
        java.util.Map<String, String> folded = new java.util.HashMap<>();
        for (SweepPoint p : points) {
            if (p.values().containsKey("seed")) {
                throw new SweepException("the key 'seed' cannot vary between points: every point runs the same seeds "
                        + "(--seed for the first, --replications for how many)");
            }
            if (!names.add(p.name())) {
                throw new ScenarioException("two sweep points are named " + p.name());
            }
            String other = folded.putIfAbsent(p.name().toLowerCase(java.util.Locale.ROOT), p.name());
            if (other != null) {
                throw new ScenarioException("sweep points " + other + " and " + p.name() + " differ only in case: on a "
                        + "case-insensitive file system (macOS, Windows) they are one folder points/" + other
                        + "; rename one");
            }
        }
        if (baseline != null && !names.contains(baseline)) {
            String close = org.lossless.core.text.DidYouMean.closest(baseline, names);
            throw new ScenarioException("--baseline " + baseline + ": no such point" + (close == null ? "" : " (did you mean "
                    + close + "?)") + "; points: " + abbreviate(names));
        }
    }

    private static String abbreviate(Set<String> names) {
        List<String> l = new ArrayList<>(names);
        return l.size() <= 12 ? String.join(", ", l) : String.join(", ", l.subList(0, 12)) + ", ... (" + l.size() + " in all)";
    }

    /** The varied keys, in order of first appearance over the points. */
    public List<String> keys() {
        Set<String> keys = new LinkedHashSet<>();
        points.forEach(p -> keys.addAll(p.values().keySet()));
        return List.copyOf(keys);
    }

    /** The seeds, one per replication. */
    public List<Long> seeds() {
        List<Long> s = new ArrayList<>();
        for (int r = 0; r < replications; r++) {
            s.add(baseSeed + r);
        }
        return s;
    }

    /** Every run, point-major: index {@code point * replications + replication}. */
    public List<RunSpec> runs() {
        List<RunSpec> runs = new ArrayList<>();
        for (SweepPoint p : points) {
            for (int r = 0; r < replications; r++) {
                runs.add(new RunSpec(runs.size(), p, r, baseSeed + r));
            }
        }
        return runs;
    }

    /** The scenario of one run: scenario text, common overrides, the point's keys, then the seed. */
    public Scenario scenario(RunSpec run) {
        List<String> all = new ArrayList<>(sets);
        all.addAll(run.point().sets());
        all.add("seed=" + run.seed());
        return ScenarioLoader.parse(scenarioDisplay, scenarioText, baseDir, all);
    }

    /**
     * True if both define the same runs (scenario file and text, overrides, points, seeds); the baseline and
     * how the scenario path was typed may differ: they change no run.
     */
    public boolean sameRuns(SweepDefinition o) {
        return scenarioPath.equals(o.scenarioPath) && scenarioText.equals(o.scenarioText) && baseDir.equals(o.baseDir)
                && sets.equals(o.sets) && points.equals(o.points) && baseSeed == o.baseSeed && replications == o.replications;
    }

    /** This definition with another baseline (checked). */
    public SweepDefinition withBaseline(String b) {
        return new SweepDefinition(scenarioDisplay, scenarioPath, scenarioText, baseDir, sets, points, baseSeed, replications, b);
    }
}
