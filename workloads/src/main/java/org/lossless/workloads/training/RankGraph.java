package org.lossless.workloads.training;

import java.util.Arrays;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.PairSizes;

/**
 * One rank's work for one iteration: nodes with dependencies, in flat arrays (built by {@link RankGraphBuilder}).
 *
 * <p>A node is {@link NodeKind#COMPUTE compute} (a duration), a {@link NodeKind#COLLECTIVE collective} call on a
 * {@link Communicator}, or a {@link NodeKind#SEND send} / {@link NodeKind#RECV receive} with one peer rank. Every
 * node sits on a <b>stream</b> (0 = the GPU's compute stream by convention, others communication streams, as CUDA
 * streams in PyTorch): a stream runs one node at a time, in node order. A node starts when its stream is free,
 * every earlier node of its stream has ended and every node it depends on has ended; a collective, send or
 * receive then also waits for its partners (the same call on every member, the matching receive or send).
 *
 * <p>Invariants: node ids are 0..size-1 in a topological order (a node depends only on earlier nodes); CSR lists
 * {@code xStart[i]..xStart[i+1]-1}; {@code seq[i]} numbers a communication node among the nodes of its rank on
 * the same communicator (collectives) or towards the same peer in the same direction (send / receive), from 0:
 * that number is how calls are matched across ranks.
 */
public final class RankGraph {
    final int rank;
    final int size;
    final byte[] kind;
    final byte[] commKind;
    final int[] stream;
    final long[] value;
    final int[] target;
    final byte[] collective;
    final PairSizes[] pairs;
    final String[] names;
    final int[] depStart;
    final int[] deps;
    final int[] outStart;
    final int[] out;
    final int[] streamNext;
    final int[] streamPrev;
    final int[] streamFirst;
    final int[] seq;

    RankGraph(int rank, byte[] kind, byte[] commKind, int[] stream, long[] value, int[] target, byte[] collective,
              PairSizes[] pairs, String[] names, int[] depStart, int[] deps, int[] seq) {
        this.rank = rank;
        this.size = kind.length;
        this.kind = kind;
        this.commKind = commKind;
        this.stream = stream;
        this.value = value;
        this.target = target;
        this.collective = collective;
        this.pairs = pairs;
        this.names = names;
        this.depStart = depStart;
        this.deps = deps;
        this.seq = seq;
        int streams = 0;
        for (int s : stream) {
            streams = Math.max(streams, s + 1);
        }
        streamFirst = new int[streams];
        Arrays.fill(streamFirst, -1);
        streamNext = new int[size];
        streamPrev = new int[size];
        int[] last = new int[streams];
        Arrays.fill(last, -1);
        for (int i = 0; i < size; i++) {
            streamNext[i] = -1;
            int s = stream[i];
            streamPrev[i] = last[s];
            if (last[s] < 0) {
                streamFirst[s] = i;
            } else {
                streamNext[last[s]] = i;
            }
            last[s] = i;
        }
        outStart = new int[size + 1];
        for (int d : deps) {
            outStart[d + 1]++;
        }
        for (int i = 0; i < size; i++) {
            outStart[i + 1] += outStart[i];
        }
        out = new int[deps.length];
        int[] fill = Arrays.copyOf(outStart, size);
        for (int i = 0; i < size; i++) {
            for (int k = depStart[i]; k < depStart[i + 1]; k++) {
                out[fill[deps[k]]++] = i;
            }
        }
    }

    /** The rank this graph belongs to. */
    public int rank() {
        return rank;
    }

    /** Nodes. */
    public int size() {
        return size;
    }

    public NodeKind kind(int node) {
        return NodeKind.values()[kind[node]];
    }

    /** The parallelism a communication node serves ({@link CommKind#OTHER} for compute). */
    public CommKind commKind(int node) {
        return CommKind.values()[commKind[node]];
    }

    public int stream(int node) {
        return stream[node];
    }

    /** Streams used (ids 0..streams-1). */
    public int streams() {
        return streamFirst.length;
    }

    /** Compute: duration, ps. Collective: its size as nccl-tests counts it. Send / receive: bytes. */
    public long value(int node) {
        return value[node];
    }

    /** Collective: the communicator's index. Send / receive: the peer rank. Compute: -1. */
    public int target(int node) {
        return target[node];
    }

    /** The collective of a collective node, else null. */
    public Collective collective(int node) {
        return kind[node] == NodeKind.COLLECTIVE.ordinal() ? Collective.values()[collective[node]] : null;
    }

    /** An all-to-all's bytes per pair (null: uniform), else null. */
    public PairSizes pairs(int node) {
        return pairs == null ? null : pairs[node];
    }

    /** Its label for the timeline, or null when the graph keeps no names. */
    public String name(int node) {
        return names == null ? null : names[node];
    }

    /** Whether the graph keeps node labels. */
    public boolean hasNames() {
        return names != null;
    }

    /** The nodes {@code node} depends on (a copy). */
    public int[] dependencies(int node) {
        return Arrays.copyOfRange(deps, depStart[node], depStart[node + 1]);
    }

    /** Its number among its rank's calls on the same communicator, or towards the same peer and direction. */
    public int sequence(int node) {
        return seq[node];
    }

    /** The node's successor on its stream, or -1. */
    int streamNext(int node) {
        return streamNext[node];
    }

    /** The node's predecessor on its stream, or -1. */
    int streamPrevious(int node) {
        return streamPrev[node];
    }
}
