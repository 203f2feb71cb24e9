package org.lossless.switchmodel;

import org.lossless.core.net.Packet;

/**
 * Packet trimming at one switch (Ultra Ethernet): a data frame of a trimming queue that the buffer refuses keeps
 * only its headers ({@link #headerBytes}), is flagged {@link Packet#trimmed()} and goes out ahead of the port's
 * queued frames, so the receiver learns of the loss one path delay later and NACKs it. A header trimmed upstream is
 * passed on the same way (not trimmed or counted again). Trims are counted per egress port, and a port facing a
 * host counts last-hop trims (the receiver's own link is the bottleneck: incast), the others in-network trims
 * (fabric congestion). Headers are not held in the shared buffer (a separate small header queue, as in the UEC
 * reference simulator's composite queue); they are sent whatever the PAUSE state of their priority (trimming is
 * meant for classes without PFC, which the scenario lint checks).
 */
final class Trimming {
    private final int mask;
    private final int headerBytes;
    private final boolean[] hostFacing;
    private final long[] trims;

    Trimming(int mask, int headerBytes, boolean[] hostFacing) {
        if (headerBytes < 64 || headerBytes > 512) {
            throw new IllegalArgumentException("a trimmed header must be 64..512 bytes, got " + headerBytes);
        }
        this.mask = mask;
        this.headerBytes = headerBytes;
        this.hostFacing = hostFacing.clone();
        this.trims = new long[hostFacing.length];
    }

    /**
     * Whether data frame {@code p}, refused by the buffer for queue {@code prio} of port {@code out} (or a header
     * trimmed upstream), goes on as a header: trims it if it is whole and its queue trims (its line bytes are the
     * caller's to set, in the run's wire format).
     */
    boolean handles(Packet p, int prio, int out) {
        if (p.trimmed()) {
            return true;
        }
        if ((mask & (1 << prio)) == 0) {
            return false;
        }
        p.trimmed(true);
        p.frameBytes = (char) headerBytes;
        trims[out]++;
        return true;
    }

    long trims(int port) {
        return trims[port];
    }

    boolean lastHop(int port) {
        return hostFacing[port];
    }
}
