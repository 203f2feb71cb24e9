package org.lossless.verbs.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.DcqcnKnobs;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.MeasurementBuilder;

/** Stage 1 (settings the hardware states), stage 2 (a latency from probes), and the parameter and metric specs. */
class StagesTest {
    static String probes(String... sizes) {
        StringBuilder f = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            f.append("{src: 1, dst: 0, size: ").append(sizes[i]).append(", start: ").append(100 * i).append("us},");
        }
        return "name: lat\ntopology: {type: star, hosts: 2, host_link: {rate: 100Gbps, delay: 1us}}\n"
                + "workloads: [{type: flows, flows: [" + f + "]}]\n";
    }

    @Test
    void latencyFromProbesOfThreeSizes() {
        // the packet sizes below are MTU 1024's
        CalibrationRun r = Synthetic.run("probes", probes("64", "1KB", "4KB").replace("workloads", "nic: {mtu: 1024}\nworkloads"),
                2, Set.of(0L, 1L, 2L),
                List.of("topology.host_link.delay=1500ns"), 0.005, 7);
        LatencyFit fit = LatencyFit.fit("topology.host_link.delay", List.of(r), List.of(), ScenarioEngine::new);
        assertEquals(3, fit.points());
        assertEquals(1.5e6, fit.valuePs(), 0.05 * 1.5e6, fit.toString());
        assertNotNull(fit.stdErrorPs());
        assertTrue(Math.abs(fit.valuePs() - 1.5e6) < 4 * fit.stdErrorPs() + 1e4, fit.toString());
        // by hand: a message's packets (payload + 82 B, + 16 B RETH on the first) leave back to back; the switch
        // forwards each once it holds it all, so the second link is busy from the end of the first packet on
        // link 1 for the whole message: 64 B -> 2 x 162 B, 1000 B -> 2 x 1098 B, 4000 B (1024, 1024, 1024, 928)
        // -> 1122 B + 4344 B; at 100 Gb/s, 0.08 ns per byte
        double[] x = {64, 1000, 4000};
        double[] y = {2 * 162 * 0.08e-3, 2 * 1098 * 0.08e-3, (1122 + 4344) * 0.08e-3};
        double mx = (x[0] + x[1] + x[2]) / 3;
        double my = (y[0] + y[1] + y[2]) / 3;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < 3; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        assertEquals(sxy / sxx, fit.simSlope(), 0.02 * sxy / sxx, fit.toString());
    }

    @Test
    void latencyFromOneSizeHasNoUncertaintyEstimate() {
        CalibrationRun r = Synthetic.run("one", probes("64"), 2, Set.of(0L), List.of("topology.host_link.delay=2us"), 0.0, 8);
        LatencyFit fit = LatencyFit.fit("topology.host_link.delay", List.of(r), List.of(), ScenarioEngine::new);
        assertEquals(2e6, fit.valuePs(), 1e4, "noise-free: exact up to picosecond rounding");
        assertNull(fit.stdErrorPs());
        assertTrue(fit.note().startsWith("standard error not estimable"), fit.note());
    }

    @Test
    void settingsTheHardwareStates() {
        MeasurementBuilder b = new MeasurementBuilder();
        b.dcqcn.add(new DcqcnKnobs("node-a", "sysfs", "ens1f0", Map.of("roce_rp/rpg_time_reset", 55L,
                "roce_np/min_time_between_cnps", 4L, "roce_np/cnp_802p_prio", 5L), List.of(3), List.of(3)));
        b.flows.add(new BwResult("c0", 0L, "node-b", "client", "RDMA_Write BW Test", false, true, Map.of("Mtu", "1024[B]"),
                "Gb/sec", 50e9, List.of()));
        Measurement m = b.build();
        CalibrationRun run = new CalibrationRun("r", probes("8KB").replace("workloads", "nic: {mtu: 4096}\nworkloads"),
                Path.of("."), m, Synthetic.naming(2, Set.of()));
        TruthImport.Result t = TruthImport.fromRuns(List.of(run));
        Map<String, String> byKey = new java.util.TreeMap<>();
        t.truths().forEach(x -> byKey.put(x.key(), x.value()));
        assertEquals("55us", byKey.get("nic.dcqcn.rate_increase_timer"));
        assertEquals("4us", byKey.get("nic.dcqcn.cnp_interval"));
        assertEquals("5", byKey.get("nic.cnp_priority"));
        assertEquals("1024", byKey.get("nic.mtu"), "perftest's active MTU is below the scenario's 4096");
        assertTrue(t.truths().stream().allMatch(x -> x.source() != null));
    }

    @Test
    void aSettingTheScenarioRefusesIsReportedNotSilentlyDropped() throws URISyntaxException {
        List<Truth> truths = new java.util.ArrayList<>(TruthImport.fromSwitchConfig(Path.of(getClass()
                .getResource("/fixtures/sonic_config_db_qos_buffer_fragments.json").toURI()), "config_db.json"));
        truths.add(Truth.of("nic.mtu", "lots", "a typo"));
        CalibrationRun r = Synthetic.run("r", probes("8KB"), 2, Set.of(), List.of(), 0.0, 9);
        CalibrationReport rep = new Calibrator(ScenarioEngine::new, null).calibrate(new Calibrator.Input(List.of(r),
                List.of(), truths, null, List.of(), 20, MetricFilter.ALL));
        Truth sw = rep.truths().get(0);
        assertEquals("switch", sw.key());
        assertTrue(sw.applied() || sw.note().startsWith("not applied: "), sw.toString());
        Truth bad = rep.truths().get(1);
        assertFalse(bad.applied());
        assertTrue(bad.note().startsWith("not applied: ") && bad.note().contains("nic.mtu"), bad.note());
        assertFalse(rep.sets().contains("nic.mtu=lots"));
        assertTrue(CalibrationFiles.text(rep).contains("nic.mtu = lots   from a typo   NOT APPLIED"), CalibrationFiles.text(rep));
    }

    @Test
    void parameterSpecs() {
        FitParameter t = FitParameter.parse("nic.dcqcn.rate_increase_timer=10us..1ms@300us");
        assertEquals("time", t.kind());
        assertTrue(t.log(), "a factor of 100: logarithmic");
        assertEquals(300e6, t.at(t.u(300e6)), 1);
        assertEquals("300000000ps", t.format(300e6));
        FitParameter r = FitParameter.parse("nic.dcqcn.additive_increase=1Mbps..100Mbps");
        assertEquals("rate", r.kind());
        assertEquals(50.5e6, FitParameter.parse("x=1Mbps..100Mbps").at(0.5) * (r.log() ? 0 : 1) + (r.log() ? 50.5e6 : 0), 1);
        FitParameter n = FitParameter.parse("nic.dcqcn.alpha_gain=0.001..0.01");
        assertEquals("number", n.kind());
        assertEquals(0.0055, n.at(0.5), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> FitParameter.parse("nic.x=5us..1us"));
        assertThrows(IllegalArgumentException.class, () -> FitParameter.parse("nic.x=1us..5us@9us"));
        assertThrows(IllegalArgumentException.class, () -> FitParameter.parse("nic.x"));
        assertThrows(IllegalArgumentException.class, () -> FitParameter.parse("nic.x=1zz..5zz"));
    }

    @Test
    void metricGlobs() {
        MetricFilter f = new MetricFilter(List.of("flow/*/goodput_bps", "host/**/cnp_sent"));
        assertTrue(f.test("flow/12/goodput_bps"));
        assertFalse(f.test("flow/12/latency_us"));
        assertTrue(f.test("host/node-a/cnp_sent"));
        assertFalse(f.test("host/node-a/ecn_marked"));
        assertTrue(MetricFilter.ALL.test("anything"));
    }
}
