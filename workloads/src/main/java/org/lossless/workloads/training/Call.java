package org.lossless.workloads.training;

import java.util.Arrays;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.PairSizes;

/**
 * One call of a collective (or one point-to-point transfer) as it waits for its members: each member rank's node
 * arrives when that rank is ready for it; the call starts when the last one arrives and ends for every member
 * when the collective engine reports it done.
 *
 * <p>Simplification: every member ends the call at the same time, the end of the whole collective (NCCL lets a
 * rank leave once its own part is done; for rings and point-to-point the difference is at most one step).
 */
final class Call {
    final String name;
    final CommKind kind;
    /** The collective ({@link Collective#ALLTOALL} for point-to-point). */
    final Collective collective;
    final boolean pointToPoint;
    /** Member job ranks, in communicator order (sender first for point-to-point). */
    final int[] ranks;
    /** Each member's node, -1 until it arrives. */
    final int[] nodes;
    /** nccl-tests' size; for point-to-point, the bytes sent. */
    final long sizeBytes;
    final PairSizes pairs;
    /** Communicator index, or -1 for point-to-point. */
    final int comm;
    int arrived;
    /** Member that arrived last, and when. */
    int lastMember = -1;
    long lastArrivalPs = -1;
    long startPs = -1;
    long endPs = -1;

    Call(String name, CommKind kind, Collective collective, boolean pointToPoint, int[] ranks, long sizeBytes,
         PairSizes pairs, int comm) {
        this.name = name;
        this.kind = kind;
        this.collective = collective;
        this.pointToPoint = pointToPoint;
        this.ranks = ranks;
        this.nodes = new int[ranks.length];
        Arrays.fill(nodes, -1);
        this.sizeBytes = sizeBytes;
        this.pairs = pairs;
        this.comm = comm;
    }

    /** Member {@code member}'s node {@code node} arrived at {@code nowPs}; true when every member is there. */
    boolean arrive(int member, int node, long nowPs) {
        if (nodes[member] >= 0) {
            throw new IllegalStateException(name + ": rank " + ranks[member] + " arrived twice at one call");
        }
        nodes[member] = node;
        arrived++;
        lastMember = member;
        lastArrivalPs = nowPs;
        return arrived == ranks.length;
    }

    /** busbw / algbw as nccl-tests defines it; 1 for a point-to-point transfer. */
    double busbwFactor() {
        return pointToPoint ? 1.0 : collective.busbwFactor(ranks.length);
    }

    /** The bytes nccl-tests' algbw divides: the size, or the bytes sent for point-to-point. */
    long algBytes() {
        return sizeBytes;
    }
}
