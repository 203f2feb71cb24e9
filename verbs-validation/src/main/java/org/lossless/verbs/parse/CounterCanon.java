package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.verbs.measure.DcqcnKnobs;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.PortCounters;
import org.lossless.verbs.measure.RawCounters;
import org.lossless.verbs.measure.RdmaCounters;

/**
 * Raw counter dumps to the record's canonical names ({@link PortCounters}, {@link RdmaCounters},
 * {@link DcqcnKnobs}). Names follow mlx5 (the kernel's mlx5 counters documentation and
 * {@code drivers/infiniband/hw/mlx5/counters.c}); a canonical counter whose source name is absent is
 * null and listed in the record's {@code not_available}.
 */
public final class CounterCanon {
    private static final Pattern PRIO = Pattern.compile("^(?:rx|tx)_prio(\\d)_");
    private static final Pattern ECN_RING = Pattern.compile("^rx\\d+_ecn_mark$");
    /** Canonical per-priority name to the ethtool name with {@code %d} for the priority. */
    private static final Map<String, String> PER_PRIO = map(
            "pause_rx", "rx_prio%d_pause", "pause_tx", "tx_prio%d_pause",
            "pause_rx_duration_us", "rx_prio%d_pause_duration", "pause_tx_duration_us", "tx_prio%d_pause_duration",
            "pause_transitions", "rx_prio%d_pause_transition", "rx_bytes", "rx_prio%d_bytes", "tx_bytes", "tx_prio%d_bytes",
            "rx_packets", "rx_prio%d_packets", "tx_packets", "tx_prio%d_packets", "ecn_marked", "rx_prio%d_marked",
            "buf_discard", "rx_prio%d_buf_discard", "cong_discard", "rx_prio%d_cong_discard", "discards", "rx_prio%d_discards");
    private static final Map<String, String> PER_PORT = map(
            "pause_rx_frames", "rx_pause_ctrl_phy", "pause_tx_frames", "tx_pause_ctrl_phy", "rx_discards", "rx_discards_phy",
            "tx_discards", "tx_discards_phy", "rx_out_of_buffer", "rx_out_of_buffer", "ecn_marked", "rx<i>_ecn_mark",
            "rdma_rx_bytes", "rx_vport_rdma_unicast_bytes", "rdma_tx_bytes", "tx_vport_rdma_unicast_bytes",
            "pause_storm_warnings", "tx_pause_storm_warning_events", "pause_storm_errors", "tx_pause_storm_error_events",
            "buffer_passed_threshold", "rx_buffer_passed_thres_phy");
    private static final Map<String, String> RDMA = map(
            "ecn_marked", "np_ecn_marked_roce_packets", "cnp_sent", "np_cnp_sent", "cnp_handled", "rp_cnp_handled",
            "cnp_ignored", "rp_cnp_ignored", "out_of_sequence", "out_of_sequence", "packet_seq_err", "packet_seq_err",
            "implied_nak_seq_err", "implied_nak_seq_err", "local_ack_timeout_err", "local_ack_timeout_err",
            "duplicate_request", "duplicate_request", "rnr_nak_retry_err", "rnr_nak_retry_err",
            "adaptive_retransmissions", "roce_adp_retrans", "out_of_buffer", "out_of_buffer",
            "tx_bytes", "port_xmit_data", "rx_bytes", "port_rcv_data");
    /** hw_counters names (mlx5 and Soft-RoCE) that identify a 'name: value' list as RDMA counters. */
    static final java.util.Set<String> RDMA_NAMES = java.util.Set.of("np_ecn_marked_roce_packets", "np_cnp_sent",
            "rp_cnp_handled", "rp_cnp_ignored", "out_of_sequence", "packet_seq_err", "implied_nak_seq_err",
            "local_ack_timeout_err", "duplicate_request", "rnr_nak_retry_err", "roce_adp_retrans", "out_of_buffer",
            "rx_icrc_encapsulated", "port_xmit_data", "port_rcv_data", "sent_pkts", "rcvd_pkts", "out_of_seq_request",
            "rcvd_seq_err", "retry_exceeded_err", "completer_retry_err", "resp_cqe_error", "req_cqe_error");
    /** DCQCN knobs of the notification point; every other known knob is the reaction point's. */
    static final java.util.Set<String> NP_KNOBS = java.util.Set.of("min_time_between_cnps", "cnp_dscp", "cnp_802p_prio",
            "cnp_prio_mode");
    static final java.util.Set<String> RP_KNOBS = java.util.Set.of("clamp_tgt_rate", "clamp_tgt_rate_after_time_inc",
            "rpg_time_reset", "rpg_byte_reset", "rpg_threshold", "rpg_ai_rate", "rpg_hai_rate", "rpg_gd", "rpg_min_dec_fac",
            "rpg_max_rate", "rpg_min_rate", "rate_to_set_on_first_cnp", "dce_tcp_g", "dce_tcp_rtt",
            "rate_reduce_monitor_period", "initial_alpha_value");

    private CounterCanon() {
    }

