package org.lossless.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.results.OutputRule;
import org.lossless.verbs.calibrate.CalibrationFiles;
import org.lossless.verbs.calibrate.CalibrationReport;
import org.lossless.verbs.calibrate.CalibrationRun;
import org.lossless.verbs.calibrate.Calibrator;
import org.lossless.verbs.calibrate.FitParameter;
import org.lossless.verbs.calibrate.MetricFilter;
import org.lossless.verbs.calibrate.Truth;
import org.lossless.verbs.calibrate.TruthImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code lossless calibrate --run BUNDLE... [--holdout BUNDLE...] [--fit KEY=MIN..MAX]... --out DIR}. */
@Command(name = "calibrate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Fits the simulator to replayed runs and writes a calibrated scenario.",
            "Three stages: (1) every setting the hardware states (the bundles' DCQCN knobs, MTU and link speed;"
                + " --nic-dump, --switch-config), never fitted; (2) a fixed latency from latency probes, in closed form;"
                + " (3) the unknowns (--fit, default: CNP generation delay and, where the scenario has them, PFC reaction"
                + " times and switch latency) with a multi-start bounded optimizer.",
            "Bundles of the same scenario are repeats: their spread is the hardware's noise. Each fitted value gets a"
                + " 95 %% interval from a bootstrap of that noise and a verdict (identified, imprecise, not identifiable,"
                + " with the runs that would pin it); fitted and held-out runs are checked for a misfit of the model.",
            "Writes calibrated.yaml, calibration.txt/.json and residuals.csv. See docs/verbs-validation.md."})
final class CalibrateCommand implements Callable<Integer> {
    private final Context ctx;
    @Spec
    CommandSpec spec;

    @Option(names = "--run", required = true, paramLabel = "BUNDLE", description = "Run bundle to fit to. Repeatable.")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--holdout", paramLabel = "BUNDLE", description = "Run bundle only checked at the end. Repeatable.")
    List<Path> holdout = new ArrayList<>();

    @Option(names = "--fit", paramLabel = "KEY=MIN..MAX[@START]", description = "An unknown to fit, e.g."
            + " nic.dcqcn.cnp_delay=0us..20us. Repeatable. Default: " + "the list in docs/verbs-validation.md.")
    List<String> fit = new ArrayList<>();

    @Option(names = "--latency-key", paramLabel = "KEY", description = "Stage 2's latency key (default:"
            + " ${DEFAULT-VALUE}); 'none' skips stage 2.", defaultValue = Calibrator.DEFAULT_LATENCY_KEY)
    String latencyKey;

    @Option(names = "--nic-dump", paramLabel = "DIR", description = "An mlx5 sysfs dump (as 'import mlx5' reads) to take"
            + " the NIC settings from.")
    Path nicDump;

    @Option(names = "--switch-config", paramLabel = "CONFIG_DB.json", description = "A SONiC CONFIG_DB to take the switch"
            + " settings from.")
    Path switchConfig;

    @Option(names = "--metrics", paramLabel = "PATTERN", description = "Only metrics matching these globs enter the"
            + " objective, e.g. 'flow/*/goodput_bps' 'host/*/cnp_sent'. Repeatable. Default: all.")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--scenario", paramLabel = "SCENARIO", description = "Scenario to write calibrated (default: the"
            + " first run's).")
    Path scenario;

    @Option(names = "--max-evaluations", paramLabel = "N", defaultValue = "300", description = "Hard cap on stage 3's"
            + " evaluations: parameter vectors simulated for the first time, each on every fitted run and seed; the"
            + " search, the interval mapping and the misfit probes all count, held-out runs and stage 2 apart (default:"
            + " ${DEFAULT-VALUE}).")
    int maxEvaluations;

    @Option(names = "--seeds", paramLabel = "N|auto", defaultValue = "auto", description = "Seeds averaged per"
            + " evaluation (default: ${DEFAULT-VALUE}: 1 when the seed changes no metric of the runs, else 3).")
    String seeds;

    @Option(names = "--noise-floor", paramLabel = "PCT", description = "The measurement's own relative noise, e.g."
            + " 1%%, when repeats do not measure it (default: 0.5%%, not taken as the noise itself).")
    String noiseFloor;

    @Option(names = "--precision", paramLabel = "PCT", defaultValue = "0.1", description = "A fitted value is"
            + " 'identified' when its 95 %% interval lies within this of it, e.g. 5%% (default: 10 %%).")
    String precision;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write.")
    Path out;

    CalibrateCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        return VerbsCommands.guard("calibrate", spec.commandLine().getErr(), this::calibrate);
    }

    private int calibrate() throws Exception {
        List<FitParameter> params = new ArrayList<>();
        for (String f : fit.isEmpty() ? Calibrator.DEFAULT_UNKNOWNS : fit) {
            try {
                params.add(FitParameter.parse(f));
            } catch (IllegalArgumentException e) {
                throw new UserError("--fit " + e.getMessage());
            }
        }
        if (maxEvaluations < 10) {
            throw new UserError("--max-evaluations must be >= 10, got " + maxEvaluations);
        }
        Integer seedCount = seeds();
        Double floor = noiseFloor == null ? null : percent("--noise-floor", noiseFloor, 0, 1);
        double prec = percent("--precision", precision, 0.001, 10);
        distinct();
        OutputRule.checkDirectory(ctx.resolve(out), CalibrationFiles.KIND); // before the fit, which takes minutes
        List<CalibrationRun> fitRuns = new ArrayList<>();
        for (Path p : runs) {
            fitRuns.add(CalibrationRun.fromBundle(ctx.resolve(p), p.toString()));
        }
        List<CalibrationRun> held = new ArrayList<>();
        for (Path p : holdout) {
            held.add(CalibrationRun.fromBundle(ctx.resolve(p), p.toString()));
        }
        if (!fit.isEmpty()) {
            Calibrator.requireAccepted(fitRuns.get(0), params);
        }
        MetricFilter filter = new MetricFilter(metrics);
        checkMetrics(filter, fitRuns);
        TruthImport.Result fromRuns = TruthImport.fromRuns(fitRuns);
        List<Truth> truths = new ArrayList<>(fromRuns.truths());
        if (nicDump != null) {
            truths.addAll(TruthImport.fromNicDump(ctx.resolve(nicDump), nicDump.toString()));
        }
        if (switchConfig != null) {
            truths.addAll(TruthImport.fromSwitchConfig(ctx.resolve(switchConfig), switchConfig.toString()));
        }
        PrintWriter o = spec.commandLine().getOut();
        fromRuns.notes().forEach(n -> o.println("note: " + n));
        Calibrator c = new Calibrator(ctx.runner(), o);
        CalibrationReport r = c.calibrate(new Calibrator.Input(fitRuns, held, truths,
                latencyKey.equals("none") ? null : latencyKey, params, maxEvaluations, filter, seedCount, floor, prec, null));
        Scenario calibrated;
        try {
            calibrated = scenario != null ? ScenarioLoader.load(ctx.resolve(scenario), scenario.toString(), r.sets())
                    : fitRuns.get(0).scenario(r.sets());
        } catch (ScenarioException e) {
            throw new UserError("the calibrated values do not apply to " + (scenario != null ? scenario : "the first run's"
                    + " scenario") + ": " + e.getMessage());
        }
        List<String> names = new ArrayList<>();
        runs.forEach(p -> names.add(p.toString()));
        CalibrationFiles.write(ctx.resolve(out), r, calibrated, names);
        o.print(CalibrationFiles.text(r));
        o.println("wrote " + out + " (calibrated.yaml, calibration.txt, calibration.json, residuals.csv)");
        o.flush();
        return 0;
    }

    private Integer seeds() {
        if (seeds.equals("auto")) {
            return null;
        }
        try {
            int n = Integer.parseInt(seeds);
            if (n >= 1 && n <= 64) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new UserError("--seeds must be 'auto' or a whole number from 1 to 64, got '" + seeds + "'");
    }

    /** A fraction from "2%" or "0.02", within [min, max]. */
    static double percent(String option, String text, double min, double max) {
        String t = text.strip();
        double v;
        try {
            v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100 : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new UserError(option + " must be a fraction such as 2% or 0.02, got '" + text + "'");
        }
        if (!(v >= min && v <= max)) {
            throw new UserError(option + " must lie between " + min + " and " + max + " (as a fraction), got '" + text + "'");
        }
        return v;
    }

    /** A bundle may be given once: twice would count as a repeat (a spread of 0), or as fitted and held out at once. */
    private void distinct() {
        java.util.Map<Path, String> seen = new java.util.HashMap<>();
        for (String role : List.of("--run", "--holdout")) {
            for (Path p : role.equals("--run") ? runs : holdout) {
                Path key = ctx.resolve(p).toAbsolutePath().normalize();
                try {
                    key = key.toRealPath();
                } catch (java.io.IOException e) {
                    // a missing bundle is reported when it is read
                }
                String before = seen.put(key, role);
                if (before != null) {
                    throw new UserError(p + " is given as " + before + (before.equals(role) ? " twice" : " and as " + role)
                            + ": " + (before.equals(role) ? "a copy of a run would count as a repeat with no spread"
                            : "a held-out run must be one the fit did not see") + "; give each bundle once");
                }
            }
        }
    }

    /** Refuses --metrics that select none of the runs' metrics; warns about a pattern that selects none. */
    private void checkMetrics(MetricFilter filter, List<CalibrationRun> fitRuns) {
        if (metrics.isEmpty()) {
            return;
        }
        java.util.Set<String> names = new java.util.TreeSet<>();
        fitRuns.forEach(r -> names.addAll(org.lossless.verbs.compare.MetricSet.of(r.measured()).keySet()));
        if (names.stream().noneMatch(filter)) {
            List<String> some = names.stream().limit(3).toList();
            throw new UserError("--metrics " + String.join(" ", metrics) + " selects none of the " + names.size()
                    + " metrics the runs measured" + (some.isEmpty() ? "" : " (e.g. " + String.join(", ", some) + ")"));
        }
        for (String m : metrics) {
            MetricFilter one = new MetricFilter(List.of(m));
            if (names.stream().noneMatch(one)) {
                spec.commandLine().getErr().println("lossless calibrate: warning: --metrics '" + m + "' selects none of the"
                        + " runs' metrics");
            }
        }
    }
}
