package org.lossless.switchmodel;

import java.util.List;
import java.util.function.Consumer;

import nl.tudelft.simulation.jstats.streams.StreamInterface;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;
import org.lossless.core.net.PfcObserver;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.ecn.MarkPoint;
import org.lossless.switchmodel.ecn.RedMarker;
import org.lossless.switchmodel.ecn.RedParams;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.pfc.PfcTiming;
import org.lossless.switchmodel.pfc.StormEpisode;
import org.lossless.switchmodel.pfc.WatchdogConfig;
import org.lossless.switchmodel.qos.QosMap;
import org.lossless.switchmodel.sched.SchedulingPlan;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.Routes;

/**
 * A shared-buffer switch. Order of operations for a frame that arrives whole on an input port:
 * <ol>
 * <li>PFC frames pause the transmitter of that port (and are shown to the PFC watchdog, if any) and go
 *     no further;</li>
 * <li>route: the equal-cost egress ports towards the destination host, one chosen per flow by the
 *     switch's seeded ECMP hash of the 5-tuple;</li>
 * <li>a frame for an egress queue that the watchdog holds stormed with action drop is dropped and
 *     counted on its egress port ({@link PfcWatchdog});</li>
 * <li>classification ({@link QosMap}): DSCP → traffic class → ingress priority group and egress queue;
 *     the frame's 802.1p priority becomes its queue (what it carries on the egress link);</li>
 * <li>admission by the MMU on ingress (port, PG) and egress (port, queue); a refused frame is dropped and
 *     counted on its egress port (at its queue), or, on a trimming queue ({@link #trimming}), trimmed: its header
 *     goes ahead of the port's queues, as does a header trimmed upstream;</li>
 * <li>ECN at enqueue (option): RED on the queue the frame finds;</li>
 * <li>enqueue, then XOFF on the input port if the PG crossed its threshold or entered headroom.</li>
 * </ol>
 * When the egress port takes the frame for transmission (dequeue) its buffer is released (the MMU
 * releases headroom first), ECN at dequeue (default) marks it with the probability of the queue it
 * leaves behind, and XON is sent if the ingress PG fell below its resume level.
 *
 * <p>Forwarding latency ({@link #forwarding}; default 0, store-and-forward): a frame admitted when its last bit
 * arrived at T may not start leaving before T + latency; it holds its buffer (and counts in its egress queue)
 * from T. With cut-through, a frame that finds its egress idle with nothing else queued, and the egress no
 * faster than its ingress, leaves as if it had started at first bit in + latency = T − serialization at the
 * ingress rate + latency (not before the egress's previous transmission ended); otherwise it is stored and
 * forwarded. No event per frame: ready times are checked when the port picks its next frame.
 *
 * <p>In-band telemetry: a data frame that collects it ({@code Packet.intHops >= 0}, HPCC's) gets a record
 * of the egress port at dequeue ({@link TelemetryStamp}); other frames cost one comparison.
 *
 * <p>Modelling choices: buffer released at the start of transmission (the frame has left the queue, as in
 * the HPCC simulator). Per-port counters, queues and ECN are per egress queue; a queued frame remembers its
 * ingress port and PG ({@link Packet#ingressPg}) for the release.
 */
public final class SwitchNode implements PacketReceiver {
    private final int nodeId;
    private final String name;
    private Routes routes;
    private final EcmpHash ecmp;
    private final EgressPort[] ports;
    /** Per port: its output queues, which also hold the port and its RED marker (one object per port). */
    private final OutputQueues[] queues;
    private final PacketPool pool;
    private final Mmu mmu;
    private final EcnConfig ecn;
    /** ECN on and marking at enqueue / at dequeue (per switch constants, so a frame does not read {@link #ecn}). */
    private final boolean markAtEnqueue;
    private final boolean markAtDequeue;
    private final StreamInterface ecnStream;
    private final PfcGenerator pfc;
    private boolean spray;
    /** Packet trimming ({@code switch.trimming}), or null (off: refused frames are dropped). */
    private Trimming trimming;
    /** Credit-based flow control's classes (bit p = priority p on the ingress link), 0 without CBFC. */
    private int cbfcMask;
    /** Buffer held by credited frames per ingress port and class, and its high-water mark, or null without CBFC. */
    private CreditLedger credited;
    /** The PFC watchdog, or null (off: one null test per frame). */
    private PfcWatchdog watchdog;
    private final Scheduler sim;
    /** Last bit in to first possible bit out, ps (0: store-and-forward without pipeline delay). */
    private long latencyPs;
    private boolean cutThrough;
    /** DSCP → TC → PG / queue; default: class selector, identity (a frame's priority is its PG and queue). */
    private QosMap qos = QosMap.DEFAULT;
    /** Line bytes per frame beyond the frame ({@link WireFormat#wireExtra}) in the run's wire format. */
    private int wireExtra = WireFormat.ROCEV2.wireExtra();

