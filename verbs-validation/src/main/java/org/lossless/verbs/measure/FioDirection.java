package org.lossless.verbs.measure;

import java.util.Map;

/**
 * One direction ({@code read}, {@code write}, {@code trim}) of a fio job.
 *
 * @param ioBytes          bytes moved
 * @param bwBytesPerSecond {@code bw_bytes} (fio's {@code bw} is KiB/s: bw x 1024)
 * @param iops             I/Os per second
 * @param runtimeMs        runtime, ms
 * @param latMeanNs        mean total latency, ns, or null
 * @param clatPercentilesNs completion-latency percentiles, ns, keyed as fio prints them ("99.000000")
 * @param totalIos         I/Os completed ({@code total_ios})
 * @param latPercentilesNs total-latency (submission + completion) percentiles, ns, as {@code clatPercentilesNs};
 *                         fio prints them only with {@code lat_percentiles=1} (empty otherwise)
 */
public record FioDirection(long ioBytes, double bwBytesPerSecond, double iops, long runtimeMs, Double latMeanNs,
                           Map<String, Long> clatPercentilesNs, long totalIos, Map<String, Long> latPercentilesNs) {
    public FioDirection {
        clatPercentilesNs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(clatPercentilesNs));
        latPercentilesNs = latPercentilesNs == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latPercentilesNs));
    }
}
