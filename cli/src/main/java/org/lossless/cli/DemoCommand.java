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

/** {@code lossless demo [--out DIR]}: runs the built-in showcase scenario and writes its report. */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Runs the built-in showcase (a 32-GPU ring all-reduce on a 128-host k=8 fat-tree under DCQCN, "
                + "with an incast into one of its hosts), prints the job's time, busbw and the PFC activity, and writes "
                + "its results and report. Print the scenario with --show.")
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
        return Execution.run(ctx, s, out, List.of(), true, true, quiet);
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
