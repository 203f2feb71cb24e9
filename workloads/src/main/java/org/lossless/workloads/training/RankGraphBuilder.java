package org.lossless.workloads.training;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.PairSizes;

/**
 * Grows a {@link RankGraph} node by node, in a topological order: a node may depend only on nodes already
 * added. Front ends (the parametric training generator, trace readers) use it; the executor never sees the
 * builder. Labels are kept only when asked for ({@link #keepsNames()}), so a large job's graph holds none.
 */
public final class RankGraphBuilder {
    private static final int[] NONE = new int[0];
    private final int rank;
    private final boolean keepNames;
    private int size;
    private byte[] kind = new byte[64];
    private byte[] commKind = new byte[64];
    private int[] stream = new int[64];
    private long[] value = new long[64];
    private int[] target = new int[64];
    private byte[] collective = new byte[64];
    private PairSizes[] pairs;
    private String[] names;
    private int[] seq = new int[64];
    private int[] depStart = new int[65];
    private int[] deps = new int[128];
    private int depCount;
    /** Calls so far per communicator (collectives) or per (direction, peer) (point-to-point). */
    private final Map<Long, Integer> calls = new HashMap<>();

    /**
     * @param rank      the rank the graph is for
     * @param keepNames keep each node's label (for the timeline)
     */
    public RankGraphBuilder(int rank, boolean keepNames) {
        if (rank < 0) {
            throw new IllegalArgumentException("rank must be >= 0, got " + rank);
        }
        this.rank = rank;
        this.keepNames = keepNames;
        if (keepNames) {
            names = new String[64];
        }
    }

    /** Whether labels are kept: callers skip formatting them otherwise. */
    public boolean keepsNames() {
        return keepNames;
    }

    /** Nodes so far. */
    public int size() {
        return size;
    }

    /** A compute node of {@code durationPs} (&gt;= 0) on {@code stream}. Returns its id. */
    public int compute(int stream, long durationPs, String name, int... after) {
        if (durationPs < 0) {
            throw new IllegalArgumentException("rank " + rank + ": compute duration must be >= 0 ps, got " + durationPs);
        }
        return add(NodeKind.COMPUTE, CommKind.OTHER, stream, durationPs, -1, (byte) 0, null, name, -1, after);
    }

    /**
     * A call of {@code coll} on communicator {@code comm} (an index into the source's list), {@code sizeBytes} as
     * nccl-tests counts it (&gt; 0); {@code pairSizes}: an all-to-all's bytes per pair (null: uniform; only for
     * all-to-all).
     */
    public int collective(int stream, CommKind kind, Collective coll, int comm, long sizeBytes, PairSizes pairSizes,
                          String name, int... after) {
        if (sizeBytes <= 0 || comm < 0) {
            throw new IllegalArgumentException("rank " + rank + ": a collective needs a communicator and a size > 0");
        }
        if (pairSizes != null && coll != Collective.ALLTOALL) {
            throw new IllegalArgumentException("pair sizes are for all-to-all only");
        }
        return add(NodeKind.COLLECTIVE, kind, stream, sizeBytes, comm, (byte) coll.ordinal(), pairSizes, name,
                (long) comm << 2, after);
    }

    /** A send of {@code bytes} (&gt; 0) to rank {@code peer}. */
    public int send(int stream, CommKind kind, int peer, long bytes, String name, int... after) {
        return p2p(NodeKind.SEND, stream, kind, peer, bytes, name, after);
    }

    /** A receive of {@code bytes} (&gt; 0) from rank {@code peer}. */
    public int recv(int stream, CommKind kind, int peer, long bytes, String name, int... after) {
        return p2p(NodeKind.RECV, stream, kind, peer, bytes, name, after);
    }

    private int p2p(NodeKind k, int stream, CommKind kind, int peer, long bytes, String name, int[] after) {
        if (bytes <= 0 || peer < 0 || peer == rank) {
            throw new IllegalArgumentException("rank " + rank + ": a " + k.name().toLowerCase(java.util.Locale.ROOT)
                    + " needs another rank and a size > 0 (peer " + peer + ", " + bytes + " bytes)");
        }
        return add(k, kind, stream, bytes, peer, (byte) 0, null, name, ((long) peer << 2) | (k == NodeKind.SEND ? 1 : 2),
                after);
    }

    private int add(NodeKind k, CommKind ck, int s, long v, int t, byte coll, PairSizes ps, String name, long callKey,
                    int[] after) {
        if (s < 0) {
            throw new IllegalArgumentException("rank " + rank + ": stream must be >= 0, got " + s);
        }
        int[] a = after == null ? NONE : after;
        if (size == kind.length) {
            grow();
        }
        int id = size;
        for (int d : a) {
            if (d < 0 || d >= id) {
                throw new IllegalArgumentException("rank " + rank + ": node " + id + " depends on " + d
                        + ", which is not an earlier node");
            }
        }
        kind[id] = (byte) k.ordinal();
        commKind[id] = (byte) ck.ordinal();
        stream[id] = s;
        value[id] = v;
        target[id] = t;
        collective[id] = coll;
        if (ps != null) {
            if (pairs == null) {
                pairs = new PairSizes[kind.length];
            }
            pairs[id] = ps;
        }
        if (keepNames) {
            names[id] = name;
        }
        seq[id] = callKey < 0 ? -1 : calls.merge(callKey, 1, Integer::sum) - 1;
        if (depCount + a.length > deps.length) {
            deps = Arrays.copyOf(deps, Math.max(deps.length * 2, depCount + a.length));
        }
        for (int d : a) {
            deps[depCount++] = d;
        }
        size++;
        depStart[size] = depCount;
        return id;
    }

    private void grow() {
        int n = kind.length * 2;
        kind = Arrays.copyOf(kind, n);
        commKind = Arrays.copyOf(commKind, n);
        stream = Arrays.copyOf(stream, n);
        value = Arrays.copyOf(value, n);
        target = Arrays.copyOf(target, n);
        collective = Arrays.copyOf(collective, n);
        seq = Arrays.copyOf(seq, n);
        depStart = Arrays.copyOf(depStart, n + 1);
        if (pairs != null) {
            pairs = Arrays.copyOf(pairs, n);
        }
        if (names != null) {
            names = Arrays.copyOf(names, n);
        }
    }

    /** The graph (the builder must not be used afterwards). */
    public RankGraph build() {
        return new RankGraph(rank, Arrays.copyOf(kind, size), Arrays.copyOf(commKind, size), Arrays.copyOf(stream, size),
                Arrays.copyOf(value, size), Arrays.copyOf(target, size), Arrays.copyOf(collective, size),
                pairs == null ? null : Arrays.copyOf(pairs, size), names == null ? null : Arrays.copyOf(names, size),
                Arrays.copyOf(depStart, size + 1), Arrays.copyOf(deps, depCount), Arrays.copyOf(seq, size));
    }
}
