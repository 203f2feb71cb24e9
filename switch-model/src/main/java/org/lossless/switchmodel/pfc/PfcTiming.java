package org.lossless.switchmodel.pfc;

/**
 * The PFC pause model of a switch or NIC.
 *
 * @param mode            {@link PauseMode#TIMED} (default) or {@link PauseMode#XOFF_XON}
 * @param pauseQuanta     time field of an XOFF, 1..65535 quanta (default 65535)
 * @param refreshFraction TIMED: the XOFF sender re-sends every {@code refreshFraction} × pause time while
 *                        still congested, in (0, 1] (default 0.5; vendors refresh at about half: unverified)
 */
public record PfcTiming(PauseMode mode, int pauseQuanta, double refreshFraction) {
    /** Pause duration meaning "until XON" ({@link PauseMode#XOFF_XON}). */
    public static final long UNTIL_XON = Long.MAX_VALUE;
    public static final double DEFAULT_REFRESH_FRACTION = 0.5;

    public PfcTiming {
        if (mode == null) {
            throw new IllegalArgumentException("switch.pfc.mode must be timed or xoff_xon");
        }
        if (pauseQuanta < 1 || pauseQuanta > PfcQuanta.MAX_QUANTA) {
            throw new IllegalArgumentException("switch.pfc.pause_quanta must be in 1.." + PfcQuanta.MAX_QUANTA
                    + ", got " + pauseQuanta);
        }
        if (!(refreshFraction > 0 && refreshFraction <= 1)) {
            throw new IllegalArgumentException("switch.pfc.refresh must be in (0, 1] of the pause time, got "
                    + refreshFraction);
        }
    }

    /** Timed pauses of 65535 quanta, refreshed at half the pause time. */
    public static PfcTiming defaults() {
        return new PfcTiming(PauseMode.TIMED, PfcQuanta.MAX_QUANTA, DEFAULT_REFRESH_FRACTION);
    }

    /** HPCC parity: XOFF (65535 quanta on the wire) holds until XON. */
    public static PfcTiming xoffXon() {
        return new PfcTiming(PauseMode.XOFF_XON, PfcQuanta.MAX_QUANTA, DEFAULT_REFRESH_FRACTION);
    }

    /** Pause time an XOFF asks for at {@code rateBps}, ps ({@link #UNTIL_XON} in XOFF_XON mode). */
    public long pausePs(long rateBps) {
        return mode == PauseMode.XOFF_XON ? UNTIL_XON : PfcQuanta.toPs(pauseQuanta, rateBps);
    }

    /**
     * Period at which the XOFF sender re-sends while the PG stays paused, ps (&ge; 1); {@link #UNTIL_XON}
     * (never) in XOFF_XON mode.
     */
    public long refreshPs(long rateBps) {
        if (mode == PauseMode.XOFF_XON) {
            return UNTIL_XON;
        }
        return Math.max(1, (long) Math.floor(PfcQuanta.toPs(pauseQuanta, rateBps) * refreshFraction));
    }

    /**
     * How long a receiver at {@code rateBps} holds a priority for a received time field: 0 resumes;
     * otherwise quanta × 512 BT (TIMED) or {@link #UNTIL_XON} (XOFF_XON).
     */
    public long receivedPausePs(int quanta, long rateBps) {
        PfcQuanta.checkQuanta(quanta);
        if (quanta == 0) {
            return 0;
        }
        return mode == PauseMode.XOFF_XON ? UNTIL_XON : PfcQuanta.toPs(quanta, rateBps);
    }
}
