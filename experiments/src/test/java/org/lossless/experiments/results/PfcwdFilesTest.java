package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.metrics.WatchdogResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.switchmodel.pfc.StormEpisode;

/** {@code pfcwd.csv} and summary.json's {@code pfc_watchdog}: written only when the watchdog runs. */
class PfcwdFilesTest {
    /** The ring deadlock of DeadlockTest, small times so the run is short. */
    private static final String RING = """
            name: ring-wd
            stop_time: 2ms
            topology: {type: ring, switches: 5, hosts_per_switch: 1, host_link: {rate: 100Gbps, delay: 1us},
                       fabric_link: {rate: 100Gbps, delay: 1us}}
            switch:
              buffer_size: 2MB
            %s
            nic: {mtu: 1024, cc: none}
            telemetry: {pfc: false}
            workloads:
              - type: flows
                flows: [{src: 0, dst: 2, size: 2MB}, {src: 1, dst: 3, size: 2MB}, {src: 2, dst: 4, size: 2MB},
                        {src: 3, dst: 0, size: 2MB}, {src: 4, dst: 1, size: 2MB}]
            """;

    @Test
    void csvExactText() {
        WatchdogResult w = new WatchdogResult("drop", List.of(
                new StormEpisode("sw0", 1, 3, 90_000_000, 290_000_000, "drop", 913, 991_518),
                new StormEpisode("sw1", 2, 3, 90_000_000, -1, "drop", 0, 0)));
        assertEquals("""
                node,port,priority,start_ps,end_ps,action,dropped_packets,dropped_bytes
                sw0,1,3,90000000,290000000,drop,913,991518
                sw1,2,3,90000000,,drop,0,0
                """, ResultFiles.pfcwdCsv(w));
    }

    @Test
    void aScenarioWithTheWatchdogWritesPfcwdCsvAndTheSummaryObject(@TempDir Path dir) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", RING.formatted(
                "  pfc: {watchdog: {detection_time: 20us, restoration_time: 200us, poll_interval: 10us}}"),
                Path.of("/"), List.of());
        RunResult r = ResultsWriter.runAndWrite(dir.resolve("out"), s, new ScenarioEngine());
        Path out = dir.resolve("out");
        List<String> rows = Files.readAllLines(out.resolve(ResultsWriter.PFCWD));
        assertEquals(ResultFiles.PFCWD_HEADER, rows.get(0));
        assertEquals(r.pfcWatchdog().storms() + 1, rows.size());
        assertTrue(r.pfcWatchdog().storms() >= 5);
        JsonNode wd = new ObjectMapper().readTree(out.resolve(ResultsWriter.SUMMARY).toFile()).get("pfc_watchdog");
        assertEquals("drop", wd.get("action").asText());
        assertEquals(r.pfcWatchdog().storms(), wd.get("storms").asInt());
        assertEquals(r.dropBytes(), wd.get("dropped_bytes").asLong());
        String resolved = Files.readString(out.resolve(ResultsWriter.RESOLVED));
        assertTrue(resolved.contains("detection_time: 20us"), resolved);
    }

    @Test
    void withoutTheWatchdogThereIsNoFileAndNoSummaryObject(@TempDir Path dir) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", RING.formatted(""), Path.of("/"), List.of());
        ResultsWriter.runAndWrite(dir.resolve("out"), s, new ScenarioEngine());
        assertFalse(Files.exists(dir.resolve("out").resolve(ResultsWriter.PFCWD)));
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("out").resolve(ResultsWriter.SUMMARY).toFile());
        assertFalse(summary.has("pfc_watchdog"));
        assertTrue(summary.get("pfc").get("deadlock").asBoolean());
    }
}
