package org.lossless.cli;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.lossless.experiments.metrics.RunResult;

/** {@code lossless demo [--out DIR]}: runs the built-in showcase scenario and writes its report. */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Runs the built-in showcase (a 32-GPU all-reduce on a 128-host k=8 fat-tree under DCQCN, with an "
                + "incast into one of its hosts) and, beside it, the same job alone on that fabric; prints each "
                + "iteration's time against its ideal and against the job alone, the pauses, ECN marks and CNPs behind "
                + "the difference, and writes the results and the report. Print the scenario with --show.")
final class DemoCommand implements Callable<Integer> {
    static final String RESOURCE = "/org/lossless/cli/demo.yaml";
    static final String DISPLAY = "demo.yaml (built in)";

    private final Context ctx;

    @Option(names = "--out", paramLabel = "DIR", description = "Result directory (default: results/<name>-<seed>); "
            + "a previous run directory there is replaced, a folder holding anything else is refused.")
    Path out;

    @Option(names = "--show", description = "Print the demo scenario file and exit, e.g. to start your own from it.")
    boolean show;

    @Option(names = {"-q", "--quiet"}, description = "No progress display.")
    boolean quiet;

    DemoCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        String yaml = text();
        if (show) {
            ctx.out().print(yaml);
            ctx.out().flush();
            return 0;
        }
        Scenario s = ScenarioLoader.parse(DISPLAY, yaml, ctx.cwd(), List.of());
        // the same job alone on this fabric, for the story's comparison: simulated while the report is drawn
        Scenario alone = DemoStory.alone(s, DemoStory.jobNames(s));
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "demo-alone");
            t.setDaemon(true);
            return t;
        });
        try {
            // started once the demo's own run is over (its summary.json's CPU time is its own), beside the report
            return Execution.run(ctx, s, out, List.of(), true, true, quiet, r -> {
                Future<RunResult> aloneRun = alone == null ? null : pool.submit(() -> ctx.runner().get().run(alone));
                return () -> DemoStory.lines(r, join(aloneRun), s.nic().cc());
            });
        } finally {
            pool.shutdownNow();
        }
    }

    /** The run alone, or null when there is none or it failed (the story then leaves the comparison out). */
    private static RunResult join(Future<RunResult> f) {
        if (f == null) {
            return null;
        }
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            return null;
        }
    }

    static String text() {
        try (InputStream in = DemoCommand.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the demo scenario " + RESOURCE + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
