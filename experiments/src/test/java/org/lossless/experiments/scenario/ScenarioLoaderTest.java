package org.lossless.experiments.scenario;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.ScenarioException;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.CnpMode;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScenarioLoaderTest {
    static final String MINIMAL = """
            name: tiny
            topology: {type: star, hosts: 3}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 1MB}]
            """;

    static final String FULL = """
            name: incast-8to1            # required; [A-Za-z0-9._-]+
            seed: 7
            stop_time: 50ms
            topology:
              type: star
              hosts: 9
              host_link: {rate: 100Gbps, delay: 1us}
              fabric_link: {rate: 400Gbps, length: 100m}
            switch:
              buffer_size: 32MiB
              pfc:
                enabled: true
                priorities: [4, 3]
                dynamic_th: -2
                headroom: auto
                xon_offset: 2496
              ecn:
                enabled: true
                kmin: 5KB
                kmax: 200KB
                pmax: 1/100
                mark_on: enqueue
            nic:
              mtu: 4KiB
              cc: dcqcn
              dcqcn:
                profile: paper2015
                alpha_gain: 1/256
                rate_increase_timer: 55us
                byte_counter: 10MB
                fast_recovery_steps: 5
                additive_increase: 40Mbps
                cnp_mode: np
                clamp_target_rate: true
            workloads:
              - type: flows
                name: bulk
                flows:
                  - {src: 1, dst: 0, size: 20MB, start: 0us, priority: 3}
                  - {src: 2, dst: 0, size: 1500, start: 2.5us}
            telemetry:
              sample_interval: 1us
              queues: ["sw0:0", "sw0:1"]
              flow_rates: [0, 1]
            """;

    static Scenario parse(String yaml, String... sets) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("/base"), List.of(sets));
    }

    static String error(String yaml, String... sets) {
        return assertThrows(ScenarioException.class, () -> parse(yaml, sets)).getMessage();
    }

    @Nested
    class Full {
        final Scenario s = parse(FULL);

        @Test
        void topLevel() {
            assertEquals("incast-8to1", s.name());
            assertEquals(7, s.seed());
            assertEquals(50_000_000_000L, s.stopTimePs());
            assertEquals(Path.of("/base"), s.baseDir());
        }

        @Test
        void topology() {
            TopologyConfig.Star star = assertInstanceOf(TopologyConfig.Star.class, s.topology());
            assertEquals(9, star.hosts());
            assertEquals(new LinkConfig(100_000_000_000L, 1_000_000L, -1), star.hostLink());
            // 100 m at 5 ns/m = 500 ns
            assertEquals(new LinkConfig(400_000_000_000L, 500_000L, 100_000), star.fabricLink());
        }

        @Test
        void switchSection() {
            SwitchSettings sw = s.switchSettings();
            assertEquals(32L << 20, sw.bufferSize());
            PfcSettings pfc = sw.pfc();
            assertEquals(List.of(3, 4), pfc.priorities(), "stored sorted");
            assertEquals(-2, pfc.dynamicTh());
            assertNull(pfc.staticTh());
            assertEquals("auto", pfc.headroom());
            assertEquals(2496L, pfc.xonOffset());
            assertEquals(new EcnSettings(true, 5_000L, 200_000L, 0.01, "enqueue"), sw.ecn());
        }

        @Test
        void nic() {
            NicConfig nic = s.nic();
            assertEquals(4096, nic.mtu());
            DcqcnParams d = nic.dcqcn();
            assertEquals("paper2015", d.profile());
            assertEquals(100_000_000_000L, d.lineRateBps(), "resolved at the host link rate");
            assertEquals(1.0 / 256, d.alphaGain(), 0.0);
            assertEquals(55_000_000L, d.rateIncreaseTimerPs());
            assertEquals(10_000_000L, d.byteCounterBytes());
            assertEquals(5, d.fastRecoverySteps());
            assertEquals(40_000_000L, d.additiveIncreaseBps());
            assertEquals(CnpMode.NP, d.cnpMode());
            assertTrue(d.clampTargetRate());
            // not overridden: paper2015's values (docs/dcqcn-profiles.md): R_HAI 200 Mb/s, tau' 55 us
            assertEquals(200_000_000L, d.hyperIncreaseBps());
            assertEquals(55_000_000L, d.alphaUpdatePeriodPs());
        }

        @Test
        void workloadsAndTelemetry() {
            WorkloadConfig.Flows w = assertInstanceOf(WorkloadConfig.Flows.class, s.workloads().get(0));
            assertEquals("bulk", w.name());
            assertEquals(List.of(new WorkloadConfig.FlowSpec(1, 0, MessageSize.of(20_000_000), 0, 3),
                    new WorkloadConfig.FlowSpec(2, 0, MessageSize.of(1500), 2_500_000, 3)), w.flows());
            assertEquals(1_000_000, s.telemetry().sampleIntervalPs());
            assertEquals(List.of(new TelemetryConfig.QueueRef("sw0", 0), new TelemetryConfig.QueueRef("sw0", 1)),
                    s.telemetry().queues().items());
            assertEquals(List.of(0L, 1L), s.telemetry().flowRates().items());
        }

        @Test
        void resolvedYamlReloadsToTheSameScenario() {
            String yaml = ResolvedYaml.write(s);
            assertEquals(s, parse(yaml));
            assertEquals(yaml, ResolvedYaml.write(parse(yaml)));
        }
    }

    @Nested
    class Defaults {
        final Scenario s = parse(MINIMAL);

        @Test
        void everyOptionalKeyGetsItsDefault() {
            assertEquals(1, s.seed());
            assertEquals(100_000_000_000L, s.stopTimePs());
            LinkConfig host = LinkConfig.of(100_000_000_000L, 1_000_000L);
            assertEquals(new TopologyConfig.Star(3, host, host), s.topology());
            assertEquals(SwitchSettings.defaults().resolved(), s.switchSettings());
            assertEquals(32_000_000L, s.switchSettings().bufferSize());
            // rto: the IB ACK timeout 4.096 us x 2^14; NACK retry 500 us; no ACK delay
            assertEquals(NicConfig.builder().mtu(4096).ackEvery(1).rtoPs(67_108_864_000L).ackPriority(NicConfig.SAME_AS_DATA).cnpPriority(6).dcqcn(DcqcnParams.profile("mlx5", 100_000_000_000L)).build(), s.nic());
            assertEquals(500_000_000L, s.nic().nackIntervalPs());
            assertEquals(0, s.nic().ackDelayPs());
            assertEquals(org.lossless.experiments.metrics.Completion.RECEIVER, s.metrics().completion());
            assertEquals(List.of(new WorkloadConfig.Flows("flows-0", List.of(new WorkloadConfig.FlowSpec(1, 0,
                    MessageSize.of(1_000_000), 0, 3)))),
                    s.workloads());
            assertEquals(new TelemetryConfig(10_000_000, TelemetryConfig.Selection.everything(),
                    TelemetryConfig.Selection.nothing()), s.telemetry());
        }

        @Test
        void flowPriorityDefaultsToTheFirstLosslessPriority() {
            Scenario t = parse(MINIMAL + "switch: {pfc: {priorities: [5, 2]}}\n");
            assertEquals(2, ((WorkloadConfig.Flows) t.workloads().get(0)).flows().get(0).priority());
        }

        @Test
        void resolvedYamlSpellsOutEveryDefault() {
            String yaml = ResolvedYaml.write(s);
            assertEquals("""
                    name: tiny
                    seed: 1
                    stop_time: 100ms
                    topology:
                      type: star
                      hosts: 3
                      host_link:
                        rate: 100Gbps
                        delay: 1us
                      fabric_link:
                        rate: 100Gbps
                        delay: 1us
                    switch:
                      profile: default
                      buffer_size: 32MB
                      cell_size: 1B
                      pfc:
                        enabled: true
                        priorities:
                          - 3
                        dynamic_th: -3
                        headroom: auto
                        xon_offset: 2KB
                        reserved: 0
                        mode: timed
                        pause_quanta: 65535
                        refresh: 0.5
                        watchdog:
                          enabled: false
                          detection_time: 200ms
                          restoration_time: 200ms
                          action: drop
                          poll_interval: 200ms
                        response_time: auto
                      lossy_pg:
                        reserved: 0
                        dynamic_th: 3
                      queues:
                        lossless:
                          reserved: 0
                        lossy:
                          reserved: 0
                          dynamic_th: 3
                      ecn:
                        enabled: true
                        kmin: 400KB
                        kmax: 1600KB
                        pmax: 0.2
                        mark_on: dequeue
                      qos_map:
                        dscp_to_tc:
                          0: 0
                          1: 0
                          2: 0
                          3: 0
                          4: 0
                          5: 0
                          6: 0
                          7: 0
                          8: 1
                          9: 1
                          10: 1
                          11: 1
                          12: 1
                          13: 1
                          14: 1
                          15: 1
                          16: 2
                          17: 2
                          18: 2
                          19: 2
                          20: 2
                          21: 2
                          22: 2
                          23: 2
                          24: 3
                          25: 3
                          26: 3
                          27: 3
                          28: 3
                          29: 3
                          30: 3
                          31: 3
                          32: 4
                          33: 4
                          34: 4
                          35: 4
                          36: 4
                          37: 4
                          38: 4
                          39: 4
                          40: 5
                          41: 5
                          42: 5
                          43: 5
                          44: 5
                          45: 5
                          46: 5
                          47: 5
                          48: 6
                          49: 6
                          50: 6
                          51: 6
                          52: 6
                          53: 6
                          54: 6
                          55: 6
                          56: 7
                          57: 7
                          58: 7
                          59: 7
                          60: 7
                          61: 7
                          62: 7
                          63: 7
                        tc_to_pg:
                          0: 0
                          1: 1
                          2: 2
                          3: 3
                          4: 4
                          5: 5
                          6: 6
                          7: 7
                        tc_to_queue:
                          0: 0
                          1: 1
                          2: 2
                          3: 3
                          4: 4
                          5: 5
                          6: 6
                          7: 7
                      scheduling:
                        strict:
                          - 7
                          - 6
                          - 5
                          - 4
                          - 3
                          - 2
                          - 1
                          - 0
                        quantum: auto
                      latency: 0
                      cut_through: false
                    nic:
                      mtu: 4096
                      cc: dcqcn
                      ack_interval: 1
                      ack_priority: data
                      ack_dscp: data
                      cnp_priority: 6
                      cnp_dscp: 48
                      rto: 67108864ns
                      ack_delay: 0
                      nack_interval: 500us
                      window: none
                      pfc_response_time: auto
                      transport: rocev2
                      loss_recovery: go-back-n
                      rx_buffer: none
                      dcqcn:
                        profile: mlx5
                        cnp_interval: 2us
                        cnp_mode: np
                        cnp_delay: 0
                        cnp_scope: qp
                        reaction_delay: 0
                        order: timer_driven
                        alpha_gain: 5/1024
                        alpha_update_period: 1us
                        initial_alpha: 1023/1024
                        rate_decrease_period: 4us
                        rate_decrease_offset: 0
                        first_cnp_cut: next_window
                        rate_on_first_cnp: 0
                        decrease_gain: 0.5
                        min_decrease_factor: 0.5
                        clamp_target_rate: false
                        clamp_after_timer_increase: true
                        clamp_after_byte_increase: true
                        rate_increase_timer: 300us
                        byte_counter: 2097088B
                        fast_recovery_steps: 1
                        additive_increase: 5Mbps
                        hyper_increase: 50Mbps
                        increase_stage_rule: mellanox
                        stage_increment_first: false
                        hyper_step: constant
                        qcn_target_quirk: false
                        min_rate: 1Mbps
                        max_rate: 0
                      hpcc:
                        eta: 0.95
                        ai: 40Mbps
                        max_stage: 5
                        min_rate: 100Mbps
                        base_rtt: auto
                        fast_react: true
                        int_bytes: 42
                      timely:
                        alpha: 0.875
                        beta: 0.8
                        t_low: 50us
                        t_high: 500us
                        min_rtt: 20us
                        ai: 100Mbps
                        hai: 500Mbps
                        hai_after: 5
                        min_rate: 100Mbps
                        window: false
                        base_rtt: auto
                      dctcp:
                        g: 0.0625
                        ai: 615Mbps
                        min_rate: 100Mbps
                        window: true
                        base_rtt: auto
                      swift:
                        base_target: 10us
                        per_hop: 1us
                        fs_range: 10us
                        fs_min_cwnd: 0.1
                        fs_max_cwnd: 100
                        ai: 1
                        beta: 0.8
                        max_mdf: 0.5
                        min_cwnd: 0.001
                        max_cwnd: 1000
                    """ + CcSectionsTest.blocksOfOtherAlgorithms(List.of("hpcc", "timely", "dctcp", "swift")) + """
                    workloads:
                      - type: flows
                        name: flows-0
                        flows:
                          - src: 1
                            dst: 0
                            size: 1MB
                            start: 0
                            priority: 3
                            dscp: 24
                            qps: 1
                    telemetry:
                      sample_interval: 10us
                      queues: all
                      flow_rates: none
                      pfc: true
                      links: all
                    routing:
                      mode: ecmp
                      convergence: 1ms
                    metrics:
                      completion: receiver
                      flows: data
                    failures: []
                    """, yaml);
            assertEquals(s, parse(yaml));
        }
    }

    @Nested
    class RoundTrip {
        @Test
        void namesThatLookLikeNumbersOrBooleansAreQuoted() {
            for (String name : List.of("1e3", "0x10", "1.5", "true", "null", "yes", "7")) {
                Scenario s = parse(MINIMAL.replace("name: tiny", "name: '" + name + "'"));
                String yaml = ResolvedYaml.write(s);
                assertTrue(yaml.startsWith("name: \"" + name + "\"\n"), yaml);
                assertEquals(s, parse(yaml));
            }
        }

        @Test
        void zeroQuantitiesAreWrittenAsNumbersAndTinyFractionsSurvive() {
            Scenario s = parse(MINIMAL + "switch: {ecn: {kmin: 0, pmax: 1e-5}}\nnic: {dcqcn: {rate_on_first_cnp: 0}}\n");
            String yaml = ResolvedYaml.write(s);
            assertTrue(yaml.contains("    kmin: 0\n"), yaml);
            assertTrue(yaml.contains("    rate_on_first_cnp: 0\n"), yaml);
            assertEquals(s, parse(yaml));
        }
    }

    @Nested
    class Links {
        @Test
        void lengthGivesFiveNanosecondsPerMetre() {
            Scenario s = parse(MINIMAL.replace("hosts: 3}", "hosts: 3, host_link: {rate: 25Gbps, length: 2m}}"));
            assertEquals(new LinkConfig(25_000_000_000L, 10_000, 2_000), s.topology().hostLink());
            assertTrue(ResolvedYaml.write(s).contains("host_link:\n    rate: 25Gbps\n    length: 2m\n"));
        }

        @Test
        void anExplicitDelayWinsOverTheLength() {
            Scenario s = parse(MINIMAL.replace("hosts: 3}", "hosts: 3, host_link: {rate: 25Gbps, length: 2m, delay: 1us}}"));
            assertEquals(new LinkConfig(25_000_000_000L, 1_000_000, 2_000), s.topology().hostLink());
            assertEquals(s, parse(ResolvedYaml.write(s)));
        }

        @Test
        void staticThresholdAndFixedHeadroom() {
            Scenario s = parse(MINIMAL + "switch: {pfc: {static_th: 200KB, headroom: 96928}}\n");
            assertEquals(200_000L, s.switchSettings().pfc().staticTh());
            assertNull(s.switchSettings().pfc().dynamicTh());
            assertEquals(96_928, s.switchSettings().pfc().headroomBytes());
            assertEquals(s, parse(ResolvedYaml.write(s)));
        }
    }

    @Nested
    class Files_ {
        @TempDir
        Path dir;

        @Test
        void baseDirIsTheScenarioFolderAndRelativePathsResolveAgainstIt() throws IOException {
            Path sub = Files.createDirectories(dir.resolve("exp"));
            Path f = sub.resolve("s.yaml");
            Files.writeString(f, MINIMAL);
            Scenario s = ScenarioLoader.load(f);
            assertEquals(sub.toAbsolutePath(), s.baseDir());
            assertEquals(sub.resolve("topo.txt").toAbsolutePath(), s.resolve("topo.txt"));
            assertEquals(Path.of("/abs/flows.txt"), s.resolve("/abs/flows.txt"));
        }

        @Test
        void missingFile() {
            Path f = dir.resolve("nope.yaml");
            assertEquals(f + ": no such file", assertThrows(ScenarioException.class, () -> ScenarioLoader.load(f)).getMessage());
        }

        @Test
        void aDirectoryIsNotAScenario() {
            assertEquals(dir + ": is a directory, not a scenario file",
                    assertThrows(ScenarioException.class, () -> ScenarioLoader.load(dir)).getMessage());
        }
    }
}
