package org.lossless.nic.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lossless.nic.TestFiles;
import org.junit.jupiter.api.Test;
import org.lossless.nic.dcqcn.DcqcnParams;

class HpccConfigImporterTest {
    static final Path CONFIG = TestFiles.resource("hpcc/config.txt");

    @Test
    void importsTheRunPyDcqcnConfigAt100G() throws Exception {
        HpccConfigImporter.Result r = HpccConfigImporter.read(CONFIG);
        Map<String, String> s = r.settings();
        assertEquals("dcqcn", s.get("nic.cc"));
        assertEquals("hpcc2019", s.get("nic.dcqcn.profile"));
        assertEquals("1us", s.get("nic.dcqcn.alpha_update_period"));
        assertEquals("4us", s.get("nic.dcqcn.rate_decrease_period"));
        assertEquals("300us", s.get("nic.dcqcn.rate_increase_timer"));
        assertEquals("0.00390625", s.get("nic.dcqcn.alpha_gain"));
        assertEquals("1", s.get("nic.dcqcn.fast_recovery_steps"));
        assertEquals("20Mbps", s.get("nic.dcqcn.additive_increase"));
        assertEquals("200Mbps", s.get("nic.dcqcn.hyper_increase"));
        assertEquals("1Gbps", s.get("nic.dcqcn.min_rate"));
        assertEquals("false", s.get("nic.dcqcn.clamp_target_rate"));
        assertEquals("rp", s.get("nic.dcqcn.cnp_mode"));
        assertEquals("400KB", s.get("switch.ecn.kmin"));
        assertEquals("1600KB", s.get("switch.ecn.kmax"));
        assertEquals("0.2", s.get("switch.ecn.pmax"));
        assertEquals("1600KB", s.get("switch.ecn.by_rate.400Gbps.kmin"));
        assertEquals("6400KB", s.get("switch.ecn.by_rate.400Gbps.kmax"));
        assertEquals("400KB", s.get("switch.ecn.by_rate.100Gbps.kmin"));
        assertEquals("32MiB", s.get("switch.buffer_size"));
        assertEquals("1000", s.get("nic.mtu"));
        assertEquals("data", s.get("nic.ack_priority"), "ACK_HIGH_PRIO 1 reaches HPCC's NICs only; its switches queue"
            + " ACKs with data");
        assertEquals(null, s.get("nic.cnp_priority"), "the CNP flag rides the ACK");
        assertEquals("hpcc2019", s.get("switch.profile"), "USE_DYNAMIC_PFC_THRESHOLD 1: HPCC's MMU");
        assertEquals("1", s.get("nic.ack_interval"));
        assertEquals("none", s.get("nic.window"), "HAS_WIN 0");
        assertEquals(Map.of("TOPOLOGY_FILE", "mix/fat.txt", "FLOW_FILE", "mix/flow.txt", "TRACE_FILE", "mix/trace.txt"),
            r.files());
        List<String> ignored = r.ignored().stream().map(HpccConfigImporter.Ignored::key).toList();
        assertEquals(List.of("TRACE_OUTPUT_FILE", "FCT_OUTPUT_FILE", "PFC_OUTPUT_FILE",
            "SIMULATOR_STOP_TIME", "DCTCP_RATE_AI", "ERROR_RATE_PER_LINK", "L2_CHUNK_SIZE", "L2_BACK_TO_ZERO",
            "GLOBAL_T", "VAR_WIN", "FAST_REACT", "U_TARGET", "MI_THRESH", "INT_MULTI", "MULTI_RATE",
            "SAMPLE_FEEDBACK", "PINT_LOG_BASE", "PINT_PROB", "RATE_BOUND", "LINK_DOWN", "ENABLE_TRACE",
            "QLEN_MON_FILE", "QLEN_MON_START", "QLEN_MON_END"), ignored);
        assertEquals(3, r.warnings().size(), r.warnings().toString()); // the three per-speed maps
    }

    @Test
    void importedDcqcnKeysGiveExactlyTheHpcc2019Profile() throws Exception {
        Map<String, String> dcqcn = new LinkedHashMap<>();
        HpccConfigImporter.read(CONFIG).settings().forEach((k, v) -> {
            if (k.startsWith("nic.dcqcn.")) {
                dcqcn.put(k, v);
            }
        });
        long line = 100_000_000_000L;
        assertEquals(DcqcnParams.profile("hpcc2019", line), DcqcnParams.resolve(dcqcn, "mlx5", line));
    }

