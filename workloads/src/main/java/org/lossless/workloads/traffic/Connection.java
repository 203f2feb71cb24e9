package org.lossless.workloads.traffic;

import java.util.Objects;

/**
 * A persistent RC connection from {@code srcHost} to {@code dstHost} (one or more QPs): its rate,
 * congestion-control state and PSNs carry over from one message to the next, and its messages are sent
 * and delivered in post order. Ids are dense per run, in the order connections were opened.
 */
public record Connection(int id, int srcHost, int dstHost, ConnectionOptions options) {
    public Connection {
        if (id < 0) {
            throw new IllegalArgumentException("connection id must be >= 0, got " + id);
        }
        if (srcHost < 0 || dstHost < 0 || srcHost == dstHost) {
            throw new IllegalArgumentException("a connection needs two different hosts, got " + srcHost + " -> " + dstHost);
        }
        Objects.requireNonNull(options, "options");
    }
}
