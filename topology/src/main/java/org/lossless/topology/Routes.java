package org.lossless.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * Shortest-path routing with all equal-cost next hops, computed per destination edge switch (the
 * switch a host hangs off, i.e. per ToR prefix), never per host pair: a switch keeps one candidate list
 * per edge switch, plus the direct port for its own hosts. Hosts never forward (no transit through
 * hosts). Paths are shortest in hop count over the live cables; all of them are kept, so a switch can
 * hash per flow ({@link EcmpHash}) or spray per packet over {@link #candidates(int, int)}.
 *
 * <p>Cost: one breadth-first search per edge switch over the switch graph, O(E x L) for E edge
 * switches and L cables; memory O(S x E) references for S switches, with identical candidate lists
 * shared (a ToR's "all uplinks" list is one array for every remote destination).
 *
 * <p>Failures: {@link #shortestPaths(Topology, Failures)} recomputes with cables and nodes excluded. The
 * result is an independent immutable table, so a switch model can swap to it after a convergence delay.
 */
public final class Routes {
    private static final int[] NONE = new int[0];
    private final Topology topology;
    private final Failures failures;
    /** Edge-switch index of each host number. */
    private final int[] edgeOfHost;
    /** Node id of each edge switch. */
    private final int[] edgeNodes;
    /** [node id][edge index] -> candidate egress ports (ascending). Null for hosts. */
    private final int[][][] table;
    /** [host number] -> the port of its edge switch facing the host, or empty if that cable is down. */
    private final int[][] hostFacingPort;
    /** [host number] -> true if the host's NIC cable and edge switch are up. */
    private final boolean[] hostUp;

    /** Chooses one egress port among equal-cost candidates at a switch (for {@link #path}). */
    @FunctionalInterface
    public interface PortChooser {
        /** @return one element of {@code candidates} (a port number of {@code switchNode}) */
        int choose(int switchNode, int[] candidates);
    }

    private Routes(Topology t, Failures failures, int[] edgeOfHost, int[] edgeNodes, int[][][] table,
            boolean[] hostUp) {
        this.topology = t;
        this.failures = failures;
        this.edgeOfHost = edgeOfHost;
        this.edgeNodes = edgeNodes;
        this.table = table;
        this.hostUp = hostUp;
        this.hostFacingPort = new int[t.hostCount()][];
        // one array per port number, shared by every host on that port of any switch: a switch reads them at
        // every frame to a local host, and a few shared arrays stay in cache where one per host would not
        int[][] single = new int[maxDegree(t)][];
        for (int h = 0; h < hostFacingPort.length; h++) {
            int port = t.ports(t.hostNode(h)).get(0).peerPort();
            if (hostUp[h] && single[port] == null) {
                single[port] = new int[] {port};
            }
            hostFacingPort[h] = hostUp[h] ? single[port] : NONE;
        }
    }

    /** Routes over the intact topology. */
    public static Routes shortestPaths(Topology t) {
        return shortestPaths(t, Failures.NONE);
    }

    /** Routes with {@code failedCables} and {@code failedNodes} (node ids) excluded. */
    public static Routes shortestPaths(Topology t, Collection<Cable> failedCables, Collection<Integer> failedNodes) {
        return shortestPaths(t, Failures.of(failedCables, failedNodes));
    }

    /** Routes with the failed cables and nodes excluded; unreachable destinations get no candidates. */
    public static Routes shortestPaths(Topology t, Failures failures) {
        int n = t.nodes().size();
        boolean[] dead = failures.deadCables(t);
        boolean[] deadNode = new boolean[n];
        failures.nodes().forEach(v -> deadNode[v] = true);
        int[] edgeIndexOfNode = new int[n];
        Arrays.fill(edgeIndexOfNode, -1);
        int[] edgeOfHost = new int[t.hostCount()];
        boolean[] hostUp = new boolean[t.hostCount()];
        int edgeCount = 0;
        int[] edgeNodes = new int[t.hostCount()];
        for (int h = 0; h < t.hostCount(); h++) {
            int sw = t.edgeSwitchOf(h);
            if (edgeIndexOfNode[sw] < 0) {
                edgeIndexOfNode[sw] = edgeCount;
                edgeNodes[edgeCount++] = sw;
            }
            edgeOfHost[h] = edgeIndexOfNode[sw];
            hostUp[h] = !dead[t.cableIndex(t.hostNode(h), 0)] && !deadNode[sw];
        }
        edgeNodes = Arrays.copyOf(edgeNodes, edgeCount);
        int[][][] table = new int[n][][];
        int[] switches = new int[t.switchCount()];
        for (int v = 0, i = 0; v < n; v++) {
            if (!t.node(v).isHost()) {
                table[v] = new int[edgeCount][];
                switches[i++] = v;
            }
        }
        // A port is usable for switch-to-switch forwarding if its cable is up and its peer is a live switch.
        // port (v, p) is entry portBase[v] + p of usable and peer: the loops below read arrays, not the topology's
        // accessors (they run once per edge switch over every switch port, mostly before the JIT compiles them)
        boolean[] usable = new boolean[2 * t.cables().size()];
        int[] peer = new int[2 * t.cables().size()];
        int[] portBase = new int[n + 1];
        for (int v = 0; v < n; v++) {
            portBase[v + 1] = portBase[v] + t.degree(v);
            for (int p = 0; p < t.degree(v); p++) {
                int u = t.peer(v, p);
                peer[portBase[v] + p] = u;
                usable[portBase[v] + p] = !dead[t.cableIndex(v, p)] && !t.node(u).isHost() && !deadNode[u];
            }
        }
        Map<Key, int[]> interned = new HashMap<>();
        int[] dist = new int[n];
        int[] queue = new int[n];
        int[] scratch = new int[maxDegree(t)];
        // the candidates a switch got for the previous edge switch: usually the same again (a ToR's uplinks)
        int[][] previous = new int[n][];
        for (int e = 0; e < edgeCount; e++) {
            int root = edgeNodes[e];
            bfs(root, usable, peer, portBase, deadNode, dist, queue);
            for (int v : switches) {
                if (v == root || dist[v] < 0) {
                    table[v][e] = NONE;
                    continue;
                }
                int count = 0;
                int want = dist[v] - 1;
                for (int p = 0, base = portBase[v], degree = portBase[v + 1] - base; p < degree; p++) {
                    if (usable[base + p] && dist[peer[base + p]] == want) {
                        scratch[count++] = p;
                    }
                }
                int[] last = previous[v];
                if (last == null || !Arrays.equals(last, 0, last.length, scratch, 0, count)) {
                    last = intern(interned, Arrays.copyOf(scratch, count));
                    previous[v] = last;
                }
                table[v][e] = last;
            }
        }
        return new Routes(t, failures, edgeOfHost, edgeNodes, table, hostUp);
    }

    /** Breadth-first hop distances from {@code root} over usable switch-to-switch ports; -1 = unreachable. */
    private static void bfs(int root, boolean[] usable, int[] peer, int[] portBase, boolean[] deadNode, int[] dist,
            int[] queue) {
        Arrays.fill(dist, -1);
        if (deadNode[root]) {
            return;
        }
        int head = 0;
        int tail = 0;
        dist[root] = 0;
        queue[tail++] = root;
        while (head < tail) {
            int v = queue[head++];
            for (int i = portBase[v], end = portBase[v + 1]; i < end; i++) {
                int u = peer[i];
                if (dist[u] < 0 && usable[i]) {
                    dist[u] = dist[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
    }

    private static int maxDegree(Topology t) {
        int max = 0;
        for (int v = 0; v < t.nodes().size(); v++) {
            max = Math.max(max, t.degree(v));
        }
        return max;
    }

    private static int[] intern(Map<Key, int[]> interned, int[] ports) {
        if (ports.length == 0) {
            return NONE;
        }
        return interned.computeIfAbsent(new Key(ports), k -> k.ports);
    }

    /** Content-equality key for interning candidate arrays. */
    private record Key(int[] ports) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(ports, k.ports);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ports);
        }
    }

    /**
     * Equal-cost egress ports at switch {@code switchNode} towards host number {@code dstHost};
     * empty if unreachable. The returned array must not be modified. Allocation-free.
     */
    public int[] candidates(int switchNode, int dstHost) {
        int edge = edgeOfHost[dstHost];
        if (edgeNodes[edge] == switchNode) {
            return hostFacingPort[dstHost];
        }
        return table[switchNode][edge];
    }

    /** True if a packet from {@code srcHost} can reach {@code dstHost} over live cables. */
    public boolean reachable(int srcHost, int dstHost) {
        if (!hostUp[srcHost] || !hostUp[dstHost]) {
            return false;
        }
        return srcHost == dstHost || candidates(topology.edgeSwitchOf(srcHost), dstHost).length > 0;
    }

    /** Node id of the edge switch (ToR) that host {@code host} hangs off. */
    public int edgeSwitchOf(int host) {
        return edgeNodes[edgeOfHost[host]];
    }

    /** Number of distinct edge switches, i.e. of routing-table entries per switch. */
    public int edgeSwitchCount() {
        return edgeNodes.length;
    }

    /**
     * Egress ports hop by hop from {@code srcHost} to {@code dstHost}: the source NIC port first, then
     * one port per switch, the last one facing {@code dstHost}. Empty if unreachable or src == dst.
     */
    public List<Port> path(int srcHost, int dstHost, PortChooser chooser) {
        List<Port> hops = new ArrayList<>();
        if (srcHost == dstHost || !reachable(srcHost, dstHost)) {
            return hops;
        }
        int v = topology.hostNode(srcHost);
        int target = topology.hostNode(dstHost);
        hops.add(topology.ports(v).get(0));
        v = topology.peer(v, 0);
        while (v != target) {
            int[] c = candidates(v, dstHost);
            int port = chooser.choose(v, c);
            if (Arrays.binarySearch(c, port) < 0) {
                throw new IllegalArgumentException("chooser picked port " + port + " at " + topology.node(v).name()
                        + ", not one of the candidates " + Arrays.toString(c));
            }
            hops.add(topology.ports(v).get(port));
            v = topology.peer(v, port);
            if (hops.size() > topology.nodes().size()) {
                throw new IllegalStateException("routing loop towards host " + dstHost);
            }
        }
        return hops;
    }

    /** Number of distinct equal-cost (shortest) paths from {@code srcHost} to {@code dstHost}; 0 if unreachable. */
    public long pathCount(int srcHost, int dstHost) {
        if (srcHost == dstHost) {
            return 1;
        }
        if (!reachable(srcHost, dstHost)) {
            return 0;
        }
        long[] memo = new long[topology.nodes().size()];
        Arrays.fill(memo, -1);
        return countFrom(topology.edgeSwitchOf(srcHost), dstHost, topology.hostNode(dstHost), memo);
    }

    private long countFrom(int v, int dstHost, int target, long[] memo) {
        if (v == target) {
            return 1;
        }
        if (memo[v] >= 0) {
            return memo[v];
        }
        long sum = 0;
        for (int p : candidates(v, dstHost)) {
            sum += countFrom(topology.peer(v, p), dstHost, target, memo);
        }
        memo[v] = sum;
        return sum;
    }

    /**
     * Number of ordered (src, dst) host pairs, src != dst, with no route: 0 for a connected, intact
     * fabric. Computed per pair of edge switches, O(E^2).
     */
    public long unreachablePairs() {
        long[] up = new long[edgeNodes.length];
        long upHosts = 0;
        for (int h = 0; h < hostUp.length; h++) {
            if (hostUp[h]) {
                up[edgeOfHost[h]]++;
                upHosts++;
            }
        }
        long good = -upHosts; // the loop below counts each live host paired with itself once
        for (int es = 0; es < edgeNodes.length; es++) {
            for (int ed = 0; ed < edgeNodes.length; ed++) {
                if (es == ed || table[edgeNodes[es]][ed].length > 0) {
                    good += up[es] * up[ed];
                }
            }
        }
        long h = hostUp.length;
        return h * (h - 1) - good;
    }

    /** Distinct candidate arrays held (a measure of table memory after sharing). */
    public int distinctCandidateSets() {
        HashSet<Key> seen = new HashSet<>();
        for (int[][] row : table) {
            if (row != null) {
                for (int[] c : row) {
                    seen.add(new Key(c));
                }
            }
        }
        return seen.size();
    }

    /** The topology these routes were computed for. */
    public Topology topology() {
        return topology;
    }

    /** The failures these routes avoid ({@link Failures#NONE} for the intact fabric). */
    public Failures failures() {
        return failures;
    }
}
