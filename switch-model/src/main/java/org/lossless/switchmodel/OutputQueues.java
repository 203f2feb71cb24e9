package org.lossless.switchmodel;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketRing;
import org.lossless.core.net.PacketSource;
import org.lossless.core.net.PortCounters;
import org.lossless.switchmodel.ecn.RedMarker;
import org.lossless.switchmodel.sched.EgressScheduler;
import org.lossless.switchmodel.sched.SchedulingPlan;

/**
 * The eight priority queues of one switch egress port, FIFO within a priority. Which queue goes next is
 * the {@link EgressScheduler}'s choice among the queues that are non-empty, not paused by PFC and, under
 * credit-based flow control, holding credit for their head frame (default: strict priority, higher priority number
 * first). The egress port pulls from here when its
 * wire is free; each frame handed out is reported to the switch ({@link SwitchNode#departed}), which
 * releases its buffer and may mark it.
 */
public final class OutputQueues implements PacketSource, PortCounters.QueuePeaks {
    /**
     * The queue of each priority, made at its first frame (null before): a port has eight and a run mostly uses one
     * or two (a 1,024-host fat-tree: 40,960 queues, about 35,000 never used, 48 bytes each). Read only where the
     * occupied mask says a queue holds a frame, or null-checked.
     */
    private final PacketRing[] queues = new PacketRing[PortCounters.PRIORITIES];
    private final SwitchNode owner;
    /**
     * The port these queues feed, its number at the switch and its RED marker (null without ECN; set by the switch):
     * the switch's per-port state a frame needs, in this one object instead of in parallel arrays of the switch.
     */
    final EgressPort port;
    final int portIndex;
    RedMarker marker;
    private int occupiedMask;
    /**
     * Frame bytes queued per [queue][ingress port] ({@link #bytesFromIngress}), kept on enqueue and dequeue: the
     * pause graph asks at every XOFF, and scanning MB-deep queues then cost PFC-heavy runs 5-14 % of their CPU.
     * A queue's row is allocated at its first frame (most of a large fabric's queues never hold one).
     */
    private final long[][] fromIngress = new long[PortCounters.PRIORITIES][];
    /**
     * The rows of {@link #fromIngress} of the last two priorities queued or sent, {@link #prioA} the more recent
     * (-1: none), kept here: a frame of one of them updates its row without reading the (cold) array of rows. Two,
     * as a port usually carries data on one priority and acknowledgements of the other direction on another.
     */
    private long[] rowA;
    private long[] rowB;
    /**
     * The rings of {@link #prioA} and {@link #prioB} (kept with their rows): a frame of one of them is queued without
     * reading the (cold) array of rings, one cache miss fewer per frame. A priority's ring, once made, is never replaced.
     */
    private PacketRing ringA;
    private PacketRing ringB;
    private int prioA = -1;
    private int prioB = -1;
    private EgressScheduler scheduler = new EgressScheduler(SchedulingPlan.strictPriority());
    /**
     * The plan's strict queues (bit q), kept here: a strict queue is picked, and emptied, without reading the
     * scheduler (a strict queue never has a DWRR deficit), one cold object fewer per frame.
     */
    private int strictMask = SchedulingPlan.strictPriority().strictMask();
    /** The clock when frames carry a ready time (forwarding latency &gt; 0), else null (all ready when queued). */
    private Scheduler sim;
    private final Wakeup wakeup = new Wakeup();
    /** The port's link is up: told by the port ({@link #linkUp}), so the switch need not read the port. */
    private boolean up = true;
    /**
     * False while the port will ask again without a kick: from the moment this source hands the port a frame and
     * still holds others ({@link #hasQueued()}: the port's event is armed at the end of that frame) until the port
     * asks. The switch kicks the port only while this is true, so a frame queued behind a busy port does not read
     * the port (cold in cache on a large fabric). A source left empty by the frame it hands out stays true: the
     * port arms no event then, and the next frame queued must kick it (the kick arms the event at the end of the
     * frame on the wire, or starts the frame). True does not mean idle: the port's own {@link EgressPort#kick()}
     * decides.
     */
    private boolean portMayBeIdle = true;

