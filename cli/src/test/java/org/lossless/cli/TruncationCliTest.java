package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioRunner;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A truncated or deadlocked run says so on the console (the files: TruncatedRunTest in experiments). */
class TruncationCliTest {
    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(ScenarioRunner runner, String... args) {
        return new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> runner, null).execute(args);
    }

    /** Runs a 3-host star with {@code workloads} (YAML list items) cut at {@code stopTime}; returns summary.json. */
    private String runCut(String stopTime, String workloads) throws Exception {
        Files.writeString(cwd.resolve("cut.yaml"), "name: cut\nstop_time: " + stopTime + "\n"
                + "topology: {type: star, hosts: 3}\nnic: {cc: none}\nworkloads:\n" + workloads);
        assertEquals(0, lossless(Runners.packet(), "run", "cut.yaml", "--out", "r", "--quiet"), err::toString);
        return Files.readString(cwd.resolve("r/summary.json"));
    }

    @Test
    void stopTimeWithWorkLeftWarnsOnStderr() throws Exception {
        String summary = runCut("50us", """
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 100KB}, {src: 0, dst: 2, size: 10MB, start: 2us}]
                """);
        assertEquals("lossless: warning: stop_time 0.05 ms reached with 1 of 2 flows unfinished; raise stop_time "
                + "(summary.json: fct_slowdown_censored counts them with their slowdown so far)\n", err.toString());
        assertTrue(out.toString().startsWith("cut (seed 1): 1 of 2 flows finished"), out.toString());
        assertTrue(summary.contains("\"stopped_by\" : \"stop_time\""), summary);
        assertTrue(summary.contains("\"unfinished\" : 1,"), summary);
    }

    /** Every message posted by the stop time finished, but the incast's second round was still to come. */
    @Test
    void stopTimeWithAWorkloadStillToPostWarnsAndNamesIt() throws Exception {
        String summary = runCut("100us", """
                  - {type: incast, name: in, receiver: 0, senders: [1, 2], size: 10KB, repeat: 2, gap: 1ms}
                """);
        assertEquals("lossless: warning: stop_time 0.1 ms reached with 0 of 2 flows unfinished and workload in still "
                + "to post; raise stop_time (summary.json: fct_slowdown_censored counts them with their slowdown so far)\n",
                err.toString());
        assertTrue(summary.contains("\"stopped_by\" : \"stop_time\""), summary);
        assertTrue(summary.contains("\"still_posting\" : [\n    \"in\"\n  ]"), summary);
    }

    @Test
    void aDeadlockIsPrintedWithItsCycle() throws Exception {
        Files.writeString(cwd.resolve("s.yaml"), CliTest.SCENARIO);
        ScenarioRunner deadlocked = s -> new RunResult(5_000_000_000L, 10, 0.1,
                List.of(new FlowResult(0, "w", 1, 0, 3, 1000, 0, -1, 1_000_000L)), List.of(), 0, 0, 7, 100, true, 0, 0,
                List.of("sw0:1/3", "sw1:2/3"));
        assertEquals(0, lossless(deadlocked, "run", "s.yaml", "--out", "r"));
        assertEquals("lossless: warning: PFC deadlock: the paused queues sw0:1/3 -> sw1:2/3 -> sw0:1/3 wait on each "
                + "other and sent nothing during the last part of the run; 1 of 1 flows unfinished at stop_time 5 ms "
                + "(see pause_graph.csv)\n", err.toString());
        assertTrue(Files.readString(cwd.resolve("r/summary.json")).contains("\"stopped_by\" : \"deadlock\""));
    }
}
