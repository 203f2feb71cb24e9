package org.lossless.switchmodel.pfc;

/**
 * PFC pause quanta: one quantum is 512 bit times at the port speed (reference §3).
 * 5,120 ps at 100 Gb/s, 1,280 ps at 400 Gb/s, 20,480 ps at 25 Gb/s; exact for every rate that divides
 * 512·10^12 (all Ethernet speeds), rounded up otherwise.
 */
public final class PfcQuanta {
    /** Bit times per quantum. */
    public static final int BIT_TIMES = 512;
    /** Largest pause time field (16 bits). */
    public static final int MAX_QUANTA = 65535;
    private static final long PS_PER_S = 1_000_000_000_000L;

    private PfcQuanta() {
    }

    /** Length of one quantum at {@code rateBps}, ps (rounded up). */
    public static long quantumPs(long rateBps) {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("port rate must be > 0 bps, got " + rateBps);
        }
        long num = BIT_TIMES * PS_PER_S;
        return (num + rateBps - 1) / rateBps;
    }

    /** Pause duration of {@code quanta} at {@code rateBps}, ps. */
    public static long toPs(int quanta, long rateBps) {
        checkQuanta(quanta);
        return quanta * quantumPs(rateBps);
    }

    /** Quanta that cover {@code ps} at {@code rateBps} (rounded up), capped at {@link #MAX_QUANTA}. */
    public static int fromPs(long ps, long rateBps) {
        if (ps < 0) {
            throw new IllegalArgumentException("pause time must be >= 0 ps, got " + ps);
        }
        long q = quantumPs(rateBps);
        long n = (ps + q - 1) / q;
        return (int) Math.min(n, MAX_QUANTA);
    }

    /** Quanta as bytes of line time: quanta × 64 B (the SONiC "peer response" unit). */
    public static long toBytes(int quanta) {
        checkQuanta(quanta);
        return (long) quanta * BIT_TIMES / 8;
    }

    static void checkQuanta(int quanta) {
        if (quanta < 0 || quanta > MAX_QUANTA) {
            throw new IllegalArgumentException("pause quanta must be in 0.." + MAX_QUANTA + ", got " + quanta);
        }
    }
}
