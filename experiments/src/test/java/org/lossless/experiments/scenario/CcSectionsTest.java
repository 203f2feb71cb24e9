package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;
import org.lossless.nic.CcSettings;
import org.lossless.nic.cc.CcKey;
import org.lossless.nic.dctcp.DctcpParams;
import org.lossless.nic.hpcc.HpccParams;
import org.lossless.nic.swift.SwiftParams;
import org.lossless.nic.timely.TimelyParams;

/** {@code nic.hpcc}, {@code nic.timely}, {@code nic.dctcp}, {@code nic.swift}: defaults, overrides, bad values. */
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
        assertEquals(CcKey.AUTO, c.get("timely", TimelyParams.class).baseRttPs());
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

    /** The worked example of docs/cc.md: {@code nic.aimd} read, checked and written with no reader change. */
    @Test
    void aimdIsReadCheckedAndWrittenLikeTheOthers() {
        Scenario s = parse(MINIMAL + "nic: {cc: aimd, aimd: {ai: 2Gbps, md: 1/4}}\n");
        assertEquals("aimd", s.nic().cc());
        assertEquals(new org.lossless.nic.aimd.Aimd.Params(2_000_000_000L, 0.25, 50_000_000L, 100_000_000L),
                s.nic().ccSettings().get("aimd", org.lossless.nic.aimd.Aimd.Params.class));
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("aimd:\n    ai: 2Gbps\n    md: 0.25\n    timer: 50us\n    min_rate: 100Mbps"), yaml);
        assertEquals(s, parse(yaml));
        assertEquals("t.yaml: nic.aimd.md: must be in (0, 1), got 1.0", error(MINIMAL + "nic: {aimd: {md: 1}}\n"));
    }
}