    @Test
    void dcqcnPlusWindowImportsAFixedBdpWindowAndSaysVarWinIsNotImported() {
        HpccConfigImporter.Result r = HpccConfigImporter.parse(List.of("CC_MODE 1", "HAS_WIN 1", "VAR_WIN 1"), "c.txt");
        assertEquals("bdp", r.settings().get("nic.window"));
        assertEquals(List.of(new HpccConfigImporter.Ignored("VAR_WIN", 3, "1", "variable window (BDP x current rate"
            + " / line rate) not modelled: nic.window is fixed for a QP's life")), r.ignored());
        assertEquals(List.of("c.txt:2: HAS_WIN 1: imported as nic.window: bdp, each QP's own path BDP; with GLOBAL_T 1"
                + " (its default) the HPCC simulator gives every QP the fabric's largest path BDP (maxBdp)",
            "c.txt:3: VAR_WIN 1 not imported: the window does not shrink with the DCQCN rate (fixed at one BDP)"),
            r.warnings());
        HpccConfigImporter.Result off = HpccConfigImporter.parse(List.of("HAS_WIN 0", "VAR_WIN 1"), "c.txt");
        assertEquals("none", off.settings().get("nic.window"));
        assertEquals(List.of(), off.warnings(), "VAR_WIN without a window changes nothing");
    }

    @Test
    void lastOccurrenceWinsWithAWarningAndUnknownKeysAreListed() {
        HpccConfigImporter.Result r = HpccConfigImporter.parse(List.of("RATE_AI 5Mb/s", "RATE_AI 10Mbps",
            "RP_TIMR 300", "RATE_HAI 1.5Gb/s", "MIN_RATE 100MB/s"), "c.txt");
        assertEquals("10Mbps", r.settings().get("nic.dcqcn.additive_increase"));
        assertEquals("1500Mbps", r.settings().get("nic.dcqcn.hyper_increase"));
        assertEquals("800Mbps", r.settings().get("nic.dcqcn.min_rate"));
        assertEquals("hpcc2019", r.settings().get("nic.dcqcn.profile"));
        assertTrue(r.warnings().contains("c.txt:2: RATE_AI repeats line 1; the last value wins (as in the HPCC"
            + " simulator)"), r.warnings().toString());
        assertTrue(r.warnings().contains("c.txt:3: unknown key RP_TIMR (did you mean 'RP_TIMER'?) ignored"),
            r.warnings().toString());
        assertEquals(new HpccConfigImporter.Ignored("RP_TIMR", 3, "300", "unknown key"), r.ignored().get(0));
    }

    @Test
    void badValuesNameFileLineAndKey() {
        assertEquals("c.txt:1: RATE_AI: bad data rate '20Mb' (ns-3 DataRate, e.g. 20Mb/s, 100Gbps, 1GB/s)",
            assertThrows(IllegalArgumentException.class,
                () -> HpccConfigImporter.parse(List.of("RATE_AI 20Mb"), "c.txt")).getMessage());
        assertEquals("c.txt:2: KMIN_MAP: declares 2 port speeds but lists 1.0 (form: <n> <rate_bps> <value> ...)",
            assertThrows(IllegalArgumentException.class,
                () -> HpccConfigImporter.parse(List.of("", "KMIN_MAP 2 100000000000 400"), "c.txt")).getMessage());
        assertEquals("c.txt:1: CC_MODE: unknown congestion control 5 (HPCC simulator: 1 DCQCN, 3 HPCC, 7 TIMELY,"
                + " 8 DCTCP, 10 HPCC-PINT)",
            assertThrows(IllegalArgumentException.class,
                () -> HpccConfigImporter.parse(List.of("CC_MODE 5"), "c.txt")).getMessage());
        assertEquals("c.txt:1: EWMA_GAIN: must be in [0, 1], got 2",
            assertThrows(IllegalArgumentException.class,
                () -> HpccConfigImporter.parse(List.of("EWMA_GAIN 2"), "c.txt")).getMessage());
    }
}
