package org.lossless.cli;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.sweep.Dimension;
import org.lossless.experiments.sweep.Grid;
import org.lossless.experiments.sweep.PointsFile;
import org.lossless.experiments.sweep.RunSpec;
import org.lossless.experiments.sweep.SweepDefinition;
import org.lossless.experiments.sweep.SweepPoint;
import org.lossless.experiments.sweep.SweepSize;
import org.lossless.experiments.sweep.VaryParser;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the options of {@code lossless sweep} into a {@link SweepDefinition} and checks every point before
 * anything runs: each point is loaded like {@code run --set} (a bad value is exit 2 naming the point, the key
 * and the value, and nothing is written).
 */
final class SweepPlan {
    private SweepPlan() {
    }

    static SweepDefinition define(Context ctx, Path scenario, List<String> vary, Path pointsFile, List<String> sets,
                                  Long seed, int replications, String baseline, SweepSize size) {
        if (replications < 1) {
            throw new UserError("--replications " + replications + ": at least 1");
        }
        Path file = ctx.resolve(scenario);
        String display = scenario.toString();
        String text = ScenarioLoader.readText(file, display);
        List<String> base = new ArrayList<>(sets);
        String seedSet = Execution.seedOverride(seed);
        if (seedSet != null) {
            base.add(seedSet);
        }
        Path dir = file.toAbsolutePath().normalize().getParent();
        Scenario s = ScenarioLoader.parse(display, text, dir, base);
        List<Dimension> dims = new ArrayList<>();
        for (String v : vary) {
            dims.add(VaryParser.parse(v));
        }
        List<SweepPoint> named = pointsFile == null ? List.of()
                : PointsFile.read(ctx.resolve(pointsFile), pointsFile.toString());
        if (dims.isEmpty() && named.isEmpty()) {
            throw new UserError("sweep: nothing varies; give --vary KEY=V1,V2,... or --points FILE");
        }
        size.check(dims, named.size(), replications); // counted before a point is built
        List<SweepPoint> points = Grid.cross(named, Grid.points(dims));
        SweepDefinition def = new SweepDefinition(display, file.toAbsolutePath().normalize(), text, dir, sets, points,
                s.seed(), replications, baseline);
        for (SweepPoint p : points) {
            scenarioOf(def, p);
        }
        return def;
    }

    /** The scenario of point {@code p} at the base seed; a bad value names the point and how it was given. */
    static Scenario scenarioOf(SweepDefinition def, SweepPoint p) {
        try {
            return def.scenario(new RunSpec(0, p, 0, def.baseSeed()));
        } catch (ScenarioException e) {
            String m = e.getMessage();
            for (String kv : p.sets()) {
                m = m.replace("(from --set " + kv + ")", "(from the sweep: " + kv + ")");
            }
            throw new ScenarioException("sweep point " + p.name() + ": " + m);
        }
    }

    /** The scenario lints of every point, each once, with the points it applies to. */
    static void printWarnings(Context ctx, SweepDefinition def) {
        Map<String, List<String>> byText = new LinkedHashMap<>();
        for (SweepPoint p : def.points()) {
            for (String w : Warnings.of(scenarioOf(def, p))) {
                byText.computeIfAbsent(w, k -> new ArrayList<>()).add(p.name());
            }
        }
        byText.forEach((w, ps) -> ctx.err().println("lossless: warning: " + w + (ps.size() == def.points().size()
                ? " (every point)" : " (points " + String.join(", ", ps.size() > 6 ? ps.subList(0, 6) : ps)
                + (ps.size() > 6 ? ", ..." : "") + ")")));
        ctx.err().flush();
    }

    /** {@code --dry-run}: the points, their keys and the seeds. */
    static void print(Context ctx, SweepDefinition def) {
        ctx.out().println(def.points().size() + " points x " + def.replications() + " replications = "
                + def.points().size() * def.replications() + " runs; seeds " + def.seeds());
        for (SweepPoint p : def.points()) {
            ctx.out().println("  " + p.name() + ": " + String.join(" ", p.sets()));
        }
        ctx.out().flush();
    }
}
