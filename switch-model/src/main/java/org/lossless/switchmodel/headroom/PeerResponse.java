package org.lossless.switchmodel.headroom;

import java.util.Map;
import java.util.TreeMap;

import org.lossless.switchmodel.pfc.PfcQuanta;

/**
 * Peer response time to a PAUSE, in quanta of 512 bit times, per port speed (reference §5.1).
 * SONiC ({@code buffer_headroom_mellanox.lua}, "IEEE 802.3 31B.3.7"): 100M 1, 1G 2, 10G 67, 25G 80, 40G 118,
 * 50G 147, 100G 394, 200G 453, 400G 905, 800G 905. The Cisco/IEEE budget agrees except at 10 GbE, where it
 * is 30,720 BT = 60 quanta.
 *
 * <p><b>Speeds without an entry</b> (e.g. 1.6 Tb/s, 56 Gb/s) take the quanta of the next faster speed in the
 * table, or of the fastest (905 quanta) above 800 Gb/s: the budget in quanta never falls with speed in the
 * table, so this never gives less than a slower port's budget in quanta (a 1.6 Tb/s port gets 905 quanta =
 * 57,920 B, as 400 G and 800 G, where the ASIC's 3.8 KB fallback gave less than 100 G's 25,216 B).
 */
public final class PeerResponse {
    private static final long G = 1_000_000_000L;
    private static final TreeMap<Long, Integer> SONIC = new TreeMap<>(Map.of(
            100_000_000L, 1, G, 2, 10 * G, 67, 25 * G, 80, 40 * G, 118, 50 * G, 147, 100 * G, 394,
            200 * G, 453, 400 * G, 905, 800 * G, 905));

    private PeerResponse() {
    }

    /** SONiC quanta for {@code rateBps}, or -1 when the speed is not in the table. */
    public static int sonicQuanta(long rateBps) {
        Integer q = SONIC.get(rateBps);
        return q == null ? -1 : q;
    }

    /** IEEE/Cisco quanta: as SONiC except 60 at 10 Gb/s; -1 when unknown. */
    public static int ieeeQuanta(long rateBps) {
        return rateBps == 10 * G ? 60 : sonicQuanta(rateBps);
    }

    /** The table speed whose budget {@code rateBps} uses: itself, the next faster entry, or the fastest. */
    public static long tableSpeed(long rateBps) {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("port rate must be > 0 bps, got " + rateBps);
        }
        Long up = SONIC.ceilingKey(rateBps);
        return up != null ? up : SONIC.lastKey();
    }

    /** SONiC quanta with unknown speeds taking {@link #tableSpeed}'s entry; always &ge; 1. */
    public static int sonicBudgetQuanta(long rateBps) {
        return SONIC.get(tableSpeed(rateBps));
    }

    /** IEEE quanta with unknown speeds taking {@link #tableSpeed}'s entry; always &ge; 1. */
    public static int ieeeBudgetQuanta(long rateBps) {
        return ieeeQuanta(tableSpeed(rateBps));
    }

    /**
     * The IEEE 802.3 response budget at {@code rateBps}, ps: {@link #ieeeBudgetQuanta} quanta of 512 bit
     * times (2,017,280 ps at 100 Gb/s, 1,158,400 ps at 400 Gb/s). The default PFC response time of switch
     * and NIC ports ({@code response_time: auto}).
     */
    public static long budgetPs(long rateBps) {
        return PfcQuanta.toPs(ieeeBudgetQuanta(rateBps), rateBps);
    }

    /** Speeds with a table entry, bps, for error messages. */
    public static String knownSpeeds() {
        StringBuilder b = new StringBuilder();
        for (long r : SONIC.keySet()) {
            b.append(b.length() == 0 ? "" : ", ").append(r >= G ? r / G + "Gbps" : r / 1_000_000 + "Mbps");
        }
        return b.toString();
    }
}
