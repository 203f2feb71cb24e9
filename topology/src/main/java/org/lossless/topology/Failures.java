package org.lossless.topology;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A set of failed cables and failed nodes, to route around ({@link Routes#shortestPaths(Topology, Failures)}).
 * A failed node takes all its cables down with it; a failed host is simply unreachable.
 *
 * @param cables failed cables (members of the topology's {@link Topology#cables()})
 * @param nodes  node ids of failed switches (or hosts)
 */
public record Failures(Set<Cable> cables, Set<Integer> nodes) {
    /** Nothing failed. */
    public static final Failures NONE = new Failures(Set.of(), Set.of());

    public Failures {
        if (cables == null || nodes == null) {
            throw new IllegalArgumentException("failed cables and nodes must be sets (possibly empty), not null");
        }
        cables = Set.copyOf(cables);
        nodes = Set.copyOf(nodes);
    }

    public static Failures of(Collection<Cable> cables, Collection<Integer> nodes) {
        return new Failures(new HashSet<>(cables), new HashSet<>(nodes));
    }

    public static Failures ofCables(Cable... cables) {
        return new Failures(Set.of(cables), Set.of());
    }

    public static Failures ofNodes(int... nodes) {
        return new Failures(Set.of(), Arrays.stream(nodes).boxed().collect(Collectors.toSet()));
    }

    /** These failures plus one more cable. */
    public Failures plusCable(Cable cable) {
        Set<Cable> c = new HashSet<>(cables);
        c.add(cable);
        return new Failures(c, nodes);
    }

    /** These failures plus one more node. */
    public Failures plusNode(int node) {
        Set<Integer> n = new HashSet<>(nodes);
        n.add(node);
        return new Failures(cables, n);
    }

    public boolean isEmpty() {
        return cables.isEmpty() && nodes.isEmpty();
    }

    /**
     * Per cable index of {@code t}: true if the cable is down (failed itself, or an end node failed).
     * Checks that every failed cable and node belongs to {@code t}.
     */
    public boolean[] deadCables(Topology t) {
        boolean[] dead = new boolean[t.cables().size()];
        for (Cable c : cables) {
            dead[t.cableIndex(c)] = true;
        }
        for (int v : nodes) {
            if (v < 0 || v >= t.nodes().size()) {
                throw new IllegalArgumentException("failed node " + v + " does not exist (node ids are 0.."
                        + (t.nodes().size() - 1) + ")");
            }
            for (int p = 0; p < t.degree(v); p++) {
                dead[t.cableIndex(v, p)] = true;
            }
        }
        return dead;
    }

    /** Human-readable list, by node names: {@code cables [tor0-agg1] nodes [core2]}. */
    public String describe(Topology t) {
        List<String> c = cables.stream()
                .map(x -> t.node(x.a()).name() + ":" + x.aPort() + "-" + t.node(x.b()).name() + ":" + x.bPort())
                .sorted().toList();
        List<String> n = nodes.stream().sorted().map(v -> t.node(v).name()).toList();
        return "cables " + c + " nodes " + n;
    }
}
