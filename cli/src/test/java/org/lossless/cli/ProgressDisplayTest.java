package org.lossless.cli;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.RunProgress;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress display off a terminal (plain lines), --quiet, and the figures it prints. */
class ProgressDisplayTest {
    /**
     * A second or two of work: 3 x 20 GB into one port at MTU 1024, cut at 40 ms (at the default MTU 4096 the same
     * simulated time has a quarter of the packets, and a fast machine finished it inside one 50 ms period).
     */
    static final String WORK = InterruptProcessTest.LONG.replace("stop_time: 20s", "stop_time: 40ms")
            + "nic: {mtu: 1024}\n";

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
            assertTrue(l.matches("lossless: simulated [0-9.]+ ms of 40 ms \\(\\d+ %\\), [0-9.]+ M events/s, \\d+ s "
                    + "elapsed(, about .* left)?"), l);
        }
    }

    @Test
    void pastTheEstimatedEndTheLineSaysSoWithoutAFallingPercentageOrAnEta() {
        // 1.714 ms estimated, stop_time 101 ms: at 1 ms, 58 % of the estimate, with the time left the estimator gives
        assertEquals("lossless: simulated 1 ms of ~1.714 ms (estimated end) (58 %), 1.00 M events/s, 10 s elapsed, "
                + "about 7 s left", ProgressDisplay.plainLine(1_000_000_000L, 1_714_000_000L, 101_000_000_000L,
                10_000_000, 10_000, OptionalLong.of(7_140)));
        // at 1.8 ms the estimate is behind: no "2 % of 101 ms, 1 h left"
        assertEquals("lossless: simulated 1.8 ms, past the best-case end (~1.714 ms): the last flows are finishing "
                + "(stop_time 101 ms), 1.00 M events/s, 20 s elapsed", ProgressDisplay.plainLine(1_800_000_000L,
                1_714_000_000L, 101_000_000_000L, 20_000_000, 20_000, OptionalLong.empty()));
    }

    /**
     * The run of the report: a collective on a fabric whose work has no estimate ahead, stop_time 10 s, 0.12 ms
     * simulated after 10 s of wall time, done at 60 s. Measured against stop_time it read "2 h 18 min left"
     * and worse; the line must not pretend to know, neither a percentage of stop_time nor a time left.
     */
    @Test
    void withoutAnEstimateOfTheEndNeitherAPercentageNorATimeLeft() {
        RunEta eta = new RunEta();
        long stop = 10_000_000_000_000L;
        for (int s = 10; s <= 60; s += 10) {
            long now = 12_000_000L * s; // 0.012 ms of simulated time per second of wall time
            eta.sample(s * 1000L, now);
            RunProgressValues p = new RunProgressValues(now, 0, stop, 1_000_000L * s);
            String line = ProgressDisplay.plainLine(p.now, p.estimatedEnd, p.stop, p.events, s * 1000L,
                    eta.remainingMs(ProgressDisplay.target(p.estimatedEnd, p.stop), ProgressDisplay.knownEnd(p.estimatedEnd)));
            assertTrue(line.startsWith("lossless: simulated " + Execution.ms(now) + " (the work's end is not known ahead; "
                    + "stop_time 10000 ms), "), line);
            assertTrue(!line.contains("left") && !line.contains("%"), line);
        }
    }

    private record RunProgressValues(long now, long estimatedEnd, long stop, long events) {
    }

    @Nested
    class TimeLeft {
        /** Target 100 ms: 10 s of a slow start (0.01 ms per s), then 0.5 ms per second of wall time. */
        static long simPsAt(long ms) {
            return ms <= 10_000 ? ms * 10_000 : 100_000_000L + (ms - 10_000) * 500_000;
        }

        @Test
        void noEstimateUntilThePaceHasSettledThenTheTimeLeftAtThatPace() {
            RunEta eta = new RunEta();
            long target = 100_000_000_000L;
            for (long ms = 1000; ms <= 60_000; ms += 1000) {
                eta.sample(ms, simPsAt(ms));
                OptionalLong left = eta.remainingMs(target, true);
                if (ms < 10_000 || simPsAt(ms) < 0.05 * target) {
                    assertTrue(left.isEmpty(), "too early at " + ms + " ms: " + left);
                } else if (ms >= 10_000 + RunEta.WINDOW_MS) {
                    // the window holds only the steady pace: exactly what is left at 0.5 ms per s
                    long exact = (target - simPsAt(ms)) / 500_000;
                    assertEquals(exact, left.orElseThrow(), "at " + ms + " ms");
                } else if (left.isPresent()) {
                    // the slow start still in the window slows the pace: never shorter than what is left
                    assertTrue(left.getAsLong() >= (target - simPsAt(ms)) / 500_000, "at " + ms + " ms: " + left);
                }
            }
        }

        @Test
        void aSlowStartInTheWindowMeansNoEstimate() {
            RunEta eta = new RunEta();
            for (long ms = 1000; ms <= 15_000; ms += 1000) {
                eta.sample(ms, simPsAt(ms));
            }
            // at 15 s: 2.6 ms of 100 ms simulated; above 5 % only from 19 s
            assertTrue(eta.remainingMs(100_000_000_000L, true).isEmpty());
            eta.sample(20_000, simPsAt(20_000));
            // 5.1 % now, but the window [0, 20 s] runs at 0.26 ms/s and its second half at 0.5 ms/s
            assertTrue(eta.remainingMs(100_000_000_000L, true).isEmpty());
        }

        @Test
        void theTargetBehindOrUnknownMeansNoEstimate() {
            RunEta eta = new RunEta();
            for (long ms = 1000; ms <= 40_000; ms += 1000) {
                eta.sample(ms, ms * 1_000_000L);
            }
            assertEquals(10_000, eta.remainingMs(50_000_000_000L, true).orElseThrow());
            assertTrue(eta.remainingMs(30_000_000_000L, true).isEmpty(), "past the target");
            assertTrue(eta.remainingMs(50_000_000_000L, false).isEmpty(), "end not known");
        }
    }

    @Test
    void whileTheResultsWaitForTheJobsIdealTheLineSaysSo() {
        assertEquals("lossless: simulated 2.31 ms: done; computing the jobs' ideal (each job alone, message by message), "
                + "1 min 05 s elapsed", ProgressDisplay.idealLine(2_310_000_000L, 65_000));
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
