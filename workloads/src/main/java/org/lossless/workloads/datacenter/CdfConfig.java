package org.lossless.workloads.datacenter;

import org.lossless.workloads.traffic.ConnectionOptions;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Open-loop datacenter traffic: each host starts flows as a Poisson process whose sizes come from a flow-size
 * distribution, at a rate that loads its link to {@code load} with payload bytes (docs/workloads.md, "CDF
 * traffic").
 *
 * @param name       workload name
 * @param cdf        flow sizes
 * @param hosts      hosts that send and receive (distinct, at least 2)
 * @param load       payload load of each sending host's link, in (0, 1]: mean inter-arrival =
 *                   mean size x 8 / (link rate x load)
 * @param startPs    first possible arrival, ps
 * @param durationPs arrivals at or after start + duration are not generated, ps (&gt; 0)
 * @param matrix     destination weights over {@code hosts} positions, or null for uniform over the other hosts
 * @param incast     incast events added on top, or null
 * @param priority   802.1p priority of the flows
 * @param dscp DSCP of the job's packets (switches classify them by it), 0..63, or
 *             {@link ConnectionOptions#DSCP_FROM_PRIORITY} for the class selector of its priority (8 x priority)
 * @param qps        QPs of each flow's connection
 */
public record CdfConfig(String name, FlowSizeCdf cdf, List<Integer> hosts, double load, long startPs, long durationPs,
                        TrafficMatrix matrix, IncastOverlay incast, int priority, int qps, int dscp) {
    /** A job marked with the default DSCP of its priority (8 x priority). */
    public CdfConfig(String name, FlowSizeCdf cdf, List<Integer> hosts, double load, long startPs, long durationPs,
                        TrafficMatrix matrix, IncastOverlay incast, int priority, int qps) {
        this(name, cdf, hosts, load, startPs, durationPs, matrix, incast, priority, qps,
                ConnectionOptions.DSCP_FROM_PRIORITY);
    }

    public CdfConfig {
        Objects.requireNonNull(name, "name");
        if (dscp < ConnectionOptions.DSCP_FROM_PRIORITY || dscp > 63) {
            throw new IllegalArgumentException(name + ": dscp must be 0..63, got " + dscp);
        }
        Objects.requireNonNull(cdf, "cdf");
        hosts = List.copyOf(hosts);
        distinct(name, hosts, 2);
        if (!(load > 0 && load <= 1)) {
            throw new IllegalArgumentException(name + ": load must be in (0, 1], got " + load);
        }
        if (startPs < 0 || durationPs <= 0) {
            throw new IllegalArgumentException(name + ": start must be >= 0 and duration > 0");
        }
        if (matrix != null && matrix.size() != hosts.size()) {
            throw new IllegalArgumentException(name + ": the traffic matrix is " + matrix.size() + " x " + matrix.size()
                    + " but there are " + hosts.size() + " hosts");
        }
        if (incast != null && incast.senders() > hosts.size() - 1) {
            throw new IllegalArgumentException(name + ": an incast of " + incast.senders() + " senders needs at least "
                    + (incast.senders() + 1) + " hosts, there are " + hosts.size());
        }
        if (priority < 0 || priority > 7 || qps < 1) {
            throw new IllegalArgumentException(name + ": priority must be 0..7 and qps >= 1");
        }
    }

    /** Checks a host list: at least {@code min} distinct non-negative hosts. */
    static void distinct(String name, List<Integer> hosts, int min) {
        if (hosts.size() < min) {
            throw new IllegalArgumentException(name + ": needs at least " + min + " hosts, got " + hosts.size());
        }
        Set<Integer> seen = new HashSet<>();
        for (int h : hosts) {
            if (h < 0 || !seen.add(h)) {
                throw new IllegalArgumentException(name + ": host " + h + " is negative or listed twice");
            }
        }
    }
}
