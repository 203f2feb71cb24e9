package org.lossless.experiments.run;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.flows.ListedFlow;

/**
 * A flow of a hand-built engine input (tests, benchmarks: {@link Traffic#of}): one RDMA WRITE, posted as it is by
 * the {@link StaticFlows} program of its workload. A scenario's flows never become one: their workload's own record
 * goes to its program ({@code WorkloadConfig.FlowSpec}).
 *
 * @param workload   name of the workload that generated it (e.g. {@code flows}, {@code incast})
 * @param qps        RC queue pairs the message is spread over, 1..{@link #MAX_QPS} ({@code QpSplit})
 * @param connection connection name within its workload (flows naming one connection share its QPs and are
 *                   sent in order), or null for a connection of its own
 * @param dscp       DSCP of its packets, 0..63, or -1 for the default of its priority (class selector 8·priority)
 */
public record FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority, int qps,
                       String connection, int dscp) implements ListedFlow {
    /** Most QPs one flow may use (scenario key {@code qps}). */
    public static final int MAX_QPS = org.lossless.workloads.traffic.ConnectionOptions.MAX_QPS;

    public FlowSpec {
        if (src < 0 || dst < 0 || src == dst) {
            throw new IllegalArgumentException("a flow needs two different hosts, got " + src + " -> " + dst);
        }
        MessageSize.check(sizeBytes, "flow size");
        if (startPs < 0) {
            throw new IllegalArgumentException("a flow needs a start >= 0");
        }
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("priority must be 0..7, got " + priority);
        }
        if (qps < 1 || qps > MAX_QPS) {
            throw new IllegalArgumentException("qps must be 1.." + MAX_QPS + ", got " + qps);
        }
        if (dscp < -1 || dscp > 63) {
            throw new IllegalArgumentException("dscp must be 0..63, got " + dscp);
        }
    }

    /** A flow with the default DSCP of its priority. */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority, int qps,
                    String connection) {
        this(workload, src, dst, sizeBytes, startPs, priority, qps, connection, -1);
    }

    /** A flow on a connection of its own with {@code qps} queue pairs. */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority, int qps) {
        this(workload, src, dst, sizeBytes, startPs, priority, qps, null);
    }

    /** A flow on one queue pair of its own. */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority) {
        this(workload, src, dst, sizeBytes, startPs, priority, 1);
    }
}
