package org.lossless.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable, connected fabric graph. Hosts are numbered 0..H-1 in the order they were added ("host
 * number", the numbering scenario files use); every node also has a dense node id (the order nodes
 * were added, hosts and switches together). Build one with {@link #builder(String)}.
 *
 * <p>Besides the object view ({@link #ports(int)}), the adjacency is kept in flat arrays
 * ({@link #degree(int)}, {@link #peer(int, int)}, {@link #cableIndex(int, int)}) so graph algorithms
 * over large fabrics (a k=32 fat-tree has 9,472 nodes) run without boxing.
 */
public final class Topology {
    private final List<Node> nodes;
    private final List<Cable> cables;
    private final List<List<Port>> ports;
    private final int[] hostNodeIds;
    private final int[] hostNumberOfNode;
    private final String type;
    private final Map<String, Integer> byName;
    /** CSR adjacency: the ports of node v are portStart[v] .. portStart[v+1]-1, in port order. */
    private final int[] portStart;
    private final int[] portPeer;
    private final int[] portCable;

    private Topology(String type, List<Node> nodes, List<Cable> cables, List<List<Port>> ports,
            Map<String, Integer> byName) {
        this.type = type;
        this.nodes = List.copyOf(nodes);
        this.cables = List.copyOf(cables);
        this.byName = Map.copyOf(byName);
        List<List<Port>> frozen = new ArrayList<>(ports.size());
        for (List<Port> p : ports) {
            frozen.add(List.copyOf(p));
        }
        this.ports = Collections.unmodifiableList(frozen);
        this.hostNodeIds = nodes.stream().filter(Node::isHost).mapToInt(Node::id).toArray();
        this.hostNumberOfNode = new int[nodes.size()];
        Arrays.fill(hostNumberOfNode, -1);
        for (int h = 0; h < hostNodeIds.length; h++) {
            hostNumberOfNode[hostNodeIds[h]] = h;
        }
        int n = nodes.size();
        portStart = new int[n + 1];
        for (int v = 0; v < n; v++) {
            portStart[v + 1] = portStart[v] + ports.get(v).size();
        }
        portPeer = new int[portStart[n]];
        portCable = new int[portStart[n]];
        for (int c = 0; c < cables.size(); c++) {
            Cable cable = cables.get(c);
            portPeer[portStart[cable.a()] + cable.aPort()] = cable.b();
            portCable[portStart[cable.a()] + cable.aPort()] = c;
            portPeer[portStart[cable.b()] + cable.bPort()] = cable.a();
            portCable[portStart[cable.b()] + cable.bPort()] = c;
        }
    }

    public static Builder builder(String type) {
        return new Builder(type);
    }

    /** The topology type name as in the scenario ({@code star}, {@code fat-tree}, ...). */
    public String type() {
        return type;
    }

    public List<Node> nodes() {
        return nodes;
    }

    public Node node(int id) {
        return nodes.get(id);
    }

    /** The node called {@code name}, if any. */
    public Optional<Node> findNode(String name) {
        Integer id = byName.get(name);
        return id == null ? Optional.empty() : Optional.of(nodes.get(id));
    }

    /** Node id of the node called {@code name}; an {@link IllegalArgumentException} if there is none. */
    public int nodeId(String name) {
        Integer id = byName.get(name);
        if (id == null) {
            throw new IllegalArgumentException("no node named '" + name + "' in this " + type
                    + " topology (hosts are h0..h" + (hostCount() - 1) + ")");
        }
        return id;
    }

    /** All cables, in the order they were connected (the cable index is the position here). */
    public List<Cable> cables() {
        return cables;
    }

    /** Ports of a node, indexed by port number. */
    public List<Port> ports(int nodeId) {
        return ports.get(nodeId);
    }

    /** Number of ports of a node. */
    public int degree(int nodeId) {
        return portStart[nodeId + 1] - portStart[nodeId];
    }

    /** Node id at the far end of port {@code port} of node {@code nodeId}. */
    public int peer(int nodeId, int port) {
        return portPeer[portStart[nodeId] + port];
    }

    /** Index in {@link #cables()} of the cable on port {@code port} of node {@code nodeId}. */
    public int cableIndex(int nodeId, int port) {
        return portCable[portStart[nodeId] + port];
    }

    /** Index in {@link #cables()} of {@code cable}; an {@link IllegalArgumentException} if it is not one of ours. */
    public int cableIndex(Cable cable) {
        if (cable.a() >= 0 && cable.a() < nodes.size() && cable.aPort() >= 0 && cable.aPort() < degree(cable.a())) {
            int c = cableIndex(cable.a(), cable.aPort());
            if (cables.get(c).equals(cable)) {
                return c;
            }
        }
        throw new IllegalArgumentException("cable " + cable + " is not part of this " + type + " topology");
    }

    /** The cables joining nodes {@code a} and {@code b} (more than one when links are parallel). */
    public List<Cable> cablesBetween(int a, int b) {
        List<Cable> out = new ArrayList<>(1);
        for (int p = 0; p < degree(a); p++) {
            if (peer(a, p) == b) {
                out.add(cables.get(cableIndex(a, p)));
            }
        }
        return out;
    }

    public int hostCount() {
        return hostNodeIds.length;
    }

    /** Number of switches (all nodes that are not hosts). */
    public int switchCount() {
        return nodes.size() - hostNodeIds.length;
    }

    /** Node id of host number {@code host}. */
    public int hostNode(int host) {
        return hostNodeIds[host];
    }

    /** Host number of a node, or -1 if it is a switch. */
    public int hostNumber(int nodeId) {
        return hostNumberOfNode[nodeId];
    }

    /** The switch the host's single NIC port is wired to (its edge switch / ToR). */
    public int edgeSwitchOf(int host) {
        return peer(hostNode(host), 0);
    }

    @Override
    public String toString() {
        return type + " topology: " + hostCount() + " hosts, " + switchCount() + " switches, " + cables.size()
                + " links";
    }

    /** Adds nodes and cables; validates as it goes and, in {@link #build()}, as a whole. */
    public static final class Builder {
        private final String type;
        private final List<Node> nodes = new ArrayList<>();
        private final List<Cable> cables = new ArrayList<>();
        private final List<List<Port>> ports = new ArrayList<>();
        private final Map<String, Integer> byName = new HashMap<>();

        private Builder(String type) {
            if (type == null || type.isBlank()) {
                throw new IllegalArgumentException("topology type must be non-empty");
            }
            this.type = type;
        }

        public int addHost(String name) {
            return add(name, NodeKind.HOST, 0);
        }

        /** Adds a switch; {@code tier} 1 = ToR/leaf/rail, 2 = aggregation/spine, 3 = core. */
        public int addSwitch(String name, int tier) {
            if (tier < 1) {
                throw new IllegalArgumentException("switch " + name + ": tier must be >= 1 (0 is for hosts), got "
                        + tier);
            }
            return add(name, NodeKind.SWITCH, tier);
        }

        private int add(String name, NodeKind kind, int tier) {
            if (name != null && byName.containsKey(name)) {
                throw new IllegalArgumentException("duplicate node name " + name);
            }
            int id = nodes.size();
            nodes.add(new Node(id, name, kind, tier));
            ports.add(new ArrayList<>(kind == NodeKind.HOST ? 1 : 8));
            byName.put(name, id);
            return id;
        }

        /** Joins {@code a} and {@code b} with a full-duplex cable; returns the cable. */
        public Cable connect(int a, int b, long rateBps, long delayPs) {
            for (int end : new int[] {a, b}) {
                if (end < 0 || end >= nodes.size()) {
                    throw new IllegalArgumentException("link " + a + "-" + b + " names a missing node " + end
                            + " (node ids are 0.." + (nodes.size() - 1) + ")");
                }
            }
            String what = "link " + nodes.get(a).name() + "-" + nodes.get(b).name();
            if (a == b) {
                throw new IllegalArgumentException(what + ": a link must join two different nodes");
            }
            if (rateBps <= 0) {
                throw new IllegalArgumentException(what + ": rate must be > 0 bps, got " + rateBps);
            }
            if (delayPs < 0) {
                throw new IllegalArgumentException(what + ": delay must be >= 0 ps, got " + delayPs);
            }
            Cable c = new Cable(a, ports.get(a).size(), b, ports.get(b).size(), rateBps, delayPs);
            cables.add(c);
            ports.get(a).add(new Port(a, c.aPort(), b, c.bPort(), c));
            ports.get(b).add(new Port(b, c.bPort(), a, c.aPort(), c));
            return c;
        }

        /** Joins {@code a} and {@code b} with a cable of the given rate and delay. */
        public Cable connect(int a, int b, LinkSpec link) {
            return connect(a, b, link.rateBps(), link.delayPs());
        }

        public int nodeCount() {
            return nodes.size();
        }

        /**
         * Checks the graph and freezes it: every host has exactly one link, to a switch; every node has
         * a link; and the graph is connected (every host can reach every other).
         */
        public Topology build() {
            if (nodes.stream().noneMatch(Node::isHost)) {
                throw new IllegalArgumentException(type + " topology has no hosts");
            }
            for (Node n : nodes) {
                List<Port> p = ports.get(n.id());
                if (p.isEmpty()) {
                    throw new IllegalArgumentException("node " + n.name() + " has no links");
                }
                if (n.isHost() && p.size() != 1) {
                    throw new IllegalArgumentException("host " + n.name()
                            + " must have exactly one link (one NIC port), has " + p.size());
                }
                if (n.isHost() && nodes.get(p.get(0).peer()).isHost()) {
                    throw new IllegalArgumentException("host " + n.name() + " is wired to another host ("
                            + nodes.get(p.get(0).peer()).name() + "); hosts must attach to a switch");
                }
            }
            checkConnected();
            return new Topology(type, nodes, cables, ports, byName);
        }

        private void checkConnected() {
            boolean[] seen = new boolean[nodes.size()];
            int start = nodes.stream().filter(Node::isHost).findFirst().orElseThrow().id();
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            seen[start] = true;
            queue.add(start);
            int count = 1;
            while (!queue.isEmpty()) {
                int v = queue.poll();
                for (Port p : ports.get(v)) {
                    if (!seen[p.peer()]) {
                        seen[p.peer()] = true;
                        count++;
                        queue.add(p.peer());
                    }
                }
            }
            if (count == nodes.size()) {
                return;
            }
            Node cut = nodes.stream().filter(n -> !seen[n.id()] && n.isHost()).findFirst()
                    .orElseGet(() -> nodes.stream().filter(n -> !seen[n.id()]).findFirst().orElseThrow());
            throw new IllegalArgumentException(type + " topology is disconnected: " + (cut.isHost() ? "host " : "switch ")
                    + cut.name() + " cannot reach host " + nodes.get(start).name() + " (" + (nodes.size() - count)
                    + " of " + nodes.size() + " nodes are cut off)");
        }
    }
}
