package org.lossless.switchmodel.pfc;

import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;

/**
 * Writes and applies 802.1Qbb frames on pooled {@link Packet}s (no allocation). A PFC frame is a
 * 64 B MAC control frame (84 B = 672 bit times on the wire) with a class-enable vector and 8 time fields.
 */
public final class PfcFrames {
    private PfcFrames() {
    }

    /** Turns {@code p} (freshly reset) into a PFC frame pausing {@code priority} for {@code quanta}. */
    public static void writeXoff(Packet p, int priority, int quanta) {
        if (quanta < 1 || quanta > PfcQuanta.MAX_QUANTA) {
            throw new IllegalArgumentException("XOFF quanta must be in 1.." + PfcQuanta.MAX_QUANTA + ", got " + quanta);
        }
        write(p, priority, quanta);
    }

    /** Turns {@code p} (freshly reset) into a PFC frame resuming {@code priority} (time 0). */
    public static void writeXon(Packet p, int priority) {
        write(p, priority, 0);
    }

    private static void write(Packet p, int priority, int quanta) {
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("PFC priority must be in 0..7, got " + priority);
        }
        p.type = PacketType.PFC;
        p.frameBytes = WireFormat.PFC_FRAME;
        p.wireBytes = WireFormat.wireBytes(WireFormat.PFC_FRAME);
        p.pfcClassEnable |= 1 << priority;
        p.pfcQuanta(priority, quanta);
    }

    /**
     * Applies a received PFC frame to the receiver's per-priority states ({@code states[prio]}; null
     * entries are ignored: that priority does not honour PFC, e.g. HPCC's priority 0).
     *
     * @return the class-enable bits that were applied
     */
    public static int apply(Packet pfc, PauseState[] states, long nowPs, long rateBps, PfcTiming timing) {
        int applied = 0;
        int enable = pfc.pfcClassEnable;
        for (int prio = 0; prio < 8 && enable != 0; prio++) {
            if ((enable & (1 << prio)) != 0) {
                enable &= ~(1 << prio);
                if (prio < states.length && states[prio] != null) {
                    states[prio].onPfc(nowPs, timing.receivedPausePs(pfc.pfcQuanta(prio), rateBps));
                    applied |= 1 << prio;
                }
            }
        }
        return applied;
    }
}
