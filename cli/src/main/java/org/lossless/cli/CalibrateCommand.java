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
                + " times and switch latency) with a bounded optimizer, some runs held out.",
            "Writes calibrated.yaml, calibration.txt/.json (each value with its uncertainty, or 'not identifiable') and"
                + " residuals.csv. See docs/verbs-validation.md."})
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

    @Option(names = "--max-evaluations", paramLabel = "N", defaultValue = "150", description = "Limit of stage 3's"
            + " objective evaluations (default: ${DEFAULT-VALUE}).")
    int maxEvaluations;

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
        OutputRule.checkDirectory(ctx.resolve(out), CalibrationFiles.KIND); // before the fit, which takes minutes
        List<CalibrationRun> fitRuns = new ArrayList<>();
        for (Path p : runs) {
            fitRuns.add(CalibrationRun.fromBundle(ctx.resolve(p), p.toString()));
        }
        List<CalibrationRun> held = new ArrayList<>();
        for (Path p : holdout) {
            held.add(CalibrationRun.fromBundle(ctx.resolve(p), p.toString()));
        }
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
                latencyKey.equals("none") ? null : latencyKey, params, maxEvaluations, new MetricFilter(metrics)));
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
}
