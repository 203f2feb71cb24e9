package org.lossless.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Shortest-path routing with all equal-cost next hops, computed per destination edge switch (the
 * switch a host hangs off), not per host pair: a switch keeps one candidate list per edge switch,
 * plus the direct port for its own hosts. Hosts never forward (no transit through hosts).
 */
public final class Routes {
    private static final int[] NONE = new int[0];
    private final Topology topology;
    /** Edge-switch index of each host number. */
    private final int[] edgeOfHost;
    /** Node id of each edge switch. */
    private final int[] edgeNodes;
    /** [switch node id][edge index] -> candidate egress ports (ascending). Null for hosts. */
    private final int[][][] table;
    /** [host number] -> the single port of its edge switch that faces the host. */
    private final int[][] hostFacingPort;

    private Routes(Topology topology, int[] edgeOfHost, int[] edgeNodes, int[][][] table) {
        this.topology = topology;
        this.hostFacingPort = new int[topology.hostCount()][];
        for (int h = 0; h < hostFacingPort.length; h++) {
            hostFacingPort[h] = new int[] {topology.ports(topology.hostNode(h)).get(0).peerPort()};
        }
        this.edgeOfHost = edgeOfHost;
        this.edgeNodes = edgeNodes;
        this.table = table;
    }

    /** Computes routes by one breadth-first search per edge switch over the switch graph. */
    public static Routes shortestPaths(Topology t) {
        int n = t.nodes().size();
        int[] edgeIndexOfNode = new int[n];
        Arrays.fill(edgeIndexOfNode, -1);
        List<Integer> edges = new ArrayList<>();
        int[] edgeOfHost = new int[t.hostCount()];
        for (int h = 0; h < t.hostCount(); h++) {
            int sw = t.ports(t.hostNode(h)).get(0).peer();
            if (t.node(sw).isHost()) {
                throw new IllegalArgumentException("host " + t.node(t.hostNode(h)).name() + " is wired to another host");
            }
            if (edgeIndexOfNode[sw] < 0) {
                edgeIndexOfNode[sw] = edges.size();
                edges.add(sw);
            }
            edgeOfHost[h] = edgeIndexOfNode[sw];
        }
        int[][][] table = new int[n][][];
        for (int v = 0; v < n; v++) {
            if (!t.node(v).isHost()) {
                table[v] = new int[edges.size()][];
            }
        }
        int[] dist = new int[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int e = 0; e < edges.size(); e++) {
            Arrays.fill(dist, -1);
            int root = edges.get(e);
            dist[root] = 0;
            queue.add(root);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                for (Port p : t.ports(v)) {
                    if (!t.node(p.peer()).isHost() && dist[p.peer()] < 0) {
                        dist[p.peer()] = dist[v] + 1;
                        queue.add(p.peer());
                    }
                }
            }
            for (int v = 0; v < n; v++) {
                if (table[v] == null || v == root) {
                    continue;
                }
                if (dist[v] < 0) {
                    table[v][e] = NONE;
                    continue;
                }
                int want = dist[v] - 1;
                table[v][e] = t.ports(v).stream()
                        .filter(p -> !t.node(p.peer()).isHost() && dist[p.peer()] == want)
                        .mapToInt(Port::index).toArray();
            }
        }
        return new Routes(t, edgeOfHost, edges.stream().mapToInt(Integer::intValue).toArray(), table);
    }

    /**
     * Equal-cost egress ports at switch {@code switchNode} towards host number {@code dstHost};
     * empty if unreachable. The returned array must not be modified.
     */
    public int[] candidates(int switchNode, int dstHost) {
        int edge = edgeOfHost[dstHost];
        if (edgeNodes[edge] == switchNode) {
            return hostFacingPort[dstHost];
        }
        return table[switchNode][edge];
    }

    /** The topology these routes were computed for. */
    public Topology topology() {
        return topology;
    }
}