    /** @param port the egress port, whose counters' {@code max_queue_bytes} are these queues' peaks */
    OutputQueues(EgressPort port, SwitchNode owner, int portIndex) {
        port.counters().queuePeaks(this);
        this.port = port;
        this.owner = owner;
        this.portIndex = portIndex;
    }

    /** Appends {@code p} to its priority's queue (which keeps its high-water mark, {@link #peakBytes}). */
    void enqueue(Packet p) {
        int prio = p.priority;
        PacketRing q;
        long[] row;
        if (prio == prioA) {
            q = ringA;
            row = rowA;
        } else if (prio == prioB) {
            q = ringB;
            row = rowB;
        } else {
            if (queues[prio] == null) {
                queues[prio] = new PacketRing();
            }
            row = remember(prio);
            q = ringA;
        }
        q.add(p);
        occupiedMask |= 1 << prio;
        row[p.ingressPort] += p.frameBytes;
    }

    /** The per-ingress byte row of {@code prio} (whose ring exists), made at the priority's first frame. */
    private long[] ingressRow(int prio) {
        if (prio == prioA) {
            return rowA;
        }
        if (prio == prioB) {
            return rowB;
        }
        return remember(prio);
    }

    /**
     * Makes {@code prio} (neither {@link #prioA} nor {@link #prioB}; its ring exists) the most recent priority: its row
     * (made now if it has none) and ring become {@link #rowA} and {@link #ringA}, the previous ones B. Returns the row.
     */
    private long[] remember(int prio) {
        long[] r = fromIngress[prio];
        if (r == null) {
            r = fromIngress[prio] = new long[owner.portCount()];
        }
        rowB = rowA;
        ringB = ringA;
        prioB = prioA;
        rowA = r;
        ringA = queues[prio];
        prioA = prio;
        return r;
    }

    /** The most frame bytes queued at once at {@code priority} so far: the port's {@code max_queue_bytes}. */
    @Override
    public long peakBytes(int priority) {
        PacketRing q = queues[priority];
        return q == null ? 0 : q.peakBytes();
    }

    /**
     * Appends {@code p} as {@link #enqueue(Packet)} does, to leave no earlier than {@code readyPs} (forwarding latency,
     * cut-through). The time is kept by the queue's ring, at the frame's slot, not in the frame.
     */
    void enqueue(Packet p, long readyPs) {
        enqueue(p);
        queues[p.priority].tagTail(readyPs);
    }

    /** Makes the ready times of {@link #enqueue(Packet, long)} count: frames leave no earlier (before the run starts). */
    void forwardingLatency(Scheduler clock) {
        this.sim = clock;
    }

    @Override
    public void linkUp(boolean isUp) {
        this.up = isUp;
    }

    /** Whether the port's link is up (frames for a port that is down are dropped, not queued). */
    boolean portUp() {
        return up;
    }

    /** False while the port is known to be busy with a frame from here (a kick would do nothing). */
    boolean portMayBeIdle() {
        return portMayBeIdle;
    }

    /**
     * Kicks the port for a frame just queued. Afterwards the port will ask again by itself: its event is pending
     * or armed at the end of the frame on the wire, or it has started a frame now (then {@link #next} has set the
     * mirror itself, as it does whenever the port asks). So the next frames queued before it asks need no kick.
     */
    void kickPort() {
        portMayBeIdle = false;
        port.kick();
    }

    /** Whether no frame is queued at any priority. */
    boolean isEmpty() {
        return occupiedMask == 0;
    }

    /** Replaces the scheduler (before the run starts: the old one's round state is dropped). */
    void scheduling(SchedulingPlan plan) {
        scheduler = new EgressScheduler(plan);
        strictMask = plan.strictMask();
    }

