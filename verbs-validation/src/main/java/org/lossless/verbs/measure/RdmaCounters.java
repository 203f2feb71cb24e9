package org.lossless.verbs.measure;

import java.util.Map;

/**
 * RDMA counters of one device port ({@code /sys/class/infiniband/<dev>/ports/<n>/hw_counters} and
 * {@code counters}) in canonical names; null = not available. Names: {@code ecn_marked}
 * (np_ecn_marked_roce_packets), {@code cnp_sent} (np_cnp_sent), {@code cnp_handled} (rp_cnp_handled),
 * {@code cnp_ignored}, {@code out_of_sequence}, {@code packet_seq_err}, {@code implied_nak_seq_err},
 * {@code local_ack_timeout_err}, {@code duplicate_request}, {@code rnr_nak_retry_err},
 * {@code adaptive_retransmissions} (roce_adp_retrans), {@code out_of_buffer}, {@code tx_bytes} and
 * {@code rx_bytes} (port_xmit_data / port_rcv_data x 4: the PMA counts 4-byte words), and
 * {@code retransmission_events} = packet_seq_err + local_ack_timeout_err (the requester's go-back-N
 * triggers; null unless both are present).
 */
public record RdmaCounters(String host, String device, Integer port, Map<String, Long> values) {
    public RdmaCounters {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    }
}