    /**
     * @param ports     egress ports by port index (connected to their links by the caller, with
     *                  {@link #queues(int)} as their source)
     * @param ecnStream this switch's random stream for RED draws
     */
    public SwitchNode(int nodeId, String name, Routes routes, EcmpHash ecmp, EgressPort[] ports, Scheduler sim,
                      PacketPool pool, Mmu mmu, PfcTiming timing, EcnConfig ecn, StreamInterface ecnStream) {
        this.nodeId = nodeId;
        this.sim = sim;
        this.name = name;
        this.routes = routes;
        this.ecmp = ecmp;
        this.ports = ports.clone();
        this.pool = pool;
        this.mmu = mmu;
        this.ecn = ecn;
        this.markAtEnqueue = ecn.enabled() && ecn.markOn() == MarkPoint.ENQUEUE;
        this.markAtDequeue = ecn.enabled() && ecn.markOn() == MarkPoint.DEQUEUE;
        this.ecnStream = ecnStream;
        this.queues = new OutputQueues[ports.length];
        for (int i = 0; i < ports.length; i++) {
            queues[i] = new OutputQueues(ports[i], this, i);
            queues[i].marker = ecn.enabled() ? marker(ecn.paramsFor(ports[i].rateBps()), i) : null;
        }
        this.pfc = new PfcGenerator(sim, pool, mmu, timing, name, this.ports);
        for (int i = 0; i < ports.length; i++) {
            int port = i;
            ports[i].onLoss(p -> lost(p, port));
        }
    }

    /**
     * The marker of port {@code i}: the one of an earlier port with the same parameters, if any. A marker keeps
     * nothing per port but its two diagnostic counts, which the switch never reads, so ports of one speed share one
     * (warm in cache) instead of each reading its own cold one at every frame.
     */
    private RedMarker marker(RedParams params, int i) {
        for (int j = 0; j < i; j++) {
            if (queues[j].marker.params() == params) {
                return queues[j].marker;
            }
        }
        return new RedMarker(params);
    }

    /**
     * Per-packet spraying: pick the equal-cost port per packet (hash of the flow and its PSN) instead
     * of per flow. A study option: RC receivers discard out-of-order packets, so go-back-N pays for it.
     */
    public void sprayPerPacket(boolean on) {
        this.spray = on;
    }

    /**
     * Sets the forwarding latency (last bit in to first possible bit out, ps, &ge; 0) and cut-through (a frame
     * that finds its egress idle leaves latency after its first bit arrived). Call before the run starts.
     */
    public void forwarding(long latency, boolean cut) {
        if (latency < 0) {
            throw new IllegalArgumentException("switch.latency must be >= 0, got " + latency + " ps");
        }
        this.latencyPs = latency;
        this.cutThrough = cut;
        for (OutputQueues q : queues) {
            q.forwardingLatency(latency > 0 ? sim : null);
        }
    }

    /** Forwarding latency, ps. */
    public long latencyPs() {
        return latencyPs;
    }

    /** Whether frames that find their egress idle cut through. */
    public boolean cutThrough() {
        return cutThrough;
    }

    /**
     * Runs a PFC watchdog on this switch's ports ({@link PfcWatchdog}; off unless called). Call before the
     * run starts.
     */
    public void enableWatchdog(Scheduler sim, WatchdogConfig config) {
        this.watchdog = new PfcWatchdog(sim, config, this);
    }

