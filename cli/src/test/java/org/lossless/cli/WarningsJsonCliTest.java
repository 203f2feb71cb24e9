package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.FindingsJson;

/**
 * warnings.json through the command line: the console's scenario warnings are the file's findings, in order and
 * word for word; the file is the same bytes for the same scenario (any seed); every sweep run has its own.
 */
class WarningsJsonCliTest {
    /** {@link QosLintCliTest#BROKEN} with a fixed 2 KB headroom too: a headroom and a QoS finding. */
    static final String TWO = QosLintCliTest.BROKEN.replace("pfc: {enabled: true, priorities: [3]}",
            "pfc: {enabled: true, priorities: [3], headroom: 2KB}");

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    @Test
    void theConsolePrintsTheFindingsOfTheFile() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), TWO);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r", "--quiet"), err::toString);
        List<Finding> f = FindingsJson.read(cwd.resolve("r/warnings.json"));
        assertEquals(List.of("pfc-headroom-below-need", "qos-lossless-class-without-pfc"),
                f.stream().map(Finding::code).toList());
        StringBuilder expected = new StringBuilder();
        f.forEach(x -> expected.append("lossless: warning: ").append(x.message()).append('\n'));
        assertTrue(err.toString().startsWith(expected.toString()), err.toString());
        assertEquals(List.of("workloads[0].flows[0]", "switch.qos_map.dscp_to_tc.10", "switch.pfc.priorities"),
                f.get(1).keyPaths());
    }

    @Test
    void sameScenarioSameBytesWhateverTheSeed() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), TWO);
        assertEquals(0, lossless("run", "s.yaml", "--out", "a", "--quiet"), err::toString);
        assertEquals(0, lossless("run", "s.yaml", "--out", "b", "--quiet"), err::toString);
        assertEquals(0, lossless("run", "s.yaml", "--out", "c", "--quiet", "--seed", "7"), err::toString);
        for (String file : List.of("warnings.json", "fabric.json", "defaults.yaml")) {
            String a = Files.readString(cwd.resolve("a").resolve(file));
            assertEquals(a, Files.readString(cwd.resolve("b").resolve(file)), file);
            assertEquals(a, Files.readString(cwd.resolve("c").resolve(file)), file + " does not depend on the seed");
        }
    }

    @Test
    void everySweepRunHasItsOwn() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), QosLintCliTest.BROKEN.replace("dscp: 10", "dscp: 26"));
        assertEquals(0, lossless("sweep", "s.yaml", "--vary", "switch.pfc.headroom=2KB,auto", "--quiet", "--out", "st"),
                err::toString);
        // sweep.csv lists the runs in point order: headroom 2KB, then auto
        List<String> lines = Files.readAllLines(cwd.resolve("st/sweep.csv"));
        int col = List.of(lines.get(0).split(",")).indexOf("run_dir");
        Path small = cwd.resolve("st").resolve(lines.get(1).split(",")[col]);
        Path auto = cwd.resolve("st").resolve(lines.get(2).split(",")[col]);
        assertEquals(List.of("pfc-headroom-below-need"), FindingsJson.read(small.resolve("warnings.json")).stream()
                .map(Finding::code).toList());
        assertEquals(List.of(), FindingsJson.read(auto.resolve("warnings.json")));
    }
}