    @Override
    public Packet next(EgressPort port) {
        int eligible = occupiedMask;
        for (int m = occupiedMask; m != 0; m &= m - 1) {
            int prio = Integer.numberOfTrailingZeros(m);
            if (port.isPaused(prio) || port.underCredit(prio) && port.creditBlocked(prio, queues[prio].peek().frameBytes)) {
                eligible &= ~(1 << prio);
            }
        }
        if (sim != null && eligible != 0) {
            eligible = ready(eligible, port);
        }
        int strict = eligible & strictMask; // what the scheduler does first: the highest eligible strict queue
        int prio = strict != 0 ? 31 - Integer.numberOfLeadingZeros(strict) : scheduler.select(eligible, queues);
        if (prio < 0) {
            portMayBeIdle = true;
            return null;
        }
        PacketRing q = queues[prio];
        Packet p = q.poll();
        ingressRow(prio)[p.ingressPort] -= p.frameBytes;
        if (q.isEmpty()) {
            occupiedMask &= ~(1 << prio);
            if ((strictMask >>> prio & 1) == 0) {
                scheduler.emptied(prio);
            }
        }
        portMayBeIdle = occupiedMask == 0; // empty: the port will not come back by itself (hasQueued)
        owner.departed(p, this, q.bytes());
        return p;
    }

    /** Whether a frame is queued at any priority (paused or not ready included): the port comes back if so. */
    @Override
    public boolean hasQueued() {
        return occupiedMask != 0;
    }

    /** {@code eligible} without the queues whose head is not ready yet; arms the wake-up if none is left. */
    private int ready(int eligible, EgressPort port) {
        long now = sim.now();
        long earliest = Long.MAX_VALUE;
        for (int m = eligible; m != 0; m &= m - 1) {
            int prio = Integer.numberOfTrailingZeros(m);
            long at = queues[prio].peekTag();
            if (at > now) {
                eligible &= ~(1 << prio);
                earliest = Math.min(earliest, at);
            }
        }
        if (eligible == 0 && (!wakeup.isScheduled() || wakeup.timePs() > earliest)) {
            wakeup.port = port;
            sim.schedule(wakeup, earliest);
        }
        return eligible;
    }

    /** Restarts an idle port when the first waiting head becomes ready. */
    private static final class Wakeup extends SimEvent {
        private static final long serialVersionUID = 1L;
        private transient EgressPort port;

        @Override
        protected void fire() {
            port.kick();
        }
    }

    /** Removes any queued frame (highest priority first) without reporting it, or null: for draining. */
    Packet pollAny() {
        if (occupiedMask == 0) {
            return null;
        }
        int prio = 31 - Integer.numberOfLeadingZeros(occupiedMask);
        PacketRing q = queues[prio];
        Packet p = q.poll();
        fromIngress[prio][p.ingressPort] -= p.frameBytes;
        if (q.isEmpty()) {
            occupiedMask &= ~(1 << prio);
            scheduler.emptied(prio);
        }
        return p;
    }

    /**
     * Removes every frame queued at {@code priority}, oldest first, handing each to {@code sink} without
     * reporting it as departed (the PFC watchdog's drop action; the sink releases and counts it).
     */
    void drainPriority(int priority, java.util.function.Consumer<Packet> sink) {
        PacketRing q = queues[priority];
        occupiedMask &= ~(1 << priority); // first: a sink that kicks this port must not see the queue
        scheduler.emptied(priority);
        for (Packet p = q == null ? null : q.poll(); p != null; p = q.poll()) {
            fromIngress[priority][p.ingressPort] -= p.frameBytes;
            sink.accept(p);
        }
    }

    /**
     * The priorities holding a frame now, bit p for priority p (a queue holds frames exactly when it holds bytes:
     * a frame is at least 64 bytes): lets a reader skip empty queues without touching them.
     */
    public int occupiedPriorities() {
        return occupiedMask;
    }

    /** Frame bytes queued at all priorities (in-band telemetry's queue length; 8 reads, not on the plain path). */
    public long totalQueuedBytes() {
        long sum = 0;
        for (PacketRing q : queues) {
            sum += q == null ? 0 : q.bytes();
        }
        return sum;
    }

    /** Frame bytes queued at {@code priority}. */
    public long queuedBytes(int priority) {
        PacketRing q = queues[priority];
        return q == null ? 0 : q.bytes();
    }

    /**
     * Frame bytes queued at {@code priority} that arrived on ingress port {@code inPort} (their
     * {@link Packet#ingressPort}): a counter, O(1) (the pause graph asks at each XOFF). Read-only.
     */
    public long bytesFromIngress(int priority, int inPort) {
        long[] row = fromIngress[priority];
        return row == null ? 0 : row[inPort];
    }
}
