package org.lossless.workloads.traffic;

import org.lossless.core.net.Dscp;

/**
 * How a connection is set up.
 *
 * @param priority 802.1p priority of its data packets, 0..7
 * @param qps      RC queue pairs a message is spread over, 1..{@link #MAX_QPS} (NCCL_IB_QPS_PER_CONNECTION):
 *                 each QP has its own UDP source port (ECMP path), PSNs, rate limiter and CC state
 * @param cc       congestion control of its QPs by name ({@code dcqcn}, {@code none}, ...), or null for the
 *                 scenario's {@code nic.cc}
 * @param dscp     DSCP of its packets (the switches classify them by it), 0..63, or {@link #DSCP_FROM_PRIORITY}
 *                 for the default of its priority ({@link Dscp#ofPriority}: class selector 8·priority)
 */
public record ConnectionOptions(int priority, int qps, String cc, int dscp) {
    /** Most QPs one connection may use. */
    public static final int MAX_QPS = 64;
    /** {@code dscp} value meaning "the NIC's default for this priority". */
    public static final int DSCP_FROM_PRIORITY = -1;

    public ConnectionOptions {
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("priority must be 0..7, got " + priority);
        }
        if (qps < 1 || qps > MAX_QPS) {
            throw new IllegalArgumentException("qps must be 1.." + MAX_QPS + ", got " + qps);
        }
        if (dscp < DSCP_FROM_PRIORITY || dscp > 63) {
            throw new IllegalArgumentException("dscp must be 0..63, got " + dscp);
        }
    }

    /** One QP at {@code priority}, the scenario's congestion control and DSCP mapping. */
    public static ConnectionOptions of(int priority) {
        return new ConnectionOptions(priority, 1, null, DSCP_FROM_PRIORITY);
    }

    /** The DSCP its packets carry: {@code dscp}, or the default of its priority. */
    public int resolvedDscp() {
        return dscp == DSCP_FROM_PRIORITY ? Dscp.ofPriority(priority) : dscp;
    }

    /** Same options with DSCP {@code d} (0..63 or {@link #DSCP_FROM_PRIORITY}). */
    public ConnectionOptions withDscp(int d) {
        return new ConnectionOptions(priority, qps, cc, d);
    }

    /** Same options with {@code n} QPs. */
    public ConnectionOptions withQps(int n) {
        return new ConnectionOptions(priority, n, cc, dscp);
    }
}
