package org.lossless.cli;

import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.plots.report.Report;
import org.lossless.plots.report.ReportException;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Where the command line gets its engines from: the one place to wire in the packet engine and the report
 * writer.
 */
public final class Runners {
    private Runners() {
    }

    /** The packet-level engine. */
    public static ScenarioRunner packet() {
        return new ScenarioEngine();
    }

    /**
     * The report writer the command line uses ({@link #report}); were it null, {@code run --report} would be
     * refused (exit 2) and {@code demo} would write its results without a report.
     */
    public static Consumer<Path> reporter() {
        return Runners::report;
    }

    /** Writes charts and report.html into a run directory (a report that cannot be written is bad input). */
    public static void report(Path runDir) {
        try {
            Report.write(runDir);
        } catch (ReportException e) {
            throw new UserError(e.getMessage());
        }
    }
}
