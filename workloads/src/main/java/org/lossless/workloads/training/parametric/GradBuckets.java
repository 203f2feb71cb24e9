package org.lossless.workloads.training.parametric;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.RankGraphBuilder;

/**
 * A rank's gradient reduction over its data-parallel group, in buckets of at most {@code cap} bytes filled from
 * the last layer back, as the last micro-batch's backward pass completes each layer's gradients (a flat gradient
 * buffer cut into buckets, as Megatron-LM's and PyTorch DDP's): a bucket is reduced once every layer with gradients
 * in it has finished its backward pass; with overlap off, every bucket waits for the end of the backward pass.
 * ZeRO 0 all-reduces the buckets; ZeRO 1-3 reduce-scatter them. The calls run one after another on one stream.
 */
final class GradBuckets {
    static final int STREAM = 6;

    private final RankGraphBuilder b;
    private final int comm;
    private final Collective coll;
    private final long cap;
    private final boolean overlap;
    private long pending;
    private long deferred;
    /** The node after which the gradients in {@code pending} are all complete. */
    private int readyAfter = -1;
    private int last = -1;

    GradBuckets(RankGraphBuilder b, int comm, int zero, long cap, boolean overlap) {
        this.b = b;
        this.comm = comm;
        this.coll = zero == 0 ? Collective.ALLREDUCE : Collective.REDUCESCATTER;
        this.cap = cap;
        this.overlap = overlap;
    }

    /** A layer's {@code bytes} of gradients are complete once node {@code done} ends. */
    void layerDone(long bytes, int done) {
        if (comm < 0) {
            return;
        }
        if (!overlap) {
            deferred += bytes;
            return;
        }
        if (bytes == 0) {
            return;
        }
        pending += bytes;
        readyAfter = done;
        while (pending >= cap) {
            emit(cap, done);
            pending -= cap;
        }
    }

    /**
     * The backward pass ended with node {@code end}: reduces what is left (with overlap, once the last layer that had
     * gradients in it is done; layers without parameters hold no bucket back); returns the last reduction, or -1.
     */
    int finish(int end) {
        if (comm < 0) {
            return -1;
        }
        long rest = overlap ? pending : deferred;
        int after = overlap ? readyAfter : end;
        while (rest > 0) {
            long n = Math.min(cap, rest);
            emit(n, after);
            rest -= n;
        }
        pending = 0;
        deferred = 0;
        return last;
    }

    private void emit(long bytes, int after) {
        String name = b.keepsNames() ? "dp " + coll.key() + " bucket " + bytes + " B" : null;
        last = b.collective(STREAM, CommKind.DP, coll, comm, bytes, null, name, after);
    }
}
