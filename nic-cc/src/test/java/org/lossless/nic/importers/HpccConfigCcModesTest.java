package org.lossless.nic.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.nic.dctcp.DctcpParams;
import org.lossless.nic.hpcc.HpccParams;
import org.lossless.nic.timely.TimelyParams;

/**
 * {@code import hpcc --config} for HPCC (CC_MODE 3), TIMELY (7) and DCTCP (8): the keys of the simulator's
 * {@code run.py} at 100 Gb/s go to that algorithm's section, and the imported values give parameter sets.
 */
class HpccConfigCcModesTest {
    static Map<String, String> settings(String... lines) {
        return HpccConfigImporter.parse(List.of(lines), "config.txt").settings();
    }

    static Map<String, String> section(Map<String, String> s, String prefix) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        s.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        return out;
    }

    @Test
    void hpcc() {
        Map<String, String> s = settings("CC_MODE 3", "RATE_AI 40Mb/s", "RATE_HAI 40Mb/s", "MIN_RATE 1000Mb/s",
                "U_TARGET 0.95", "MI_THRESH 0", "FAST_REACT 1", "HAS_WIN 1", "VAR_WIN 1", "GLOBAL_T 1", "MULTI_RATE 0",
                "INT_MULTI 4", "DCTCP_RATE_AI 1000Mb/s", "L2_ACK_INTERVAL 1");
        assertEquals("hpcc", s.get("nic.cc"));
        assertEquals(Map.of("ai", "40Mbps", "min_rate", "1Gbps", "eta", "0.95", "max_stage", "0", "fast_react", "true"),
                section(s, "nic.hpcc."));
        assertFalse(s.containsKey("nic.window"), "HPCC holds its own window");
        HpccParams p = HpccParams.of(section(s, "nic.hpcc."));
        assertEquals(40_000_000L, p.aiBps());
        assertEquals(0, p.maxStage());
        assertEquals(1_000_000_000L, p.minRateBps());
    }

    @Test
    void hpccVariantsNotModelledAreWarnedAbout() {
        HpccConfigImporter.Result r = HpccConfigImporter.parse(List.of("CC_MODE 3", "MULTI_RATE 1", "GLOBAL_T 0",
                "HAS_WIN 0"), "config.txt");
        assertEquals(3, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(0).contains("MULTI_RATE 1 not imported"), r.warnings().toString());
    }

    @Test
    void timely() {
        Map<String, String> s = settings("CC_MODE 7", "RATE_AI 100Mb/s", "RATE_HAI 500Mb/s", "MIN_RATE 1000Mb/s",
                "HAS_WIN 0", "VAR_WIN 0", "U_TARGET 0.95", "EWMA_GAIN 0.00390625");
        assertEquals("timely", s.get("nic.cc"));
        assertEquals(Map.of("ai", "100Mbps", "hai", "500Mbps", "min_rate", "1Gbps", "window", "false"),
                section(s, "nic.timely."));
        assertEquals(500_000_000L, TimelyParams.of(section(s, "nic.timely.")).haiBps());
        assertFalse(s.containsKey("nic.hpcc.eta"), "U_TARGET is HPCC's");
    }

    @Test
    void dctcp() {
        Map<String, String> s = settings("CC_MODE 8", "DCTCP_RATE_AI 615Mb/s", "EWMA_GAIN 0.0625", "RATE_AI 10Mb/s",
                "MIN_RATE 1000Mb/s", "HAS_WIN 1", "VAR_WIN 1");
        assertEquals("dctcp", s.get("nic.cc"));
        assertEquals(Map.of("ai", "615Mbps", "g", "0.0625", "min_rate", "1Gbps", "window", "true"),
                section(s, "nic.dctcp."));
        DctcpParams p = DctcpParams.of(section(s, "nic.dctcp."));
        assertEquals(0.0625, p.g());
        assertFalse(s.containsKey("nic.dcqcn.alpha_gain"), "EWMA_GAIN is DCTCP's g here");
        assertFalse(s.containsKey("nic.dcqcn.additive_increase"), "RATE_AI is not DCTCP's");
    }
}
