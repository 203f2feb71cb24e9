package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import org.lossless.switchmodel.settings.BufferProfileSettings;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PoolSettings;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.switchmodel.settings.WatchdogSettings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

/** The {@code switch} section: every key of switch-model's SwitchSettings, with key-path errors. */
class SwitchSectionTest {
    static final long G = 1_000_000_000L;

    /** Every switch key, SONiC style: explicit pools, cells, Mellanox xon, a watchdog, per-speed ECN, QoS maps. */
    static final String SONIC_STYLE = MINIMAL + """
            switch:
              profile: default
              buffer_size: 16MiB
              cell_size: 96
              pools:
                - {name: ingress_lossless_pool, type: ingress, mode: dynamic, size: 10MB, headroom_pool: 2MB}
                - {name: egress_lossy_pool, type: egress, size: 12MB}
              pfc:
                priorities: [3, 4]
                static_th: 300KB
                headroom: 60KiB
                xon: 18KiB
                reserved: 1248
                pool: ingress_lossless_pool
                cable_length: 40m
                mode: xoff_xon
                pause_quanta: 1000
                refresh: 1/4
                watchdog: {detection_time: 100ms, action: forward}
                response_time: 1500ns
              lossy_pg: {reserved: 0, static_th: 100KB}
              queues:
                lossless: {reserved: 1518}
                lossy: {pool: egress_lossy_pool, dynamic_th: 1}
              ecn:
                kmin: 100KB
                kmax: 400KB
                by_rate:
                  400Gbps: {kmax: 1600KB, pmax: 5%}
              qos_map:
                dscp_to_tc: {26: 3, 46: 5}
                tc_to_pg: {3: 3, 4: 4}
              scheduling: {strict: [6, 7], dwrr: {3: 3, 4: 1}, quantum: 4KB}
              latency: 600ns
              cut_through: true
            """;

    @Nested
    class Read {
        final SwitchSettings s = parse(SONIC_STYLE).switchSettings();

        @Test
        void topLevelAndPools() {
            assertEquals("default", s.profile());
            assertEquals(16L << 20, s.bufferSize());
            assertEquals(96, s.cellSize());
            assertEquals(List.of(new PoolSettings("ingress_lossless_pool", "ingress", "dynamic", 10_000_000L, 2_000_000L),
                    new PoolSettings("egress_lossy_pool", "egress", null, 12_000_000L, null)), s.pools());
        }

        @Test
        void pfcWithEveryKey() {
            // the watchdog's restoration defaults to 2 x detection, poll to 200 ms (WatchdogSettings.resolved)
            WatchdogSettings wd = new WatchdogSettings(true, 100_000_000_000L, 200_000_000_000L, "forward", 200_000_000_000L);
            assertEquals(new PfcSettings(true, List.of(3, 4), null, 300_000L, "61440", null, 18_432L, 1248L,
                    "ingress_lossless_pool", 40.0, "xoff_xon", 1000, 0.25, wd, 1_500_000L), s.pfc());
        }

        @Test
        void forwardingLatencyAndCutThrough() {
            assertEquals(600_000L, s.latency());
            assertEquals(true, s.cutThrough());
            assertEquals(PfcSettings.AUTO_RESPONSE, parse(MINIMAL).switchSettings().pfc().responseTime(),
                    "response_time defaults to auto");
            assertEquals(0L, parse(MINIMAL).switchSettings().latency(), "latency defaults to 0");
        }

        @Test
        void profilesDefaultToTheFirstPoolOfTheirType() {
            assertEquals(new BufferProfileSettings("ingress_lossless_pool", 0L, null, 100_000L), s.lossyPg());
            assertEquals(new BufferProfileSettings("egress_lossy_pool", 1518L, null, null), s.losslessQueue());
            assertEquals(new BufferProfileSettings("egress_lossy_pool", 0L, 1, null), s.lossyQueue());
        }