    /** The watchdog's storm episodes so far in detection order; empty without a watchdog. */
    public List<StormEpisode> stormEpisodes() {
        return watchdog == null ? List.of() : watchdog.episodes();
    }

    /**
     * Drops every frame queued at ({@code port}, {@code prio}) (a watchdog drop action): each is released
     * in the MMU (which may send XON upstream), counted as a drop of the port and shown to {@code seen}.
     */
    void discardQueue(int port, int prio, Consumer<Packet> seen) {
        queues[port].drainPriority(prio, p -> {
            if (p.creditClass() < 0) {
                int pg = p.ingressPg;
                mmu.release(p.ingressPort, pg, port, prio, p.frameBytes);
                pfc.afterRelease(p.ingressPort, pg);
            } else {
                credited.free(p.ingressPort, p.creditClass(), p.frameBytes);
            }
            seen.accept(p);
            drop(p, port);
        });
    }

    /** Sets the switch's classification (default {@link QosMap#DEFAULT}). Call before the run starts. */
    public void classification(QosMap map) {
        this.qos = java.util.Objects.requireNonNull(map, "map");
        pfc.classification(map);
    }

    /** The switch's classification. */
    public QosMap classification() {
        return qos;
    }

    /**
     * Sets the run's wire format ({@code nic.wire}; default {@link WireFormat#ROCEV2}): the size of the PFC frames this
     * switch sends, and the line bytes per frame its telemetry counts. Call before the run starts.
     */
    public void wire(WireFormat wire) {
        this.wireExtra = wire.wireExtra();
        pfc.wire(wire);
    }

    /** Sets how every egress port of this switch picks its next queue (default: strict priority). */
    public void scheduling(SchedulingPlan plan) {
        for (OutputQueues q : queues) {
            q.scheduling(plan);
        }
    }

    /** Installs new routing tables (after a failure, once routing has converged). */
    public void setRoutes(Routes newRoutes) {
        this.routes = newRoutes;
    }

    /**
     * Port {@code index} lost its link: every frame queued for it is dropped (and its buffer
     * released, which may send XON upstream). Frames on the wire are handled by the port's loss hook.
     */
    public void portFailed(int index) {
        OutputQueues q = queues[index];
        for (Packet p = q.pollAny(); p != null; p = q.pollAny()) {
            if (p.creditClass() < 0) {
                int pg = p.ingressPg;
                mmu.release(p.ingressPort, pg, index, p.priority, p.frameBytes);
                pfc.afterRelease(p.ingressPort, pg);
            } else {
                credited.free(p.ingressPort, p.creditClass(), p.frameBytes);
            }
            drop(p, index);
        }
    }

    /** A frame that was on the wire or in flight when its link failed. */
    private void lost(Packet p, int port) {
        if (p.type == PacketType.PFC || p.type == PacketType.LINK_CREDIT) {
            pool.release(p);
        } else {
            drop(p, port);
        }
    }

    /** Reports PFC state changes to {@code observer} too (observers add up: telemetry, probes, tests). */
    public void observePfc(PfcObserver observer) {
        pfc.observe(observer);
    }

    public String name() {
        return name;
    }

    public int nodeId() {
        return nodeId;
    }

    public EgressPort port(int index) {
        return ports[index];
    }

    public OutputQueues queues(int index) {
        return queues[index];
    }

    public int portCount() {
        return ports.length;
    }

    public Mmu mmu() {
        return mmu;
    }

