package org.lossless.verbs.measure;

import java.util.List;

/**
 * One {@code tc:} entry of {@code mlnx_qos}.
 *
 * @param rateLimitGbps null when unlimited
 * @param tsa           {@code ets}, {@code strict} or {@code vendor}
 * @param bwPercent     the ETS share, or null
 */
public record TrafficClass(int tc, Double rateLimitGbps, String tsa, Integer bwPercent, List<Integer> priorities) {
    public TrafficClass {
        priorities = List.copyOf(priorities);
    }
}
