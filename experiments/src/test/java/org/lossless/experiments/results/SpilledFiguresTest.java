package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.results.ranks.PercentileValues;

/**
 * The rows of a real run fed to {@link FlowFiles} with the default budget for the percentiles' values and with
 * tiny ones (their values on disk, selected from there) give the same bytes of flows.csv, flows_summary.csv and
 * summary.json; the spill files are gone afterwards, after a failure too, and nothing else is touched. The run is
 * {@link FlowRowsTest}'s ring all-reduce (data and clear-to-send control messages) beside plain flows, to the end
 * and cut at 20 us (unfinished messages: censored slowdowns).
 */
class SpilledFiguresTest {
    /** Budgets in bytes: 1 value (every percentile by radix), 40 values and 64 values (groups gathered by bucket). */
    private static final long[] TINY = {8, 320, 512};

    private static Scenario scenario(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("/"), List.of());
    }

    /** The run's rows, kept in its result. */
    private static RunResult run(Scenario s, Path dir) throws IOException {
        return ResultsWriter.runAndWrite(dir.resolve("run"), s, new ScenarioEngine(), null, true);
    }

    private static List<String> spills(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".spill")).toList();
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Writes flows.csv, flows_summary.csv and summary.json of {@code result}'s rows into {@code out} with a budget
     * of {@code budget} bytes; returns whether values were on disk before the files were done.
     */
    private static boolean write(Path out, Scenario s, RunResult result, long budget) throws IOException {
        Files.createDirectories(out);
        boolean spilled;
        try (FlowFiles files = new FlowFiles(out, s.metrics().completion(), s.metrics().flows(), budget)) {
            files.end(result.simTimePs());
            for (FlowResult f : result.flows()) {
                files.accept(f);
            }
            spilled = !spills(out).isEmpty();
            files.finish();
            Files.writeString(out.resolve(ResultsWriter.SUMMARY), Summary.json(s, result, files.figures()));
        }
        return spilled;
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "summary", "all"})
    void aRunToTheEndGivesTheSameFilesWhateverTheBudget(String mode, @TempDir Path dir) throws IOException {
        sameFiles(FlowRowsTest.YAML + "metrics: {flows: " + mode + "}\n", dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "summary"})
    void aCutRunGivesTheSameFilesWhateverTheBudget(String mode, @TempDir Path dir) throws IOException {
        String yaml = FlowRowsTest.YAML.replace("seed: 3\n", "seed: 3\nstop_time: 20us\n")
                + "metrics: {flows: " + mode + "}\n";
        RunResult result = sameFiles(yaml, dir);
        assertTrue(result.unfinished() > 0, "messages unfinished at the cut: censored slowdowns");
    }

    /** The run's result, after checking the files of its rows with every budget. */
    private static RunResult sameFiles(String yaml, Path dir) throws IOException {
        Scenario s = scenario(yaml);
        RunResult result = run(s, dir);
        assertTrue(result.flows().stream().anyMatch(f -> !f.data() && f.finished()),
                "control messages (clear-to-send) completed");
        assertFalse(write(dir.resolve("default"), s, result, PercentileValues.defaultBudget()),
                "a small run stays in memory");
        List<String> files = names(dir.resolve("default"));
        for (long budget : TINY) {
            Path out = dir.resolve("tiny-" + budget);
            assertTrue(write(out, s, result, budget), "budget " + budget + ": values on disk");
            assertEquals(files, names(out), "budget " + budget);
            for (String n : files) {
                assertEquals(Files.readString(dir.resolve("default").resolve(n)), Files.readString(out.resolve(n)),
                        "budget " + budget + ": " + n);
            }
        }
        assertTrue(files.contains(ResultsWriter.SUMMARY));
        assertTrue(spills(dir.resolve("default")).isEmpty());
        // the result written by the run itself (default budget, rows kept) is the same bytes too
        for (String n : List.of(ResultsWriter.FLOWS, ResultsWriter.FLOWS_SUMMARY)) {
            if (files.contains(n)) {
                assertEquals(Files.readString(dir.resolve("run").resolve(n)),
                        Files.readString(dir.resolve("default").resolve(n)), n);
            }
        }
        return result;
    }

    /** The spill files are deleted once the files are written, and after a failure; nothing else is touched. */
    @Nested
    class SpillFiles {
        private static final String NOTES = "the user's notes\n";

        /** Data messages of slowdowns 1..40 (ideal 1,000 ps), half of them left out of flows.csv. */
        private void feed(FlowFiles files) {
            files.end(1_000_000);
            for (int i = 0; i < 40; i++) {
                files.accept(new FlowResult(i, i % 2 == 0 ? "a" : "b", i % 4, 5, 0, 100, 0, (i + 1) * 1_000L,
                        1_000));
            }
        }

        private FlowFiles open(Path dir) throws IOException {
            Files.writeString(dir.resolve("notes.md"), NOTES);
            return new FlowFiles(dir, org.lossless.experiments.metrics.Completion.RECEIVER,
                    org.lossless.experiments.scenario.FlowRows.SUMMARY, 16);
        }

        @Test
        void goneOnceTheFilesAreWritten(@TempDir Path dir) throws IOException {
            try (FlowFiles files = open(dir)) {
                feed(files);
                assertFalse(spills(dir).isEmpty(), "values past a budget of two are on disk");
                files.finish();
                com.fasterxml.jackson.databind.node.ObjectNode run =
                        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
                files.figures().writeRun(run);
                // slowdowns 1..40: p50 rank 20, p99 rank ceil(39.6) = 40
                assertEquals("20.000000", run.path("fct_slowdown").path("p50").asText());
                assertEquals("40.000000", run.path("fct_slowdown").path("p99").asText());
            }
            assertEquals(List.of("flows.csv", "flows_summary.csv", "notes.md"), names(dir));
            assertEquals(NOTES, Files.readString(dir.resolve("notes.md")));
        }

        @Test
        void goneAfterAFailure(@TempDir Path dir) throws IOException {
            IllegalStateException failure = assertThrows(IllegalStateException.class, () -> {
                try (FlowFiles files = open(dir)) {
                    feed(files);
                    assertFalse(spills(dir).isEmpty());
                    throw new IllegalStateException("the run failed");
                }
            });
            assertEquals("the run failed", failure.getMessage());
            assertEquals(List.of("flows.csv", "notes.md"), names(dir));
            assertEquals(NOTES, Files.readString(dir.resolve("notes.md")));
        }
    }
}
