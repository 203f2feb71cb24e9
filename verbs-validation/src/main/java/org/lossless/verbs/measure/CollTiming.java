package org.lossless.verbs.measure;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One half (out-of-place or in-place) of an nccl-tests row.
 *
 * @param timeUs    time per iteration, µs
 * @param algbwGBps algorithm bandwidth S/t, GB/s (10^9 B/s)
 * @param busbwGBps bus bandwidth, algbw x the collective's factor, GB/s
 * @param wrong     {@code #wrong} count, or null when printed as N/A or not printed (older versions print a
 *                  floating-point {@code error} instead: kept in {@code extra})
 * @param extra     other columns of this half as printed (e.g. {@code i_p99}), name to text
 */
public record CollTiming(double timeUs, @JsonProperty("algbw_GBps") double algbwGBps,
                         @JsonProperty("busbw_GBps") double busbwGBps, Long wrong, Map<String, String> extra) {
    public CollTiming {
        extra = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }
}
