package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.yaml.ScenarioException;

/**
 * {@code nic.wire}: the key, and a lone message's completion by hand in each wire format on a star (two hosts on one
 * 100 Gb/s switch, 1 us cables, store-and-forward, no latency): each frame is serialized twice (host, switch) and
 * crosses two cables; the sender's completion adds the ACK's two serializations and cables.
 */
class WireFormatRunTest {
    private static final String STAR = """
            name: wire
            topology: {type: star, hosts: 2, host_link: {rate: 100Gbps, delay: 1us}}
            metrics: {completion: sender}
            workloads:
              - {type: flows, flows: [{src: 0, dst: 1, size: %d}]}
            nic: {mtu: 1000, cc: %s, wire: %s}
            """;

    private static Scenario scenario(long size, String cc, String wire) {
        return ScenarioLoader.parse("wire.yaml", STAR.formatted(size, cc, wire), Path.of("."), List.of());
    }

    /**
     * Line bytes by hand. rocev2: 1000 B + 62 B headers + 16 B RETH + 20 B preamble/gap = 1098 B (87,840 ps at
     * 100 Gb/s), the ACK 66 + 20 = 86 B (6,880 ps); a 1 B message 1 + 62 + 16 + 20 = 99 B (7,920 ps).
     * hpcc2019: 1000 + 48 = 1048 B (83,840 ps), the ACK 60 B (4,800 ps); 1 B: 49 B (3,920 ps, no padding). With HPCC's
     * 42 B INT on the data packet and its ACK: rocev2 1140 B (91,200 ps) and 108 + 20 = 128 B (10,240 ps); hpcc2019
     * 1090 B (87,200 ps) and 88 B (7,040 ps). Receiver: 2 x data + 2 us; sender: that + 2 x ACK + 2 us.
     */
    @ParameterizedTest(name = "{0} B, {1}, {2}: receiver {3} ps, sender {4} ps")
    @CsvSource({
        "1000, none, rocev2, 2175680, 4189440",
        "1000, none, hpcc2019, 2167680, 4177280",
        "1, none, rocev2, 2015840, 4029600",
        "1, none, hpcc2019, 2007840, 4017440",
        "1000, hpcc, rocev2, 2182400, 4202880",
        "1000, hpcc, hpcc2019, 2174400, 4188480"})
    void aLoneMessageByHand(long size, String cc, String wire, long receiverPs, long senderPs) {
        RunResult r = new ScenarioEngine().run(scenario(size, cc, wire));
        FlowResult f = r.flows().get(0);
        assertEquals(receiverPs, f.fctPs(Completion.RECEIVER));
        assertEquals(senderPs, f.fctPs(Completion.SENDER));
    }

    /** The ideals leave a congestion control's in-band header out (as the HPCC simulator's standalone FCT). */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"rocev2, 2175680, 4189440", "hpcc2019, 2167680, 4177280"})
    void idealsInEachFormat(String wire, long receiverPs, long senderPs) {
        FlowResult f = new ScenarioEngine().run(scenario(1000, "hpcc", wire)).flows().get(0);
        assertEquals(receiverPs, f.idealFctPs(Completion.RECEIVER));
        assertEquals(senderPs, f.idealFctPs(Completion.SENDER));
    }

    @Nested
    class Key {
        @Test
        void rocev2ByDefaultAndWrittenToTheResolvedScenarioOnlyWhenNot() {
            Scenario plain = ScenarioLoader.parse("w.yaml", STAR.formatted(1000, "none", "rocev2")
                    .replace(", wire: rocev2", ""), Path.of("."), List.of());
            assertEquals(WireFormat.ROCEV2, plain.nic().wire());
            assertTrue(!ResolvedYaml.write(plain).contains("wire:"), "results of older scenarios stay byte-identical");
            Scenario hpcc = scenario(1000, "none", "hpcc2019");
            assertEquals(WireFormat.HPCC2019, hpcc.nic().wire());
            String resolved = ResolvedYaml.write(hpcc);
            assertTrue(resolved.contains("wire: hpcc2019"), resolved);
        }

        @Test
        void anUnknownFormatIsAnErrorNamingTheKey() {
            ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(ScenarioException.class,
                    () -> scenario(1000, "none", "roce"));
            assertTrue(e.getMessage().contains("nic.wire"), e.getMessage());
            assertTrue(e.getMessage().contains("rocev2") && e.getMessage().contains("hpcc2019"), e.getMessage());
        }
    }
}
