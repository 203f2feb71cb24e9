package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.results.FlowExport;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.traffic.Message;

/**
 * V-08's second half through the real command line: generated CDF traffic (with its incast overlay) exported
 * as an HPCC flow file and imported back is the same flows (start times in whole ns), incast flows tagged
 * with dport 200.
 */
class HpccRoundTripCliTest {
    static final String SCENARIO = """
            name: gen
            topology: {type: star, hosts: 8}
            workloads:
              - {type: cdf, distribution: fbhdp, load: 0.3, duration: 300us,
                 incast: {senders: 3, size: 64KB, interval: 100us}}
            """;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    @Test
    void generatedTrafficExportedAndImportedIsTheSameFlows() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO);
        assertEquals(0, lossless("export", "hpcc", "s.yaml", "--out", "h"), err::toString);
        String flowFile = Files.readString(cwd.resolve("h/flow.txt"));
        assertEquals(6, flowFile.lines().filter(l -> l.split(" ").length == 6 && l.split(" ")[3].equals("200")).count(),
                "2 incast events of 3 senders, dport 200");
        assertEquals(0, lossless("import", "hpcc", "--topology", "h/topology.txt", "--flows", "h/flow.txt",
                "--out", "back.yaml"), err::toString);
        Scenario back = ScenarioLoader.load(cwd.resolve("back.yaml"));
        List<WorkloadConfig.FlowSpec> imported = ((WorkloadConfig.HpccFlows) back.workloads().get(0)).flows();
        List<Message> generated = FlowExport.record(ScenarioEngine.input(ScenarioLoader.load(cwd.resolve("s.yaml"))));
        assertTrue(generated.size() > 50, generated.size() + " flows");
        // the exporter sorts by start time (stably), then writes whole ns, half up
        List<Message> sorted = new ArrayList<>(generated);
        sorted.sort(Comparator.comparingLong(Message::postPs));
        List<WorkloadConfig.FlowSpec> expected = new ArrayList<>();
        for (Message m : sorted) {
            expected.add(new WorkloadConfig.FlowSpec(m.dataSrc(), m.dataDst(), m.size(), (m.postPs() + 500) / 1000 * 1000,
                    m.connection().options().priority()));
        }
        assertEquals(expected, imported);
    }
}
