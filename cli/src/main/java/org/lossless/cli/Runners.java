package org.lossless.cli;

import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.run.ScenarioRunner;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Where the command line gets its engines from: the one place to wire in the packet engine (and, later,
 * the report writer).
 */
public final class Runners {
    private Runners() {
    }

    /** The packet-level engine. */
    public static ScenarioRunner packet() {
        return new ScenarioEngine();
    }

    /**
     * The report writer the command line uses, or null while reports are not implemented: then
     * {@code run --report} is refused (exit 2) and {@code demo} writes its results without a report.
     * Wire the report here ({@code return Runners::report;}) when it exists.
     */
    public static Consumer<Path> reporter() {
        return null;
    }

    /** Writes charts and report.html into a run directory. */
    public static void report(Path runDir) {
        throw new UnsupportedOperationException("reports are not implemented yet");
    }
}
