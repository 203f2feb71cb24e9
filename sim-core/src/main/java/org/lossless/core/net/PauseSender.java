package org.lossless.core.net;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * Sends the PFC frames of one transmitter (a switch port for its ingress priority groups, or a NIC for
 * its receive buffer): XOFF with a fixed time field, XON (time 0), and, while the owner still holds a
 * priority paused, refreshes of the XOFF every {@code refreshPs} so that the peer's timed pause never
 * runs out. Frames go ahead of queued data ({@link EgressPort#sendUrgent}). One reused refresh event per
 * transmitter, scheduled only while some priority is held; no allocation per frame beyond the pool.
 */
public final class PauseSender {
    /** Refresh period meaning "never" (XOFF/XON-only mode: a pause holds until XON). */
    public static final long NO_REFRESH = Long.MAX_VALUE;

    /** Whether the owner still holds {@code priority} paused (asked at each refresh). */
    @FunctionalInterface
    public interface Held {
        boolean held(int priority);
    }

    private final Scheduler sim;
    private final PacketPool pool;
    private final EgressPort port;
    private final int quanta;
    private final long refreshPs;
    private final Held held;
    private final Refresh refresh = new Refresh();
    /** PFC frame and line bytes of the wire format ({@link #wire}); RoCEv2's until set. */
    private int frameBytes = WireFormat.ROCEV2.pfcFrame();
    private int wireBytes = WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame());

    /**
     * @param quanta    time field of an XOFF, 1..65535 (quanta of 512 bit times at the port's speed)
     * @param refreshPs re-send period of a standing XOFF, ps (&gt; 0), or {@link #NO_REFRESH}
     * @param held      the owner's pause state, consulted when a refresh is due
     */
    public PauseSender(Scheduler sim, PacketPool pool, EgressPort port, int quanta, long refreshPs, Held held) {
        if (quanta < 1 || quanta > 65535) {
            throw new IllegalArgumentException("XOFF quanta must be in 1..65535, got " + quanta);
        }
        if (refreshPs <= 0) {
            throw new IllegalArgumentException("PFC refresh period must be > 0 ps, got " + refreshPs);
        }
        this.sim = sim;
        this.pool = pool;
        this.port = port;
        this.quanta = quanta;
        this.refreshPs = refreshPs;
        this.held = held;
    }

    /** The wire format whose PFC frame this sender sends (before the run; {@link WireFormat#ROCEV2} until then). */
    public void wire(WireFormat wire) {
        this.frameBytes = wire.pfcFrame();
        this.wireBytes = wire.wire(wire.pfcFrame());
    }

    /** Sends XOFF for {@code priority} now and keeps refreshing it while {@link Held#held} says so. */
    public void xoff(int priority) {
        send(priority, quanta);
        if (refreshPs != NO_REFRESH && !refresh.isScheduled()) {
            sim.schedule(refresh, sim.now() + refreshPs);
        }
    }

    /** Sends XON (time 0) for {@code priority} now. */
    public void xon(int priority) {
        send(priority, 0);
    }

    /** Whether XOFFs are refreshed (timed mode) rather than held until XON. */
    public boolean refreshes() {
        return refreshPs != NO_REFRESH;
    }

    private void send(int priority, int time) {
        Packet f = frame(pool, priority, time);
        f.frameBytes = (char) frameBytes;
        f.wireBytes = (char) wireBytes;
        port.sendUrgent(f);
    }

    /** A pooled 802.1Qbb frame for one priority, RoCEv2's: 64 B (84 B = 672 bit times on the wire). */
    public static Packet frame(PacketPool pool, int priority, int quanta) {
        Packet f = pool.acquire();
        f.type = PacketType.PFC;
        f.priority = (byte) priority;
        f.pfcClassEnable((char) (1 << priority));
        f.pfcQuanta(priority, quanta);
        f.frameBytes = (char) WireFormat.ROCEV2.pfcFrame();
        f.wireBytes = (char) WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame());
        return f;
    }

    /** Re-sends XOFF for every priority still held; re-arms while any is. */
    private final class Refresh extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            boolean any = false;
            for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
                if (held.held(prio)) {
                    send(prio, quanta);
                    any = true;
                }
            }
            if (any) {
                sim.schedule(this, sim.now() + refreshPs);
            }
        }
    }
}
