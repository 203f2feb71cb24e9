package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.RunProgress;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress display off a terminal (plain lines), --quiet, and the figures it prints. */
class ProgressDisplayTest {
    /** About a second of work: 3 x 20 GB into one port, cut at 20 ms. */
    static final String WORK = InterruptProcessTest.LONG.replace("stop_time: 20s", "stop_time: 20ms");

    private static String runWithDisplay(boolean quiet) {
        Scenario s = ScenarioLoader.parse("w.yaml", WORK, Path.of("."), List.of());
        RunProgress p = new RunProgress();
        StringWriter err = new StringWriter();
        try (ProgressDisplay d = ProgressDisplay.start(p, new PrintWriter(err), quiet, false, 50,
                System::currentTimeMillis)) {
            new ScenarioEngine().run(s, null, p);
        }
        return err.toString();
    }

    @Test
    void offATerminalPlainLinesReportSimulatedTimeOfStopTime() {
        String err = runWithDisplay(false);
        List<String> lines = err.lines().toList();
        assertTrue(!lines.isEmpty(), "at least one line in a run of about a second with a 50 ms period");
        for (String l : lines) {
            assertTrue(l.matches("lossless: simulated [0-9.]+ ms of 20 ms \\(\\d+ %\\), [0-9.]+ M events/s, \\d+ s "
                    + "elapsed(, about .* left)?"), l);
        }
    }

    @Test
    void quietPrintsNothing() {
        assertEquals("", runWithDisplay(true));
    }

    @Test
    void figures() {
        assertEquals("2.31 ms", Execution.ms(2_310_000_000L));
        assertEquals("10 ms", Execution.ms(10_000_000_000L));
        assertEquals("0.001 ms", Execution.ms(1_000_000L));
        assertEquals("1 min 05 s", ProgressDisplay.seconds(65_000));
        assertEquals("2 h 03 min", ProgressDisplay.seconds((2 * 3600 + 3 * 60) * 1000L));
        assertEquals("1.50 M events/s", ProgressDisplay.eventRate(3_000_000, 2000));
        assertEquals("lossless: interrupted before the simulation started; no results written",
                Execution.interruptedLine(new RunProgress()));
    }
}
