package org.lossless.experiments.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Result files are streamed row by row (issue 17): same bytes, bounded writes, atomic on failure. */
class StreamedFilesTest {
    /** Flows over many chunks: 20 000 rows of about 60 characters = ~1.2 MB, some 18 chunks of 64 Ki chars. */
    static final int FLOWS = 20_000;

    @TempDir
    Path tmp;

    /** Flow i: hosts i mod 7 to (i + 1) mod 7, 1000 + i bytes, started at 10 i ps, fct 4000 ps over an ideal of 2000. */
    static FlowResult flow(int i) {
        return new FlowResult(i, "w", i % 7, (i + 1) % 7, 3, 1000 + i, 10L * i, 10L * i + 4000, 2000);
    }

    static RunResult result(List<FlowResult> flows) {
        return new RunResult(1_000_000_000L, 12_345, 1.0, flows, List.of(), 0, 0, 0, 0, false, 0, 0);
    }

    @Test
    void aLargeFlowsCsvHasEveryRowInOrder() throws IOException {
        List<FlowResult> flows = new ArrayList<>();
        StringBuilder expected = new StringBuilder(ResultFiles.FLOWS_HEADER).append('\n');
        for (int i = 0; i < FLOWS; i++) {
            flows.add(flow(i));
            // slowdown 4000 / 2000 = 2; bytes delivered = size (finished); no sender completion; no label
            expected.append(i).append(",w,").append(i % 7).append(',').append((i + 1) % 7).append(",3,")
                    .append(1000 + i).append(',').append(10L * i).append(',').append(10L * i + 4000)
                    .append(",4000,2000,2.000000,0,0,,,,,,,").append(1000 + i).append(",,2000,2000,0,data\n");
        }
        Path out = tmp.resolve("run");
        ResultsWriter.write(out, ResultsWriterTest.SCENARIO, result(flows));
        assertEquals(expected.toString(), Files.readString(out.resolve(ResultsWriter.FLOWS)));
    }

    @Test
    void rowsReachTheWriterInBoundedChunks() throws IOException {
        List<Integer> writes = new ArrayList<>();
        StringBuilder seen = new StringBuilder();
        Writer w = new Writer() {
            @Override
            public void write(char[] c, int off, int len) {
                writes.add(len);
                seen.append(c, off, len);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        List<FlowResult> flows = new ArrayList<>();
        for (int i = 0; i < FLOWS; i++) {
            flows.add(flow(i));
        }
        ResultFiles.writeFlows(w, flows, org.lossless.experiments.metrics.Completion.RECEIVER);
        // a row is under 100 characters: no write holds more than one chunk and one row
        assertTrue(writes.stream().allMatch(n -> n < RowBuffer.CHUNK + 100), writes.toString());
        assertTrue(writes.size() >= seen.length() / (RowBuffer.CHUNK + 100), "chunks: " + writes.size());
        assertEquals(FLOWS + 1, seen.toString().lines().count());
        assertTrue(seen.toString().endsWith("\n" + (FLOWS - 1) + ",w,"
                + (FLOWS - 1) % 7 + "," + FLOWS % 7 + ",3," + (1000 + FLOWS - 1) + "," + 10L * (FLOWS - 1) + ","
                + (10L * (FLOWS - 1) + 4000) + ",4000,2000,2.000000,0,0,,,,,,," + (1000 + FLOWS - 1)
                + ",,2000,2000,0,data\n"));
    }

    @Test
    void aFailureMidFileLeavesNoResults() throws IOException {
        // the list fails half way through flows.csv, after several chunks reached the temporary file
        List<FlowResult> failing = new AbstractList<>() {
            @Override
            public FlowResult get(int i) {
                if (i == FLOWS / 2) {
                    throw new IllegalStateException("boom at " + i);
                }
                return flow(i);
            }

            @Override
            public int size() {
                return FLOWS;
            }
        };
        Path out = tmp.resolve("run");
        // summary.json reads every flow first, so write the flows file alone through the directory rule
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> OutputRule.writeDirectory(out,
                OutputRule.RUN, dir -> ResultsWriter.stream(dir.resolve(ResultsWriter.FLOWS),
                        w -> ResultFiles.writeFlows(w, failing, org.lossless.experiments.metrics.Completion.RECEIVER))));
        assertEquals("boom at " + FLOWS / 2, e.getMessage());
        assertFalse(Files.exists(out));
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.toList()); // no temporary sibling left either
        }
    }
}
