package org.lossless.verbs.measure;

import java.util.List;
import java.util.Map;

/**
 * One perftest latency run ({@code ib_write_lat}, {@code ib_send_lat}, {@code ib_read_lat}).
 *
 * @param id     unique within the record
 * @param flowId the scenario flow it replays, or null
 * @param host   the lab host, or null
 * @param role   {@code client}, {@code server} or null
 * @param test   the banner, e.g. "RDMA_Write Latency Test"
 * @param header the {@code key : value} block as printed
 */
public record LatResult(String id, Long flowId, String host, String role, String test, Map<String, String> header,
                        List<LatSample> samples) {
    public LatResult {
        header = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(header));
        samples = List.copyOf(samples);
    }

    /** The same result attributed to a scenario flow, host, role and id. */
    public LatResult attributed(String newId, Long newFlowId, String newHost, String newRole) {
        return new LatResult(newId, newFlowId, newHost, newRole, test, header, samples);
    }

    /** Header value parsed as an integer, or null. */
    public Integer headerInt(String key) {
        return Header.intValue(header, key);
    }
}
