package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.plots.data.ResultSet;

/**
 * The report reads result files only: warnings.json's findings (the QoS one included) and the queues' reference
 * levels are the same with and without the scenario file, and a result without warnings.json says so. One real
 * run of a 3-host star whose NICs send priority 3 marked DSCP 34, which the default map puts on traffic class 4
 * (a PFC class pausing priority 4: the QoS lint), with a fixed 2 KB headroom (below any port's need: the
 * headroom lint).
 */
class ReportFromFilesTest {
    static final String YAML = """
            name: files-only
            stop_time: 200us
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
            switch:
              buffer_size: 1MB
              pfc: {enabled: true, priorities: [3, 4], headroom: 2KB}
            nic: {cc: none}
            workloads:
              - type: flows
                flows:
                  - {src: 0, dst: 2, size: 40KB, priority: 3, dscp: 34}
                  - {src: 1, dst: 2, size: 40KB, priority: 3, dscp: 34}
            """;

    @TempDir
    static Path tmp;
    static Path run;

    @BeforeAll
    static void runOnce() throws IOException {
        Scenario s = ScenarioLoader.parse("files-only.yaml", YAML, Path.of("."), List.of());
        run = tmp.resolve("run");
        ResultsWriter.runAndWrite(run, s, new ScenarioEngine());
    }

    static Path copy(String name) throws IOException {
        Path to = tmp.resolve(name);
        Files.createDirectories(to);
        try (Stream<Path> files = Files.walk(run)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(run.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
        return to;
    }

    @Test
    void theReportShowsEveryFindingTheQosOneIncluded() throws IOException {
        List<Finding> findings = ResultSet.open(run).findings().orElseThrow();
        assertEquals(List.of("pfc-headroom-below-need", "qos-pfc-priority-mismatch"),
                findings.stream().map(Finding::code).toList());
        List<Warning> ws = ReportWarnings.of(ResultSet.open(run));
        assertTrue(ws.contains(new Warning(false, "QoS mapping", findings.get(1).message()
                .substring("QoS mapping: ".length()))), ws.toString());
        String html = Files.readString(Report.write(run));
        assertTrue(html.contains("QoS mapping") && html.contains("NIC and switch disagree on the PFC priority"),
                "the QoS finding is on the page");
        assertTrue(html.contains("PFC headroom below the need"), "the headroom finding is on the page");
    }

    @Test
    void withoutTheScenarioFileTheWarningsAndThresholdsAreTheSame() throws IOException {
        Path bare = copy("no-scenario");
        Files.delete(bare.resolve("scenario.resolved.yaml"));
        Path broken = copy("broken-scenario");
        Files.writeString(broken.resolve("scenario.resolved.yaml"), "name: [unclosed\n");
        ResultSet with = ResultSet.open(run);
        for (Path dir : List.of(bare, broken)) {
            ResultSet without = ResultSet.open(dir);
            assertEquals(ReportWarnings.of(with), ReportWarnings.of(without), dir.toString());
            assertEquals(with.thresholds(), without.thresholds(), dir.toString());
            assertFalse(without.thresholds().isEmpty(), "the switch queues have reference levels");
            assertEquals(with.fabric(), without.fabric());
            String html = Files.readString(Report.write(dir));
            assertTrue(html.contains("NIC and switch disagree on the PFC priority"), dir.toString());
        }
    }

    @Test
    void anOlderResultWithoutWarningsJsonSaysSo() throws IOException {
        Path old = copy("old");
        Files.delete(old.resolve("warnings.json"));
        List<Warning> ws = ReportWarnings.of(ResultSet.open(old));
        assertTrue(ws.stream().anyMatch(w -> w.title().equals("warnings not available")
                && w.detail().contains("no warnings.json")), ws.toString());
        assertFalse(ws.stream().anyMatch(w -> w.title().equals("QoS mapping")), "no finding is invented");
        assertTrue(Files.readString(Report.write(old)).contains("warnings not available"));
    }
}
