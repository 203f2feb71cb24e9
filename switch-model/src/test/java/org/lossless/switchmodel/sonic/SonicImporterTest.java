package org.lossless.switchmodel.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.lossless.switchmodel.TestFiles;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PoolSettings;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

class SonicImporterTest {
    static final Path FIXTURE = TestFiles.resource("sonic/sonic_config_db_qos_buffer_fragments.json");

    static boolean any(List<String> lines, String... parts) {
        return lines.stream().anyMatch(l -> {
            for (String p : parts) {
                if (!l.contains(p)) {
                    return false;
                }
            }
            return true;
        });
    }

    @Nested
    class Fixture {
        final SonicImport imp = SonicImporter.importFile(FIXTURE);
        final SwitchSettings s = imp.settings();

        @Test
        void poolsWithSharedHeadroomPool() {
            assertEquals(3, s.pools().size());
            PoolSettings in = s.pools().stream().filter(p -> p.name().equals("ingress_lossless_pool")).findFirst().get();
            assertEquals("ingress", in.type());
            assertEquals(10_875_072L, in.size());
            assertEquals(4_194_112L, in.headroomPool());
            PoolSettings lossy = s.pools().stream().filter(p -> p.name().equals("egress_lossy_pool")).findFirst().get();
            assertEquals(9_243_812L, lossy.size());
            assertNull(lossy.headroomPool());
            assertNull(s.bufferSize(), "CONFIG_DB has no total buffer");
            assertNull(s.cellSize());
        }

        @Test
        void pfcFromTheLosslessProfileAndPortQosMap() {
            PfcSettings p = s.pfc();
            assertEquals(true, p.enabled());
            assertEquals(List.of(3, 4), p.priorities());
            assertEquals(-3, p.dynamicTh());
            assertNull(p.staticTh());
            assertEquals(66_560, p.headroomBytes());
            assertEquals(2288L, p.xonOffset());
            assertNull(p.xon(), "Broadcom style: xon_offset wins");
            assertEquals(1248L, p.reserved());
            assertEquals("ingress_lossless_pool", p.pool());
            assertEquals(5.0, p.cableLength());
            assertTrue(any(imp.notes(), "xon_offset 2288", "xon 2288 B is not used"));
            assertTrue(any(imp.notes(), "5m x8", "40m x4"));
        }

        @Test
        void watchdog() {
            var w = s.pfc().watchdog();
            assertEquals(true, w.enabled());
            assertEquals(200_000_000_000L, w.detectionTimePs());
            assertEquals(200_000_000_000L, w.restorationTimePs());
            assertEquals("drop", w.action());
            assertEquals(200_000_000_000L, w.pollIntervalPs());
        }

        @Test
        void lossyPgAndQueues() {
            assertEquals(3, s.lossyPg().dynamicTh());
            assertEquals(0L, s.lossyPg().reserved());
            assertEquals(3_995_680L, s.losslessQueue().staticTh());
            assertEquals(1518L, s.losslessQueue().reserved());
            assertEquals("egress_lossless_pool", s.losslessQueue().pool());
            assertEquals(3, s.lossyQueue().dynamicTh());
            assertEquals("egress_lossy_pool", s.lossyQueue().pool());
        }

        @Test
        void ecnFromGreenWred() {
            assertEquals(true, s.ecn().enabled());
            assertEquals(1_048_576L, s.ecn().kmin());
            assertEquals(2_097_152L, s.ecn().kmax());
            assertEquals(0.05, s.ecn().pmax(), 1e-12);
            assertTrue(any(imp.notes(), "ECN kmin 1048576 B vs PFC XOFF threshold 1359384 B"), imp.notes().toString());
        }

        @Test
        void everythingElseIsListed() {
            List<String> u = imp.unmapped();
            assertTrue(any(u, "QUEUE|Ethernet56|4.scheduler"));
            // pfc_to_queue_map is read now; the fixture names a map it does not define, so the identity applies
            assertTrue(any(imp.notes(), "warning", "MAP_PFC_PRIORITY_TO_QUEUE|AZURE", "not in the file",
                    "stops queue p"), imp.notes().toString());
            assertTrue(any(u, "dscp_to_fc_map"));
            assertTrue(any(u, "exp_to_fc_map"));
            assertTrue(any(u, "yellow_min_threshold", "same as green"));
            assertTrue(any(u, "red_drop_probability"));
            assertTrue(any(u, "wred_green_enable"));
            assertTrue(any(u, "pg_lossless_40000_40m_profile", "not referenced"));
            assertTrue(any(u, "over_subscribe_ratio"));
            assertTrue(any(u, "default_dynamic_th"));
            assertTrue(any(imp.notes(), "warning", "DSCP_TO_TC_MAP|AZURE", "not in the file"));
            assertTrue(u.stream().noneMatch(l -> l.contains("_source")), "comment keys are not tables");
        }

