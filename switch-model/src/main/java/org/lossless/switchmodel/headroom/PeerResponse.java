package org.lossless.switchmodel.headroom;

import java.util.Map;
import java.util.TreeMap;

/**
 * Peer response time to a PAUSE, in quanta of 512 bit times, per port speed (reference §5.1).
 * SONiC ({@code buffer_headroom_mellanox.lua}, "IEEE 802.3 31B.3.7"): 100M 1, 1G 2, 10G 67, 25G 80, 40G 118,
 * 50G 147, 100G 394, 200G 453, 400G 905, 800G 905. The Cisco/IEEE budget agrees except at 10 GbE, where it
 * is 30,720 BT = 60 quanta.
 */
public final class PeerResponse {
    private static final long G = 1_000_000_000L;
    private static final Map<Long, Integer> SONIC = new TreeMap<>(Map.of(
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

    /** Speeds with a table entry, bps, for error messages. */
    public static String knownSpeeds() {
        StringBuilder b = new StringBuilder();
        for (long r : SONIC.keySet()) {
            b.append(b.length() == 0 ? "" : ", ").append(r >= G ? r / G + "Gbps" : r / 1_000_000 + "Mbps");
        }
        return b.toString();
    }
}
