package org.lossless.verbs.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.verbs.measure.DcqcnKnobs;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.PortCounters;
import org.lossless.verbs.measure.RdmaCounters;

class CountersTest {
    @Test
    void ethtoolFixtureWithoutPfcHasNoPauseCountersNotZeroOnes() {
        Measurement m = ParseHelper.fixture("ethtool_S_mlx5_connectx4_ubuntu1804_ethq.txt");
        List<PortCounters> prio = m.ports().stream().filter(p -> p.priority() != null).toList();
        assertEquals(8, prio.size(), "rx/tx_prio0..7 bytes are present");
        PortCounters p3 = prio.get(3);
        assertTrue(p3.values().containsKey("pause_rx"));
        assertNull(p3.values().get("pause_rx"), "PFC off: rx_prio3_pause is absent, so not available");
        assertNull(p3.values().get("pause_rx_duration_us"));
        assertEquals(0L, p3.values().get("rx_bytes"));
        assertEquals(2202570777997L, prio.get(0).values().get("rx_bytes"));
        PortCounters port = m.ports().get(m.ports().size() - 1);
        assertNull(port.priority());
        assertEquals(0L, port.values().get("pause_rx_frames"), "rx_pause_ctrl_phy is present and 0");
        assertEquals(0L, port.values().get("rx_out_of_buffer"));
        assertNull(port.values().get("ecn_marked"), "no rx<i>_ecn_mark counter in this driver");
        assertTrue(m.notAvailable().stream().anyMatch(s -> s.startsWith("ethtool") && s.contains("priority 3")
                && s.contains("rx_prio3_pause")), m.notAvailable().toString());
        assertEquals(2195783498134L, m.rawCounters().get(0).values().get("rx_bytes"));
    }

    @Test
    void ethtoolWithHeaderIndentationAndPfc() {
        String t = """
                NIC statistics:
                     rx_prio3_bytes: 1000
                     rx_prio3_pause: 1234
                     rx_prio3_pause_duration: 5678
                     tx_prio3_pause: 7
                     rx_prio0_bytes: 5
                     rx0_ecn_mark: 10
                     rx1_ecn_mark: 32
                     link_layer: Ethernet
                """;
        Measurement m = ParseHelper.text("eth.txt", t);
        PortCounters p0 = m.ports().get(0);
        PortCounters p3 = m.ports().get(1);
        assertEquals(0, p0.priority());
        assertNull(p0.values().get("pause_rx"));
        assertEquals(1234L, p3.values().get("pause_rx"));
        assertEquals(5678L, p3.values().get("pause_rx_duration_us"));
        assertEquals(7L, p3.values().get("pause_tx"));
        assertEquals(42L, m.ports().get(2).values().get("ecn_marked"), "summed over rings");
        assertTrue(m.warnings().contains("eth.txt:9: link_layer has a non-numeric value 'Ethernet', skipped"),
                m.warnings().toString());
    }

    @Test
    void garbageInsideIsAnErrorAndACutLastLineAWarning() {
        ParseException e = assertThrows(ParseException.class,
                () -> ParseHelper.text("g.txt", "rx_packets: 1\nthis is not a counter\ntx_packets: 2\n"));
        assertEquals("g.txt:2: expected 'name: value', found: this is not a counter", e.getMessage());
        Measurement m = ParseHelper.text("c.txt", "rx_packets: 1\ntx_packets: 2\nrx_prio3_pa");
        assertEquals(1L, m.rawCounters().get(0).values().get("rx_packets"));
        assertTrue(m.warnings().get(0).startsWith("c.txt:3: truncated last line ignored"), m.warnings().toString());
    }

    @Test
    void hwCountersAsNameValueList() {
        String t = """
                np_ecn_marked_roce_packets: 1500
                np_cnp_sent: 400
                rp_cnp_handled: 380
                out_of_sequence: 2
                packet_seq_err: 1
                local_ack_timeout_err: 0
                """;
        RdmaCounters r = ParseHelper.text("hw.txt", t).rdma().get(0);
        assertEquals(1500L, r.values().get("ecn_marked"));
        assertEquals(400L, r.values().get("cnp_sent"));
        assertEquals(380L, r.values().get("cnp_handled"));
        assertEquals(1L, r.values().get("retransmission_events"));
        assertNull(r.values().get("cnp_ignored"));
        assertNull(r.values().get("tx_bytes"));
    }

    @Test
    void sysfsDumpGroupsRdmaAndDcqcn() {
        String t = """
                /sys/class/infiniband/mlx5_0/ports/1/hw_counters/np_cnp_sent:12
                /sys/class/infiniband/mlx5_0/ports/1/hw_counters/rp_cnp_handled:11
                /sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_data:1000
                /sys/class/net/ens1f0/ecn/roce_rp/rpg_time_reset:300
                /sys/class/net/ens1f0/ecn/roce_rp/enable/3:1
                /sys/class/net/ens1f0/ecn/roce_rp/enable/4:0
                /sys/class/net/ens1f0/ecn/roce_np/min_time_between_cnps:4
                /sys/class/net/ens1f0/ecn/roce_np/enable/3:1
                /sys/class/infiniband/mlx5_0/node_desc:host mlx5_0
                """;
        Measurement m = ParseHelper.text("sys.txt", t);
        RdmaCounters r = m.rdma().get(0);
        assertEquals("mlx5_0", r.device());
        assertEquals(1, r.port());
        assertEquals(12L, r.values().get("cnp_sent"));
        assertEquals(4000L, r.values().get("tx_bytes"), "port_xmit_data counts 4-byte words");
        DcqcnKnobs k = m.dcqcn().get(0);
        assertEquals("ens1f0", k.scope());
        assertEquals(300L, k.values().get("roce_rp/rpg_time_reset"));
        assertEquals(4L, k.values().get("roce_np/min_time_between_cnps"));
        assertEquals(List.of(3), k.rpPriorities());
        assertEquals(List.of(3), k.npPriorities());
        assertEquals(1, m.warnings().size(), "node_desc is text");
    }

    @Test
    void dcqcnKnobsAsNameValueList() {
        DcqcnKnobs k = ParseHelper.text("k.txt", "rpg_time_reset: 300\nrpg_ai_rate: 5\nmin_time_between_cnps: 4\n").dcqcn().get(0);
        assertEquals(300L, k.values().get("roce_rp/rpg_time_reset"));
        assertEquals(4L, k.values().get("roce_np/min_time_between_cnps"));
    }
}
