package org.lossless.workloads.datacenter;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.traffic.ConnectionOptions;

import java.util.List;
import java.util.Objects;

/**
 * Every host sends {@code size} to one other host, the pairs forming a random derangement (a
 * permutation without fixed points) drawn from the workload's stream {@code permutation}.
 *
 * @param name      workload name
 * @param hosts     hosts taking part (distinct, at least 2)
 * @param size      bytes per host (each host's message posts this value)
 * @param startPs   when every host starts, ps
 * @param priority  802.1p priority
 * @param dscp DSCP of the job's packets (switches classify them by it), 0..63, or
 *             {@link ConnectionOptions#DSCP_FROM_PRIORITY} for the class selector of its priority (8 x priority)
 * @param qps       QPs of each connection
 */
public record PermutationConfig(String name, List<Integer> hosts, MessageSize size, long startPs, int priority, int qps,
                                int dscp) {
    /** A job marked with the default DSCP of its priority (8 x priority). */
    public PermutationConfig(String name, List<Integer> hosts, MessageSize size, long startPs, int priority, int qps) {
        this(name, hosts, size, startPs, priority, qps, ConnectionOptions.DSCP_FROM_PRIORITY);
    }

    public PermutationConfig {
        Objects.requireNonNull(name, "name");
        if (dscp < ConnectionOptions.DSCP_FROM_PRIORITY || dscp > 63) {
            throw new IllegalArgumentException(name + ": dscp must be 0..63, got " + dscp);
        }
        hosts = List.copyOf(hosts);
        CdfConfig.distinct(name, hosts, 2);
        Objects.requireNonNull(size, "size");
        if (startPs < 0) {
            throw new IllegalArgumentException(name + ": start must be >= 0");
        }
        if (priority < 0 || priority > 7 || qps < 1) {
            throw new IllegalArgumentException(name + ": priority must be 0..7 and qps >= 1");
        }
    }

    /** Bytes per host, &gt;= 1. */
    public long sizeBytes() {
        return size.bytes();
    }
}
