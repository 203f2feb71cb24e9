package org.lossless.topology.analysis;

import java.util.Arrays;

/**
 * Dinic's maximum flow on an undirected capacitated graph (each edge carries up to its capacity in
 * each direction independently, as a full-duplex link does), with long capacities in bit/s. Flat
 * arrays, no boxing: a k=32 fat-tree (9.5k nodes, 25k cables) solves in well under a second.
 */
public final class MaxFlow {
    /** Capacity that never binds. */
    public static final long INFINITE = Long.MAX_VALUE / 4;
    private final int n;
    private int[] head;
    private int[] next;
    private int[] to;
    private long[] cap;
    private int arcs;
    private int[] level;
    private int[] iter;
    private int[] queue;

    public MaxFlow(int nodes, int expectedEdges) {
        this.n = nodes;
        head = new int[nodes];
        Arrays.fill(head, -1);
        int size = Math.max(2, 2 * expectedEdges);
        next = new int[size];
        to = new int[size];
        cap = new long[size];
    }

    /** Adds an undirected edge u-v carrying up to {@code capacity} in each direction. */
    public void addUndirected(int u, int v, long capacity) {
        add(u, v, capacity, capacity);
    }

    /** Adds a directed edge u-&gt;v of {@code capacity}. */
    public void addDirected(int u, int v, long capacity) {
        add(u, v, capacity, 0);
    }

    private void add(int u, int v, long forward, long backward) {
        if (arcs + 2 > to.length) {
            int size = to.length * 2;
            next = Arrays.copyOf(next, size);
            to = Arrays.copyOf(to, size);
            cap = Arrays.copyOf(cap, size);
        }
        arc(u, v, forward);
        arc(v, u, backward);
    }

    private void arc(int u, int v, long c) {
        to[arcs] = v;
        cap[arcs] = c;
        next[arcs] = head[u];
        head[u] = arcs++;
    }

    /** The maximum flow from {@code source} to {@code sink}; consumes the capacities (call once). */
    public long solve(int source, int sink) {
        level = new int[n];
        iter = new int[n];
        queue = new int[n];
        long total = 0;
        while (levels(source, sink)) {
            System.arraycopy(head, 0, iter, 0, n);
            long f;
            while ((f = push(source, sink, INFINITE)) > 0) {
                total += f;
            }
        }
        return total;
    }

    private boolean levels(int source, int sink) {
        Arrays.fill(level, -1);
        int qh = 0;
        int qt = 0;
        level[source] = 0;
        queue[qt++] = source;
        while (qh < qt) {
            int v = queue[qh++];
            for (int a = head[v]; a >= 0; a = next[a]) {
                if (cap[a] > 0 && level[to[a]] < 0) {
                    level[to[a]] = level[v] + 1;
                    queue[qt++] = to[a];
                }
            }
        }
        return level[sink] >= 0;
    }

    /** One augmenting path in the level graph (recursion depth = path length, bounded by the diameter). */
    private long push(int v, int sink, long limit) {
        if (v == sink) {
            return limit;
        }
        for (; iter[v] >= 0; iter[v] = next[iter[v]]) {
            int a = iter[v];
            int u = to[a];
            if (cap[a] > 0 && level[u] == level[v] + 1) {
                long d = push(u, sink, Math.min(limit, cap[a]));
                if (d > 0) {
                    cap[a] -= d;
                    cap[a ^ 1] += d;
                    return d;
                }
            }
        }
        return 0;
    }
}
