package org.lossless.workloads.chakra;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * One rank's nodes in an order the executor can run: every node after the nodes it depends on, and otherwise in
 * file order (Chakra writes nodes in the order the framework issued them; ASTRA-sim's feeder issues any node whose
 * dependencies are met, which on an in-order stream means the same). Dependencies are indices into
 * {@link #nodes()}.
 *
 * @param file  the trace file's name (for messages)
 * @param nodes in run order
 * @param deps  per node, the indices of the nodes it depends on (all smaller than its own)
 */
record RankTrace(String file, List<RawNode> nodes, int[][] deps) {
    /** Orders {@code raw} (file order); refuses a dependency on a node the file does not hold, and a cycle. */
    static RankTrace of(String file, List<RawNode> raw) {
        int n = raw.size();
        Map<Long, Integer> index = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            Integer before = index.put(raw.get(i).id(), i);
            if (before != null) {
                throw new TraceException(file + ": " + raw.get(i).describe() + ": id " + Long.toUnsignedString(
                        raw.get(i).id()) + " is used twice in the file");
            }
        }
        int[][] parents = new int[n][];
        int[] waiting = new int[n];
        int[] childCount = new int[n];
        for (int i = 0; i < n; i++) {
            long[] d = raw.get(i).deps();
            parents[i] = new int[d.length];
            for (int k = 0; k < d.length; k++) {
                Integer p = index.get(d[k]);
                if (p == null) {
                    throw new TraceException(file + ": " + raw.get(i).describe() + " depends on node "
                            + Long.toUnsignedString(d[k]) + ", which the file does not hold");
                }
                parents[i][k] = p;
                childCount[p]++;
            }
            waiting[i] = d.length;
        }
        int[][] children = new int[n][];
        for (int i = 0; i < n; i++) {
            children[i] = new int[childCount[i]];
            childCount[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            for (int p : parents[i]) {
                children[p][childCount[p]++] = i;
            }
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int i = 0; i < n; i++) {
            if (waiting[i] == 0) {
                ready.add(i);
            }
        }
        int[] position = new int[n];
        RawNode[] ordered = new RawNode[n];
        int placed = 0;
        while (!ready.isEmpty()) {
            int i = ready.poll();
            position[i] = placed;
            ordered[placed++] = raw.get(i);
            for (int c : children[i]) {
                if (--waiting[c] == 0) {
                    ready.add(c);
                }
            }
        }
        if (placed < n) {
            for (int i = 0; i < n; i++) {
                if (waiting[i] > 0) {
                    throw new TraceException(file + ": " + raw.get(i).describe() + " never becomes ready: it is in a "
                            + "dependency cycle or waits for a node that is");
                }
            }
        }
        int[][] deps = new int[n][];
        for (int i = 0; i < n; i++) {
            int[] d = new int[parents[i].length];
            for (int k = 0; k < d.length; k++) {
                d[k] = position[parents[i][k]];
            }
            deps[position[i]] = d;
        }
        return new RankTrace(file, List.of(ordered), deps);
    }
}
