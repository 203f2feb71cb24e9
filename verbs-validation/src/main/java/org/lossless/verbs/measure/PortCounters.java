package org.lossless.verbs.measure;

import java.util.Map;

/**
 * NIC port counters from {@code ethtool -S}, in canonical names. Every name of the scope is present; a
 * null value means the source did not have the counter (not available, never 0).
 *
 * <p>Per priority ({@code priority} 0..7): {@code pause_rx}, {@code pause_tx} (PFC frames received / sent),
 * {@code pause_rx_duration_us} (time this port could not send), {@code pause_tx_duration_us},
 * {@code pause_transitions}, {@code rx_bytes}, {@code tx_bytes}, {@code rx_packets}, {@code tx_packets},
 * {@code ecn_marked}, {@code buf_discard}, {@code cong_discard}, {@code discards}.
 * Whole port ({@code priority} null): {@code pause_rx_frames}, {@code pause_tx_frames}, {@code rx_discards},
 * {@code tx_discards}, {@code rx_out_of_buffer}, {@code ecn_marked} (sum of {@code rx<i>_ecn_mark}),
 * {@code rdma_rx_bytes}, {@code rdma_tx_bytes}, {@code pause_storm_warnings}, {@code pause_storm_errors},
 * {@code buffer_passed_threshold}.
 *
 * @param host   lab host, or null
 * @param netdev network interface, or null when the source does not say
 */
public record PortCounters(String host, String netdev, Integer priority, Map<String, Long> values) {
    public PortCounters {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    }
}
