package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The settings two runs differ in, by hand. */
class SettingsDiffTest {
    static Map<String, String> of(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    static List<List<String>> rows(Map<String, String> b, Map<String, String> c) {
        return SettingsDiff.rows(b, c).stream().map(List::of).toList();
    }

    @Test
    void aChangedValueIsOneRow() {
        assertEquals(List.of(List.of("nic.cc", "dcqcn", "none")),
                rows(of("nic.cc", "dcqcn", "nic.mtu", "4096"), of("nic.cc", "none", "nic.mtu", "4096")));
    }

    @Test
    void aWorkloadOnlyOneRunHasIsOneRowWithItsFirstSettings() {
        Map<String, String> base = of("nic.mtu", "4096", "workloads[0].type", "allreduce");
        Map<String, String> cand = of("nic.mtu", "4096", "workloads[0].type", "allreduce",
                "workloads[1].type", "flows", "workloads[1].name", "incast", "workloads[1].flows[0].src", "40",
                "workloads[1].flows[0].dst", "5", "workloads[1].flows[1].src", "50", "workloads[1].flows[1].dst", "5");
        assertEquals(List.of(List.of("workloads[1]", "(absent)",
                "6 settings: type: flows; name: incast; flows[0].src: 40; flows[0].dst: 5; …")), rows(base, cand));
        // and the other way round
        assertEquals(List.of(List.of("workloads[1]", "6 settings: type: flows; name: incast; flows[0].src: 40; "
                + "flows[0].dst: 5; …", "(absent)")), rows(cand, base));
    }

    @Test
    void aSingleKeyOnlyOneSideHasKeepsItsValue() {
        assertEquals(List.of(List.of("switch.pfc.watchdog", "(absent)", "on")),
                rows(of("switch.pfc.enabled", "true"), of("switch.pfc.enabled", "true", "switch.pfc.watchdog", "on")));
    }
}
