package org.lossless.verbs.measure;

import java.util.List;
import java.util.Map;

/**
 * One perftest bandwidth run ({@code ib_write_bw}, {@code ib_send_bw}, {@code ib_read_bw}).
 *
 * @param id            unique within the record (e.g. the process id of the plan, or the file name)
 * @param flowId        the scenario flow it replays, or null when unknown (a file parsed on its own)
 * @param host          the lab host, or null
 * @param role          {@code client}, {@code server} (printed "Waiting for client to connect") or null
 * @param test          the banner, e.g. "RDMA_Write BW Test"
 * @param bidirectional {@code -b}: perftest adds the remote side's report to its own in some versions
 *                      and modes, so {@code goodputBps} may be the sum of both directions
 * @param peakMeasured  false when perftest did not measure BW peak (duration mode, {@code --run_infinitely},
 *                      {@code -N}: it prints 0.00); every sample's peak is then null
 * @param header        the {@code key : value} block as printed (unknown keys kept)
 * @param unit          the BW unit as printed: {@code MB/sec}, {@code MiB/sec} (both 2^20 B/s) or {@code Gb/sec}
 * @param goodputBps    the run's goodput, bits/s: the average of its rows when they all have the same message
 *                      size (one row, or {@code --run_infinitely}); the last (largest) size of an {@code -a}
 *                      sweep; null without rows
 * @param samples       the table rows in order
 */
public record BwResult(String id, Long flowId, String host, String role, String test, boolean bidirectional,
                       boolean peakMeasured, Map<String, String> header, String unit, Double goodputBps,
                       List<BwSample> samples) {
    public BwResult {
        header = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(header));
        samples = List.copyOf(samples);
    }

    /** Header value parsed as an integer (digits before any unit such as "[B]"), or null. */
    public Integer headerInt(String key) {
        return Header.intValue(header, key);
    }

    /** The same result attributed to a scenario flow, host, role and id. */
    public BwResult attributed(String newId, Long newFlowId, String newHost, String newRole) {
        return new BwResult(newId, newFlowId, newHost, newRole, test, bidirectional, peakMeasured, header, unit, goodputBps,
                samples);
    }
}
