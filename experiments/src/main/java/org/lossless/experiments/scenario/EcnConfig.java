package org.lossless.experiments.scenario;

import java.util.Objects;

/**
 * The {@code switch.ecn} section: RED marking on the instantaneous egress queue (reference/dcqcn.md §1):
 * p = 0 up to kmin, rising linearly to pmax at kmax, 1 above kmax.
 *
 * @param enabled   mark ECN-capable packets
 * @param kminBytes lower threshold, bytes (&gt;= 0)
 * @param kmaxBytes upper threshold, bytes (&gt;= kmin)
 * @param pmax      marking probability at kmax, 0..1
 * @param markOn    where the queue length is read: at dequeue (default) or enqueue
 */
public record EcnConfig(boolean enabled, long kminBytes, long kmaxBytes, double pmax, MarkPoint markOn) {
    public EcnConfig {
        if (kminBytes < 0) {
            throw new IllegalArgumentException("kmin must be >= 0 bytes, got " + kminBytes);
        }
        if (kmaxBytes < kminBytes) {
            throw new IllegalArgumentException("kmax (" + kmaxBytes + " B) must be >= kmin (" + kminBytes + " B)");
        }
        if (!(pmax >= 0 && pmax <= 1)) {
            throw new IllegalArgumentException("pmax must be in [0, 1], got " + pmax);
        }
        Objects.requireNonNull(markOn, "markOn");
    }

    /** Where ECN reads the queue length. */
    public enum MarkPoint {
        DEQUEUE, ENQUEUE
    }
}
