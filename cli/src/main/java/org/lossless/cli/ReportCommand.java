package org.lossless.cli;

import org.lossless.plots.data.ResultSet;
import org.lossless.plots.report.Report;
import org.lossless.plots.report.ReportException;
import org.lossless.plots.report.ReportOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code lossless report DIR [--compare B] [--out DIR] [--ports P,...] [--top N] [--metric KEY]... [--best SPEC]
 * [--where EXPR]...}.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes report.html (one self-contained page: warnings, key figures, the scenario in brief, "
                + "charts inline as SVG, the resolved scenario) and charts/*.png (16:9, for slides) with "
                + "charts/index.json (each chart's file, title and metric keys) for a run or a sweep directory, from "
                + "its result files alone. A sweep's report opens with the best point under --best/--where and charts "
                + "the study's figures (or --metric) against every varied key. See docs/report.md."})
final class ReportCommand implements Callable<Integer> {
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "DIR", description = "A run directory (summary.json) or a sweep directory "
            + "(sweep.csv, points/); with --compare, the candidate.")
    Path dir;

    @Option(names = "--compare", paramLabel = "B", description = "A baseline of the same kind: baseline and "
            + "candidate side by side, changes highlighted (per point with 95 %% intervals for sweeps). Written to "
            + "DIR/compare-<name of B>/ unless --out is given.")
    Path compare;

    @Option(names = "--out", paramLabel = "OUT", description = "Write report.html and charts/ here instead "
            + "(a new or empty directory, or one holding an earlier report).")
    Path out;

    @Option(names = "--ports", paramLabel = "NODE:PORT", split = ",", description = "Chart the queues of these "
            + "switch ports (e.g. sw0:0,tor1:4) instead of the busiest.")
    List<String> ports = new ArrayList<>();

    @Option(names = "--top", paramLabel = "N", description = "How many of the busiest queues to chart (default: "
            + ReportOptions.DEFAULT_TOP + ").")
    int top = ReportOptions.DEFAULT_TOP;

    @Option(names = "--metric", paramLabel = "KEY", description = "Sweeps: chart this figure of sweep.csv against "
            + "every varied key and in the heat maps, instead of the study's figures (repeatable; * matches any "
            + "characters, e.g. 'workloads.*.fct_slowdown.p99'; also ports.lossless_drops, ports.max_queue_bytes).")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--best", paramLabel = "min:KEY|max:KEY", description = "Sweeps: name the point with the lowest "
            + "(min) or highest (max) mean of KEY among the points meeting every --where (default: the first "
            + "--metric, else the first collective's busbw, highest, else the p99 FCT slowdown, lowest).")
    String best;

    @Option(names = "--where", paramLabel = "'KEY OP VALUE'", description = "Sweeps: a constraint every run of the "
            + "best point meets, OP one of == != <= >= < > (e.g. 'ports.lossless_drops==0', 'pfc.paused_ps<=1ms'); "
            + "repeatable (default: ports.lossless_drops==0). Points with runs stopped at stop_time are never best.")
    List<String> where = new ArrayList<>();

    ReportCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        if (top < 1 || top > 50) {
            throw new UserError("--top " + top + ": expected 1 to 50 queues");
        }
        for (String p : ports) {
            if (!p.matches(".+:\\d{1,9}")) {
                throw new UserError("--ports " + p + ": expected NODE:PORT such as sw0:0");
            }
        }
        long start = System.nanoTime();
        Path html = write(ctx, ctx.resolve(dir), new ReportOptions(out == null ? null : ctx.resolve(out),
                compare == null ? null : ctx.resolve(compare), ports, top, metrics, best, where));
        ctx.out().println(String.format(Locale.ROOT, "report: %s (charts in %s, %.1f s)", html,
                html.resolveSibling("charts"), (System.nanoTime() - start) / 1e9));
        ctx.out().flush();
        for (Path d : compare == null ? List.of(ctx.resolve(dir)) : List.of(ctx.resolve(dir), ctx.resolve(compare))) {
            warnScenario(d);
        }
        return 0;
    }

    /**
     * A run whose scenario.resolved.yaml is not YAML (damaged) gets a report without its scenario section (its
     * warnings, thresholds and topology come from warnings.json, thresholds.csv and fabric.json); the console says so,
     * naming the file and the problem, not only the page.
     */
    private void warnScenario(Path run) {
        if (!ResultSet.isRun(run)) {
            return;
        }
        String problem;
        try {
            problem = ResultSet.open(run).scenarioProblem();
        } catch (RuntimeException e) {
            return; // the report has been written from it: nothing more to say here
        }
        if (problem != null && !problem.startsWith("the directory has no ")) {
            ctx.err().println("lossless: warning: " + run + ": " + org.lossless.core.text.Printable.message(problem)
                    + "; the report leaves out the scenario's settings (its warnings and reference lines come from "
                    + "warnings.json and thresholds.csv)");
            ctx.err().flush();
        }
    }

    /** Writes a report; bad or refused directories are bad input. */
    static Path write(Context ctx, Path dir, ReportOptions o) {
        try {
            return Report.write(dir, o);
        } catch (ReportException e) {
            throw new UserError(e.getMessage());
        }
    }
}
