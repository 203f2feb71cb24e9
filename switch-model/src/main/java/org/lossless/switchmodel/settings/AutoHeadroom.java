package org.lossless.switchmodel.settings;

import java.util.HashMap;
import java.util.Map;

import org.lossless.switchmodel.headroom.PortHeadroom;

/**
 * {@code headroom: auto}'s bytes by the inputs that decide them, remembered by one user: the sizing of one switch's
 * ports ({@link MmuFactory#config}) or one pass of the headroom lint. {@link PortHeadroom#compute} also writes every
 * component's formula as text (for {@code lossless headroom}), a dozen {@code String.format}s per port, while a
 * switch's ports have a handful of distinct answers (one per port speed, cable length and peer): at k=16 (5,120
 * switch ports) computing each port anew was about 0.15 s of the main thread before the first event. The answer is
 * a pure function of the five inputs, so the same bytes come back. Instance state only (no static cache: nothing
 * outlives its user, so a run never depends on what ran before it in the JVM). Not thread-safe: one per thread.
 */
public final class AutoHeadroom {
    private final Map<Key, Long> known = new HashMap<>();

    /** {@link MmuFactory#autoHeadroom} for {@code port}, remembered by its inputs. */
    public long bytes(PortSpec port, PfcSettings pfc, int maxFrameBytes, int cell) {
        double meters = pfc.cableLength() != null ? pfc.cableLength() : port.meters();
        return bytes(port.rateBps(), meters, maxFrameBytes, cell, port.peerResponseOrBudgetPs());
    }

    /** {@code PortHeadroom.compute(rateBps, meters, maxFrameBytes, cell, peerResponsePs).xoffBytes()}. */
    long bytes(long rateBps, double meters, int maxFrameBytes, int cell, long peerResponsePs) {
        Key key = new Key(rateBps, meters, maxFrameBytes, cell, peerResponsePs);
        Long bytes = known.get(key);
        if (bytes == null) {
            bytes = PortHeadroom.compute(rateBps, meters, maxFrameBytes, cell, peerResponsePs).xoffBytes();
            known.put(key, bytes);
        }
        return bytes;
    }

    /** Distinct inputs computed so far (tests). */
    int size() {
        return known.size();
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
