package org.lossless.cli;

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

/** {@code lossless report DIR [--compare B] [--out DIR] [--ports P,...] [--top N]}. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes report.html (one self-contained page: warnings, key figures, the scenario in brief, "
                + "charts inline as SVG, the resolved scenario) and charts/*.png (16:9, for slides) for a run or a "
                + "sweep directory, from its result files alone. See docs/report.md."})
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
                compare == null ? null : ctx.resolve(compare), ports, top));
        ctx.out().println(String.format(Locale.ROOT, "report: %s (charts in %s, %.1f s)", html,
                html.resolveSibling("charts"), (System.nanoTime() - start) / 1e9));
        ctx.out().flush();
        return 0;
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
