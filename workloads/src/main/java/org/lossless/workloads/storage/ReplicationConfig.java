package org.lossless.workloads.storage;

import org.lossless.workloads.traffic.ConnectionOptions;

import java.util.List;
import java.util.Objects;

/**
 * Ceph-style replicated object writes (a replicated pool of size {@code replicas}): a client sends the
 * object to the primary OSD, the primary forwards it to the other replicas in parallel, and acknowledges
 * the client once every replica has acknowledged and its own copy is durable (docs/workloads.md,
 * "Replication").
 *
 * @param name         job name
 * @param clients      hosts writing objects (distinct, at least one)
 * @param osds         storage hosts (distinct, at least {@code replicas}, none of them a client)
 * @param replicas     copies of each object (pool size), 1..osds; the default 3 makes a primary and two
 *                     secondaries
 * @param objectBytes  bytes per write (RBD objects: 4 MiB)
 * @param outstanding  writes each client keeps in flight at most (closed loop)
 * @param writes       writes each client issues, or {@link NvmeofConfig#UNLIMITED}
 * @param durationPs   no write is issued at or after start + duration, ps, or {@link NvmeofConfig#UNLIMITED};
 *                     at least one of {@code writes} and {@code durationPs} is set
 * @param rate         writes per second per client, evenly spaced (still at most {@code outstanding} in
 *                     flight); 0 = closed loop
 * @param startPs      when the clients begin, ps
 * @param osdLatencyPs time an OSD takes to make a received copy durable before acknowledging it, ps
 * @param ackBytes     size of each acknowledgement message (replica to primary, primary to client)
 * @param priority     802.1p priority of the job's connections
 * @param dscp DSCP of the job's packets (switches classify them by it), 0..63, or
 *             {@link ConnectionOptions#DSCP_FROM_PRIORITY} for the class selector of its priority (8 x priority)
 */
public record ReplicationConfig(String name, List<Integer> clients, List<Integer> osds, int replicas,
                                long objectBytes, int outstanding, long writes, long durationPs, long rate,
                                long startPs, long osdLatencyPs, long ackBytes, int priority, int dscp) {
    /** Ceph's default pool size. */
    public static final int DEFAULT_REPLICAS = 3;
    /** RBD's default object size: 4 MiB. */
    public static final long DEFAULT_OBJECT = 4L << 20;
    /** Acknowledgement size by default (an assumption: Ceph's reply messages are small). */
    public static final long DEFAULT_ACK = 64;

    /** A job marked with the default DSCP of its priority (8 x priority). */
    public ReplicationConfig(String name, List<Integer> clients, List<Integer> osds, int replicas,
                                long objectBytes, int outstanding, long writes, long durationPs, long rate,
                                long startPs, long osdLatencyPs, long ackBytes, int priority) {
        this(name, clients, osds, replicas, objectBytes, outstanding, writes, durationPs, rate, startPs, osdLatencyPs,
                ackBytes, priority,
                ConnectionOptions.DSCP_FROM_PRIORITY);
    }

    public ReplicationConfig {
        Objects.requireNonNull(name, "name");
        if (dscp < ConnectionOptions.DSCP_FROM_PRIORITY || dscp > 63) {
            throw new IllegalArgumentException(name + ": dscp must be 0..63, got " + dscp);
        }
        clients = List.copyOf(clients);
        osds = List.copyOf(osds);
        NvmeofConfig.checkHosts(name, clients, osds);
        if (replicas < 1 || replicas > osds.size()) {
            throw new IllegalArgumentException(name + ": replicas must be 1.." + osds.size() + " (the OSD count), got "
                    + replicas);
        }
        if (objectBytes <= 0 || ackBytes <= 0) {
            throw new IllegalArgumentException(name + ": object and ack sizes must be > 0 bytes");
        }
        if (outstanding < 1) {
            throw new IllegalArgumentException(name + ": outstanding must be >= 1, got " + outstanding);
        }
        if (writes != NvmeofConfig.UNLIMITED && writes < 1) {
            throw new IllegalArgumentException(name + ": writes must be >= 1, got " + writes);
        }
        if (durationPs != NvmeofConfig.UNLIMITED && durationPs <= 0) {
            throw new IllegalArgumentException(name + ": duration must be > 0");
        }
        if (writes == NvmeofConfig.UNLIMITED && durationPs == NvmeofConfig.UNLIMITED) {
            throw new IllegalArgumentException(name + ": needs writes or duration (or both) to know when to stop");
        }
        if (rate < 0 || startPs < 0 || osdLatencyPs < 0) {
            throw new IllegalArgumentException(name + ": rate, start and OSD latency must be >= 0");
        }
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException(name + ": priority must be 0..7, got " + priority);
        }
    }

    public int hostCount() {
        return clients.size() + osds.size();
    }
}
