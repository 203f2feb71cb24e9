package org.lossless.topology;

/**
 * Rate and one-way propagation delay of a class of links ({@code host_link}, {@code fabric_link}).
 *
 * @param rateBps line rate, bits per second (&gt; 0)
 * @param delayPs one-way propagation delay, picoseconds (&gt;= 0)
 */
public record LinkSpec(long rateBps, long delayPs) {
    /** Propagation delay of light in fibre/copper the contract assumes for a cable length: 5 ns/m. */
    public static final long PS_PER_METRE = 5_000L;

    public LinkSpec {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("link rate must be > 0 bps, got " + rateBps);
        }
        if (delayPs < 0) {
            throw new IllegalArgumentException("link delay must be >= 0 ps, got " + delayPs);
        }
    }

    /** A link of {@code metres} of cable: 5 ns of delay per metre. */
    public static LinkSpec ofLength(long rateBps, double metres) {
        if (!(metres >= 0) || Double.isInfinite(metres)) {
            throw new IllegalArgumentException("cable length must be a finite number of metres >= 0, got " + metres);
        }
        return new LinkSpec(rateBps, Math.round(metres * PS_PER_METRE));
    }

    /** {@code rateGbps} Gb/s, {@code delayNs} ns: shorthand for tests and examples. */
    public static LinkSpec gbps(long rateGbps, long delayNs) {
        return new LinkSpec(rateGbps * 1_000_000_000L, delayNs * 1_000L);
    }
}