        @Test
        void ecnPerSpeedEntriesAreCompletedFromTheSection() {
            assertEquals(new EcnSettings(true, 100_000L, 400_000L, 0.2, "dequeue",
                    Map.of(400 * G, new EcnSettings.Rate(100_000L, 1_600_000L, 0.05))), s.ecn());
        }

        @Test
        void qosMapsListEveryTrafficClass() {
            Map<Integer, Integer> dscp = new java.util.TreeMap<>();
            for (int d = 0; d < 64; d++) {
                dscp.put(d, d == 26 ? 3 : d == 46 ? 5 : 0); // DSCPs a given map leaves out go to TC 0
            }
            assertEquals(dscp, s.qosMap().dscpToTc());
            // TCs the map leaves out go to PG 0, as the MMU factory reads them
            assertEquals(Map.of(0, 0, 1, 0, 2, 0, 3, 3, 4, 4, 5, 0, 6, 0, 7, 0), s.qosMap().tcToPg());
            assertEquals(Map.of(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7), s.qosMap().tcToQueue());
        }

        @Test
        void schedulingListsEveryQueueStrictDescendingTheRestWeightOne() {
            assertEquals(new SchedulingSettings(List.of(7, 6), Map.of(0, 1, 1, 1, 2, 1, 3, 3, 4, 1, 5, 1), 4000L),
                    s.scheduling());
            String yaml = ResolvedYaml.write(parse(SONIC_STYLE));
            assertTrue(yaml.contains("  scheduling:\n    strict:\n    - 7\n    - 6\n    dwrr:\n      0: 1\n")
                    || yaml.contains("  scheduling:\n    strict:\n      - 7\n      - 6\n    dwrr:\n      0: 1\n"), yaml);
            assertTrue(yaml.contains("      5: 1\n    quantum: 4KB\n"), yaml);
        }

        @Test
        void schedulingAbsentIsStrictPriorityWithAutoQuantum() {
            assertEquals(new SchedulingSettings(List.of(7, 6, 5, 4, 3, 2, 1, 0), Map.of(), SchedulingSettings.AUTO),
                    parse(MINIMAL).switchSettings().scheduling());
            assertEquals(new SchedulingSettings(List.of(), Map.of(0, 1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1, 7, 1),
                    SchedulingSettings.AUTO), parse(MINIMAL + "switch: {scheduling: {}}\n").switchSettings().scheduling());
        }

        @Test
        void theResolvedFileReloadsToTheSameSettings() {
            Scenario sc = parse(SONIC_STYLE);
            String yaml = ResolvedYaml.write(sc);
            assertTrue(yaml.contains("    cable_length: 40m\n"), yaml);
            assertTrue(yaml.contains("    by_rate:\n      400Gbps:\n        kmin: 100KB\n        kmax: 1600KB\n"), yaml);
            assertEquals(sc, parse(yaml));
            assertEquals(yaml, ResolvedYaml.write(parse(yaml)));
        }

        @Test
        void theFlowPriorityDefaultsToTheFirstLosslessPriority() {
            assertEquals(3, ((WorkloadConfig.Flows) parse(SONIC_STYLE).workloads().get(0)).flows().get(0).priority());
        }
    }

    @Nested
    class Hpcc2019 {
        @Test
        void bufferPauseModeAndPerSpeedEcnComeFromTheProfile() {
            Scenario sc = parse(MINIMAL + "switch: {profile: hpcc2019}\n");
            SwitchSettings s = sc.switchSettings();
            assertEquals(32L << 20, s.bufferSize());
            assertEquals("xoff_xon", s.pfc().mode());
            assertNull(s.ecn().kmin(), "per port speed: 4 KB per Gb/s");
            assertNull(s.ecn().kmax());
            String yaml = ResolvedYaml.write(sc);
            assertTrue(yaml.contains("  ecn:\n    enabled: true\n    pmax: 0.2\n    mark_on: dequeue\n"), yaml);
            assertEquals(sc, parse(yaml));
        }
    }

