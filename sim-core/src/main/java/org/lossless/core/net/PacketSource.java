package org.lossless.core.net;

/**
 * What an {@link EgressPort} transmits next. A switch's output queues and a NIC's send scheduler
 * both implement it; the port pulls one packet when the wire becomes free and the source may hold one
 * ({@link #hasQueued()}), or when the source kicks it.
 */
public interface PacketSource {
    /**
     * The next frame to transmit now, removed from its queue, or null if nothing may be sent now
     * (empty, paused or rate-limited). When a frame later becomes eligible, the source calls
     * {@link EgressPort#kick()}.
     */
    Packet next(EgressPort port);

    /**
     * Whether the source may hold a frame for the port (sendable now or not): asked by the port right after it
     * took a frame. False promises that the source will {@link EgressPort#kick()} the port when it has a frame
     * again; the port then needs no event at the end of the frame it started. Default true: the port asks
     * {@link #next} at the end of every frame.
     */
    default boolean hasQueued() {
        return true;
    }

    /**
     * The port's link is up (true) or down (false): told by the port when it is connected, fails and is
     * restored (nothing else changes it). A source that keeps it can answer "may a frame for this port be
     * queued" without reading the port, which is cold in cache on a large fabric. Default: ignored.
     */
    default void linkUp(boolean up) {
    }
}
