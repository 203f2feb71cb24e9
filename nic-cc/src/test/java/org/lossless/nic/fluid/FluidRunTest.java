package org.lossless.nic.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FluidRunTest {
    @TempDir
    Path dir;

    @Test
    void writesTheContractCsv() throws Exception {
        Path out = dir.resolve("run");
        FluidRun.Result r = FluidRun.run(new FluidRun.Request(2, "40Gbps", "4us", "1ms",
            Map.of("switch.ecn.kmax", "200KB"), "0.5us", "100us", null), out);
        List<String> lines = Files.readAllLines(out.resolve("fluid.csv"));
        assertEquals("time_ps,queue_bytes,mark_probability,rate_bps_0,rate_bps_1", lines.get(0));
        assertEquals(12, lines.size());
        assertEquals("0,0,0.00000,40000000000,40000000000", lines.get(1));
        assertTrue(lines.get(11).startsWith("1000000000,"));
        assertTrue(r.fixedPoint().exists());
        assertEquals(20_151, r.fixedPoint().queueBytes(), 2);
        String json = Files.readString(out.resolve("fluid.json"));
        assertTrue(json.contains("\"fixed_point\": {\"exists\": true"), json);
    }

    @Test
    void setsSwitchAndDcqcnKeys() {
        FluidRun.Plan p = FluidRun.plan(new FluidRun.Request(4, "100Gbps", "10us", null,
            Map.of("switch.ecn.kmin", "400KB", "switch.ecn.kmax", "1600KB", "switch.ecn.pmax", "0.2",
                "nic.dcqcn.additive_increase", "10Mbps", "nic.dcqcn.hyper_increase", "1Gbps"), null, null, null));
        assertEquals(400_000, p.params().kminBytes());
        assertEquals(1_600_000, p.params().kmaxBytes());
        assertEquals(0.2, p.params().pmax());
        assertEquals(10_000_000, p.params().additiveIncreaseBps());
        assertEquals(100 * 1_000_000_000L, p.durationPs());
        assertEquals(List.of("nic.dcqcn.hyper_increase is not part of the fluid model (ignored)"), p.notes());
    }

    @Test
    void badInputIsReportedBeforeAnythingIsWritten() {
        Path out = dir.resolve("never");
        assertEquals("--set switch.ecn.kmn: unknown key (did you mean 'switch.ecn.kmin'?); lossless fluid accepts"
                + " nic.dcqcn.* and switch.ecn.kmin, switch.ecn.kmax, switch.ecn.pmax, switch.ecn.mark_on,"
                + " switch.ecn.enabled",
            assertThrows(IllegalArgumentException.class, () -> FluidRun.run(new FluidRun.Request(2, "40Gbps", "4us",
                null, Map.of("switch.ecn.kmn", "5KB"), null, null, null), out)).getMessage());
        assertEquals("--delay: '4' is not a time: a unit is required (ps, ns, us, ms or s), e.g. 10us; only 0 may be written without one",
            assertThrows(IllegalArgumentException.class, () -> FluidRun.run(new FluidRun.Request(2, "40Gbps", "4",
                null, Map.of(), null, null, null), out)).getMessage());
        assertEquals("nic.dcqcn.cnp_interval must be > 0 for the fluid model (it is the model's CNP window tau),"
                + " got 0 ps",
            assertThrows(IllegalArgumentException.class, () -> FluidRun.run(new FluidRun.Request(2, "100Gbps", "4us",
                null, Map.of("nic.dcqcn.profile", "hpcc2019"), null, null, null), out)).getMessage());
        assertFalse(Files.exists(out));
    }
}
