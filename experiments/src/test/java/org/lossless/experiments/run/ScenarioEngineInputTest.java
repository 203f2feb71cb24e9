package org.lossless.experiments.run;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.nic.dcqcn.DcqcnParams;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The engine gets the scenario's switch and NIC settings, not defaults. */
class ScenarioEngineInputTest {
    static final String YAML = """
            name: in
            topology: {type: star, hosts: 3, host_link: {rate: 25Gbps, delay: 1us}}
            switch: {buffer_size: 12MB, pfc: {priorities: [5]}, ecn: {kmin: 50KB, kmax: 200KB}}
            nic: {mtu: 4096, ack_interval: 4, ack_priority: 7, rto: 2ms, dcqcn: {profile: paper2015, min_rate: 10Mbps}}
            workloads: [{type: flows, flows: [{src: 1, dst: 0, size: 1MB}]}]
            """;

    static Scenario parse(String yaml, String... sets) {
        return ScenarioLoader.parse("s.yaml", yaml, Path.of("/base"), List.of(sets));
    }

    @Test
    void switchAndNicSettingsComeFromTheScenario() {
        Scenario s = parse(YAML);
        EngineInput in = ScenarioEngine.input(s);
        assertSame(s.switchSettings(), in.switches());
        assertEquals(12_000_000L, in.switches().bufferSize());
        assertEquals(List.of(5), in.switches().pfc().priorities());
        assertEquals(50_000L, in.switches().ecn().kmin());
        assertEquals(4096, in.nic().mtu());
        assertEquals(4, in.nic().ackEvery());
        assertEquals(7, in.nic().ackPriority());
        assertEquals(2_000_000_000L, in.nic().rtoPs());
        // DCQCN at the 25 Gb/s host rate: paper2015 with R_min overridden
        assertEquals(DcqcnParams.profile("paper2015", 25_000_000_000L).override(java.util.Map.of("min_rate", "10Mbps")),
                in.nic().dcqcn());
        assertEquals(5, in.flows().get(0).priority(), "the first lossless priority");
    }

    @Test
    void ccNoneIsTheDefaultCongestionControlAndDcqcnStaysAvailable() {
        EngineInput in = ScenarioEngine.input(parse(YAML, "nic.cc=none"));
        assertEquals("none", in.nic().cc());
        assertEquals(DcqcnParams.profile("paper2015", 25_000_000_000L).override(java.util.Map.of("min_rate", "10Mbps")),
                in.nic().dcqcn(), "kept for connections that choose dcqcn");
    }
}