    @Nested
    class Errors {
        @Test
        void unknownKeysEverywhereGetADidYouMean() {
            assertTrue(error(MINIMAL + "switch: {cel_size: 96}\n").startsWith(
                    "t.yaml: switch.cel_size: unknown key; did you mean 'cell_size'? (allowed here: profile, buffer_size, "
                            + "cell_size, pools, pfc, lossy_pg, queues, ecn, qos_map, scheduling, latency, cut_through, flow_control,"
                            + " trimming, llr, cbfc)"));
            assertTrue(error(MINIMAL + "switch: {pfc: {pause_qanta: 10}}\n").startsWith(
                    "t.yaml: switch.pfc.pause_qanta: unknown key; did you mean 'pause_quanta'?"));
            assertTrue(error(MINIMAL + "switch: {pfc: {watchdog: {detection_tim: 1ms}}}\n").startsWith(
                    "t.yaml: switch.pfc.watchdog.detection_tim: unknown key; did you mean 'detection_time'?"));
            assertTrue(error(MINIMAL + "switch: {queues: {losless: {reserved: 0}}}\n").startsWith(
                    "t.yaml: switch.queues.losless: unknown key; did you mean 'lossless'?"));
            assertTrue(error(MINIMAL + "switch: {ecn: {by_rate: {100Gbps: {kmn: 1KB}}}}\n").startsWith(
                    "t.yaml: switch.ecn.by_rate.100Gbps.kmn: unknown key; did you mean 'kmin'?"));
            assertTrue(error(MINIMAL + "switch: {qos_map: {tc_to_pgs: {}}}\n").startsWith(
                    "t.yaml: switch.qos_map.tc_to_pgs: unknown key; did you mean 'tc_to_pg'?"));
        }

        @Test
        void choices() {
            assertEquals("t.yaml: switch.profile: 'hpc2019' is not allowed; did you mean 'hpcc2019'? (allowed: default, hpcc2019)",
                    error(MINIMAL + "switch: {profile: hpc2019}\n"));
            assertEquals("t.yaml: switch.pfc.mode: 'xoff-xon' is not allowed; did you mean 'xoff_xon'? (allowed: timed, "
                    + "xoff_xon)", error(MINIMAL + "switch: {pfc: {mode: xoff-xon}}\n"));
            assertEquals("t.yaml: switch.pfc.watchdog.action: 'dropp' is not allowed; did you mean 'drop'? (allowed: drop, "
                    + "forward, alert)", error(MINIMAL + "switch: {pfc: {watchdog: {action: dropp}}}\n"));
        }

        @Test
        void ranges() {
            assertEquals("t.yaml: switch.cell_size: 100000 is out of range: the buffer cell must be 1 to 65536 bytes, "
                    + "e.g. 96 or 256", error(MINIMAL + "switch: {cell_size: 100KB}\n"));
            assertEquals("t.yaml: switch.pfc.pause_quanta: 0 is out of range: expected an integer from 1 to 65535",
                    error(MINIMAL + "switch: {pfc: {pause_quanta: 0}}\n"));
            assertEquals("t.yaml: switch.pfc.refresh: must be > 0: XOFF is re-sent every refresh x pause time, e.g. 0.5",
                    error(MINIMAL + "switch: {pfc: {refresh: 0}}\n"));
            assertEquals("t.yaml: switch.pfc.watchdog.poll_interval: must be > 0, e.g. 200ms",
                    error(MINIMAL + "switch: {pfc: {watchdog: {poll_interval: 0}}}\n"));
            assertEquals("t.yaml: switch.lossy_pg.dynamic_th: 9 is out of range: expected an integer from -8 to 7",
                    error(MINIMAL + "switch: {lossy_pg: {dynamic_th: 9}}\n"));
            assertEquals("t.yaml: switch.qos_map.dscp_to_tc.64: '64' is not a DSCP value: expected an integer from 0 to 63",
                    error(MINIMAL + "switch: {qos_map: {dscp_to_tc: {64: 1}}}\n"));
            assertEquals("t.yaml: switch.qos_map.tc_to_queue.3: 8 is out of range: expected an integer from 0 to 7",
                    error(MINIMAL + "switch: {qos_map: {tc_to_queue: {3: 8}}}\n"));
        }

