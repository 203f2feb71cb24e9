package org.lossless.workloads.training;

import java.util.HashMap;
import java.util.Map;

import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * The connections of a training job, opened on first use and kept for the run, as NCCL keeps a communicator's
 * connections: a call asks for its n-th connection of a group (a communicator, or one direction between two
 * pipeline peers), and gets the one an earlier call of that group opened as its n-th, if it joined the same
 * hosts with the same options; otherwise a new one. Calls of one group usually run one after another; when two
 * overlap, their messages share the connection in post order, as two operations on one QP do.
 */
final class ConnectionPool {
    private record Key(long group, int ordinal, int src, int dst, ConnectionOptions options) {
    }

    private final Map<Key, Connection> open = new HashMap<>();

    Connection get(TrafficContext ctx, long group, int ordinal, int src, int dst, ConnectionOptions options) {
        return open.computeIfAbsent(new Key(group, ordinal, src, dst, options), k -> ctx.connect(src, dst, options));
    }

    /** Connections opened so far. */
    int size() {
        return open.size();
    }
}
