package org.lossless.experiments.scenario;

import org.lossless.core.units.Units;

/**
 * A class of links ({@code host_link}, {@code fabric_link}): {@code {rate, delay}} or {@code {rate, length}}.
 *
 * @param rateBps  line rate, bits per second (&gt; 0)
 * @param delayPs  one-way propagation delay, ps (&gt;= 0); given, or 5 ns/m of the length
 * @param lengthMm cable length in millimetres, or -1 if the scenario gave none. When both are given the
 *                 delay wins (docs/scenario.md, {@code topology}); the length is kept for headroom reports.
 */
public record LinkConfig(long rateBps, long delayPs, long lengthMm) {
    public LinkConfig {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("link rate must be > 0 bps, got " + rateBps);
        }
        if (delayPs < 0) {
            throw new IllegalArgumentException("link delay must be >= 0 ps, got " + delayPs);
        }
        if (lengthMm < -1) {
            throw new IllegalArgumentException("cable length must be >= 0 mm or -1 (none), got " + lengthMm);
        }
    }

    /** A link given by rate and delay, without a cable length. */
    public static LinkConfig of(long rateBps, long delayPs) {
        return new LinkConfig(rateBps, delayPs, -1);
    }

    /** The topology library's rate/delay pair (the length only served to compute the delay). */
    public org.lossless.topology.LinkSpec spec() {
        return new org.lossless.topology.LinkSpec(rateBps, delayPs);
    }

    public boolean hasLength() {
        return lengthMm >= 0;
    }

    /** True if the delay is the length's propagation delay (then the resolved file writes only the length). */
    boolean delayFromLength() {
        return hasLength() && delayPs == Units.propagationPs(lengthMm);
    }
}
