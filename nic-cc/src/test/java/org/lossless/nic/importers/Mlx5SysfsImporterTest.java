package org.lossless.nic.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lossless.nic.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.nic.dcqcn.DcqcnParams;

class Mlx5SysfsImporterTest {
    static final Path DUMP = TestFiles.resource("mlx5-sysfs");

    @TempDir
    Path tmp;

    @Test
    void convertsEveryKnobWithItsUnit() throws Exception {
        Mlx5SysfsImporter.Result r = Mlx5SysfsImporter.read(DUMP);
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("nic.dcqcn.profile", "mlx5");
        expected.put("nic.dcqcn.clamp_target_rate", "false");
        expected.put("nic.dcqcn.clamp_after_timer_increase", "true");
        expected.put("nic.dcqcn.alpha_gain", "5/1024");
        expected.put("nic.dcqcn.alpha_update_period", "1us");
        expected.put("nic.dcqcn.initial_alpha", "1023/1024");
        expected.put("nic.dcqcn.rate_decrease_period", "4us");
        expected.put("nic.dcqcn.rate_on_first_cnp", "0");
        expected.put("nic.dcqcn.additive_increase", "5Mbps");
        expected.put("nic.dcqcn.byte_counter", "2097088B");
        expected.put("nic.dcqcn.decrease_gain", "1/2");
        expected.put("nic.dcqcn.hyper_increase", "50Mbps");
        expected.put("nic.dcqcn.max_rate", "0");
        expected.put("nic.dcqcn.min_decrease_factor", "50%");
        expected.put("nic.dcqcn.min_rate", "1Mbps");
        expected.put("nic.dcqcn.fast_recovery_steps", "1");
        expected.put("nic.dcqcn.rate_increase_timer", "300us");
        expected.put("nic.cnp_priority", "6");
        expected.put("nic.cnp_dscp", "48");
        expected.put("nic.dcqcn.cnp_interval", "2us");
        assertEquals(expected, r.settings());
        assertEquals(List.of("roce_rp/future_knob"), r.unknownFiles());
        assertEquals(Map.of("roce_np", List.of(3), "roce_rp", List.of(3)), r.enabled());
        assertEquals(List.of("roce_np/cnp_prio_mode", "roce_np/rtt_resp_dscp"), List.copyOf(r.ignored().keySet()));
    }

    @Test
    void defaultsDumpResolvesToTheMlx5ProfileWithTheDumpsCnpInterval() throws Exception {
        Map<String, String> dcqcn = new LinkedHashMap<>();
        Mlx5SysfsImporter.read(DUMP.resolve("ecn")).settings().forEach((k, v) -> {
            if (k.startsWith("nic.dcqcn.")) {
                dcqcn.put(k, v);
            }
        });
        long line = 100_000_000_000L;
        assertEquals(DcqcnParams.profile("mlx5", line).override(Map.of("cnp_interval", "2us")),
            DcqcnParams.resolve(dcqcn, "paper2015", line));
    }

    @Test
    void gdAndWeightsConvert() throws Exception {
        Path rp = Files.createDirectories(tmp.resolve("ecn/roce_rp"));
        Files.writeString(rp.resolve("rpg_gd"), "12\n");
        Files.writeString(rp.resolve("dce_tcp_g"), "1000\n");
        Files.writeString(rp.resolve("rpg_max_rate"), "25000\n");
        Mlx5SysfsImporter.Result r = Mlx5SysfsImporter.read(tmp);
        assertEquals("1/4", r.settings().get("nic.dcqcn.decrease_gain"));
        assertEquals("24/1024", r.settings().get("nic.dcqcn.alpha_gain"));
        assertEquals("25Gbps", r.settings().get("nic.dcqcn.max_rate"));
    }

    @Test
    void badFilesAreNamed() throws Exception {
        Path rp = Files.createDirectories(tmp.resolve("ecn/roce_rp"));
        Path g = rp.resolve("dce_tcp_g");
        Files.writeString(g, "fast\n");
        assertEquals(g + ": expected one unsigned integer, got 'fast'",
            assertThrows(IllegalArgumentException.class, () -> Mlx5SysfsImporter.read(tmp)).getMessage());
        Files.writeString(g, "2000\n");
        assertEquals(g + ": value 2000 out of range for dce_tcp_g (0..1024, unit 1/1024 weight G; gain (1024-G)/1024)",
            assertThrows(IllegalArgumentException.class, () -> Mlx5SysfsImporter.read(tmp)).getMessage());
        Path empty = Files.createDirectories(tmp.resolve("nothing"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Mlx5SysfsImporter.read(empty)).getMessage()
            .endsWith(": no ecn/roce_rp or ecn/roce_np directory (expected a copy of /sys/class/net/<if>/ecn or of"
                + " the netdev directory holding it)"));
    }
}
