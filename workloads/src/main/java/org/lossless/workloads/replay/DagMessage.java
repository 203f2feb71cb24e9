package org.lossless.workloads.replay;

import java.util.Arrays;

/**
 * One message of a dependency graph to replay: what {@code lossless export flows} writes and a
 * {@code flows} workload with {@code depends_on} reads.
 *
 * @param id         unique within the graph; dependencies name earlier ids
 * @param src        sending host
 * @param dst        receiving host, != src
 * @param bytes      payload bytes, &gt; 0
 * @param connection messages with the same connection key share one persistent connection, in id order
 * @param priority   802.1p priority of the connection, 0..7
 * @param dependsOn  ids whose delivery this message waits for (may be empty)
 * @param delayPs    after the last dependency is delivered, the sender waits this long before posting (software
 *                   latency), ps &gt;= 0
 * @param startPs    earliest post time, ps &gt;= 0 (the post time of a message without dependencies)
 */
public record DagMessage(long id, int src, int dst, long bytes, long connection, int priority, long[] dependsOn,
                         long delayPs, long startPs) {
    public DagMessage {
        if (id < 0 || src < 0 || dst < 0 || src == dst) {
            throw new IllegalArgumentException("message " + id + ": bad id or hosts " + src + " -> " + dst);
        }
        if (bytes <= 0) {
            throw new IllegalArgumentException("message " + id + ": size must be > 0 bytes");
        }
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("message " + id + ": priority must be 0..7");
        }
        if (delayPs < 0 || startPs < 0) {
            throw new IllegalArgumentException("message " + id + ": delay and start must be >= 0 ps");
        }
        dependsOn = dependsOn == null ? new long[0] : dependsOn.clone();
        for (long d : dependsOn) {
            if (d >= id) {
                throw new IllegalArgumentException("message " + id + " depends on " + d
                        + ": dependencies must name earlier messages");
            }
        }
    }

    @Override
    public long[] dependsOn() {
        return dependsOn.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DagMessage m && m.id == id && m.src == src && m.dst == dst && m.bytes == bytes
                && m.connection == connection && m.priority == priority && Arrays.equals(m.dependsOn, dependsOn)
                && m.delayPs == delayPs && m.startPs == startPs;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id) * 31 + Arrays.hashCode(dependsOn);
    }
}
