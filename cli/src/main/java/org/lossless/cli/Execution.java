package org.lossless.cli;

import org.lossless.experiments.results.OutputRule;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;

import org.lossless.experiments.results.Interrupts;
import org.lossless.experiments.metrics.LosslessDropLine;
import org.lossless.experiments.run.FlowRateIds;
import org.lossless.experiments.run.RunProgress;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

/** Runs a loaded scenario and writes its result directory; shared by {@code run} and {@code demo}. */
final class Execution {
    private Execution() {
    }

    /**
     * {@code results/<name>-<seed>} under the working directory; with {@code --set} overrides
     * {@code results/<name>-<seed>-<hash>}, where hash is the first 8 hex digits of the SHA-256 of the
     * overrides as typed (one per line, in order), so differently overridden runs never share a directory
     * and the same overrides find their directory again.
     */
    static Path defaultOut(Context ctx, Scenario s, List<String> sets) {
        String name = s.name() + "-" + s.seed();
        if (!sets.isEmpty()) {
            name += "-" + overridesHash(sets);
        }
        return ctx.cwd().resolve("results").resolve(name);
    }

    /** First 8 hex digits of SHA-256 over the overrides joined by newlines. */
    static String overridesHash(List<String> sets) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                    .digest(String.join("\n", sets).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** As {@link #run(Context, Scenario, Path, List, boolean, boolean, boolean, Function, Supplier)}, no line after. */
    static int run(Context ctx, Scenario scenario, Path outOption, List<String> sets, boolean report, boolean demo,
                   boolean quiet, Function<RunResult, Supplier<List<String>>> epilogue) {
        return run(ctx, scenario, outOption, sets, report, demo, quiet, epilogue, () -> "");
    }

    /**
     * Runs {@code scenario} into its result directory and prints its lines, answers first; {@code epilogue} (may be
     * null) is called when the run's files are written (it may start work of its own, beside the report's drawing) and
     * its lines are printed after the report is written, then the simulator's cost and the report's path (the demo's
     * story). {@code engine} gives the line that follows the simulator's cost (the partitioned engine's, {@link
     * ParallelLine}; empty: none), asked once the run is over.
     */
    static int run(Context ctx, Scenario scenario, Path outOption, List<String> sets, boolean report, boolean demo,
                   boolean quiet, Function<RunResult, Supplier<List<String>>> epilogue, Supplier<String> engine) {
        if (report && ctx.reporter() == null && !demo) {
            throw new UserError("--report: this command line has no report writer; run without --report and "
                    + "write the report with 'lossless report DIR' (the result files are CSV and JSON, see README.md)");
        }
        Path out = outOption == null ? defaultOut(ctx, scenario, sets) : ctx.resolve(outOption);
        OutputRule.checkDirectory(out, OutputRule.RUN);
        String disk = SpillDisk.warning(scenario, Runtime.getRuntime().maxMemory(), out);
        if (disk != null) {
            ctx.err().println("lossless: warning: " + disk);
        }
        RunResult result;
        RunProgress progress = new RunProgress();
        try (ProgressDisplay display = ProgressDisplay.start(progress, ctx.err(), quiet, ctx.terminal());
             Interrupts.Registration ignored = Interrupts.register(new Interrupts.Handler() {
                 @Override
                 public void stop() {
                     progress.requestStop();
                 }

                 @Override
                 public void cleaned() {
                     display.close();
                     ctx.err().println(interruptedLine(progress));
                     ctx.err().flush();
                 }
             })) {
            // the demo's story reads the rows after the run; other runs stream them to the files as messages complete
            result = ResultsWriter.runAndWrite(out, scenario, ctx.runner().get(), progress, epilogue != null);
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(out, e);
        }
        com.fasterxml.jackson.databind.JsonNode summary = summary(out);
        String engineLine = engine.get();
        engineLine = engineLine.isEmpty() ? "" : "\n" + engineLine;
        ctx.out().println(summaryLine(scenario, result, out) + (epilogue == null ? RunLines.of(result, summary)
                + engineLine : RunLines.figures(result, summary)));
        ctx.out().flush();
        for (String w : truncation(result)) {
            ctx.err().println("lossless: warning: " + w);
        }
        for (String w : LosslessDropLine.of(result)) {
            ctx.err().println("lossless: warning: " + w);
        }
        for (String w : FlowRateIds.unposted(scenario, result)) {
            ctx.err().println("lossless: warning: " + w);
        }
        ctx.err().flush();
        Supplier<List<String>> lines = epilogue == null ? List::of : epilogue.apply(result);
        if (report && ctx.reporter() == null) {
            ctx.err().println("lossless: note: this command line has no report writer; the result files are in " + out);
        } else if (report) {
            ctx.reporter().accept(out);
        }
        if (epilogue != null) {
            // the epilogue's lines (the demo's story) come before the simulator's cost, which stays last
            lines.get().forEach(ctx.out()::println);
            ctx.out().println(RunLines.cost(summary) + engineLine);
        }
        Path html = out.resolve("report.html");
        if (report && ctx.reporter() != null && Files.isRegularFile(html)) {
            ctx.out().println("report: " + html);
        }
        ctx.out().flush();
        return 0;
    }

    /**
     * What a run that did not finish its work must say: "stop_time 100 ms reached with 4 of 40 flows
     * unfinished; raise stop_time" (", and workload w0 still to post" when a workload had more to post), and for a
     * deadlock the cycle of paused queues.
     */
    static List<String> truncation(RunResult r) {
        long left = r.unfinished();
        String flows = left + " of " + r.flows().size() + " flows unfinished";
        if (!r.postingLeft().isEmpty()) {
            flows += " and " + (r.postingLeft().size() == 1 ? "workload " : "workloads ")
                    + String.join(", ", r.postingLeft()) + " still to post";
        }
        return switch (r.stoppedBy()) {
            case DONE -> List.of();
            case STOP_TIME -> List.of("stop_time " + ms(r.simTimePs()) + " reached with " + flows + "; raise stop_time"
                    + " (summary.json: fct_slowdown_censored counts them with their slowdown so far)");
            case DEADLOCK -> List.of("PFC deadlock: the paused queues " + cycle(r.deadlockCycle()) + " wait on each other and sent nothing during the last part "
                    + "of the run; " + flows + " at stop_time " + ms(r.simTimePs()) + " (see pause_graph.csv)");
        };
    }

    private static String cycle(List<String> c) {
        return c.isEmpty() ? "(cycle not recorded)" : String.join(" -> ", c) + " -> " + c.get(0);
    }

    /** "lossless: interrupted at 2.31 ms of 10 ms simulated; no results written". */
    static String interruptedLine(RunProgress p) {
        if (!p.started()) {
            return "lossless: interrupted before the simulation started; no results written";
        }
        return "lossless: interrupted at " + ms(p.simTimePs()) + " of " + ms(p.stopTimePs())
                + " simulated; no results written";
    }

    /** A time in ms with at most three decimals and no trailing zeros: "2.31 ms", "10 ms". */
    static String ms(long ps) {
        return BigDecimal.valueOf(ps).movePointLeft(9).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString() + " ms";
    }

    private static String summaryLine(Scenario s, RunResult r, Path out) {
        long done = r.flows().size() - r.unfinished();
        return String.format(Locale.ROOT, "%s (seed %d): %d of %d flows finished, simulated %.3f ms; results in %s",
                s.name(), s.seed(), done, r.flows().size(), r.simTimePs() / 1e9, out);
    }

    /** The run's summary.json, just written: the console prints its figures, so both say the same. */
    private static com.fasterxml.jackson.databind.JsonNode summary(Path out) {
        Path file = out.resolve(org.lossless.experiments.results.ResultsWriter.SUMMARY);
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(out, e);
        }
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