    /*
     * receive() is the switch's per-frame path, compiled with what it inlines (MMU, PFC, ECN, queues) into one large
     * method: what only some frames do (a PAUSE frame, the choice among several equal-cost ports) is in methods of its
     * own, which the compiler inlines only where they are hot (benchmarks/README.md, "The switch and the host NIC per
     * frame on V-09").
     */
    @Override
    public void receive(Packet p, int inPort) {
        if (p.type == PacketType.PFC) {
            pauseReceived(p, inPort);
            return;
        }
        if (cbfcMask != 0) {
            if (p.type == PacketType.LINK_CREDIT) {
                creditFrame(p, inPort);
                return;
            }
            creditedArrival(p, inPort);
        }
        int[] candidates = routes.candidates(nodeId, p.dstHost);
        int out = candidates.length == 1 ? candidates[0] : choose(p, candidates);
        if (out < 0) {
            drop(p, inPort);
            return;
        }
        int pq = qos.pgAndQueue(p);
        int pg = pq >>> 3;
        int prio = pq & 7;
        p.priority = (byte) prio;
        OutputQueues q = queues[out];
        if (!q.portUp() || watchdog != null && watchdog.dropsArrival(out, prio, p.frameBytes)) {
            drop(p, out);
            return;
        }
        if (p.creditClass() >= 0) {
            credited.hold(inPort, p.creditClass(), p.frameBytes); // its reserved credit: no MMU admission, no PFC
        } else if (p.trimmed() || mmu.admit(inPort, pg, out, prio, p.frameBytes) != Mmu.ADMIT) {
            refused(p, out, prio);
            return;
        }
        p.ingressPort = inPort;
        if (p.creditClass() < 0) { // a credited frame's field holds its class
            p.ingressPg = (byte) pg;
        }
        if (markAtEnqueue && q.marker.mark(p, q.queuedBytes(prio), ecnStream)) {
            q.port.countEcnMarked(prio);
        }
        if (latencyPs == 0 && !cutThrough) {
            q.enqueue(p);
            if (p.creditClass() < 0) {
                pfc.afterAdmit(inPort, pg);
            }
            if (q.portMayBeIdle()) { // a port that will ask anyway needs no kick: not reading it saves a cache miss
                q.kickPort();
            }
            return;
        }
        forward(p, inPort, out, pg, prio);
    }

    /** A PAUSE frame arrived on {@code inPort}: it pauses that port's transmitter and goes no further. */
    private void pauseReceived(Packet p, int inPort) {
        ports[inPort].onPause(p);
        if (watchdog != null) {
            watchdog.pfcReceived(inPort, p.pfcClassEnable());
        }
        pool.release(p);
    }

    /**
     * The egress port of {@code p} among {@code candidates} (not exactly one): the ECMP hash's pick (per flow, or per
     * packet when spraying), or -1 when there is none (the destination is unreachable from here).
     */
    private int choose(Packet p, int[] candidates) {
        int n = candidates.length;
        if (n == 0) {
            return -1;
        }
        return candidates[spray ? ecmp.selectPerPacket(p.srcHost, p.dstHost, p.udpSrcPort, p.psn, n)
                : ecmp.select(p.srcHost, p.dstHost, p.udpSrcPort, n)];
    }

    /** Queues an admitted frame with its ready time (latency, cut-through) and starts the egress if it can. */
    private void forward(Packet p, int inPort, int out, int pg, int prio) {
        long now = sim.now();
        EgressPort egress = ports[out];
        boolean cut = cutThrough && egress.idle() && queues[out].isEmpty() && !egress.isPaused(prio)
                && !(egress.underCredit(prio) && egress.credits().credit(prio) < p.frameBytes)
                && egress.rateBps() <= ports[inPort].rateBps();
        long start = cut ? now - ports[inPort].serializationPs(p.wireBytes) + latencyPs : now + latencyPs;
        queues[out].enqueue(p, start);
        if (p.creditClass() < 0) {
            pfc.afterAdmit(inPort, pg);
        }
        if (cut && start <= now) {
            egress.kickCutThrough(start);
        } else {
            egress.kick();
        }
    }

    /**
     * A frame the buffer refused, or a trimmed header: a data frame of a trimming queue is trimmed (payload cut,
     * {@link Trimming}) and its header sent ahead of the port's queues; a header trimmed upstream goes the same
     * way at every hop; anything else is dropped.
     */
    private void refused(Packet p, int out, int prio) {
        if (trimming != null && p.type == PacketType.DATA && trimming.handles(p, prio, out)) {
            p.wireBytes = (char) (p.frameBytes + wireExtra);
            ports[out].sendUrgent(p);
        } else {
            drop(p, out);
        }
    }

