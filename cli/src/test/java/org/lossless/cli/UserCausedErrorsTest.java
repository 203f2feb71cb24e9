package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.RunProgress;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 31: errors the user causes or can fix are exit 2 with the reason, not "internal error". A full disk while
 * the time series stream is made here by an engine that fails its streamed write as the telemetry writer does
 * (an {@link UncheckedIOException} around the operating system's "No space left on device").
 */
class UserCausedErrorsTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskWhileTimeSeriesStreamIsExitTwoAndLeavesNothing() throws Exception {
        Files.writeString(dir.resolve("s.yaml"), "name: s\ntopology: {type: star, hosts: 2}\n"
                + "workloads: [{type: flows, flows: [{src: 0, dst: 1, size: 1KB}]}]\n");
        ScenarioRunner full = new ScenarioRunner() {
            @Override
            public RunResult run(Scenario s) {
                return run(s, null, null);
            }

            @Override
            public RunResult run(Scenario s, Path resultDir, RunProgress progress) {
                try {
                    Files.writeString(resultDir.resolve("timeseries-part.csv"), "time_ps,node\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                throw new UncheckedIOException(new IOException(resultDir.resolve("timeseries-part.csv")
                        + ": No space left on device"));
            }
        };
        StringWriter err = new StringWriter();
        int status = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err), dir, () -> full, null)
                .execute("run", "s.yaml", "--out", "r", "--quiet");
        assertEquals(2, status, err.toString());
        assertEquals("lossless: cannot write the results to " + dir.resolve("r") + ": no space left on device\n",
                err.toString());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of("s.yaml"), s.map(p -> p.getFileName().toString()).toList(), "nothing left behind");
        }
    }
}
