package org.lossless.verbs.measure;

import java.util.Map;

/**
 * Counters of one switch port and priority, queue or priority group (SONiC {@code show pfc counters},
 * {@code show queue counters}, {@code show ... watermark}). Null values: printed as N/A.
 *
 * @param kind  {@code pfc} (values {@code pause_rx}, {@code pause_tx}), {@code queue} ({@code tx_packets},
 *              {@code tx_bytes}, {@code drop_packets}, {@code drop_bytes}), {@code pg_watermark} or
 *              {@code queue_watermark} ({@code bytes})
 * @param index priority, queue ("UC3") or priority group
 */
public record SwitchCounters(String host, String port, String kind, String index, Map<String, Long> values) {
    public SwitchCounters {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    }
}
