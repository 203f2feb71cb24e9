package org.lossless.verbs.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.verbs.measure.DcqcnKnobs;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.NicQos;
import org.lossless.verbs.measure.SwitchConfig;
import org.lossless.verbs.measure.SwitchCounters;

/** mlnx_qos, mlxconfig and the SONiC formats. */
class SettingsParsersTest {
    @Test
    void mlnxQosFixture() {
        NicQos q = ParseHelper.fixture("mlnx_qos_output_connectx_blog.txt").nicQos().get(0);
        assertEquals("Firmware controlled", q.dcbxMode());
        assertEquals("dscp", q.trust());
        assertEquals(3, q.dscpToPriority().get(26));
        assertEquals(6, q.dscpToPriority().get(48));
        assertEquals(64, q.dscpToPriority().size());
        assertEquals(List.of(130944L, 130944L, 0L, 0L, 0L, 0L, 0L, 0L), q.rxBufferBytes());
        assertEquals(262016L, q.maxBufferBytes());
        assertEquals(7, q.cableLengthM());
        assertEquals(List.of(3), q.pfcPriorities());
        assertEquals(List.of(0, 0, 0, 1, 0, 0, 0, 0), q.priorityToBuffer());
        assertEquals(3, q.trafficClasses().size());
        assertEquals(List.of(0, 1, 2, 4, 5, 7), q.trafficClasses().get(0).priorities());
        assertEquals(50, q.trafficClasses().get(1).bwPercent());
        assertEquals("vendor", q.trafficClasses().get(2).tsa());
        assertNull(q.trafficClasses().get(2).bwPercent());
        assertNull(q.trafficClasses().get(2).rateLimitGbps());
    }

    @Test
    void mlnxQosRateLimitAndBadTcLine() {
        NicQos q = ParseHelper.text("q.txt", "Priority trust state: pcp\ntc: 1 ratelimit: 25.0 Gbps, tsa: strict\n"
                + "         priority:  1\n").nicQos().get(0);
        assertEquals(25.0, q.trafficClasses().get(0).rateLimitGbps());
        assertEquals("strict", q.trafficClasses().get(0).tsa());
        ParseException e = assertThrows(ParseException.class,
                () -> ParseHelper.text("b.txt", "DCBX mode: OS controlled\ntc: x ratelimit\n"));
        assertTrue(e.getMessage().startsWith("b.txt:2: a 'tc:' line"), e.getMessage());
    }

    @Test
    void mlxconfigFixture() {
        List<DcqcnKnobs> k = ParseHelper.fixture("mlxconfig_q_roce_cc_section_connectx.txt").dcqcn();
        DcqcnKnobs p1 = k.stream().filter(x -> "P1".equals(x.scope())).findFirst().orElseThrow();
        assertEquals("mlxconfig", p1.source());
        assertEquals(300L, p1.values().get("RPG_TIME_RESET"));
        assertEquals(2L, p1.values().get("MIN_TIME_BETWEEN_CNPS"));
        assertEquals(1L, p1.values().get("CLAMP_TGT_RATE_AFTER_TIME_INC"), "True(1)");
        assertEquals(0L, p1.values().get("ROCE_CC_ALGORITHM"), "ECN(0)");
        assertEquals(48L, p1.values().get("CNP_DSCP"));
        assertEquals(3L, p1.values().get("NUM_OF_VL"), "_4_VLs(3)");
        DcqcnKnobs p2 = k.stream().filter(x -> "P2".equals(x.scope())).findFirst().orElseThrow();
        assertEquals(Map.of("ROCE_CC_PRIO_MASK", 255L, "ROCE_CC_ALGORITHM", 0L), p2.values());
    }

    @Test
    void sonicConfigDbFixture() {
        Measurement m = ParseHelper.fixture("sonic_config_db_qos_buffer_fragments.json");
        SwitchConfig c = m.switchConfig().get(0);
        assertEquals("config_db", c.kind());
        assertEquals(List.of("3", "4"), c.settings().get("switch.pfc.priorities"), c.settings().toString());
        assertTrue(c.settings().keySet().stream().anyMatch(k -> k.startsWith("switch.ecn")), c.settings().toString());
    }

    @Test
    void pgProfileLookupFixtures() {
        SwitchConfig a = ParseHelper.fixture("sonic_pg_profile_lookup_arista7050qx32s_td2.ini").switchConfig().get(0);
        assertEquals(9, a.settings().size());
        assertEquals(Map.of("size", 48464L, "xon", 18432L, "xoff", 47216L, "threshold", -3L, "xon_offset", 2496L),
                a.settings().get("100000/5m"));
        SwitchConfig s = ParseHelper.fixture("sonic_pg_profile_lookup_msn2700_spectrum1.ini").switchConfig().get(0);
        assertEquals(15, s.settings().size());
        assertEquals(Map.of("size", 123904L, "xon", 19456L, "xoff", 104448L, "threshold", 0L),
                s.settings().get("100000/300m"));
    }

    @Test
    void sonicPfcQueueAndWatermarkTables() {
        String t = """
                  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7
                ---------  ------  ------  ------  ------  ------  ------  ------  ------
                Ethernet0   1,200     201     202     203     204     205     206     N/A

                  Port Tx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7
                ---------  ------  ------  ------  ------  ------  ------  ------  ------
                Ethernet0   1,210     211     212     213     214     215     216     217

                For namespace :
                     Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
                ---------  -----  --------------  ---------------  -----------  ------------
                Ethernet4    UC3            8193           852072        91786       9545744

                Ingress shared pool occupancy per PG:
                       Port    PG0    PG1    PG2      PG3    PG4    PG5    PG6    PG7
                -----------  -----  -----  -----  -------  -----  -----  -----  -----
                Ethernet120      0      0      0  2092800      0      0      0  18432
                """;
        List<SwitchCounters> c = ParseHelper.text("sonic.txt", t).switchCounters();
        SwitchCounters p0 = c.get(0);
        assertEquals("Ethernet0", p0.port());
        assertEquals("0", p0.index());
        assertEquals(1200L, p0.values().get("pause_rx"));
        assertEquals(1210L, p0.values().get("pause_tx"));
        assertNull(c.get(7).values().get("pause_rx"), "N/A");
        assertEquals(217L, c.get(7).values().get("pause_tx"));
        SwitchCounters q = c.get(8);
        assertEquals("queue", q.kind());
        assertEquals("UC3", q.index());
        assertEquals(91786L, q.values().get("drop_packets"));
        SwitchCounters pg3 = c.get(12);
        assertEquals("pg_watermark", pg3.kind());
        assertEquals("PG3", pg3.index());
        assertEquals(2092800L, pg3.values().get("bytes"));
    }
}