        @Test
        void yamlSnippetParsesBackWithTheScenarioKeys() throws Exception {
            String yaml = imp.toYaml();
            assertTrue(yaml.startsWith("# switch settings imported from SONiC CONFIG_DB"), yaml);
            assertTrue(yaml.contains("# not imported:"));
            JsonNode sw = new ObjectMapper(new YAMLFactory()).readTree(yaml).get("switch");
            assertEquals(66_560, sw.at("/pfc/headroom").asLong());
            assertEquals(-3, sw.at("/pfc/dynamic_th").asInt());
            assertEquals(2288, sw.at("/pfc/xon_offset").asInt());
            assertEquals(3, sw.at("/pfc/priorities/0").asInt());
            assertEquals("5m", sw.at("/pfc/cable_length").asText());
            assertEquals("200ms", sw.at("/pfc/watchdog/detection_time").asText());
            assertEquals(1_048_576, sw.at("/ecn/kmin").asLong());
            assertEquals(0.05, sw.at("/ecn/pmax").asDouble(), 1e-12);
            assertEquals(4_194_112, sw.at("/pools/2/headroom_pool").asLong());
            assertEquals(3_995_680, sw.at("/queues/lossless/static_th").asLong());
        }
    }

    /** SCHEDULER and QUEUE.scheduler (a file written for this test with SONiC's field names). */
    @Nested
    class Scheduling {
        final SonicImport imp = SonicImporter.importFile(TestFiles.resource("sonic/sonic_scheduler.json"));

        @Test
        void strictAndWeightsPerQueueMostCommonAcrossPorts() {
            // queue 3: scheduler.1 on 2 ports, scheduler.0 on 1; queue 5 WRR 5; queue 7's scheduler is missing
            assertEquals(new SchedulingSettings(List.of(6), Map.of(0, 14, 1, 14, 2, 14, 3, 15, 4, 15, 5, 5), null),
                    imp.settings().scheduling());
            SchedulingSettings r = imp.settings().resolved().scheduling();
            assertEquals(Map.of(0, 14, 1, 14, 2, 14, 3, 15, 4, 15, 5, 5, 7, 1), r.dwrr(), "queue 7: weight 1");
        }

        @Test
        void notesAndUnmapped() {
            List<String> n = imp.notes();
            assertTrue(any(n, "scheduler of queue 3 differs between ports"), n.toString());
            assertTrue(any(n, "WRR weights imported as DWRR"));
            assertTrue(any(n, "queues [7] have no scheduler", "weight 1"));
            List<String> u = imp.unmapped();
            assertTrue(any(u, "SCHEDULER|scheduler.shaped.meter_type"), u.toString());
            assertTrue(any(u, "SCHEDULER|scheduler.shaped.pir"));
            assertTrue(any(u, "SCHEDULER|scheduler.unused", "not referenced"));
            assertTrue(any(u, "QUEUE|Ethernet4|7.scheduler", "scheduler.missing is not in the file"));
            assertTrue(any(u, "QUEUE|Ethernet0|9.scheduler", "queue 9"));
            assertTrue(u.stream().noneMatch(l -> l.startsWith("table SCHEDULER")), "SCHEDULER is a known table");
        }

        @Test
        void yamlSnippetCarriesTheScheduling() throws Exception {
            JsonNode sw = new ObjectMapper(new YAMLFactory()).readTree(imp.toYaml()).get("switch");
            assertEquals(6, sw.at("/scheduling/strict/0").asInt());
            assertEquals(15, sw.at("/scheduling/dwrr/3").asInt());
        }

        @Test
        void aWeightOutsideTheSaiRangeIsBadInput() {
            String db = "{\"SCHEDULER\": {\"s\": {\"type\": \"DWRR\", \"weight\": \"0\"}}}";
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SonicImporter.importJson(db, "c.json"));
            assertTrue(e.getMessage().startsWith("c.json: SCHEDULER|s.weight"), e.getMessage());
        }

