package org.lossless.workloads.flows;

import org.lossless.core.net.MessageSize;

/**
 * One flow of a static list as {@link FlowsProgram} reads it: the record that holds it (the scenario's
 * {@code WorkloadConfig.FlowSpec}, or a hand-built engine input's flow) validated it when it was made, and the
 * program posts it as it is, with no copy: one RDMA WRITE of {@link #size} from {@link #src} to {@link #dst}, the
 * message holding that size value itself.
 */
public interface ListedFlow {
    /** Sending host, &gt;= 0. */
    int src();

    /** Receiving host, &gt;= 0 and != {@link #src}. */
    int dst();

    /** Payload bytes, the value made where it was read (checked there, not again). */
    MessageSize size();

    /** Payload bytes, &gt;= 1. */
    default long sizeBytes() {
        return size().bytes();
    }

    /** When it is posted, ps (&gt;= 0). */
    long startPs();

    /** 802.1p priority of its connection, 0..7. */
    int priority();

    /** QPs of its connection, 1..{@link org.lossless.workloads.traffic.ConnectionOptions#MAX_QPS}. */
    int qps();

    /** Connection name within its workload, or null for a connection of its own. */
    String connection();

    /**
     * DSCP of its connection's packets, 0..63, or
     * {@link org.lossless.workloads.traffic.ConnectionOptions#DSCP_FROM_PRIORITY}.
     */
    int dscp();
}
