package org.lossless.topology;

/**
 * A node of the fabric graph.
 *
 * @param id   dense node id, 0-based, in the order nodes were added
 * @param name unique display name used in result files (for example {@code h3}, {@code tor1})
 * @param kind host or switch
 * @param tier 0 for hosts, 1 for ToR/leaf, 2 for aggregation/spine, 3 for core
 */
public record Node(int id, String name, NodeKind kind, int tier) {
    public Node {
        if (id < 0) {
            throw new IllegalArgumentException("node id must be >= 0: " + id);
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("node name must be non-empty");
        }
    }

    public boolean isHost() {
        return kind == NodeKind.HOST;
    }
}
