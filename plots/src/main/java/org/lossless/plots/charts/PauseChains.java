package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.plots.data.PauseRow;

/**
 * The pause chains of a run, from the episodes of pause_graph.csv, the rows summary.json's {@code pfc.propagation}
 * counts: a root episode (congestion, a host's receive buffer; depth 1) and the episodes it caused, each pointing to
 * its cause ({@code caused_by}) one hop further (depth + 1). Episodes are grouped by where and how deep they were:
 * one {@link Node} per pausing port and priority ({@code node:port/prio}) and depth, with its episode count, and one
 * {@link Edge} per (causing node, caused node) with the number of episodes it carried. A port that pauses both as a
 * root and because of a pause downstream appears once per depth, so no chain is lost. The node counts add up to the
 * key figures: depth 1 to the root pauses, the deeper ones to the propagated pauses, the deepest depth to the
 * longest chain.
 *
 * <p>Chains are ordered largest first: the root nodes by the episodes their chains caused (then by their own), and
 * under each node its children by episodes.
 *
 * @param nodes  in chain order: each root node, then its descendants depth first
 * @param edges  causing node to caused node, with episode counts
 * @param roots  root episodes (depth 1)
 * @param propagated propagated episodes (depth &gt; 1)
 * @param maxDepth the deepest episode's depth (a root alone is 1); 0 without pauses
 */
public record PauseChains(List<Node> nodes, List<Edge> edges, long roots, long propagated, int maxDepth) {
    public PauseChains {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    /**
     * A port and priority at one depth.
     *
     * @param key      {@code node:port/prio}
     * @param depth    hops from the root pause (1 = root)
     * @param episodes pause episodes of the port at that depth
     * @param caused   episodes this node's episodes caused, directly or further down (its chains' size)
     */
    public record Node(String key, int depth, long episodes, long caused) {
        /** {@code key@depth}, unique in a chain set. */
        public String id() {
            return key + "@" + depth;
        }
    }

    /** {@code episodes} pauses at {@code to} caused by a pause at {@code from} (node ids). */
    public record Edge(String from, String to, long episodes) {
    }

    public static PauseChains of(List<PauseRow> pauses) {
        Map<Integer, PauseRow> byId = new HashMap<>();
        for (PauseRow p : pauses) {
            byId.put(p.id(), p);
        }
        // what each episode caused, down its whole chain (episodes point to earlier ones: visit latest first)
        Map<Integer, Long> caused = new HashMap<>();
        List<PauseRow> late = new ArrayList<>(pauses);
        late.sort(Comparator.comparingInt(PauseRow::id).reversed()); // ids are in start order
        for (PauseRow p : late) {
            PauseRow parent = p.root() ? null : byId.get(p.causedBy());
            if (parent != null && parent.id() != p.id()) {
                caused.merge(parent.id(), 1 + caused.getOrDefault(p.id(), 0L), Long::sum);
            }
        }
        Map<String, long[]> count = new LinkedHashMap<>(); // id -> {episodes, caused}
        Map<String, Node> info = new HashMap<>();
        Map<String, Map<String, Long>> children = new HashMap<>();
        List<Edge> edges = new ArrayList<>();
        Map<String, Long> edgeCount = new LinkedHashMap<>();
        long roots = 0;
        int maxDepth = 0;
        for (PauseRow p : pauses) {
            int depth = Math.max(1, p.depth());
            maxDepth = Math.max(maxDepth, depth);
            if (depth == 1) {
                roots++;
            }
            String id = p.key() + "@" + depth;
            long[] c = count.computeIfAbsent(id, k -> new long[2]);
            c[0]++;
            c[1] += caused.getOrDefault(p.id(), 0L);
            info.putIfAbsent(id, new Node(p.key(), depth, 0, 0));
            PauseRow parent = p.root() ? null : byId.get(p.causedBy());
            if (parent != null) {
                String from = parent.key() + "@" + Math.max(1, parent.depth());
                edgeCount.merge(from + "\n" + id, 1L, Long::sum);
                children.computeIfAbsent(from, k -> new LinkedHashMap<>()).merge(id, 1L, Long::sum);
            }
        }
        edgeCount.forEach((k, n) -> edges.add(new Edge(k.substring(0, k.indexOf('\n')), k.substring(k.indexOf('\n') + 1),
                n)));
        Map<String, Node> nodes = new HashMap<>();
        count.forEach((id, c) -> {
            Node n = info.get(id);
            nodes.put(id, new Node(n.key(), n.depth(), c[0], c[1]));
        });
        Comparator<Node> largest = Comparator.comparingLong((Node n) -> -n.caused()).thenComparingLong(n -> -n.episodes())
                .thenComparing(Node::key, NaturalOrder.INSTANCE);
        java.util.Set<String> reached = new java.util.HashSet<>();
        edges.forEach(e -> reached.add(e.to()));
        List<Node> tops = new ArrayList<>();
        for (Node n : nodes.values()) {
            // a chain starts at depth 1, or where its cause is unknown (caused_by not found)
            if (n.depth() == 1 || !reached.contains(n.id())) {
                tops.add(n);
            }
        }
        tops.sort(largest);
        List<Node> ordered = new ArrayList<>();
        java.util.Set<String> placed = new java.util.HashSet<>();
        for (Node t : tops) {
            place(t, nodes, children, largest, ordered, placed);
        }
        return new PauseChains(ordered, edges, roots, pauses.size() - roots, maxDepth);
    }

    /** Depth first: a node, then its children, largest first; a node reached twice is placed the first time. */
    private static void place(Node n, Map<String, Node> nodes, Map<String, Map<String, Long>> children,
                              Comparator<Node> largest, List<Node> out, java.util.Set<String> placed) {
        if (!placed.add(n.id())) {
            return;
        }
        out.add(n);
        List<Node> kids = new ArrayList<>();
        children.getOrDefault(n.id(), Map.of()).keySet().forEach(id -> kids.add(nodes.get(id)));
        kids.sort(largest);
        for (Node k : kids) {
            place(k, nodes, children, largest, out, placed);
        }
    }

    /** The nodes of the first {@code max} in chain order (whole chains while they fit, then the start of the next). */
    public List<Node> first(int max) {
        return nodes.subList(0, Math.min(max, nodes.size()));
    }
}
