package org.lossless.experiments.metrics;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The pause propagation graph of a run ({@code pause_graph.csv} and summary.json's
 * {@code pfc.propagation}): every pause episode with its cause, in the order the episodes began. Each
 * propagated episode points to an earlier one, so the graph is a forest of chains rooted at congestion
 * points and slow receivers.
 */
public record PauseGraph(List<PauseEdge> edges) {
    public PauseGraph {
        edges = List.copyOf(edges);
    }

    /** No pause happened. */
    public static final PauseGraph EMPTY = new PauseGraph(List.of());

    /** Episodes that started a chain (congestion at a switch egress or a host receive buffer). */
    public long rootPauses() {
        return edges.stream().filter(PauseEdge::root).count();
    }

    /** Episodes caused by a downstream pause. */
    public long propagatedPauses() {
        return edges.size() - rootPauses();
    }

    /** Longest chain, in pause links from its root (a root alone is 1); 0 without pauses. */
    public int maxDepth() {
        return edges.stream().mapToInt(PauseEdge::depth).max().orElse(0);
    }

    /** Distinct {@code node:port} that sent root pauses, in order of their first root pause. */
    public List<String> roots() {
        Set<String> s = new LinkedHashSet<>();
        for (PauseEdge e : edges) {
            if (e.root()) {
                s.add(e.node() + ":" + e.port());
            }
        }
        return new ArrayList<>(s);
    }

    /**
     * Distinct congestion points behind the root pauses, in order of first appearance: {@code node:port} of
     * the congested switch egress ({@code causePort}), or {@code node:port} of a NIC whose receive buffer
     * filled.
     */
    public List<String> hotspots() {
        Set<String> s = new LinkedHashSet<>();
        for (PauseEdge e : edges) {
            if (e.root()) {
                s.add(e.node() + ":" + (e.causePort() >= 0 ? e.causePort() : e.port()));
            }
        }
        return new ArrayList<>(s);
    }
}
