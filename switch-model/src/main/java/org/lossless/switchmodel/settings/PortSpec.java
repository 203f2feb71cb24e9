package org.lossless.switchmodel.settings;

/**
 * What the MMU factory needs to know about one switch port.
 *
 * @param rateBps     line rate, bps (&gt; 0)
 * @param delayPs     one-way propagation delay of the attached cable, ps (&ge; 0)
 * @param cableMeters cable length, m; NaN when only the delay is known (then length = delay / 5 ns/m,
 *                    the contract's propagation)
 */
public record PortSpec(long rateBps, long delayPs, double cableMeters) {
    /** Contract propagation: 5 ns per metre. */
    public static final long PS_PER_METER = 5000;

    public PortSpec {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("port rate must be > 0 bps, got " + rateBps);
        }
        if (delayPs < 0) {
            throw new IllegalArgumentException("port delay must be >= 0 ps, got " + delayPs);
        }
    }

    public static PortSpec ofDelay(long rateBps, long delayPs) {
        return new PortSpec(rateBps, delayPs, Double.NaN);
    }

    /** Cable length, m: as given, else from the delay at 5 ns/m. */
    public double meters() {
        return Double.isNaN(cableMeters) ? delayPs / (double) PS_PER_METER : cableMeters;
    }
}
