package org.lossless.workloads.replay;

import java.util.Arrays;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.traffic.ConnectionOptions;

/**
 * One message of a dependency graph to replay (a {@code flows} workload with {@code depends_on}, e.g. made
 * from {@code lossless export flows}). A message is known by its position in the graph.
 *
 * @param src        sending host
 * @param dst        receiving host, != src
 * @param size       payload bytes (the flow's own value, posted as it is)
 * @param startPs    earliest post time, ps &gt;= 0
 * @param priority   802.1p priority of its connection, 0..7
 * @param qps        QPs of its connection, 1..{@link ConnectionOptions#MAX_QPS}
 * @param connection messages naming the same connection share it and are sent in graph order; null for a
 *                   connection of its own
 * @param dependsOn  positions of earlier messages whose delivery it waits for (may be empty)
 * @param delayPs    after the last of those is delivered, the sender waits this long before posting, ps &gt;= 0
 * @param dscp       DSCP of its connection's packets, 0..63, or {@link ConnectionOptions#DSCP_FROM_PRIORITY} (the
 *                   class selector of its priority, 8 x priority)
 */
public record DagMessage(int src, int dst, MessageSize size, long startPs, int priority, int qps, String connection,
                         int[] dependsOn, long delayPs, int dscp) {
    /** A message marked with the default DSCP of its priority. */
    public DagMessage(int src, int dst, MessageSize size, long startPs, int priority, int qps, String connection,
                      int[] dependsOn, long delayPs) {
        this(src, dst, size, startPs, priority, qps, connection, dependsOn, delayPs,
                ConnectionOptions.DSCP_FROM_PRIORITY);
    }

    public DagMessage {
        if (src < 0 || dst < 0 || src == dst) {
            throw new IllegalArgumentException("a message needs two different hosts, got " + src + " -> " + dst);
        }
        java.util.Objects.requireNonNull(size, "size");
        if (startPs < 0 || delayPs < 0) {
            throw new IllegalArgumentException("a message needs a start >= 0 and a delay >= 0");
        }
        new ConnectionOptions(priority, qps, null, dscp);
        dependsOn = dependsOn == null ? new int[0] : dependsOn.clone();
    }

    /** Payload bytes, &gt;= 1. */
    public long bytes() {
        return size.bytes();
    }

    @Override
    public int[] dependsOn() {
        return dependsOn.clone();
    }

    ConnectionOptions options() {
        return ConnectionOptions.of(priority).withQps(qps).withDscp(dscp);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DagMessage m && m.src == src && m.dst == dst && m.size.equals(size) && m.startPs == startPs
                && m.priority == priority && m.qps == qps && java.util.Objects.equals(m.connection, connection)
                && Arrays.equals(m.dependsOn, dependsOn) && m.delayPs == delayPs && m.dscp == dscp;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(src, dst, size, startPs, connection) * 31 + Arrays.hashCode(dependsOn);
    }
}
