package org.lossless.cli;

import org.lossless.experiments.results.Interrupts;
import org.lossless.experiments.sweep.Executor;
import org.lossless.experiments.sweep.LocalExecutor;
import org.lossless.experiments.sweep.Progress;
import org.lossless.experiments.sweep.Sweep;
import org.lossless.experiments.sweep.SweepDefinition;
import org.lossless.experiments.sweep.SweepDirectory;
import org.lossless.experiments.sweep.SweepJson;
import org.lossless.experiments.sweep.SweepSize;
import org.lossless.experiments.sweep.SlurmExecutor;
import org.lossless.experiments.sweep.SlurmOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lossless sweep SCENARIO --vary KEY=V1,V2,... [--vary ...] [--replications N] --out DIR}: a study of
 * many runs, on this machine's cores or a Slurm cluster (docs/sweeps.md).
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Runs a scenario at every point of a grid (the cartesian product of the --vary values) or of a "
                + "sweep file, N seeds per point (the same seeds at every point), and writes DIR/points/POINT/SEED/ "
                + "(normal result directories), sweep.json (the resolved sweep), sweep.csv (one row per run), "
                + "sweep-summary.csv (per point and figure: mean, 95 %% Student-t interval, paired difference to "
                + "--baseline) and sweep-status.json. See docs/sweeps.md."},
        footer = {"", "Examples:",
            "  lossless sweep incast.yaml --vary switch.ecn.kmin=50KB..400KB:50KB --replications 5 --out st",
            "  lossless sweep incast.yaml --vary 'switch.ecn.kmin,switch.ecn.kmax=100KB,400KB;200KB,800KB' "
                + "--vary switch.pfc.dynamic_th=-5..1:1 --out st --baseline kmin=100KB_kmax=400KB_dynamic_th=-5",
            "  lossless sweep incast.yaml --points study.yaml --executor slurm --partition cpu --time 30 --out st",
            "  lossless sweep --collect st",
            "", "Exit status: 0 every run complete (or submitted with --no-wait; runs stopped at stop_time with "
                + "unfinished work count as complete but are named in a warning and in sweep.json), 2 bad input "
                + "(nothing run), 3 some runs failed (the sweep is partial: fix and --resume), 1 internal error."})
final class SweepCommand implements Callable<Integer> {
    static final int INCOMPLETE = 3;
    private final Context ctx;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", description = "Scenario file (YAML).")
    Path scenario;

    @Option(names = "--vary", paramLabel = "KEY=VALUES", description = "Values of a scenario key: V1,V2,..., a range "
            + "START..END:STEP (e.g. 50KB..400KB:50KB, -5..1:1), or linked keys K1,K2=A1,A2;B1,B2. Repeatable: "
            + "the grid is the cartesian product.")
    List<String> vary = new ArrayList<>();

    @Option(names = "--points", paramLabel = "FILE", description = "Sweep file (YAML) of named points: "
            + "points: [{name: NAME, set: {KEY: VALUE, ...}}, ...]; crossed with --vary if both are given.")
    Path points;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key in every run. Repeatable.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N", description = "Base seed (default: the scenario's); replication r uses seed N + r.")
    Long seed;

    @Option(names = "--replications", paramLabel = "N", defaultValue = "1", description = "Runs per point, with seeds "
            + "base, base+1, ... at every point (default: ${DEFAULT-VALUE}).")
    int replications;

    @Option(names = "--max-points", paramLabel = "N", description = "Refuse a sweep of more than N points, counted "
            + "before any is built (default: 100,000).")
    long maxPoints = SweepSize.DEFAULT_MAX_POINTS;

    @Option(names = "--max-runs", paramLabel = "N", description = "Refuse a sweep of more than N runs (points x "
            + "replications; default: 1,000,000).")
    long maxRuns = SweepSize.DEFAULT_MAX_RUNS;

    @Option(names = "--baseline", paramLabel = "POINT", description = "Point that sweep-summary.csv gives paired "
            + "differences against (same seed, point minus baseline).")
    String baseline;

    @Option(names = "--out", paramLabel = "DIR", description = "Sweep directory. A previous sweep there is replaced "
            + "once the new one is complete; anything else is refused.")
    Path out;

    @Option(names = "--resume", description = "Finish the sweep in DIR: run only what is missing (same command line).")
    boolean resume;

    @Option(names = "--collect", paramLabel = "DIR", description = "Wait for the Slurm job of the sweep in DIR "
            + "(submitted with --no-wait), report failed tasks and write the tables.")
    Path collect;

    @Option(names = "--executor", paramLabel = "local|slurm", defaultValue = "local",
            description = "Where the runs execute (default: ${DEFAULT-VALUE}).")
    String executor;

    @Option(names = "--jobs", paramLabel = "N", description = "Local executor: runs at a time (default: the cores, "
            + "at most one per 512 MB of heap).")
    Integer jobs;

    @Option(names = "--threads", paramLabel = "N", description = "Local executor: threads per run (1.." + Threads.MAX
            + ", the partitioned engine: same results for every N; without it each run is sequential). --jobs then "
            + "defaults to the cores divided by N (at least 1). auto: the cores divided by --jobs (at least 1).")
    String threads;

    @Option(names = "--dry-run", description = "Validate every point, print the points and seeds, run nothing.")
    boolean dryRun;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Option(names = "--show", paramLabel = "FIGURES", split = ",", description = "Figures of the console table "
            + "(default: fct_slowdown.p50, fct_slowdown.p99, pfc.pause_frames, ecn.marked_packets, drops.packets).")
    List<String> show;

    @picocli.CommandLine.Mixin
    SlurmArgs slurm = new SlurmArgs();

    SweepCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (collect != null) {
            return collect();
        }
        if (scenario == null) {
            throw new UserError("sweep: SCENARIO is required (or --collect DIR)");
        }
        if (out == null && !dryRun) {
            throw new UserError("sweep: --out DIR is required");
        }
        SweepDefinition def = SweepPlan.define(ctx, scenario, vary, points, sets, seed, replications, baseline,
                new SweepSize(maxPoints, maxRuns));
        SweepPlan.printWarnings(ctx, def);
        if (dryRun) {
            SweepPlan.print(ctx, def);
            return 0;
        }
        Executor ex = executor(def);
        Path dir = ctx.resolve(out);
        if (ex instanceof SlurmExecutor slurmExecutor) {
            slurmExecutor.checkScriptValues(dir);
            SlurmExecutor.checkAvailable();
        }
        Sweep.Outcome o;
        // a Slurm job goes on after an interrupt (the executor says how to collect it)
        try (Interrupts.Registration ignored = ex instanceof SlurmExecutor ? () -> { }
                : Interrupts.register(interrupted(dir))) {
            SweepDirectory work = Sweep.prepare(dir, def, resume, this::note);
            o = Sweep.run(work, dir, def, ex, progress());
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(dir, e); // the disk is full, a folder not writable: the user's to fix
        }
        return SweepReport.print(ctx, o, def, show, dir);
    }