        @Test
        void scheduling() {
            assertEquals("t.yaml: switch.scheduling.strict[1]: 8 is out of range: expected an integer from 0 to 7",
                    error(MINIMAL + "switch: {scheduling: {strict: [7, 8]}}\n"));
            assertEquals("t.yaml: switch.scheduling.strict[1]: queue 7 is listed twice",
                    error(MINIMAL + "switch: {scheduling: {strict: [7, 7]}}\n"));
            assertEquals("t.yaml: switch.scheduling.dwrr.9: '9' is not a queue: expected an integer from 0 to 7",
                    error(MINIMAL + "switch: {scheduling: {dwrr: {9: 1}}}\n"));
            assertEquals("t.yaml: switch.scheduling.dwrr.3: 101 is out of range: expected an integer from 1 to 100",
                    error(MINIMAL + "switch: {scheduling: {dwrr: {3: 101}}}\n"));
            assertEquals("t.yaml: switch.scheduling.dwrr.3: expected an integer from 1 to 100, got '1.5'",
                    error(MINIMAL + "switch: {scheduling: {dwrr: {3: '1.5'}}}\n"));
            assertEquals("t.yaml: switch.scheduling.dwrr.6: queue 6 is also in strict: a queue is either strict or dwrr",
                    error(MINIMAL + "switch: {scheduling: {strict: [6], dwrr: {6: 1}}}\n"));
            assertEquals("t.yaml: switch.scheduling.quantum: 10 B is out of range: the base quantum must be auto or 64 "
                    + "to 1000000 bytes (at least the largest frame keeps DWRR to one pass per frame)",
                    error(MINIMAL + "switch: {scheduling: {quantum: 10}}\n"));
            assertTrue(error(MINIMAL + "switch: {scheduling: {wrr: {3: 1}}}\n").startsWith(
                    "t.yaml: switch.scheduling.wrr: unknown key"));
        }

        @Test
        void conflicts() {
            assertEquals("t.yaml: switch.pfc: give either xon_offset (XON below the XOFF threshold, Broadcom style) or xon "
                    + "(an absolute XON level, Mellanox style), not both",
                    error(MINIMAL + "switch: {pfc: {xon: 18KiB, xon_offset: 2KB}}\n"));
            assertEquals("t.yaml: switch.queues.lossy: give either dynamic_th or static_th, not both",
                    error(MINIMAL + "switch: {queues: {lossy: {dynamic_th: 1, static_th: 1MB}}}\n"));
            assertEquals("t.yaml: switch.pools[0].headroom_pool: only an ingress pool has a shared headroom pool",
                    error(MINIMAL + "switch: {pools: [{name: e, type: egress, size: 1MB, headroom_pool: 1MB}]}\n"));
        }