        @Test
        void theFixtureReferencesSchedulersItDoesNotDefine() {
            SonicImport f = SonicImporter.importFile(FIXTURE);
            assertNull(f.settings().scheduling());
            assertTrue(any(f.unmapped(), "QUEUE|Ethernet56|4.scheduler", "not in the file"));
        }
    }

    /** A Spectrum-style database written for this test: NULL profiles, absolute xon, maps, ASIC table. */
    @Nested
    class SpectrumVariant {
        static final String DB = """
                {"BUFFER_POOL": {"ingress_lossless_pool": {"type": "ingress", "mode": "dynamic", "size": "12000000"},
                                 "egress_lossless_pool": {"type": "egress", "mode": "dynamic"}},
                 "BUFFER_PROFILE": {"pg_lossless_100000_5m_profile": {"pool": "[BUFFER_POOL|ingress_lossless_pool]",
                                      "size": "50176", "xon": "19456", "xoff": "30720", "dynamic_th": "0"},
                                    "q_lossy_profile": {"pool": "egress_lossless_pool", "size": "0", "dynamic_th": "7"}},
                 "BUFFER_PG": {"Ethernet0,Ethernet4|3": {"profile": "[BUFFER_PROFILE|pg_lossless_100000_5m_profile]"},
                               "Ethernet8|3": {"profile": "NULL"}},
                 "BUFFER_QUEUE": {"Ethernet0|0-2": {"profile": "q_lossy_profile"}},
                 "PORT_QOS_MAP": {"Ethernet0,Ethernet4,Ethernet8": {"pfc_enable": "3", "dscp_to_tc_map": "AZURE",
                                                                   "tc_to_pg_map": "AZURE"}},
                 "DSCP_TO_TC_MAP": {"AZURE": {"3": "3", "26": "1", "46": "5"}},
                 "TC_TO_PRIORITY_GROUP_MAP": {"AZURE": {"3": "3", "1": "0"}},
                 "ASIC_TABLE": {"MELLANOX-SPECTRUM": {"cell_size": "96", "pipeline_latency": "18"}},
                 "FLEX_COUNTER_TABLE": {"PG_WATERMARK": {"FLEX_COUNTER_STATUS": "enable"}}}
                """;
        final SonicImport imp = SonicImporter.importJson(DB, "spectrum.json");

        @Test
        void spectrumSizeIsHeadroomAndXonBecomesTheSaiXonLevel() {
            PfcSettings p = imp.settings().pfc();
            assertEquals(List.of(3), p.priorities());
            // SAI: XON at max(xon, T - xon_offset), xon_offset unset = 0: XON when back at T, not at 19,456 B
            assertNull(p.xon(), "not the model's absolute XON level");
            assertEquals(0L, p.xonOffset());
            assertTrue(any(imp.notes(), "warning:", "Mellanox xon 19456 B converted to xon_offset: 0"), imp.notes().toString());
            assertNull(p.reserved(), "size = xon + xoff: Spectrum meaning");
            assertEquals(30_720, p.headroomBytes());
            assertEquals(0, p.dynamicTh());
            // the egress pool has no size (dynamic buffer model): no pool is imported, so the profile names none
            assertNull(p.pool());
            assertTrue(any(imp.notes(), "Spectrum meaning"));
        }

        @Test
        void mapsCellSizeAndLint() {
            SwitchSettings s = imp.settings();
            assertEquals(96, s.cellSize());
            assertEquals(Map.of(3, 3, 26, 1, 46, 5), s.qosMap().dscpToTc());
            assertEquals(Map.of(1, 0, 3, 3), s.qosMap().tcToPg());
            assertTrue(any(imp.notes(), "DSCPs carried lossless: 3"), imp.notes().toString());
            assertTrue(any(imp.notes(), "lossless BUFFER_PG profile differs", "NULL"));
            assertTrue(any(imp.unmapped(), "table FLEX_COUNTER_TABLE"));
            // issue 31: importing only the sized ingress pool wrote a section its loader refuses (no egress pool, a
            // queue profile naming egress_lossless_pool): with a pool of unknown size, none is imported
            assertTrue(any(imp.unmapped(), "egress_lossless_pool without a size", "no pool imported"),
                    imp.unmapped().toString());
            assertTrue(any(imp.unmapped(), "ASIC_TABLE|MELLANOX-SPECTRUM.pipeline_latency"));
            assertNull(s.pools());
            assertNull(s.lossyQueue() == null ? null : s.lossyQueue().pool());
        }

        @Test
        void warnsWhenNoDscpReachesALosslessPriority() {
            String db = DB.replace("\"3\": \"3\", \"26\"", "\"3\": \"1\", \"26\"");
            SonicImport i = SonicImporter.importJson(db, "x.json");
            assertTrue(any(i.notes(), "warning: no DSCP maps to a PFC-enabled priority [3]"), i.notes().toString());
        }
    }

    @Nested
    class BadInput {
        /** Issue 31: a duplicate key was accepted (the last one silently won). */
        @Test
        void aDuplicateKeyIsRefused() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SonicImporter.importJson(
                    "{\"BUFFER_POOL\": {\"p\": {\"type\": \"ingress\", \"size\": \"1\"},\n"
                            + "\"p\": {\"type\": \"egress\", \"size\": \"2\"}}}", "dup.json"));
            assertTrue(e.getMessage().startsWith("dup.json: not valid JSON at line 2")
                    && e.getMessage().endsWith("the key 'p' appears twice in one object (CONFIG_DB keys are unique; which "
                    + "one would apply?)"), e.getMessage());
        }

        /** Issue 31: a pool name the scenario loader refuses was written into the section. */
        @Test
        void aPoolNameTheScenarioRefusesIsRefusedHere() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SonicImporter.importJson(
                    "{\"BUFFER_POOL\": {\"in pool\": {\"type\": \"ingress\", \"size\": \"1000\"},"
                            + "\"out\": {\"type\": \"egress\", \"size\": \"1000\"}}}", "n.json"));
            assertEquals("n.json: BUFFER_POOL|in pool: not a pool name a scenario accepts (letters, digits, '.', '_' and "
                    + "'-'); rename the pool and its references", e.getMessage());
        }

        @Test
        void invalidJsonNamesFileAndLine() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SonicImporter.importJson("{\n  \"BUFFER_POOL\": {,}\n}", "bad.json"));
            assertTrue(e.getMessage().startsWith("bad.json: not valid JSON at line 2"), e.getMessage());
        }

        @Test
        void badValueNamesTableKeyAndField() {
            String db = "{\"BUFFER_PROFILE\": {\"p\": {\"pool\": \"x\", \"xoff\": \"1000\", \"dynamic_th\": \"minus3\"}},"
                    + "\"BUFFER_PG\": {\"Ethernet0|3\": {\"profile\": \"p\"}}}";
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SonicImporter.importJson(db, "c.json"));
            // the range is the scenario key's (SONiC's YANG -8..7), no longer a wider one of the importer's own
            assertEquals("c.json: BUFFER_PROFILE|p.dynamic_th: 'minus3': expected an integer in -8..7", e.getMessage());
        }

        @Test
        void dynamicThOutsideSonicsRangeIsRefused() {
            String db = "{\"BUFFER_PROFILE\": {\"p\": {\"pool\": \"x\", \"xoff\": \"1000\", \"dynamic_th\": \"8\"}},"
                    + "\"BUFFER_PG\": {\"Ethernet0|3\": {\"profile\": \"p\"}}}";
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SonicImporter.importJson(db, "c.json"));
            assertEquals("c.json: BUFFER_PROFILE|p.dynamic_th: '8': expected an integer in -8..7", e.getMessage());
        }

        @Test
        void missingProfileAndFile() {
            String db = "{\"BUFFER_PG\": {\"Ethernet0|3\": {\"profile\": \"nope\"}}}";
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SonicImporter.importJson(db, "c.json"));
            assertTrue(e.getMessage().contains("profile 'nope' is not in BUFFER_PROFILE"), e.getMessage());
            IllegalArgumentException f = assertThrows(IllegalArgumentException.class,
                    () -> SonicImporter.importFile(Path.of("/nonexistent/config_db.json")));
            assertEquals("/nonexistent/config_db.json: no such file", f.getMessage());
        }

        @Test
        void fixtureIsReadable() {
            assertTrue(Files.isReadable(FIXTURE));
        }
    }

    /**
     * The traffic-class maps: DSCP_TO_TC_MAP, TC_TO_PRIORITY_GROUP_MAP, TC_TO_QUEUE_MAP and MAP_PFC_PRIORITY_TO_QUEUE
     * bound per port by PORT_QOS_MAP (a file written for this test with SONiC's table and field names).
     */
    @Nested
    class QosMaps {
        static final String DB = """
                {"PORT_QOS_MAP": {"Ethernet0,Ethernet4": {"pfc_enable": "3,4", "dscp_to_tc_map": "AZURE",
                                      "tc_to_pg_map": "AZURE", "tc_to_queue_map": "AZURE", "pfc_to_queue_map": "AZURE"},
                                  "Ethernet8": {"pfc_enable": "3,4", "dscp_to_tc_map": "STORAGE",
                                      "tc_to_pg_map": "AZURE", "tc_to_queue_map": "AZURE", "pfc_to_queue_map": "AZURE"}},
                 "DSCP_TO_TC_MAP": {"AZURE": {"3": "3", "4": "4", "26": "3", "46": "5", "48": "6"},
                                    "STORAGE": {"10": "1", "26": "3"}},
                 "TC_TO_PRIORITY_GROUP_MAP": {"AZURE": {"3": "3", "4": "4", "1": "0"}},
                 "TC_TO_QUEUE_MAP": {"AZURE": {"0": "0", "1": "1", "3": "3", "4": "4", "5": "5", "6": "6"}},
                 "MAP_PFC_PRIORITY_TO_QUEUE": {"AZURE": {"3": "3", "4": "4"}}}
                """;
        final SonicImport imp = SonicImporter.importJson(DB, "maps.json");

        @Test
        void mapsOfTheMostCommonBindingAndTheOtherPortsNoted() {
            SwitchSettings s = imp.settings();
            assertEquals(List.of(3, 4), s.pfc().priorities());
            assertEquals(Map.of(3, 3, 4, 4, 26, 3, 46, 5, 48, 6), s.qosMap().dscpToTc());
            assertEquals(Map.of(1, 0, 3, 3, 4, 4), s.qosMap().tcToPg());
            assertEquals(Map.of(0, 0, 1, 1, 3, 3, 4, 4, 5, 5, 6, 6), s.qosMap().tcToQueue());
            assertTrue(any(imp.notes(), "dscp_to_tc_map differs between ports", "AZURE=2", "STORAGE=1",
                    "applies 'AZURE' to all ports"), imp.notes().toString());
            assertTrue(any(imp.unmapped(), "DSCP_TO_TC_MAP|STORAGE: bound to 1 port(s)"), imp.unmapped().toString());
            assertTrue(any(imp.notes(), "MAP_PFC_PRIORITY_TO_QUEUE|AZURE", "stops queue p", "as modelled"));
            // DSCPs 3, 4 and 26 reach TCs 3 and 4 (PFC); unlisted DSCPs go to TC 0
            assertTrue(any(imp.notes(), "DSCPs carried lossless: 3-4, 26"), imp.notes().toString());
            assertTrue(imp.notes().stream().noneMatch(n -> n.contains("QoS") || n.contains("priority group")),
                    "a consistent map: no lint finding " + imp.notes());
        }

        @Test
        void aPfcPriorityToQueueMapOtherThanTheIdentityIsWarned() {
            SonicImport i = SonicImporter.importJson(DB.replace("{\"3\": \"3\", \"4\": \"4\"}}}",
                    "{\"3\": \"3\", \"4\": \"5\"}}}"), "x.json");
            assertTrue(any(i.notes(), "warning: MAP_PFC_PRIORITY_TO_QUEUE|AZURE maps PFC priority 4 -> 5", "not modelled"),
                    i.notes().toString());
        }

        @Test
        void configurationLevelLintFindingsBecomeWarnings() {
            // TC 5 (lossy, DSCP 46 reaches it) joins PG 3 with TC 3: the lint's mixed-group finding
            SonicImport i = SonicImporter.importJson(DB.replace("\"1\": \"0\"}}", "\"1\": \"0\", \"5\": \"3\"}}"),
                    "x.json");
            assertTrue(any(i.notes(), "warning: switch.qos_map.tc_to_pg: priority group 3 holds lossless traffic class 3 "
                    + "and lossy class 5"), i.notes().toString());
            // TC 1 joins PG 3 too, but no DSCP of the applied map reaches it: nothing to say about it
            SonicImport j = SonicImporter.importJson(DB.replace("\"1\": \"0\"}}", "\"1\": \"3\"}}"), "y.json");
            assertTrue(j.notes().stream().noneMatch(n -> n.contains("priority group 3 holds")), j.notes().toString());
        }
    }

    @Nested
    class FixtureQosMaps {
        final SonicImport imp = SonicImporter.importFile(FIXTURE);

        @Test
        void referencedMapsTheFileLacksLeaveTheDefaultsAndSaySo() {
            // the fixture's PORT_QOS_MAP binds AZURE maps that are not in the file (they come from SONiC's templates)
            assertEquals(List.of(3, 4), imp.settings().pfc().priorities());
            assertNull(imp.settings().qosMap());
            assertTrue(any(imp.notes(), "DSCP_TO_TC_MAP|AZURE", "not in the file", "DSCP d -> traffic class d/8"));
            assertTrue(any(imp.notes(), "TC_TO_PRIORITY_GROUP_MAP|AZURE", "not in the file", "identity"));
            assertTrue(any(imp.notes(), "TC_TO_QUEUE_MAP|AZURE", "not in the file", "identity"));
            assertTrue(any(imp.notes(), "DSCPs carried lossless (default map, DSCP d -> traffic class d/8): 24-39"),
                    imp.notes().toString());
        }
    }
}
