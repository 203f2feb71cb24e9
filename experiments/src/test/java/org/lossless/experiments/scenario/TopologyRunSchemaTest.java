package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.settings.Values;
import org.lossless.workloads.yaml.ScenarioException;

/**
 * The schemas of {@code topology}, {@code routing}, {@code failures}, {@code telemetry} and the top-level keys:
 * the allowed names are the ones users have written all along (hand lists), and the values read, defaulted and
 * written through them are the documented ones.
 */
class TopologyRunSchemaTest {
    private static final String FLOWS = """
            workloads:
              - type: flows
                flows: [{src: 0, dst: 1, size: 4KB}]
            """;

    private static Scenario parse(String yaml) {
        return ScenarioLoader.parse("s.yaml", yaml, Path.of("/tmp"), List.of());
    }

    private static String error(String yaml) {
        return assertThrows(ScenarioException.class, () -> parse(yaml)).getMessage();
    }

    @Nested
    class Names {
        @Test
        void eachTypeAllowsTheKeysDocumentedForIt() {
            assertArrayEquals(new String[] {"type", "hosts", "host_link", "fabric_link", "gpus_per_server",
                "nics_per_server", "nvlink", "pcie"}, TopologySchema.STAR.names());
            assertArrayEquals(new String[] {"type", "senders", "switches", "host_link", "fabric_link"},
                    TopologySchema.PARKING_LOT.names());
            assertArrayEquals(new String[] {"type", "servers", "nics_per_server", "servers_per_unit", "spines",
                "uplinks_per_spine", "host_link", "fabric_link", "gpus_per_server", "nvlink", "pcie"},
                    TopologySchema.RAIL_OPTIMIZED.names());
            assertArrayEquals(new String[] {"type", "path"}, TopologySchema.HPCC_FILE.names());
            assertEquals(TopologyConfig.SUPPORTED.size(), TopologySchema.TYPES.size());
        }

        @Test
        void theTopLevelKeysAreTheScenarioSections() {
            assertArrayEquals(new String[] {"name", "seed", "stop_time", "topology", "switch", "nic", "workloads",
                "telemetry", "routing", "failures", "metrics", "engine"}, ScenarioReader.KEYS);
        }

        @Test
        void aMisspeltKeyOfOneTypeGetsItsDidYouMean() {
            String m = error("name: t\ntopology: {type: ring, switches: 3, host_per_switch: 2}\n" + FLOWS);
            assertTrue(m.contains("topology.host_per_switch") && m.contains("hosts_per_switch"), m);
        }
    }

    @Nested
    class Defaults_ {
        @Test
        void countsWithoutAValueTakeTheSchemaDefault() {
            Scenario s = parse("name: t\ntopology: {type: ring, switches: 3}\n" + FLOWS);
            TopologyConfig.Ring r = (TopologyConfig.Ring) s.topology();
            assertEquals(1, r.hostsPerSwitch());
            assertEquals(100_000_000_000L, s.stopTimePs()); // 100 ms
            assertEquals(10_000_000L, s.telemetry().sampleIntervalPs()); // 10 us
            assertTrue(s.telemetry().pfc());
        }

        @Test
        void aCountBelowItsRangeIsRefusedAtItsKey() {
            String m = error("name: t\ntopology: {type: ring, switches: 2}\n" + FLOWS);
            assertTrue(m.contains("topology.switches"), m);
            m = error("name: t\ntopology: {type: dumbbell, left_hosts: 1}\n" + FLOWS);
            assertTrue(m.contains("topology.right_hosts: is required (an integer >= 1)"), m);
        }

        @Test
        void zeroTimesKeepTheirMessages() {
            String base = "name: t\ntopology: {type: star, hosts: 2}\n" + FLOWS;
            String m = error(base + "stop_time: 0ms\n");
            assertTrue(m.contains("stop_time: must be > 0, e.g. 50ms"), m);
            m = error(base + "telemetry: {sample_interval: 0us}\n");
            assertTrue(m.contains("telemetry.sample_interval: the sample interval must be > 0, e.g. 10us"), m);
        }
    }

    @Nested
    class Routing {
        @Test
        void theDefaultIsEcmpWithOneMillisecondConvergence() {
            Values v = RoutingSchema.ROUTING.resolve(Values.empty(RoutingSchema.ROUTING));
            assertEquals(new RoutingConfig(RoutingConfig.Mode.ECMP, 1_000_000_000L), RoutingSchema.settings(v));
        }

        @Test
        void theResolvedYamlIsWrittenFromTheSchema() {
            RoutingConfig spray = new RoutingConfig(RoutingConfig.Mode.SPRAY, 50_000_000L);
            assertEquals("{\"mode\":\"spray\",\"convergence\":\"50us\"}",
                    SectionYaml.write(RoutingSchema.values(spray)).toString());
            assertEquals(spray, RoutingSchema.settings(RoutingSchema.values(spray)));
        }
    }
}
