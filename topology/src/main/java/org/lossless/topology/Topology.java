package org.lossless.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable fabric graph. Hosts are numbered 0..H-1 in the order they were added ("host
 * number", the numbering scenario files use); every node also has a dense node id.
 * Build one with {@link #builder()}.
 */
public final class Topology {
    private final List<Node> nodes;
    private final List<Cable> cables;
    private final List<List<Port>> ports;
    private final int[] hostNodeIds;
    private final int[] hostNumberOfNode;
    private final String type;

    private Topology(String type, List<Node> nodes, List<Cable> cables, List<List<Port>> ports) {
        this.type = type;
        this.nodes = List.copyOf(nodes);
        this.cables = List.copyOf(cables);
        List<List<Port>> frozen = new ArrayList<>(ports.size());
        for (List<Port> p : ports) {
            frozen.add(List.copyOf(p));
        }
        this.ports = Collections.unmodifiableList(frozen);
        this.hostNodeIds = nodes.stream().filter(Node::isHost).mapToInt(Node::id).toArray();
        this.hostNumberOfNode = new int[nodes.size()];
        java.util.Arrays.fill(hostNumberOfNode, -1);
        for (int h = 0; h < hostNodeIds.length; h++) {
            hostNumberOfNode[hostNodeIds[h]] = h;
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

    public List<Cable> cables() {
        return cables;
    }

    /** Ports of a node, indexed by port number. */
    public List<Port> ports(int nodeId) {
        return ports.get(nodeId);
    }

    public int hostCount() {
        return hostNodeIds.length;
    }

    /** Node id of host number {@code host}. */
    public int hostNode(int host) {
        return hostNodeIds[host];
    }

    /** Host number of a node, or -1 if it is a switch. */
    public int hostNumber(int nodeId) {
        return hostNumberOfNode[nodeId];
    }

    /** Adds nodes and cables; validates as it goes. */
    public static final class Builder {
        private final String type;
        private final List<Node> nodes = new ArrayList<>();
        private final List<Cable> cables = new ArrayList<>();
        private final List<List<Port>> ports = new ArrayList<>();
        private final Map<String, Integer> byName = new HashMap<>();

        private Builder(String type) {
            this.type = type;
        }

        public int addHost(String name) {
            return add(name, NodeKind.HOST, 0);
        }

        public int addSwitch(String name, int tier) {
            return add(name, NodeKind.SWITCH, tier);
        }

        private int add(String name, NodeKind kind, int tier) {
            if (byName.containsKey(name)) {
                throw new IllegalArgumentException("duplicate node name " + name);
            }
            int id = nodes.size();
            nodes.add(new Node(id, name, kind, tier));
            ports.add(new ArrayList<>());
            byName.put(name, id);
            return id;
        }

        /** Joins {@code a} and {@code b} with a full-duplex cable; returns the cable. */
        public Cable connect(int a, int b, long rateBps, long delayPs) {
            if (a < 0 || a >= nodes.size() || b < 0 || b >= nodes.size()) {
                throw new IllegalArgumentException("link " + a + "-" + b + " names a missing node");
            }
            Cable c = new Cable(a, ports.get(a).size(), b, ports.get(b).size(), rateBps, delayPs);
            cables.add(c);
            ports.get(a).add(new Port(a, c.aPort(), b, c.bPort(), c));
            ports.get(b).add(new Port(b, c.bPort(), a, c.aPort(), c));
            return c;
        }

        public int nodeCount() {
            return nodes.size();
        }

        public Topology build() {
            for (Node n : nodes) {
                if (ports.get(n.id()).isEmpty()) {
                    throw new IllegalArgumentException("node " + n.name() + " has no links");
                }
                if (n.isHost() && ports.get(n.id()).size() != 1) {
                    throw new IllegalArgumentException("host " + n.name() + " must have exactly one link (one NIC port)");
                }
            }
            return new Topology(type, nodes, cables, ports);
        }
    }
}
