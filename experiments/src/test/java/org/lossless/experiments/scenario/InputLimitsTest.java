package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.ScenarioException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario input at its limits: large valid files load, hostile ones are refused early and plainly. */
class InputLimitsTest {
    @Test
    void aValidFileAboveSnakeYamlsDefaultThreeMegabytesLoads() {
        StringBuilder b = new StringBuilder("name: many\ntopology: {type: star, hosts: 4}\nworkloads:\n- type: flows\n"
                + "  flows:\n");
        int n = 16_000;
        String remark = "  # " + "a remark that makes this line long, as real files with comments have them ".repeat(2);
        for (int i = 0; i < n; i++) {
            b.append("  - {src: ").append(1 + i % 3).append(", dst: 0, size: 1KB, start: ").append(i).append("ns}")
                    .append(remark).append('\n');
        }
        assertTrue(b.length() > 3 * 1024 * 1024, "above the parser's old code-point limit: " + b.length());
        Scenario s = ScenarioLoader.parse("many.yaml", b.toString(), Path.of("."), List.of());
        assertEquals(n, ((WorkloadConfig.Flows) s.workloads().get(0)).flows().size());
    }

    @Test
    void aHugeWordIsRefusedBeforeParsing() {
        String yaml = "name: " + "a".repeat(200_000) + "\n";
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse("n.yaml", yaml, Path.of("."), List.of()));
        assertEquals("n.yaml:1: a key or value longer than 100000 characters; nothing in a scenario is that long",
                e.getMessage());
    }

    @Test
    void aliasesAreRefusedByName() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse("a.yaml",
                "name: a\nx: &h 5\ntopology: {type: star, hosts: *h}\n", Path.of("."), List.of()));
        assertTrue(e.getMessage().startsWith("a.yaml:3:") && e.getMessage().endsWith(
                ": YAML aliases (*h) are not supported: write the value out"), e.getMessage());
    }

    @Test
    void controlAndBidiCharactersAreEscapedAndLongValuesCut() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse("c.yaml",
                "name: \"a\\u202Eb\\e[31m\"\n", Path.of("."), List.of()));
        assertTrue(e.getMessage().startsWith("c.yaml: name: 'a\\u202Eb\\u001B[31m' is not a valid name"), e.getMessage());
        ScenarioException longValue = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse("l.yaml",
                "name: x\ntopology: {type: \"" + "q".repeat(5000) + "\"}\n", Path.of("."), List.of()));
        assertTrue(longValue.getMessage().length() < 400, longValue.getMessage());
    }

    @Test
    void onlyRegularFilesAreRead(@TempDir Path dir) throws Exception {
        ScenarioException dev = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(Path.of("/dev/zero")));
        assertEquals("/dev/zero: is not a regular file (a device, FIFO or socket); copy its content into a file",
                dev.getMessage());
        Path bad = Files.write(dir.resolve("bad.yaml"), new byte[] {'n', ':', ' ', (byte) 0xff, (byte) 0xfe});
        assertEquals(bad + ": is not UTF-8 text",
                assertThrows(ScenarioException.class, () -> ScenarioLoader.load(bad)).getMessage());
    }

    @Test
    void dcqcnMinRateIsCheckedAfterItsOverride() {
        // paper2015's min_rate (100 Mb/s) exceeds a 40 Mb/s link; the file lowers it, so the set is valid
        String yaml = "name: slow\ntopology: {type: star, hosts: 2, host_link: {rate: 40Mbps, delay: 1us}}\n"
                + "nic: {dcqcn: {profile: paper2015, min_rate: 10Mbps}}\n"
                + "workloads: [{type: flows, flows: [{src: 1, dst: 0, size: 1KB}]}]\n";
        Scenario s = ScenarioLoader.parse("slow.yaml", yaml, Path.of("."), List.of());
        assertEquals(10_000_000L, s.nic().dcqcn().minRateBps());
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse("slow.yaml",
                yaml.replace(", min_rate: 10Mbps", ""), Path.of("."), List.of()));
        assertTrue(e.getMessage().contains("min_rate (100000000 bps) must not exceed the maximum rate"), e.getMessage());
    }

    @Test
    void aFlowTooLargeForPicosecondTimesIsRefused() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse("s.yaml",
                "name: s\ntopology: {type: star, hosts: 2}\nworkloads: [{type: flows, flows: [{src: 1, dst: 0, size: "
                        + Long.MAX_VALUE + "}]}]\n", Path.of("."), List.of()));
        assertTrue(e.getMessage().contains("at most 1TiB"), e.getMessage());
    }
}
