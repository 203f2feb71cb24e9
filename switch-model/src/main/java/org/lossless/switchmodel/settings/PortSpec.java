package org.lossless.switchmodel.settings;

import org.lossless.switchmodel.headroom.PeerResponse;

/**
 * What the MMU factory needs to know about one switch port.
 *
 * @param rateBps        line rate, bps (&gt; 0)
 * @param delayPs        one-way propagation delay of the attached cable, ps (&ge; 0)
 * @param cableMeters    cable length, m; NaN when only the delay is known (then length = delay / 5 ns/m,
 *                       the contract's propagation)
 * @param peerResponsePs PFC response time of the transmitter at the other end of the cable (a NIC's
 *                       {@code nic.pfc_response_time} or a switch's {@code switch.pfc.response_time}), ps, or
 *                       {@link #AUTO_RESPONSE}: the IEEE 802.3 budget at this rate ({@link PeerResponse#budgetPs})
 */
public record PortSpec(long rateBps, long delayPs, double cableMeters, long peerResponsePs) {
    /** Contract propagation: 5 ns per metre. */
    public static final long PS_PER_METER = 5000;
    /** {@code peerResponsePs} meaning "the IEEE budget at the port's speed". */
    public static final long AUTO_RESPONSE = -1;

    public PortSpec {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("port rate must be > 0 bps, got " + rateBps);
        }
        if (delayPs < 0) {
            throw new IllegalArgumentException("port delay must be >= 0 ps, got " + delayPs);
        }
        if (peerResponsePs < AUTO_RESPONSE) {
            throw new IllegalArgumentException("peer PFC response time must be >= 0 ps, got " + peerResponsePs);
        }
    }

    /** A port whose peer responds within the IEEE budget ({@link #AUTO_RESPONSE}). */
    public PortSpec(long rateBps, long delayPs, double cableMeters) {
        this(rateBps, delayPs, cableMeters, AUTO_RESPONSE);
    }

    public static PortSpec ofDelay(long rateBps, long delayPs) {
        return new PortSpec(rateBps, delayPs, Double.NaN);
    }

    /** A copy whose peer responds in {@code ps} ({@link #AUTO_RESPONSE} = the IEEE budget). */
    public PortSpec withPeerResponse(long ps) {
        return new PortSpec(rateBps, delayPs, cableMeters, ps);
    }

    /** Cable length, m: as given, else from the delay at 5 ns/m. */
    public double meters() {
        return Double.isNaN(cableMeters) ? delayPs / (double) PS_PER_METER : cableMeters;
    }

    /** The peer's response time, ps: as given, or the IEEE budget at this port's rate. */
    public long peerResponseOrBudgetPs() {
        return peerResponsePs == AUTO_RESPONSE ? PeerResponse.budgetPs(rateBps) : peerResponsePs;
    }

    /**
     * The record's own equality (every component; {@code cableMeters} as {@link Double#compare} does, so NaN
     * equals NaN), written out: a record's generated {@code equals} and {@code hashCode} are linked at their first
     * call by {@code java.lang.runtime.ObjectMethods}, which builds method handles at run time; a port list used
     * as a map key (EcnPfcLint) was the first such call of every run, some 25 ms of a tiny run's start-up.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof PortSpec p && rateBps == p.rateBps && delayPs == p.delayPs
                && Double.compare(cableMeters, p.cableMeters) == 0 && peerResponsePs == p.peerResponsePs;
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(rateBps);
        h = 31 * h + Long.hashCode(delayPs);
        h = 31 * h + Double.hashCode(cableMeters);
        return 31 * h + Long.hashCode(peerResponsePs);
    }
}
