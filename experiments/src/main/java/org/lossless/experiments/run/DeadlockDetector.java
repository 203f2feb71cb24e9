package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PortCounters;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Detects a PFC deadlock (reference P5): a cycle of switch egress queues, each holding frames, each
 * paused by the next switch on the cycle (whose ingress from it is XOFF), with no frame leaving any of
 * them during the last {@code window} of the run.
 *
 * <p>Graph: a node is a blocked egress (switch S, port j towards switch Y, priority p) — paused and
 * non-empty. An edge goes from it to every blocked egress (Y, k, p) when Y holds S's ingress PG p paused
 * (Y's buffer is what stops S). A cycle with zero transmissions since the snapshot taken
 * {@code window} before the stop time is reported. A run that ends before the stop time (all work done)
 * cannot be deadlocked.
 */
final class DeadlockDetector extends SimEvent {
    private static final long serialVersionUID = 1L;
    private final Scheduler sim;
    private final PacketNetwork network;
    private final Topology topology;
    /** Frames sent per [node][port][priority] at the snapshot, or null before it. */
    private long[][][] snapshot;
    private List<String> cycle = List.of();

    DeadlockDetector(Scheduler sim, PacketNetwork network) {
        this.sim = sim;
        this.network = network;
        this.topology = network.topology();
    }

    /** Takes the snapshot {@code windowPs} before {@code stopPs}. */
    void arm(long stopPs, long windowPs) {
        sim.schedule(this, Math.max(0, stopPs - windowPs));
    }

    @Override
    protected void fire() {
        snapshot = new long[topology.nodes().size()][][];
        for (Node n : topology.nodes()) {
            SwitchNode sw = network.switchAt(n.id());
            if (sw != null) {
                snapshot[n.id()] = new long[sw.portCount()][];
                for (int j = 0; j < sw.portCount(); j++) {
                    long[] sent = snapshot[n.id()][j] = new long[PortCounters.PRIORITIES];
                    for (int prio = 0; prio < sent.length; prio++) {
                        sent[prio] = sw.port(j).counters().txPackets(prio);
                    }
                }
            }
        }
    }

    /** The deadlocked cycle found at the end of the run ("node:port/prio" entries), or empty. */
    List<String> detect(boolean reachedStopTime) {
        if (!reachedStopTime || snapshot == null) {
            return List.of();
        }
        for (int prio = 0; prio < 8; prio++) {
            List<String> c = cycleAt(prio);
            if (!c.isEmpty()) {
                cycle = c;
                return c;
            }
        }
        return List.of();
    }

    List<String> cycle() {
        return cycle;
    }

    private boolean stuck(int node, int port, int prio) {
        SwitchNode sw = network.switchAt(node);
        if (sw == null || topology.node(topology.peer(node, port)).isHost()) {
            return false;
        }
        EgressPort e = sw.port(port);
        return e.isPaused(prio) && sw.queues(port).queuedBytes(prio) > 0
                && e.counters().txPackets(prio) == snapshot[node][port][prio];
    }

    /** Depth-first search for a cycle among stuck egresses of one priority. */
    private List<String> cycleAt(int prio) {
        int n = topology.nodes().size();
        int[][] state = new int[n][];
        for (int v = 0; v < n; v++) {
            state[v] = new int[topology.ports(v).size()];
        }
        List<int[]> path = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            for (int j = 0; j < state[v].length; j++) {
                if (state[v][j] == 0 && stuck(v, j, prio)) {
                    List<String> c = dfs(v, j, prio, state, path);
                    if (!c.isEmpty()) {
                        return c;
                    }
                }
            }
        }
        return List.of();
    }

    private List<String> dfs(int v, int j, int prio, int[][] state, List<int[]> path) {
        state[v][j] = 1;
        path.add(new int[] {v, j});
        Port p = topology.ports(v).get(j);
        int y = p.peer();
        SwitchNode next = network.switchAt(y);
        int pg = next == null ? -1 : next.classification().pgOfPfcPriority(prio);
        if (pg >= 0 && next.mmu().isPaused(p.peerPort(), pg)) {
            for (int k = 0; k < state[y].length; k++) {
                if (!stuck(y, k, prio)) {
                    continue;
                }
                if (state[y][k] == 1) {
                    return describe(path, y, k, prio);
                }
                if (state[y][k] == 0) {
                    List<String> c = dfs(y, k, prio, state, path);
                    if (!c.isEmpty()) {
                        return c;
                    }
                }
            }
        }
        state[v][j] = 2;
        path.remove(path.size() - 1);
        return List.of();
    }

    private List<String> describe(List<int[]> path, int y, int k, int prio) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (int[] e : path) {
            in |= e[0] == y && e[1] == k;
            if (in) {
                out.add(topology.node(e[0]).name() + ":" + e[1] + "/" + prio);
            }
        }
        return out;
    }
}
