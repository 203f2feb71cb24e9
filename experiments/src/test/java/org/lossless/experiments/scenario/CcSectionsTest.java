package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.nic.CcSettings;
import org.lossless.nic.cc.CcKeys;
import org.lossless.nic.cc.CcSpec;
import org.lossless.nic.cc.CcSpecs;
import org.lossless.nic.dctcp.DctcpParams;
import org.lossless.nic.hpcc.HpccParams;
import org.lossless.nic.swift.SwiftParams;
import org.lossless.nic.timely.TimelyParams;

/**
 * {@code nic.hpcc}, {@code nic.timely}, {@code nic.dctcp}, {@code nic.swift}: defaults, overrides, bad values; every
 * registered algorithm's section read, written and reloaded.
 */
class CcSectionsTest {
    @Test
    void defaultsWhenAbsentAndOverridesWhenGiven() {
        Scenario s = parse(MINIMAL + "nic: {cc: hpcc}\n");
        assertEquals("hpcc", s.nic().cc());
        assertEquals(CcSettings.DEFAULTS, s.nic().ccSettings());
        CcSettings c = parse(MINIMAL + """
                nic:
                  hpcc: {eta: 0.9, ai: 50Mbps, max_stage: 0, base_rtt: 12us, fast_react: false}
                  timely: {beta: 1/2, t_low: 40us, window: true}
                  dctcp: {g: 0.125}
                  swift: {base_target: 15us, fs_range: 0}
                """).nic().ccSettings();
        assertEquals(0.9, c.get("hpcc", HpccParams.class).eta());
        assertEquals(50_000_000L, c.get("hpcc", HpccParams.class).aiBps());
        assertEquals(0, c.get("hpcc", HpccParams.class).maxStage());
        assertEquals(12_000_000L, c.get("hpcc", HpccParams.class).baseRttPs());
        assertEquals(false, c.get("hpcc", HpccParams.class).fastReact());
        assertEquals(0.5, c.get("timely", TimelyParams.class).beta());
        assertEquals(40_000_000L, c.get("timely", TimelyParams.class).tLowPs());
        assertEquals(true, c.get("timely", TimelyParams.class).window());
        assertEquals(CcKeys.AUTO, c.get("timely", TimelyParams.class).baseRttPs());
        assertEquals(0.125, c.get("dctcp", DctcpParams.class).g());
        assertEquals(15_000_000L, c.get("swift", SwiftParams.class).baseTargetPs());
        assertEquals(0, c.get("swift", SwiftParams.class).fsRangePs());
    }

    @Test
    void theResolvedScenarioReloadsEqual() {
        Scenario s = parse(MINIMAL + "nic: {cc: swift, hpcc: {eta: 0.9}, dctcp: {g: 1/16}, swift: {max_cwnd: 64}}\n");
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("eta: 0.9") && yaml.contains("g: 0.0625") && yaml.contains("base_rtt: auto"), yaml);
        assertEquals(s, parse(yaml));
    }

    @Test
    void badValuesNameTheFileAndTheKey() {
        assertEquals("t.yaml: nic.hpcc.eta: must be in (0, 1], got 1.5", error(MINIMAL + "nic: {hpcc: {eta: 1.5}}\n"));
        assertEquals("t.yaml: nic.timely.t_high: must be above t_low (50000000 ps), got 40000000 ps",
                error(MINIMAL + "nic: {timely: {t_high: 40us}}\n"));
        assertTrue(error(MINIMAL + "nic: {dctcp: {ai: fast}}\n").startsWith("t.yaml: nic.dctcp.ai: "),
                error(MINIMAL + "nic: {dctcp: {ai: fast}}\n"));
        assertTrue(error(MINIMAL + "nic: {swift: {base_targt: 5us}}\n").startsWith("t.yaml: nic.swift"),
                error(MINIMAL + "nic: {swift: {base_targt: 5us}}\n"));
        assertEquals("t.yaml: nic.swift.fs_max_cwnd: must be above fs_min_cwnd (0.1), got 0.05",
                error(MINIMAL + "nic: {swift: {fs_max_cwnd: 0.05}}\n"));
        assertTrue(error(MINIMAL + "nic: {cc: bbr}\n").startsWith("t.yaml: nic.cc: "), error(MINIMAL + "nic: {cc: bbr}\n"));
    }

    /**
     * Every registered algorithm (the services file, so also one added later) is read, defaulted, written to the
     * resolved scenario and reloaded by the generic reader with no change there. Its values are its own test's
     * business (e.g. {@code AimdTest}): here, that the scenario carries exactly what its spec makes of them.
     */
    @Test
    void everyRegisteredAlgorithmIsReadWrittenAndReloaded() {
        assertFalse(CcSpecs.ALL.isEmpty());
        for (CcSpec<?> spec : CcSpecs.ALL) {
            Scenario s = parse(MINIMAL + "nic: {cc: " + spec.name() + "}\n");
            assertEquals(spec.name(), s.nic().cc());
            assertEquals(spec.parse(Map.of()), s.nic().ccSettings().get(spec.name(), Object.class), spec.name());
            String yaml = ResolvedYaml.write(s);
            assertTrue(yaml.contains(block(spec, "  ")), spec.name() + ":\n" + yaml);
            assertEquals(s, parse(yaml), spec.name());
            String bad = spec.section().keys().get(0).name() + "x";
            assertTrue(error(MINIMAL + "nic: {" + spec.name() + ": {" + bad + ": 1}}\n")
                    .startsWith("t.yaml: nic." + spec.name() + "." + bad + ": unknown key"), spec.name());
        }
    }

    /**
     * The resolved YAML of the algorithms registered besides {@code spelled} (those a test writes out by hand), at
     * their defaults, in the registry's order and the resolved scenario's layout (under {@code nic:}, indented
     * two spaces): what a test of the whole resolved scenario expects after the blocks it spells.
     */
    static String blocksOfOtherAlgorithms(List<String> spelled) {
        StringBuilder out = new StringBuilder();
        for (CcSpec<?> spec : CcSpecs.ALL) {
            if (!spelled.contains(spec.name())) {
                out.append(block(spec, "  "));
            }
        }
        return out.toString();
    }

    private static <P> String block(CcSpec<P> spec, String indent) {
        StringBuilder out = new StringBuilder(indent + spec.name() + ":\n");
        spec.format(spec.parse(Map.of())).forEach((k, v) -> out.append(indent).append("  ").append(k).append(": ")
                .append(v).append('\n'));
        return out.toString();
    }
}