    /**
     * Runs credit-based flow control on the classes in {@code mask} (bit p = priority p on the link a frame arrives
     * on): a frame of such a class is not admitted by the MMU and never triggers PFC; it sits in the buffer the
     * switch reserved for its ingress port and class (the credit granted upstream, {@code grantBytes[port]} bytes
     * per class) until it leaves, when its credit goes back upstream. The ports must have {@link
     * EgressPort#enableCredits} with the same mask. Call before the run starts.
     */
    public void cbfc(int mask, long[] grantBytes) {
        this.cbfcMask = mask;
        this.credited = mask == 0 ? null : new CreditLedger(grantBytes);
    }

    /** Buffer use of credited frames ({@link #cbfc}), or null without CBFC. */
    public CreditLedger credited() {
        return credited;
    }

    /**
     * Under CBFC: notes whether {@code p} (not a PFC or credit frame) arrived on a credited class, in its {@link
     * Packet#creditClass()} (before classification moves its priority), with its ingress port (for the credit's
     * return, also when it is dropped before it is buffered). A trimmed header is not credited: it was sent as a
     * control frame, outside the credits.
     */
    private void creditedArrival(Packet p, int inPort) {
        if ((cbfcMask >>> p.priority & 1) != 0 && !p.trimmed()) {
            p.creditClass(p.priority);
            p.ingressPort = inPort;
        } else {
            p.creditClass(-1);
        }
    }

    /** A CBFC credit update arrived on {@code inPort}: it is for that port's transmitter. */
    private void creditFrame(Packet p, int inPort) {
        ports[inPort].credits().received(p);
        pool.release(p);
    }

    /**
     * Trims data frames of the queue priorities in {@code mask} that the buffer refuses ({@code switch.trimming}):
     * each becomes a header of {@code headerBytes} sent ahead of every queued frame of its port, here and at every
     * later hop (not held in the buffer: a header queue of its own, as in the UEC reference simulator);
     * {@code hostFacing[i]} says port i faces a host (a trim there is a last-hop trim). Call before the run.
     */
    public void trimming(int mask, int headerBytes, boolean[] hostFacing) {
        this.trimming = mask == 0 ? null : new Trimming(mask, headerBytes, hostFacing);
    }

    /** Frames trimmed at port {@code port} (last hop when it faces a host, else in the network). */
    public long trims(int port) {
        return trimming == null ? 0 : trimming.trims(port);
    }

    /** Frames trimmed at ports facing a host (last hop: {@code lastHop}) or facing a switch (in the network). */
    public long trims(boolean lastHop) {
        long n = 0;
        for (int i = 0; trimming != null && i < ports.length; i++) {
            n += trimming.lastHop(i) == lastHop ? trimming.trims(i) : 0;
        }
        return n;
    }

    private void drop(Packet p, int port) {
        ports[port].counters().countDrop(p.priority, p.frameBytes);
        if (p.creditClass() >= 0) {
            // a credited frame dropped before it was buffered (no route, a failed port, a watchdog) frees its credit
            ports[p.ingressPort].credits().returnCredit(p.creditClass(), p.frameBytes);
        }
        pool.release(p);
    }

    /**
     * Called by the output queues {@code q} when {@code p} leaves for transmission; {@code queuedBytes}
     * is what its queue holds after it left (the queue ECN at dequeue marks by).
     */
    void departed(Packet p, OutputQueues q, long queuedBytes) {
        int prio = p.priority;
        int pg = p.ingressPg;
        int credit = p.creditClass();
        if (credit < 0) {
            mmu.release(p.ingressPort, pg, q.portIndex, prio, p.frameBytes);
        }
        if (markAtDequeue && q.marker.mark(p, queuedBytes, ecnStream)) {
            q.port.countEcnMarked(prio);
        }
        if (credit < 0) {
            pfc.afterRelease(p.ingressPort, pg);
        } else {
            credited.free(p.ingressPort, credit, p.frameBytes);
            ports[p.ingressPort].credits().returnCredit(credit, p.frameBytes);
            p.creditClass(-1); // the next hop decides its own
        }
        if (p.intHops >= 0 && p.type == PacketType.DATA) {
            TelemetryStamp.push(p, q, q.port, sim.now(), wireExtra);
        }
    }
}
