package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One tree over a job's ranks, for one channel: the {@link DoubleBinaryTree} over servers, and inside
 * each server a chain of its GPUs over NVLink (NCCL's intra-node tree). The chain starts at the channel's
 * entry GPU ({@link GpuServers#entryGpu(int)}, the server's "head"), which is the one that talks to the parent
 * and child servers, so the tree's network edges join GPUs of the same local index: one rail. With one GPU per server the tree is the double
 * binary tree over the ranks in job order.
 *
 * @param parent   parent GPU of each rank position, or -1 for the root
 * @param children child GPUs of each rank position (at most 3: the next GPU of the chain and two servers)
 * @param root     rank position of the root
 */
record TreeShape(int[] parent, int[][] children, int root) {
    static TreeShape of(int[] ranks, GpuServers servers, int channel, int tree) {
        Map<Integer, List<Integer>> groups = RingOrder.byServer(ranks, servers);
        List<List<Integer>> chains = new ArrayList<>();
        for (List<Integer> g : groups.values()) {
            chains.add(RingOrder.chain(g, channel, servers));
        }
        int[] nodeParent = DoubleBinaryTree.parents(chains.size(), tree);
        int n = ranks.length;
        int[] pos = positions(ranks);
        int[] parent = new int[n];
        List<List<Integer>> kids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            kids.add(new ArrayList<>());
        }
        int root = -1;
        for (int s = 0; s < chains.size(); s++) {
            List<Integer> chain = chains.get(s);
            for (int k = 0; k < chain.size(); k++) {
                int me = pos[chain.get(k)];
                int up;
                if (k > 0) {
                    up = chain.get(k - 1);
                } else if (nodeParent[s] >= 0) {
                    up = chains.get(nodeParent[s]).get(0);
                } else {
                    up = -1;
                    root = me;
                }
                parent[me] = up;
                if (up >= 0) {
                    kids.get(pos[up]).add(chain.get(k));
                }
            }
        }
        int[][] children = new int[n][];
        for (int i = 0; i < n; i++) {
            children[i] = kids.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return new TreeShape(parent, children, root);
    }

    /** Position of each GPU in {@code ranks}, indexed by GPU number. */
    static int[] positions(int[] ranks) {
        int max = 0;
        for (int r : ranks) {
            max = Math.max(max, r);
        }
        int[] pos = new int[max + 1];
        java.util.Arrays.fill(pos, -1);
        for (int i = 0; i < ranks.length; i++) {
            pos[ranks[i]] = i;
        }
        return pos;
    }

    /** Rank positions with children before parents. */
    int[] postOrder(int[] ranks) {
        int[] pos = positions(ranks);
        int[] out = new int[parent.length];
        int[] k = {0};
        post(root, pos, out, k);
        return out;
    }

    /** Rank positions with parents before children. */
    int[] preOrder(int[] ranks) {
        int[] pos = positions(ranks);
        int[] out = new int[parent.length];
        int[] k = {0};
        pre(root, pos, out, k);
        return out;
    }

    private void post(int v, int[] pos, int[] out, int[] k) {
        for (int c : children[v]) {
            post(pos[c], pos, out, k);
        }
        out[k[0]++] = v;
    }

    private void pre(int v, int[] pos, int[] out, int[] k) {
        out[k[0]++] = v;
        for (int c : children[v]) {
            pre(pos[c], pos, out, k);
        }
    }
}
