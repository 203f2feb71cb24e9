package org.lossless.cli;

import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.run.FlowResult;
import org.lossless.experiments.run.RunResult;
import org.lossless.experiments.scenario.Scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Runs a loaded scenario and writes its result directory; shared by {@code run} and {@code demo}. */
final class Execution {
    private Execution() {
    }

    /** {@code results/<name>-<seed>} under the working directory. */
    static Path defaultOut(Context ctx, Scenario s) {
        return ctx.cwd().resolve("results").resolve(s.name() + "-" + s.seed());
    }

    static int run(Context ctx, Scenario scenario, Path outOption, boolean report) {
        Path out = outOption == null ? defaultOut(ctx, scenario) : ctx.resolve(outOption);
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UserError("--out " + out + ": exists and is not a directory");
        }
        RunResult result;
        try {
            result = ResultsWriter.runAndWrite(out, scenario, ctx.runner().get());
        } catch (IOException e) {
            throw new UserError("cannot write the results to " + out + ": " + e.getMessage());
        }
        ctx.out().println(summaryLine(scenario, result, out));
        if (report) {
            try {
                ctx.reporter().accept(out);
                Path html = out.resolve("report.html");
                if (Files.isRegularFile(html)) {
                    ctx.out().println("report: " + html);
                }
            } catch (UnsupportedOperationException e) {
                ctx.err().println("lossless: note: " + e.getMessage() + "; the result files are in " + out);
            }
        }
        ctx.out().flush();
        return 0;
    }

    private static String summaryLine(Scenario s, RunResult r, Path out) {
        long done = r.flows().stream().filter(FlowResult::finished).count();
        return String.format(Locale.ROOT, "%s (seed %d): %d of %d flows finished, simulated %.3f ms; results in %s",
                s.name(), s.seed(), done, r.flows().size(), r.simTimePs() / 1e9, out) + RunLines.of(r);
    }

    /** Seed option value as an override, checked here so the message names --seed. */
    static String seedOverride(Long seed) {
        if (seed == null) {
            return null;
        }
        if (seed < 0) {
            throw new UserError("--seed " + seed + ": the seed must be >= 0");
        }
        return "seed=" + seed;
    }
}