    /** Adds the canonical records of {@code dumps} for {@code host} (null for a file parsed on its own). */
    public static void add(MeasurementBuilder b, String host, String source, List<CounterDump> dumps) {
        for (CounterDump d : dumps) {
            if (d.values().isEmpty()) {
                continue;
            }
            String where = (host == null ? "" : host + "/") + (d.scope() == null ? source : d.scope());
            switch (d.kind()) {
                case ETHTOOL -> {
                    b.rawCounters.add(new RawCounters(host, "ethtool -S", d.scope(), d.values()));
                    ethtool(b, host, where, d);
                }
                case RDMA -> {
                    b.rawCounters.add(new RawCounters(host, "rdma", d.scope(), d.values()));
                    rdma(b, host, where, d);
                }
                case DCQCN, DCQCN_DEBUGFS -> b.dcqcn.add(knobs(host, d));
                default -> b.rawCounters.add(new RawCounters(host, "sysfs", d.scope(), d.values()));
            }
        }
    }

    private static void ethtool(MeasurementBuilder b, String host, String where, CounterDump d) {
        Map<String, Long> v = d.values();
        TreeSet<Integer> prios = new TreeSet<>();
        for (String name : v.keySet()) {
            Matcher m = PRIO.matcher(name);
            if (m.find()) {
                prios.add(Integer.parseInt(m.group(1)));
            }
        }
        for (int p : prios) {
            Map<String, Long> row = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            for (Map.Entry<String, String> e : PER_PRIO.entrySet()) {
                String src = String.format(e.getValue(), p);
                row.put(e.getKey(), v.get(src));
                if (!v.containsKey(src)) {
                    missing.add(src);
                }
            }
            b.ports.add(new PortCounters(host, d.scope(), p, row));
            if (!missing.isEmpty()) {
                b.notAvailable.add(where + " priority " + p + ": " + String.join(", ", missing));
            }
        }
        Map<String, Long> port = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> e : PER_PORT.entrySet()) {
            Long value = e.getKey().equals("ecn_marked") ? ringSum(v) : v.get(e.getValue());
            port.put(e.getKey(), value);
            if (value == null) {
                missing.add(e.getValue());
            }
        }
        b.ports.add(new PortCounters(host, d.scope(), null, port));
        if (!missing.isEmpty()) {
            b.notAvailable.add(where + " port: " + String.join(", ", missing));
        }
    }

    private static Long ringSum(Map<String, Long> v) {
        Long sum = null;
        for (Map.Entry<String, Long> e : v.entrySet()) {
            if (ECN_RING.matcher(e.getKey()).matches()) {
                sum = (sum == null ? 0 : sum) + e.getValue();
            }
        }
        return sum;
    }

    private static void rdma(MeasurementBuilder b, String host, String where, CounterDump d) {
        Map<String, Long> v = d.values();
        Map<String, Long> row = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> e : RDMA.entrySet()) {
            Long value = v.get(e.getValue());
            if (value == null && e.getKey().equals("out_of_sequence")) {
                value = v.get("out_of_seq_request"); // Soft-RoCE
            }
            if (value != null && (e.getKey().equals("tx_bytes") || e.getKey().equals("rx_bytes"))) {
                value = value * 4; // the PMA counts 4-byte words
            }
            row.put(e.getKey(), value);
            if (value == null) {
                missing.add(e.getValue());
            }
        }
        Long seq = row.get("packet_seq_err");
        Long timeouts = row.get("local_ack_timeout_err");
        row.put("retransmission_events", seq == null || timeouts == null ? null : seq + timeouts);
        String device = null;
        Integer port = null;
        if (d.scope() != null) {
            int slash = d.scope().indexOf('/');
            device = slash < 0 ? d.scope() : d.scope().substring(0, slash);
            port = slash < 0 ? null : Integer.valueOf(d.scope().substring(slash + 1));
        }
        b.rdma.add(new RdmaCounters(host, device, port, row));
        if (!missing.isEmpty()) {
            b.notAvailable.add(where + " rdma: " + String.join(", ", missing));
        }
    }

    private static DcqcnKnobs knobs(String host, CounterDump d) {
        Map<String, Long> values = new LinkedHashMap<>();
        List<Integer> rp = new ArrayList<>();
        List<Integer> np = new ArrayList<>();
        for (Map.Entry<String, Long> e : d.values().entrySet()) {
            String n = e.getKey();
            if (n.matches("roce_(rp|np)/enable/\\d")) {
                if (e.getValue() == 1) {
                    (n.startsWith("roce_rp") ? rp : np).add(Integer.parseInt(n.substring(n.length() - 1)));
                }
            } else {
                values.put(n, e.getValue());
            }
        }
        String source = d.kind() == CounterDump.Kind.DCQCN_DEBUGFS ? "debugfs" : "sysfs";
        return new DcqcnKnobs(host, source, d.scope(), values, rp, np);
    }

    /** The DCQCN side ("roce_rp" or "roce_np") of a knob name, or null for an unknown name. */
    static String side(String knob) {
        return NP_KNOBS.contains(knob) ? "roce_np" : RP_KNOBS.contains(knob) ? "roce_rp" : null;
    }

    private static Map<String, String> map(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }
}
