package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.metrics.StreamedFlows;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * Rows streamed to the files as messages complete give the same bytes as rows kept to the end and written after
 * the run (the way every run wrote them before), for every {@code metrics.flows}, cut by the stop time or not, on
 * one thread or two: {@link FlowRowsTest}'s ring and plain flows.
 */
class StreamedRowsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** summary.json's figures of the simulator's own cost: the only ones that change between runs. */
    private static final List<String> COST = List.of("wall_seconds", "cpu_seconds", "events_per_second",
            "peak_heap_bytes");

    private static Scenario scenario(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("/"), List.of());
    }

    private static RunResult run(Path out, String yaml, boolean keepRows, int threads) throws IOException {
        ScenarioEngine engine = threads == 0 ? new ScenarioEngine()
                : new ScenarioEngine(new PacketEngine.Parallelism(threads, null, null));
        return ResultsWriter.runAndWrite(out, scenario(yaml), engine, null, keepRows);
    }

    /** Every file of {@code a} and {@code b} the same bytes, summary.json without its cost figures. */
    static void assertSameFiles(Path a, Path b) throws IOException {
        List<String> names;
        try (Stream<Path> s = Files.list(a)) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        try (Stream<Path> s = Files.list(b)) {
            assertEquals(names, s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        for (String n : names) {
            if (Files.isDirectory(a.resolve(n))) {
                continue;
            }
            if (n.equals(ResultsWriter.SUMMARY)) {
                ObjectNode x = (ObjectNode) JSON.readTree(a.resolve(n).toFile());
                ObjectNode y = (ObjectNode) JSON.readTree(b.resolve(n).toFile());
                x.remove(COST);
                y.remove(COST);
                assertEquals(x, y, n);
            } else {
                assertEquals(Files.readString(a.resolve(n)), Files.readString(b.resolve(n)), n);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"all", "data", "summary"})
    void streamedAndKeptRowsGiveTheSameFiles(String mode, @TempDir Path dir) throws IOException {
        String yaml = FlowRowsTest.YAML + "metrics: {flows: " + mode + "}\n";
        RunResult kept = run(dir.resolve("kept"), yaml, true, 0);
        RunResult streamed = run(dir.resolve("streamed"), yaml, false, 0);
        assertSameFiles(dir.resolve("kept"), dir.resolve("streamed"));
        StreamedFlows s = assertInstanceOf(StreamedFlows.class, streamed.flows());
        assertEquals(kept.flows().size(), s.size());
        assertEquals(0, s.unfinished());
        // a run to the end hands every row on while it runs: none waits for the end
        assertEquals(s.size(), s.streamedDuringRun());
        assertThrows(UnsupportedOperationException.class, () -> s.get(0));
    }

    /**
     * Cut at 20 us: messages unfinished at the end hold the rows behind them, handed on with them at the end; the
     * files and the console's counts are those of the rows kept.
     */
    @ParameterizedTest
    @ValueSource(strings = {"all", "summary"})
    void aCutRunGivesTheSameFiles(String mode, @TempDir Path dir) throws IOException {
        String yaml = FlowRowsTest.YAML.replace("seed: 3\n", "seed: 3\nstop_time: 20us\n")
                + "metrics: {flows: " + mode + "}\n";
        RunResult kept = run(dir.resolve("kept"), yaml, true, 0);
        RunResult streamed = run(dir.resolve("streamed"), yaml, false, 0);
        assertSameFiles(dir.resolve("kept"), dir.resolve("streamed"));
        StreamedFlows s = (StreamedFlows) streamed.flows();
        assertEquals(kept.unfinished(), streamed.unfinished());
        assertTrue(s.unfinished() > 0);
        assertEquals(RunResult.StoppedBy.STOP_TIME, streamed.stoppedBy());
        assertTrue(s.streamedDuringRun() < s.size(), "the unfinished rows come at the end");
    }

    /** The partitioned engine: rows kept on one thread, streamed on two (completions reported between windows). */
    @ParameterizedTest
    @ValueSource(strings = {"all", "data"})
    void twoThreadsStreamTheSameFilesAsOneKeeps(String mode, @TempDir Path dir) throws IOException {
        String yaml = FlowRowsTest.Threads.FAT + "metrics: {flows: " + mode + "}\n";
        run(dir.resolve("t1"), yaml, true, 1);
        run(dir.resolve("t2"), yaml, false, 2);
        assertSameFiles(dir.resolve("t1"), dir.resolve("t2"));
    }
}
