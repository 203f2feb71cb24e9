package org.lossless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sweep point whose stop time cuts its flows: three 300 KB flows into one 100 Gb/s host need at least
 * 900 KB / 12.5 GB/s = 72 µs, so {@code stop_time=10us} leaves work and {@code stop_time=10ms} does not. The
 * sweep succeeds (exit 0) but says so loudly, on the console, in sweep.json and sweep-status.json, and in
 * the report.
 */
class SweepTruncationTest {
    static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    @Test
    void truncatedRunsAreNamedCountedAndMarkedAndTheTablePrintsUnits() throws IOException {
        Path s = Files.writeString(cwd.resolve("star.yaml"), SweepCommandTest.STAR);
        int code = lossless("sweep", s.toString(), "--vary", "stop_time=10us,10ms", "--quiet", "--jobs", "1",
                "--show", "sim_time_ps,flows.unfinished,fct_slowdown.p99", "--out", "st");
        assertEquals(0, code, err.toString());
        assertTrue(err.toString().contains("lossless: WARNING: 1 of 2 runs stopped at stop_time with unfinished work "
                + "(points stop_time=10us)"), err.toString());
        String console = out.toString();
        assertTrue(console.contains("2 runs complete, 1 of them stopped at stop_time with unfinished work"), console);
        assertTrue(console.contains("stop_time=10us *"), console);
        // sim_time_ps in µs: the cut run ends exactly at 10 µs; never the raw 10000000 ps
        assertTrue(console.contains(" 10 µs"), console);
        assertFalse(console.contains("10000000"), console);

        Path st = cwd.resolve("st");
        JsonNode sweep = JSON.readTree(st.resolve("sweep.json").toFile());
        assertEquals(1, sweep.path("truncated").asInt());
        List<Boolean> perRun = new ArrayList<>();
        sweep.path("runs").forEach(r -> perRun.add(r.path("truncated").asBoolean()));
        assertEquals(List.of(true, false), perRun);
        JsonNode status = JSON.readTree(st.resolve("sweep-status.json").toFile());
        assertEquals(1, status.path("runs_truncated").asInt());
        assertEquals("points/stop_time=10us/5", status.path("truncated").get(0).asText());
        assertTrue(status.path("complete").asBoolean(), "complete: every run ran; truncation is another matter");

        // the report marks the point and charts a study figure against stop_time
        assertEquals(0, lossless("report", "st"), err.toString());
        JsonNode index = JSON.readTree(st.resolve("charts/index.json").toFile());
        boolean marked = false;
        for (JsonNode e : index) {
            if (e.path("x").asText().equals("stop_time") && e.path("y").asText().startsWith("workloads.")) {
                marked |= e.path("truncated").toString().equals("[\"stop_time=10us\"]");
            }
        }
        assertTrue(marked, index.toString());
        assertTrue(Files.readString(st.resolve("report.html")).contains("1 of 2 runs stopped at stop_time"));
    }

    @Test
    void reportChoicesAreCheckedAsBadInput() throws IOException {
        Path s = Files.writeString(cwd.resolve("star.yaml"), SweepCommandTest.STAR);
        assertEquals(0, lossless("sweep", s.toString(), "--vary", "switch.ecn.kmin=10KB,40KB", "--quiet", "--jobs", "1",
                "--out", "st"), err.toString());
        assertEquals(2, lossless("report", "st", "--best", "min:no.such.figure"));
        assertTrue(err.toString().contains("--best no.such.figure: no such figure in"), err.toString());
        assertEquals(0, lossless("report", "st", "--best", "min:fct_slowdown.p99", "--where", "ecn.marked_packets>=0",
                "--metric", "fct_slowdown.p99", "--metric", "ecn.marked_packets"), err.toString());
        String html = Files.readString(cwd.resolve("st/report.html"));
        assertTrue(html.contains("Best point: </b>lowest p99 FCT slowdown with ecn.marked_packets &gt;= 0 in every run"),
                html.substring(0, Math.min(4000, html.length())));
    }
}