    /**
     * What Ctrl-C or SIGTERM of a sweep says once the runs in progress are removed: the complete runs are kept, and
     * the same command with --resume runs the rest.
     */
    private Interrupts.Handler interrupted(Path dir) {
        return new Interrupts.Handler() {
            @Override
            public void stop() {
                // the runs in progress end with the JVM; their temporary folders are removed by the hook
            }

            @Override
            public void cleaned() {
                ctx.err().println("lossless: interrupted; the runs complete so far are kept in " + dir + "; the same "
                        + "command with --resume finishes the sweep");
                ctx.err().flush();
            }

            @Override
            public boolean always() {
                return true;
            }
        };
    }

    private Integer collect() throws IOException, InterruptedException {
        if (scenario != null || !vary.isEmpty() || points != null || resume) {
            throw new UserError("sweep --collect DIR takes no SCENARIO, --vary, --points or --resume");
        }
        Path dir = ctx.resolve(collect);
        Path next = Sweep.staging(dir);
        Path work = SweepJson.isSweep(next) ? next : dir;
        if (!SweepJson.isSweep(work)) {
            throw new UserError("--collect " + collect + ": not a Lossless sweep directory");
        }
        SweepDirectory d = SweepDirectory.open(work);
        SweepDefinition def = d.definition();
        Sweep.Outcome o = SlurmExecutor.collect(d, dir, def, slurm.options(), progress());
        return SweepReport.print(ctx, o, def, show, dir);
    }

    private Executor executor(SweepDefinition def) {
        switch (executor) {
            case "local" -> {
                if (slurm.given()) {
                    throw new UserError("sweep: " + slurm.firstGiven() + " is a Slurm option; add --executor slurm");
                }
                int cores = Runtime.getRuntime().availableProcessors();
                boolean auto = this.threads != null && this.threads.strip().equals(Threads.AUTO);
                if (jobs != null && jobs < 1) {
                    throw new UserError("--jobs " + jobs + ": at least 1");
                }
                // the cores are divided between concurrent runs and the threads of each (auto: what --jobs leaves)
                Integer given = auto ? Threads.parse(this.threads, cores / (jobs == null ? LocalExecutor.defaultJobs()
                        : jobs)) : Threads.parse(this.threads, cores);
                int perRun = given == null ? 1 : given;
                int n = jobs == null ? Math.max(1, LocalExecutor.defaultJobs() / perRun) : jobs;
                if (given != null && (long) n * perRun > cores) {
                    note(n + " runs at a time x " + perRun + " threads each = " + (long) n * perRun + " threads on "
                            + cores + " cores: the runs share them (same results, more wall time per run)");
                }
                long heapMb = Runtime.getRuntime().maxMemory() >> 20;
                if (n > 1 && (long) n * (LocalExecutor.HEAP_PER_WORKER >> 20) > heapMb) {
                    note("--jobs " + n + " shares a " + heapMb + " MB heap (" + heapMb / n + " MB per worker; a k=16 "
                            + "fat-tree run needs about 250 MB); raise it with JAVA_TOOL_OPTIONS=-Xmx<size> if runs fail "
                            + "out of memory (docs/sweeps.md, \"Memory\")");
                }
                // each run's share of the cores: one left over beside its threads replays its jobs' ideal there
                java.util.function.Supplier<org.lossless.experiments.run.ScenarioRunner> runners = Threads.apply(ctx, given).runner();
                int share = Math.max(1, cores / n);
                // and of the heap: what a run keeps per message goes to disk past its share's budgets
                return new LocalExecutor(def, n, () -> runners.get().withCores(share).withHeapShare(n));
            }
            case "slurm" -> {
                if (jobs != null) {
                    throw new UserError("--jobs is for the local executor; with Slurm use --runs-per-task and --throttle");
                }
                if (this.threads != null) {
                    throw new UserError("--threads is for the local executor (a Slurm task runs each run on one thread)");
                }
                return new SlurmExecutor(slurm.options());
            }
            default -> throw new UserError("--executor " + executor + ": expected local or slurm");
        }
    }

    private Progress progress() {
        return quiet ? Progress.NONE : new ConsoleProgress(ctx.err(), ctx.terminal().attached());
    }

    private void note(String line) {
        if (!quiet) {
            ctx.err().println("lossless: " + line);
            ctx.err().flush();
        }
    }
}