        @Test
        void poolReferences() {
            assertEquals("t.yaml: switch.pfc.pool: pool 'p' is not defined: switch.pools is not set (remove this key to "
                    + "use the switch's implicit pools)", error(MINIMAL + "switch: {pfc: {pool: p}}\n"));
            String pools = "switch: {pools: [{name: in, type: ingress, size: 1MB}, {name: out, type: egress, size: 1MB}], ";
            assertEquals("t.yaml: switch.lossy_pg.pool: no pool named 'inn'; did you mean 'in'? (pools: in, out)",
                    error(MINIMAL + pools + "lossy_pg: {pool: inn}}\n"));
            assertEquals("t.yaml: switch.queues.lossy.pool: pool 'in' is an ingress pool; this profile needs an egress pool",
                    error(MINIMAL + pools + "queues: {lossy: {pool: in}}}\n"));
            assertEquals("t.yaml: switch.pools: no egress pool: with explicit pools the switch needs at least one "
                    + "ingress and one egress pool", error(MINIMAL + "switch: {pools: [{name: in, type: ingress, size: 1MB}]}\n"));
            assertEquals("t.yaml: switch.pools[1].name: pool name 'in' is used twice", error(MINIMAL
                    + "switch: {pools: [{name: in, type: ingress, size: 1MB}, {name: in, type: egress, size: 1MB}]}\n"));
            assertEquals("t.yaml: switch.pools[0].type: is required: ingress or egress",
                    error(MINIMAL + "switch: {pools: [{name: in, size: 1MB}]}\n"));
        }

        @Test
        void ecnPerSpeed() {
            assertEquals("t.yaml: switch.ecn.by_rate.100G: the key must be a port speed: '100G' is not a rate: unknown "
                    + "unit 'G'; expected a number followed by bps, Kbps, Mbps, Gbps or Tbps, e.g. 100Gbps",
                    error(MINIMAL + "switch: {ecn: {by_rate: {100G: {kmin: 1KB}}}}\n"));
            assertEquals("t.yaml: switch.ecn.by_rate.100000Mbps: port speed 100Gbps is listed twice",
                    error(MINIMAL + "switch: {ecn: {by_rate: {100Gbps: {kmin: 1KB}, 100000Mbps: {kmin: 2KB}}}}\n"));
            // the entry's kmax against the section's default kmin (400 KB)
            assertEquals("t.yaml: switch.ecn.by_rate.25Gbps.kmax: kmax (100KB) must be >= kmin (400KB)",
                    error(MINIMAL + "switch: {ecn: {by_rate: {25Gbps: {kmax: 100KB}}}}\n"));
            // an explicit section kmax is not raised to an entry's kmin
            assertEquals("t.yaml: switch.ecn.by_rate.400Gbps.kmin: kmax (500KB) must be >= kmin (1MB)",
                    error(MINIMAL + "switch: {ecn: {kmax: 500KB, kmin: 100KB, by_rate: {400Gbps: {kmin: 1MB}}}}\n"));
        }

        @Test
        void aStarWhoseSwitchCannotBeBuiltIsAScenarioError() {
            String e = error(MINIMAL + "switch: {buffer_size: 100KB}\n");
            // headroom auto per port (100 Gb/s, 1 us = 200 m, default MTU 4096 -> frame 4096 + 78 = 4174 B):
            // 4174 x 3 + 25,252.5 + 819.2 + 25,216 = 63,809.7 -> 63 KiB = 64,512 B; 3 ports 193,536 B, 93,536 B more
            assertTrue(e.startsWith("t.yaml: switch: switch sw0 (3 ports in this star topology) cannot be built: switch.buffer_size "
                    + "100000 B cannot hold the reserved and headroom buffers of 3 ports (193536 B, shortfall 93536 B)"), e);
            // hpcc2019: 4 KB per Gb/s gives kmin 400 KB at 100 G, above this kmax
            e = error(MINIMAL + "switch: {profile: hpcc2019, ecn: {kmax: 100KB}}\n");
            assertTrue(e.startsWith("t.yaml: switch: switch sw0 (3 ports in this star topology) cannot be built: "), e);
            assertTrue(e.contains("kmax (100000 B) must be >= kmin (400000 B)"), e);
        }

        @Test
        void anOverrideOfANewKeyIsNamed() {
            assertEquals("t.yaml: switch.pfc.pause_quanta (from --set switch.pfc.pause_quanta=70000): 70000 is out of "
                    + "range: expected an integer from 1 to 65535", error(MINIMAL, "switch.pfc.pause_quanta=70000"));
        }
    }
}
