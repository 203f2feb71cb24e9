package org.lossless.workloads.support;

import java.util.HashMap;
import java.util.Map;

import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * The persistent connections of one program, opened on first use: one per ordered (source, destination)
 * host pair, all with the same options. Opening order follows the program's (deterministic) event order.
 */
public final class Connections {
    private final TrafficContext ctx;
    private final ConnectionOptions options;
    private final Map<Long, Connection> open = new HashMap<>();

    public Connections(TrafficContext ctx, ConnectionOptions options) {
        this.ctx = ctx;
        this.options = options;
    }

    /** The connection from {@code src} to {@code dst}, opened now if it is not yet. */
    public Connection get(int src, int dst) {
        long key = ((long) src << 32) | (dst & 0xffffffffL);
        Connection c = open.get(key);
        if (c == null) {
            c = ctx.connect(src, dst, options);
            open.put(key, c);
        }
        return c;
    }

    /** Connections opened so far. */
    public int size() {
        return open.size();
    }
}
