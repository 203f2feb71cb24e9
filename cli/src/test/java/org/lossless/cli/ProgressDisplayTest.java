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
    void pastTheEstimatedEndTheLineSaysSoWithoutAFallingPercentageOrAnEta() {
        // 1.714 ms estimated, stop_time 101 ms: at 1 ms, 58 % of the estimate and as long again to go
        assertEquals("lossless: simulated 1 ms of ~1.714 ms (estimated end) (58 %), 1.00 M events/s, 10 s elapsed, "
                + "about 7 s left", ProgressDisplay.plainLine(1_000_000_000L, 1_714_000_000L, 101_000_000_000L,
                10_000_000, 10_000));
        // at 1.8 ms the estimate is behind: no "2 % of 101 ms, 1 h left"
        assertEquals("lossless: simulated 1.8 ms, past the best-case end (~1.714 ms): the last flows are finishing "
                + "(stop_time 101 ms), 1.00 M events/s, 20 s elapsed", ProgressDisplay.plainLine(1_800_000_000L,
                1_714_000_000L, 101_000_000_000L, 20_000_000, 20_000));
        // no estimate before stop_time: measured against stop_time
        assertEquals("lossless: simulated 5 ms of 10 ms (50 %), 1.00 M events/s, 10 s elapsed, about 10 s left",
                ProgressDisplay.plainLine(5_000_000_000L, -1, 10_000_000_000L, 10_000_000, 10_000));
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
