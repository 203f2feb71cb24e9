package org.lossless.switchmodel.ecn;

import nl.tudelft.simulation.jstats.streams.StreamInterface;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;

/**
 * ECN marker of one egress queue (or one port speed). Stateless apart from counters; O(1), no allocation.
 *
 * <p>Random draws: the {@code double u} variants take a uniform draw in [0, 1) from the caller. The
 * {@link StreamInterface} variants draw <b>only when K_min &lt; q &le; K_max</b> (the probability is 0 or 1
 * elsewhere), as the HPCC simulator does; this changes how the stream advances, not the marking law.
 */
public final class RedMarker {
    private final RedParams params;
    private long eligible;
    private long marked;

    public RedMarker(RedParams params) {
        if (params == null) {
            throw new IllegalArgumentException("RED parameters are required");
        }
        this.params = params;
    }

    public RedParams params() {
        return params;
    }

    /** Marking probability at {@code queueBytes}. */
    public double probability(long queueBytes) {
        return params.probability(queueBytes);
    }

    /** Decision for one ECN-capable frame given a uniform draw {@code u} in [0, 1): mark iff u &lt; p(q). */
    public boolean shouldMark(long queueBytes, double u) {
        if (queueBytes <= params.kminBytes()) {
            return false;
        }
        if (queueBytes > params.kmaxBytes()) {
            return true;
        }
        return u < params.probability(queueBytes);
    }

    /** Decision for one ECN-capable frame; draws from {@code stream} only in the linear region. */
    public boolean shouldMark(long queueBytes, StreamInterface stream) {
        if (queueBytes <= params.kminBytes()) {
            return false;
        }
        if (queueBytes > params.kmaxBytes()) {
            return true;
        }
        return stream.nextDouble() < params.probability(queueBytes);
    }

    /**
     * Marks {@code p} CE when it is an ECN-capable data frame and the draw says so; control frames (ACK,
     * NACK, CNP, PFC) and non-ECT frames are never marked and draw nothing. A frame already CE stays CE.
     *
     * @return whether this call set CE
     */
    public boolean mark(Packet p, long queueBytes, StreamInterface stream) {
        if (p.type != PacketType.DATA || !p.ecnCapable()) {
            return false;
        }
        eligible++;
        if (shouldMark(queueBytes, stream) && !p.ce()) {
            p.ce(true);
            marked++;
            return true;
        }
        return false;
    }

    /** As {@link #mark(Packet, long, StreamInterface)} with a caller-supplied uniform draw {@code u}. */
    public boolean mark(Packet p, long queueBytes, double u) {
        if (p.type != PacketType.DATA || !p.ecnCapable()) {
            return false;
        }
        eligible++;
        if (shouldMark(queueBytes, u) && !p.ce()) {
            p.ce(true);
            marked++;
            return true;
        }
        return false;
    }

    /** ECN-capable data frames seen by {@code mark}, and those this marker set CE. */
    public long eligible() {
        return eligible;
    }

    public long marked() {
        return marked;
    }
}
