package org.lossless.workloads.collective;

/**
 * NCCL's double binary tree over {@code m} nodes (ranks with one GPU per server, else servers).
 *
 * <p>Tree 0 is a binary tree rooted at node 0 that alternates leaves and interior nodes: node {@code v}
 * with lowest set bit {@code b} has parent {@code (v ^ b) | 2b}, or {@code v ^ b} when that is out of
 * range; node 0's only child is the highest power of two below {@code m}. Tree 1 is tree 0 mirrored
 * ({@code v -> m-1-v}) when {@code m} is even and shifted by one ({@code v -> v+1 mod m}) when it is
 * odd, so that every node is a leaf in one tree and interior in the other (NVIDIA/nccl
 * {@code src/graph/trees.cc}).
 */
final class DoubleBinaryTree {
    private DoubleBinaryTree() {
    }

    /** Parent of every node in tree {@code tree} (0 or 1); -1 for the root. */
    static int[] parents(int m, int tree) {
        if (m < 1) {
            throw new IllegalArgumentException("a tree needs at least one node");
        }
        int[] out = new int[m];
        for (int v = 0; v < m; v++) {
            if (tree == 0) {
                out[v] = btreeParent(m, v);
            } else if (m % 2 == 1) {
                int u = btreeParent(m, Math.floorMod(v - 1, m));
                out[v] = u < 0 ? -1 : (u + 1) % m;
            } else {
                int u = btreeParent(m, m - 1 - v);
                out[v] = u < 0 ? -1 : m - 1 - u;
            }
        }
        return out;
    }

    /** Parent of {@code v} in tree 0 of {@code m} nodes; -1 for the root (node 0). */
    static int btreeParent(int m, int v) {
        if (v == 0) {
            return -1;
        }
        int bit = Integer.lowestOneBit(v);
        int up = (v ^ bit) | (bit << 1);
        return up >= m ? v ^ bit : up;
    }
}
