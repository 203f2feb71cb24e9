package org.lossless.workloads.training;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lossless.workloads.collective.Collective;

/**
 * Matches communication nodes across ranks into {@link Call}s: the k-th collective node of every member of a
 * communicator is one call (they must agree on the collective and its size), and the k-th send from rank a to
 * rank b meets the k-th receive at b from a (they must agree on the bytes). Calls live from their first arrival
 * to their end.
 */
final class Rendezvous {
    private record PairKey(int src, int dst, int seq) {
    }

    private final List<Communicator> comms;
    private final int ranks;
    private final int[][] position;
    private final Map<Long, Call> collectives = new HashMap<>();
    private final Map<PairKey, Call> pairs = new HashMap<>();

    Rendezvous(List<Communicator> comms, int ranks) {
        this.comms = List.copyOf(comms);
        this.ranks = ranks;
        this.position = new int[comms.size()][];
    }

    /**
     * Node {@code node} of {@code g} (a communication node) arrives at {@code nowPs}. Returns its call when every
     * member has arrived (the call is then forgotten here), else null.
     *
     * @throws IllegalStateException when the node does not match the call its partners made
     */
    Call arrive(RankGraph g, int node, long nowPs) {
        NodeKind k = g.kind(node);
        if (k == NodeKind.COLLECTIVE) {
            int c = g.target[node];
            int member = position(c, g.rank);
            long key = ((long) c << 32) | g.seq[node];
            Call call = collectives.get(key);
            Collective coll = g.collective(node);
            if (call == null) {
                Communicator comm = comms.get(c);
                call = new Call(comm.name(), g.commKind(node), coll, false, comm.ranks(), g.value[node], g.pairs(node), c);
                collectives.put(key, call);
            } else if (call.collective != coll || call.sizeBytes != g.value[node]
                    || !Objects.equals(call.pairs, g.pairs(node))) {
                throw new IllegalStateException("call " + g.seq[node] + " on communicator " + call.name + ": rank " + g.rank
                        + " calls " + coll.key() + " of " + g.value[node] + " bytes, but rank " + call.ranks[call.lastMember]
                        + " called " + call.collective.key() + " of " + call.sizeBytes + " bytes");
            }
            if (call.arrive(member, node, nowPs)) {
                collectives.remove(key);
                return call;
            }
            return null;
        }
        boolean send = k == NodeKind.SEND;
        int peer = g.target[node];
        if (peer >= ranks) {
            throw new IllegalStateException("rank " + g.rank + " " + (send ? "sends to" : "receives from") + " rank " + peer
                    + ", which the job does not have");
        }
        int src = send ? g.rank : peer;
        int dst = send ? peer : g.rank;
        PairKey key = new PairKey(src, dst, g.seq[node]);
        Call call = pairs.get(key);
        if (call == null) {
            call = new Call("p2p-" + src + "-" + dst, g.commKind(node), Collective.ALLTOALL, true, new int[] {src, dst},
                    g.value[node], null, -1);
            pairs.put(key, call);
        } else if (call.sizeBytes != g.value[node]) {
            throw new IllegalStateException("transfer " + g.seq[node] + " from rank " + src + " to rank " + dst + ": the "
                    + (send ? "send" : "receive") + " has " + g.value[node] + " bytes, its partner " + call.sizeBytes);
        }
        if (call.arrive(send ? 0 : 1, node, nowPs)) {
            pairs.remove(key);
            return call;
        }
        return null;
    }

    /** Calls some member has arrived at but not all (a stalled iteration shows them). */
    List<Call> waiting() {
        List<Call> out = new java.util.ArrayList<>(collectives.values());
        out.addAll(pairs.values());
        out.sort((a, b) -> a.lastArrivalPs != b.lastArrivalPs ? Long.compare(a.lastArrivalPs, b.lastArrivalPs)
                : a.name.compareTo(b.name));
        return out;
    }

    /** Forgets every waiting call (before the next iteration). */
    void clear() {
        collectives.clear();
        pairs.clear();
    }

    private int position(int comm, int rank) {
        int[] p = position[comm];
        if (p == null) {
            p = new int[ranks];
            Arrays.fill(p, -1);
            Communicator c = comms.get(comm);
            for (int i = 0; i < c.size(); i++) {
                p[c.rank(i)] = i;
            }
            position[comm] = p;
        }
        if (p[rank] < 0) {
            throw new IllegalStateException("rank " + rank + " calls a collective on communicator " + comms.get(comm).name()
                    + ", which it is not a member of");
        }
        return p[rank];
    }
}
