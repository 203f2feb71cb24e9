package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.nic.RxBufferConfig;

/** {@code nic.rx_buffer}: the NIC receive buffer that sends PFC (off by default). */
class RxBufferSectionTest {
    private static final long G = 1_000_000_000L;

    @Test
    void offByDefaultAndWithNone() {
        assertNull(parse(MINIMAL).nic().rxBuffer());
        assertNull(parse(MINIMAL + "nic: {rx_buffer: none}\n").nic().rxBuffer());
        assertTrue(ResolvedYaml.write(parse(MINIMAL)).contains("  rx_buffer: none\n"));
    }

    @Test
    void defaultsAutoThresholdsTheSwitchsLosslessPrioritiesAllHostsNoStormProtection() {
        RxBufferConfig rx = parse(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps}}\n").nic().rxBuffer();
        assertEquals(new RxBufferConfig(256_000, 20 * G, RxBufferConfig.AUTO, RxBufferConfig.AUTO, 1 << 3, List.of(), 0), rx);
        RxBufferConfig five = parse(MINIMAL + "switch: {pfc: {priorities: [3, 5]}}\n"
                + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps}}\n").nic().rxBuffer();
        assertEquals((1 << 3) | (1 << 5), five.priorities());
    }

    @Test
    void everyKeyAndTheResolvedFileReloadsEqual() {
        Scenario s = parse(MINIMAL + """
                nic:
                  rx_buffer: {size: 128KiB, drain_rate: 25Gbps, xoff: 100KB, xon: 90KB, priorities: [3, 4],
                              hosts: [2, 0], storm_timeout: auto}
                """);
        RxBufferConfig rx = s.nic().rxBuffer();
        assertEquals(new RxBufferConfig(131_072, 25 * G, 100_000, 90_000, (1 << 3) | (1 << 4), List.of(0, 2),
                100_000_000_000L), rx);
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("""
                  rx_buffer:
                    size: 128KiB
                    drain_rate: 25Gbps
                    xoff: 100KB
                    xon: 90KB
                    priorities:
                      - 3
                      - 4
                    hosts:
                      - 0
                      - 2
                    storm_timeout: 100ms
                """), yaml);
        assertEquals(s, parse(yaml));
        Scenario auto = parse(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps}}\n");
        String autoYaml = ResolvedYaml.write(auto);
        assertTrue(autoYaml.contains("    xoff: auto\n    xon: auto\n"), autoYaml);
        assertTrue(autoYaml.contains("    hosts: all\n    storm_timeout: 0\n"), autoYaml);
        assertEquals(auto, parse(autoYaml));
    }

    /** The reference's example (switch-buffer-pfc.md §5.5): 100 Gb/s, 100 m, MTU 1500 gives 55,780 B. */
    @Test
    void mlx5Rule() {
        assertEquals(55_780, RxBufferConfig.mlx5XoffBytes(100 * G, 100, 1500));
        // default host link 100 Gb/s, 1 us = 200 m; largest frame 1024 + 62 + 16 (RETH) = 1102 B:
        // (301 + 432)·100 + 2.72·1102 = 76,297.44 -> 76,298 B
        RxBufferConfig rx = parse(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps}}\n").nic().rxBuffer();
        RxBufferConfig.Thresholds t = rx.thresholds(100 * G, 1_000_000, 1102);
        assertEquals(256_000 - 76_298, t.xoffBytes());
        assertEquals(256_000 - 76_298 - 1102, t.xonBytes());
    }

    @Test
    void badInputNamesTheKey() {
        assertTrue(error(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps, xof: 1KB}}\n")
                .startsWith("t.yaml: nic.rx_buffer.xof: unknown key; did you mean 'xoff'?"));
        assertTrue(error(MINIMAL + "nic: {rx_buffer: {drain_rate: 20Gbps}}\n").startsWith("t.yaml: nic.rx_buffer.size: is required"));
        assertEquals("t.yaml: nic.rx_buffer.drain_rate: the drain rate must be > 0, e.g. 20Gbps",
                error(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 0}}\n"));
        assertEquals("t.yaml: nic.rx_buffer.xoff: 300KB is out of range: the XOFF threshold must be 1B to the size (256KB)",
                error(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps, xoff: 300KB}}\n"));
        assertEquals("t.yaml: nic.rx_buffer.xon: the XON threshold (200KB) must be below xoff (200KB)",
                error(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps, xoff: 200KB, xon: 200KB}}\n"));
        assertEquals("t.yaml: nic.rx_buffer.size: 64000 B is too small for xoff: auto: the mlx5 headroom at 100.0 Gb/s"
                        + " and 200 m of cable is 76298 B, so the size must exceed 77400 B (or set xoff and xon)",
                error(MINIMAL + "nic: {mtu: 1024, rx_buffer: {size: 64KB, drain_rate: 20Gbps}}\n"));
        assertEquals("t.yaml: nic.rx_buffer.hosts[0]: 3 is out of range: expected an integer from 0 to 2",
                error(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps, hosts: [3]}}\n"));
        assertEquals("t.yaml: nic.rx_buffer.priorities[1]: priority 3 is listed twice",
                error(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps, priorities: [3, 3]}}\n"));
        assertTrue(error(MINIMAL + "nic: {rx_buffer: {size: 256KB, drain_rate: 20Gbps, storm_timeout: 5}}\n")
                .startsWith("t.yaml: nic.rx_buffer.storm_timeout: "));
    }

    @Test
    void recordValidationNamesTheKey() {
        assertEquals("nic.rx_buffer.size must be > 0 bytes, got 0", assertThrows(IllegalArgumentException.class,
                () -> new RxBufferConfig(0, G, -1, -1, 8, List.of(), 0)).getMessage());
        assertEquals("nic.rx_buffer.xon (10 B) must be below xoff (10 B)", assertThrows(IllegalArgumentException.class,
                () -> new RxBufferConfig(100, G, 10, 10, 8, List.of(), 0)).getMessage());
        assertEquals("nic.rx_buffer.priorities must list priorities 0..7, got mask 0", assertThrows(
                IllegalArgumentException.class, () -> new RxBufferConfig(100, G, -1, -1, 0, List.of(), 0)).getMessage());
        assertEquals("nic.rx_buffer.storm_timeout must be >= 0 (0 = off), got -1 ps", assertThrows(
                IllegalArgumentException.class, () -> new RxBufferConfig(100, G, -1, -1, 8, List.of(), -1)).getMessage());
    }
}
