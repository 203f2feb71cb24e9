package org.lossless.nic;

import java.util.function.Consumer;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketRing;
import org.lossless.core.net.PauseSender;
import org.lossless.core.net.PfcObserver;
import org.lossless.core.net.PortCounters;
import org.lossless.core.net.WireFormat;

/**
 * A NIC's receive buffer ({@link RxBufferConfig}): frames of the configured priorities wait in one FIFO
 * and reach the host (the transport: ACKs, completion) one at a time, each after frame bytes × 8 /
 * drain rate. Occupancy is accounted per priority (a frame counts from its arrival until its drain
 * ends) against the per-priority size and thresholds; the drain itself is shared, in arrival order.
 *
 * <p>PFC: when a priority's occupancy reaches xoff the NIC sends XOFF on its own port (ahead of its
 * data, {@link PauseSender}), refreshed before expiry while the pause is held; when the occupancy falls
 * to xon or below it sends XON. A frame that does not fit is dropped and counted on the NIC port's
 * {@code drops}. Optional storm protection stops pausing a priority that has held a pause continuously
 * for the storm timeout.
 *
 * <p>Events: one reused drain event, scheduled only while a frame is draining; one reused storm check,
 * scheduled only while a pause is held and protection is on. No allocation per frame.
 */
final class RxBuffer {
    private final Scheduler sim;
    private final EgressPort port;
    private final String node;
    private final Consumer<Packet> host;
    private final RxBufferConfig config;
    private final long xoff;
    private final long xon;
    private final PauseSender sender;
    private final PacketRing fifo = new PacketRing();
    private final Drain drain = new Drain();
    private final StormCheck stormCheck = new StormCheck();
    /** Frame bytes held per priority, including the frame being drained. */
    private final long[] occupancy = new long[PortCounters.PRIORITIES];
    private final long[] peak = new long[PortCounters.PRIORITIES];
    /** Since when each held priority has asked for a pause, ps. */
    private final long[] heldSincePs = new long[PortCounters.PRIORITIES];
    /** Priorities with a standing XOFF. */
    private int held;
    /** Priorities whose pause sending storm protection disabled. */
    private int stormed;
    private long stormEvents;
    private long drops;
    /** Frames and frame bytes dropped per priority (the buffer full). */
    private final long[] dropsByPrio = new long[PortCounters.PRIORITIES];
    private final long[] dropBytesByPrio = new long[PortCounters.PRIORITIES];
    private Packet draining;
    private PfcObserver observer;

    /**
     * @param host        takes a drained frame (and releases it)
     * @param pauseQuanta XOFF time field
     * @param refreshPs   XOFF refresh period, ps, or {@link PauseSender#NO_REFRESH}
     */
    RxBuffer(Scheduler sim, PacketPool pool, EgressPort port, String node, RxBufferConfig config,
             RxBufferConfig.Thresholds thresholds, int pauseQuanta, long refreshPs, Consumer<Packet> host) {
        this.sim = sim;
        this.port = port;
        this.node = node;
        this.host = host;
        this.config = config;
        this.xoff = thresholds.xoffBytes();
        this.xon = thresholds.xonBytes();
        this.sender = new PauseSender(sim, pool, port, pauseQuanta, refreshPs, p -> (held & (1 << p)) != 0);
    }

    /** PFC frames in {@code wire}'s format ({@code nic.wire}; RoCEv2's until set). */
    void wire(org.lossless.core.net.WireFormat wire) {
        sender.wire(wire);
    }

    /** Adds {@code o}; observers are told in the order they were added (as a switch's PFC observers). */
    void observe(PfcObserver o) {
        this.observer = PfcObserver.chain(observer, o);
    }

    /** Takes a frame of a buffered priority; the buffer now owns it. Returns false if it was dropped (caller releases). */
    boolean accept(Packet p) {
        int prio = p.priority;
        if (occupancy[prio] + p.frameBytes > config.sizeBytes()) {
            drops++;
            dropsByPrio[prio]++;
            dropBytesByPrio[prio] += p.frameBytes;
            port.counters().countDrop(prio, p.frameBytes);
            return false;
        }
        occupancy[prio] += p.frameBytes;
        peak[prio] = Math.max(peak[prio], occupancy[prio]);
        if (draining == null) {
            startDrain(p);
        } else {
            fifo.add(p);
        }
        if (occupancy[prio] >= xoff && (held & (1 << prio)) == 0 && (stormed & (1 << prio)) == 0) {
            held |= 1 << prio;
            heldSincePs[prio] = sim.now();
            sender.xoff(prio);
            report(prio, true);
            armStormCheck(sim.now() + config.stormTimeoutPs());
        }
        return true;
    }

    private void startDrain(Packet p) {
        draining = p;
        sim.schedule(drain, sim.now() + WireFormat.bitsToPs(p.frameBytes * 8L, config.drainRateBps()));
    }

    private void report(int prio, boolean pause) {
        if (observer != null) {
            observer.pfcSent(sim.now(), node, 0, prio, pause);
        }
    }

    private void armStormCheck(long atPs) {
        if (config.stormTimeoutPs() > 0 && (!stormCheck.isScheduled() || stormCheck.timePs() > atPs)) {
            sim.schedule(stormCheck, atPs);
        }
    }

    long drops() {
        return drops;
    }

    long drops(int prio) {
        return dropsByPrio[prio];
    }

    long dropBytes(int prio) {
        return dropBytesByPrio[prio];
    }

    long peakBytes(int prio) {
        return peak[prio];
    }

    long occupancyBytes(int prio) {
        return occupancy[prio];
    }

    long stormEvents() {
        return stormEvents;
    }

    long xoffBytes() {
        return xoff;
    }

    long xonBytes() {
        return xon;
    }

    /** The head frame's drain ended: it leaves the buffer for the host; XON if its priority fell to xon. */
    private final class Drain extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            Packet p = draining;
            draining = null;
            int prio = p.priority;
            occupancy[prio] -= p.frameBytes;
            if ((held & (1 << prio)) != 0 && occupancy[prio] <= xon) {
                held &= ~(1 << prio);
                sender.xon(prio);
                report(prio, false);
            }
            Packet next = fifo.poll();
            if (next != null) {
                startDrain(next);
            }
            host.accept(p);
        }
    }

    /**
     * Storm protection: a priority held for the storm timeout stops pausing for good (mlx5 disables pause
     * TX on a storm error). A timed pause then runs out at the peer by itself; in XOFF/XON-only mode the
     * NIC sends one XON so that the peer is not held forever.
     */
    private final class StormCheck extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            long next = Long.MAX_VALUE;
            for (int m = held; m != 0; m &= m - 1) {
                int prio = Integer.numberOfTrailingZeros(m);
                long deadline = heldSincePs[prio] + config.stormTimeoutPs();
                if (deadline <= now) {
                    held &= ~(1 << prio);
                    stormed |= 1 << prio;
                    stormEvents++;
                    if (!sender.refreshes()) {
                        sender.xon(prio);
                    }
                } else {
                    next = Math.min(next, deadline);
                }
            }
            if (next != Long.MAX_VALUE) {
                sim.schedule(this, next);
            }
        }
    }
}
