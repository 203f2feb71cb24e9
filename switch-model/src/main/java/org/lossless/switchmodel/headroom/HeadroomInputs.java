package org.lossless.switchmodel.headroom;

/**
 * Inputs of a headroom computation for one port. Use {@link #of(long, double)} and the {@code with*}
 * methods.
 *
 * @param rateBps          port speed, bps (&gt; 0)
 * @param cableMeters      cable length, m (&ge; 0)
 * @param portMtu          largest frame of the port (the one being received when XOFF is decided), bytes;
 *                         SONiC default 9100
 * @param losslessMtu      largest lossless frame the peer may have started, bytes; SONiC default 1024
 * @param metersPerSecond  propagation speed in the cable; SONiC 1.98e8 m/s (≈ 5.05 ns/m)
 * @param gearboxDelayPs   gearbox delay per end, ps (0 = none)
 * @param responseQuanta   peer response in quanta; 0 = from the speed table ({@link PeerResponse})
 * @param responsePs       peer response as a time, ps, overriding {@code responseQuanta} and the table; -1 = unset
 *                         (a run's {@code headroom: auto} sets it to the peer's configured PFC response time)
 * @param cellOccupancy    SONiC model: buffer bytes per byte of traffic (cell waste), &ge; 1; 2 for Spectrum-1
 *                         with 100 % small packets (reference §5.3)
 * @param asic             ASIC constants (MAC/PHY, pipeline latency, cell)
 * @param sharedHeadroomPool SONiC model: size = xon only (the xoff part lives in the shared headroom pool)
 * @param includePauseFrame  exact model: add the PAUSE frame itself (672 BT = 84 B); the reference §5.2
 *                           numbers leave it out
 */
public record HeadroomInputs(long rateBps, double cableMeters, int portMtu, int losslessMtu, double metersPerSecond,
                             long gearboxDelayPs, int responseQuanta, long responsePs, double cellOccupancy,
                             AsicConstants asic, boolean sharedHeadroomPool, boolean includePauseFrame) {
    public static final int SONIC_PORT_MTU = 9100;
    public static final int SONIC_LOSSLESS_MTU = 1024;
    public static final double SONIC_METERS_PER_SECOND = 1.98e8;

    public HeadroomInputs {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("--rate must be > 0 bps, got " + rateBps);
        }
        // No upper limit: long-haul links (data-centre interconnect, the 80 km of reference V-07) are legitimate
        // what-ifs; their headroom is simply large, and the buffer check reports it if it does not fit.
        if (!(cableMeters >= 0 && Double.isFinite(cableMeters))) {
            throw new IllegalArgumentException("cable length must be a finite length >= 0 m, got " + cableMeters);
        }
        if (portMtu < 64 || losslessMtu < 64) {
            throw new IllegalArgumentException("MTUs must be >= 64 bytes, got port " + portMtu + ", lossless " + losslessMtu);
        }
        if (!(metersPerSecond > 0)) {
            throw new IllegalArgumentException("propagation speed must be > 0 m/s, got " + metersPerSecond);
        }
        if (gearboxDelayPs < 0 || responseQuanta < 0 || responseQuanta > 65535) {
            throw new IllegalArgumentException("gearbox delay must be >= 0 and response quanta in 0..65535");
        }
        if (responsePs < -1) {
            throw new IllegalArgumentException("response time must be >= 0 ps (or -1 = unset), got " + responsePs);
        }
        if (!(cellOccupancy >= 1)) {
            throw new IllegalArgumentException("cell occupancy must be >= 1, got " + cellOccupancy);
        }
        if (asic == null) {
            asic = AsicConstants.SPECTRUM_1;
        }
    }

    /** SONiC defaults: MTU 9100 / 1024, 1.98e8 m/s, no gearbox, table response, occupancy 2, Spectrum-1. */
    public static HeadroomInputs of(long rateBps, double cableMeters) {
        return new HeadroomInputs(rateBps, cableMeters, SONIC_PORT_MTU, SONIC_LOSSLESS_MTU, SONIC_METERS_PER_SECOND, 0, 0,
                -1, 2.0, AsicConstants.SPECTRUM_1, false, false);
    }

    public HeadroomInputs withMtus(int port, int lossless) {
        return new HeadroomInputs(rateBps, cableMeters, port, lossless, metersPerSecond, gearboxDelayPs, responseQuanta, responsePs,
                cellOccupancy, asic, sharedHeadroomPool, includePauseFrame);
    }

    public HeadroomInputs withPropagation(double mps) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, mps, gearboxDelayPs, responseQuanta, responsePs,
                cellOccupancy, asic, sharedHeadroomPool, includePauseFrame);
    }

    public HeadroomInputs withGearboxDelayPs(long ps) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, metersPerSecond, ps, responseQuanta, responsePs,
                cellOccupancy, asic, sharedHeadroomPool, includePauseFrame);
    }

    public HeadroomInputs withResponseQuanta(int quanta) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, metersPerSecond, gearboxDelayPs, quanta, responsePs,
                cellOccupancy, asic, sharedHeadroomPool, includePauseFrame);
    }

    /** The peer's response as a time, ps (overrides quanta and table; -1 = unset). */
    public HeadroomInputs withResponsePs(long ps) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, metersPerSecond, gearboxDelayPs,
                responseQuanta, ps, cellOccupancy, asic, sharedHeadroomPool, includePauseFrame);
    }

    public HeadroomInputs withCellOccupancy(double occupancy) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, metersPerSecond, gearboxDelayPs,
                responseQuanta, responsePs, occupancy, asic, sharedHeadroomPool, includePauseFrame);
    }

    public HeadroomInputs withAsic(AsicConstants a) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, metersPerSecond, gearboxDelayPs,
                responseQuanta, responsePs, cellOccupancy, a, sharedHeadroomPool, includePauseFrame);
    }

    public HeadroomInputs withSharedHeadroomPool(boolean shp) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, metersPerSecond, gearboxDelayPs,
                responseQuanta, responsePs, cellOccupancy, asic, shp, includePauseFrame);
    }

    public HeadroomInputs withPauseFrame(boolean include) {
        return new HeadroomInputs(rateBps, cableMeters, portMtu, losslessMtu, metersPerSecond, gearboxDelayPs,
                responseQuanta, responsePs, cellOccupancy, asic, sharedHeadroomPool, include);
    }

    /** One-way propagation delay of the cable, ps (rounded to nearest). */
    public long cableDelayPs() {
        return Math.round(cableMeters / metersPerSecond * 1e12);
    }

    /**
     * SONiC's cell occupancy from the cell size and the share of small packets (Lua formula:
     * worst case = cell/64 for cells over 128 B, else 2·cell/(1 + cell); occupancy = 1 + pct·(worst − 1)/100).
     * Note: it gives 1.98 for 96 B cells at 100 %, where the reference tables use 2.
     */
    public static double sonicCellOccupancy(int cellBytes, double smallPacketPercent) {
        if (!(smallPacketPercent >= 0 && smallPacketPercent <= 100)) {
            throw new IllegalArgumentException("small packet percentage must be in 0..100, got " + smallPacketPercent);
        }
        double worst = cellBytes > 128 ? cellBytes / 64.0 : 2.0 * cellBytes / (1.0 + cellBytes);
        return (100 - smallPacketPercent + smallPacketPercent * worst) / 100;
    }
}
