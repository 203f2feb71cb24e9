package org.lossless.verbs.measure;

import java.util.Map;

/**
 * Every counter of one source as printed (deltas within a bundle), for what the canonical names do not cover.
 *
 * @param source e.g. "ethtool -S", "hw_counters", "sysfs"
 * @param scope  the interface or device the source names, or null
 */
public record RawCounters(String host, String source, String scope, Map<String, Long> values) {
    public RawCounters {
        values = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(values));
    }
}
