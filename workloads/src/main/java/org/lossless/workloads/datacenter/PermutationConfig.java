package org.lossless.workloads.datacenter;

import java.util.List;
import java.util.Objects;

/**
 * Every host sends {@code sizeBytes} to one other host, the pairs forming a random derangement (a
 * permutation without fixed points) drawn from the workload's stream {@code permutation}.
 *
 * @param name      workload name
 * @param hosts     hosts taking part (distinct, at least 2)
 * @param sizeBytes bytes per host, &gt; 0
 * @param startPs   when every host starts, ps
 * @param priority  802.1p priority
 * @param qps       QPs of each connection
 */
public record PermutationConfig(String name, List<Integer> hosts, long sizeBytes, long startPs, int priority, int qps) {
    public PermutationConfig {
        Objects.requireNonNull(name, "name");
        hosts = List.copyOf(hosts);
        CdfConfig.distinct(name, hosts, 2);
        if (sizeBytes <= 0 || startPs < 0) {
            throw new IllegalArgumentException(name + ": size must be > 0 and start >= 0");
        }
        if (priority < 0 || priority > 7 || qps < 1) {
            throw new IllegalArgumentException(name + ": priority must be 0..7 and qps >= 1");
        }
    }
}
