package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PauseState;
import org.lossless.core.net.PortCounters;
import org.lossless.core.net.PfcObserver;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.PauseEdge;
import org.lossless.experiments.metrics.PauseGraph;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Builds the {@link PauseGraph} while the run goes: told of every XOFF/XON of every switch and of every
 * NIC with a receive buffer, it opens an episode at the first XOFF of a (node, port, priority) and
 * closes it at the XON.
 *
 * <p>Cause of a switch pause on ingress port i, priority p: at the XOFF (the packet that crossed the
 * threshold is already queued) each egress queue of priority p is asked for the frame bytes that came
 * in on port i ({@link org.lossless.switchmodel.OutputQueues#bytesFromIngress}, a counter); the egress with the most
 * bytes is the cause (ties: the lowest port number). If that egress is paused by its downstream
 * neighbour at that instant (in effect, or received and still within the port's PFC response time), the
 * pause is propagated from the neighbour's episode that paused it (its latest episode that began no later
 * than the egress's pause took effect). So is one whose egress resumed less than those bytes' transmission time at
 * its line rate ago ({@link #backlogOfPause}): they queued behind that pause and could not have left since.
 * Otherwise it is a root (congestion at that egress). A NIC pause is a root caused by its receive buffer. Cost: one counter read per
 * port of the switch per episode start; the queues keep the counters at two array updates per frame.
 */
final class PauseGraphRecorder implements PfcObserver {
    private static final int PRIOS = PortCounters.PRIORITIES;
    private final PacketNetwork network;
    private final Topology topology;
    /** Latest episode id per [node][port * 8 + priority], or -1. */
    private final int[][] last;
    private final List<Episode> episodes = new ArrayList<>();

    /** Mutable while the run goes; frozen into a {@link PauseEdge} at the end. */
    private static final class Episode {
        int id;
        long timePs;
        long endPs = -1;
        int node;
        int port;
        int priority;
        PauseEdge.Cause cause;
        int causePort = -1;
        long queuedBytes = -1;
        int causedBy = -1;
        int causedByNode = -1;
        int causedByPort = -1;
        int depth;
        /** The previous episode of the same (node, port, priority), or -1. */
        int previous;
    }

    PauseGraphRecorder(PacketNetwork network) {
        this.network = network;
        this.topology = network.topology();
        this.last = new int[topology.nodes().size()][];
        for (Node n : topology.nodes()) {
            last[n.id()] = new int[topology.ports(n.id()).size() * PRIOS];
            Arrays.fill(last[n.id()], -1);
        }
    }

    /** Observes every switch and every NIC of the network. Call before the run starts. */
    void attach() {
        for (Node n : topology.nodes()) {
            SwitchNode sw = network.switchAt(n.id());
            if (sw != null) {
                sw.observePfc(this);
            } else {
                network.nic(topology.hostNumber(n.id())).observePfc(this);
            }
        }
    }

    @Override
    public void pfcSent(long timePs, String nodeName, int port, int priority, boolean pause) {
        int node = topology.nodeId(nodeName);
        record(timePs, node, port, priority, pause, pause ? snapshot(timePs, node, port, priority) : null);
    }

    /**
     * What the node's own state says of a pause it sends now (the switch-local half of the attribution): the egress
     * holding the most bytes from the paused ingress, those bytes, and whether that egress is itself paused and since
     * when. Read at the XOFF instant {@code nowPs}; a parallel run reads it in the node's partition and records the
     * episode later, between windows, in (time, node) order ({@link PfcBuffers}).
     */
    Local snapshot(long nowPs, int node, int port, int priority) {
        SwitchNode sw = network.switchAt(node);
        if (sw == null) {
            return Local.HOST;
        }
        int best = -1;
        long bestBytes = 0;
        // the paused class's frames wait in the egress queue of its traffic class (= the PFC priority)
        int queue = sw.classification().queueOfTc(priority);
        for (int j = 0; j < sw.portCount(); j++) {
            long b = sw.queues(j).bytesFromIngress(queue, port);
            if (b > bestBytes) {
                best = j;
                bestBytes = b;
            }
        }
        if (best < 0) {
            return new Local(false, -1, 0, queue, false, 0);
        }
        EgressPort out = sw.port(best);
        PauseState ps = out.pauseState();
        boolean paused = out.pauseReceived(queue) || backlogOfPause(nowPs, ps.pauseStartPs(queue),
                ps.lastPauseEndPs(queue), bestBytes, out.rateBps());
        return new Local(false, best, bestBytes, queue, paused, paused ? ps.pauseStartPs(queue) : 0);
    }

    /**
     * Whether {@code bytes} queued at an egress that is no longer paused are still the backlog of its last pause
     * (effective {@code startPs} to {@code endPs}): the pause held frames ({@code endPs > startPs}) and ended less
     * than the bytes' transmission time at {@code rateBps} before {@code nowPs}. Since the resume the port has sent at
     * most that long at line rate, so fewer bytes than these could have left: the queue is (at least in part) the
     * one the pause built, not a new overload of the egress. Without this a group crossing its threshold 0.67 us
     * after a 40 Gb/s egress resumed with 50 KB still waiting (10 us of draining) was a root.
     */
    static boolean backlogOfPause(long nowPs, long startPs, long endPs, long bytes, long rateBps) {
        if (endPs == Long.MIN_VALUE || endPs <= startPs) {
            return false;
        }
        return nowPs - endPs < WireFormat.bitsToPs(bytes * 8, rateBps);
    }

    /**
     * The local half of an episode's cause.
     *
     * @param host        a NIC's pause (its receive buffer)
     * @param causePort   egress with the most bytes from the paused ingress, or -1
     * @param queuedBytes those bytes
     * @param queue       the egress queue of the paused class
     * @param paused      whether that egress was paused by its neighbour, or resumed with these bytes its backlog
     * @param pausedSince since when, ps
     */
    record Local(boolean host, int causePort, long queuedBytes, int queue, boolean paused, long pausedSince) {
        static final Local HOST = new Local(true, -1, 0, 0, false, 0);
    }

    /** Records an XOFF (with its {@link #snapshot}) or an XON of {@code node}. */
    void record(long timePs, int node, int port, int priority, boolean pause, Local local) {
        int key = port * PRIOS + priority;
        int open = last[node][key];
        boolean isOpen = open >= 0 && episodes.get(open).endPs < 0;
        if (!pause) {
            if (isOpen) {
                episodes.get(open).endPs = timePs;
            }
            return;
        }
        if (isOpen) {
            return; // not a new episode (observers are told state changes only; defensive)
        }
        Episode e = new Episode();
        e.id = episodes.size();
        e.timePs = timePs;
        e.node = node;
        e.port = port;
        e.priority = priority;
        e.previous = open;
        if (local.host()) {
            e.cause = PauseEdge.Cause.HOST_RX_BUFFER;
            e.depth = 1;
        } else {
            attribute(local, e);
        }
        episodes.add(e);
        last[node][key] = e.id;
    }

    private void attribute(Local l, Episode e) {
        e.cause = PauseEdge.Cause.CONGESTION;
        e.depth = 1;
        if (l.causePort() < 0) {
            return; // nothing of the group queued (not expected: the crossing packet is queued); a root, no port
        }
        e.causePort = l.causePort();
        e.queuedBytes = l.queuedBytes();
        if (!l.paused()) {
            return;
        }
        int queue = l.queue();
        Port link = topology.ports(e.node).get(l.causePort());
        e.cause = PauseEdge.Cause.PROPAGATED;
        e.causedByNode = link.peer();
        e.causedByPort = link.peerPort();
        long pausedSince = l.pausedSince();
        int c = last[link.peer()][link.peerPort() * PRIOS + queue];
        while (c >= 0 && episodes.get(c).timePs > pausedSince) {
            c = episodes.get(c).previous;
        }
        e.causedBy = c;
        e.depth = 1 + (c >= 0 ? episodes.get(c).depth : 1);
    }

    /** The graph so far, episodes in the order they began. */
    PauseGraph graph() {
        List<PauseEdge> edges = new ArrayList<>(episodes.size());
        for (Episode e : episodes) {
            Port link = topology.ports(e.node).get(e.port);
            edges.add(new PauseEdge(e.id, e.timePs, e.endPs, name(e.node), e.port, e.priority, name(link.peer()),
                    link.peerPort(), e.cause, e.causePort,
                    e.causePort >= 0 ? name(topology.peer(e.node, e.causePort)) : "", e.queuedBytes, e.causedBy,
                    e.causedByNode >= 0 ? name(e.causedByNode) : "", e.causedByPort, e.depth));
        }
        return new PauseGraph(edges);
    }

    private String name(int node) {
        return topology.node(node).name();
    }
}
