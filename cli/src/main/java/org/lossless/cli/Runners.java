package org.lossless.cli;

import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.run.ScenarioRunner;

import java.nio.file.Path;

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

    /** Writes charts and report.html into a run directory. */
    public static void report(Path runDir) {
        throw new UnsupportedOperationException("reports are not available yet");
    }
}
