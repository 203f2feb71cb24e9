package org.lossless.switchmodel.settings;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.lossless.switchmodel.headroom.PortHeadroom;

/**
 * {@code headroom: auto}'s bytes by the inputs that decide them, remembered. {@link PortHeadroom#compute} also
 * writes every component's formula as text (for {@code lossless headroom}), a dozen {@code String.format}s per
 * port, and a run asks for every port of every switch, twice (the headroom lint, then the MMU): at k=16 (5,120
 * switch ports) that was about 0.15 s of the main thread before the first event, for a handful of distinct
 * answers (one per port speed, cable length and peer). The answer is a pure function of the five inputs, so the
 * same bytes come back. Bounded: past {@link #MAX} entries (a fabric of that many distinct ports) it starts over.
 */
final class AutoHeadroom {
    /** Entries kept at most; a run's fabric has a few, one per distinct (speed, length, frame, cell, peer). */
    static final int MAX = 4096;
    private static final Map<Key, Long> KNOWN = new ConcurrentHashMap<>();

    private AutoHeadroom() {
    }

    /** {@code PortHeadroom.compute(rateBps, meters, maxFrameBytes, cell, peerResponsePs).xoffBytes()}. */
    static long bytes(long rateBps, double meters, int maxFrameBytes, int cell, long peerResponsePs) {
        Key key = new Key(rateBps, meters, maxFrameBytes, cell, peerResponsePs);
        Long known = KNOWN.get(key);
        if (known != null) {
            return known;
        }
        long bytes = PortHeadroom.compute(rateBps, meters, maxFrameBytes, cell, peerResponsePs).xoffBytes();
        if (KNOWN.size() >= MAX) {
            KNOWN.clear();
        }
        KNOWN.put(key, bytes);
        return bytes;
    }

    /** Entries held (tests). */
    static int size() {
        return KNOWN.size();
    }

    /**
     * The inputs. Equality written out (not a record: a record's generated {@code equals}/{@code hashCode} link
     * method handles on first use, which a run's start pays for); meters compared by their bits.
     */
    private static final class Key {
        private final long rateBps;
        private final long meterBits;
        private final int maxFrameBytes;
        private final int cell;
        private final long peerResponsePs;

        Key(long rateBps, double meters, int maxFrameBytes, int cell, long peerResponsePs) {
            this.rateBps = rateBps;
            this.meterBits = Double.doubleToLongBits(meters);
            this.maxFrameBytes = maxFrameBytes;
            this.cell = cell;
            this.peerResponsePs = peerResponsePs;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.rateBps == rateBps && k.meterBits == meterBits
                    && k.maxFrameBytes == maxFrameBytes && k.cell == cell && k.peerResponsePs == peerResponsePs;
        }

        @Override
        public int hashCode() {
            long h = rateBps * 31 + meterBits;
            h = h * 31 + maxFrameBytes;
            h = h * 31 + cell;
            h = h * 31 + peerResponsePs;
            return Long.hashCode(h);
        }
    }
}
