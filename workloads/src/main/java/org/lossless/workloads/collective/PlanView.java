package org.lossless.workloads.collective;

/**
 * One iteration of a collective as {@link CollectiveProgram} reads it: ops, transfers and lanes as defined in
 * {@link Plan}, whether they are stored ({@link Plan}, built whole) or computed from their ids on demand
 * ({@link RingView}, NCCL's ring algorithms, whose plan would otherwise hold every slice of the iteration).
 *
 * <p>Ids are dense ints. A view also cuts its ids into <b>blocks</b> for {@link PlanState}, which keeps the
 * program's per-op and per-transfer state only for the blocks in flight: ids are grouped in <b>chains</b> (a
 * ring's channel) of consecutive blocks of {@link #blockSize} ids (a ring's step: every rank's slices of it); the
 * transfers of a block are consumed by ops of the same block or the next one of its chain ({@link #feedsNext}),
 * and an op's state is needed only from its block's creation to its issue. A stored plan is one chain of one
 * block.
 */
interface PlanView {
    /** Op ids are {@code 0 .. ops()-1}. */
    int ops();

    /** Transfer ids are below this (a view may leave gaps: ids that are no transfer). */
    int transferIds();

    /** Transfers of one iteration (ids that are a transfer). */
    long transferCount();

    int rank(int op);

    /** The op's step tag (messages' {@code step}). */
    int step(int op);

    int channel(int op);

    /** The next op of the op's stream, or -1. */
    int next(int op);

    /** Whether the op has a stream predecessor. */
    boolean hasPred(int op);

    int inCount(int op);

    /** Input {@code j} of {@code op}, in the order the planner named them. */
    int in(int op, int j);

    int outCount(int op);

    int out(int op, int j);

    int lane(int transfer);

    /** The transfer's number among its lane's non-empty transfers; -1 for an empty one. */
    int seq(int transfer);

    int from(int transfer);

    int to(int transfer);

    long data(int transfer);

    long wire(int transfer);

    int lanes();

    /** {@link Plan#NET}, {@link Plan#NVLINK}, {@link Plan#PXN} or {@link Plan#LOCAL_PCIE}. */
    int laneKind(int lane);

    int laneNic(int lane);

    int laneDstNic(int lane);

    int laneWindow(int lane);

    /** Non-empty transfers of the lane. */
    int laneCount(int lane);

    /** The lane's non-empty transfer number {@code seq}. */
    int laneTransfer(int lane, int seq);

    /** Whether lane {@code l} stays inside a server (NVLink or PCIe, no NIC). */
    default boolean local(int l) {
        int k = laneKind(l);
        return k == Plan.NVLINK || k == Plan.LOCAL_PCIE;
    }

    /** Ops without inputs (ready when the iteration begins). */
    int sources();

    /** The {@code j}-th op without inputs, in id order. */
    int source(int j);

    int chains();

    int chainOf(int id);

    /** The chain's first id: its block {@code b} holds the {@code blockSize} ids from {@code chainStart + b * blockSize}. */
    int chainStart(int chain);

    int blockSize(int chain);

    /** Whether the transfers of the block are consumed by the chain's next block (else inside the block, or none). */
    boolean feedsNext(int chain, int block);

    boolean isOp(int id);

    boolean isTransfer(int id);

    /**
     * Whether the view knows, without reading its ops, that every op has at most one input and that every non-empty
     * transfer carries wire bytes (what {@link CollectiveProgram} otherwise scans the whole plan for before its timers
     * may run ahead). False unless the view's construction proves it.
     */
    default boolean singleInputsWithBytes() {
        return false;
    }
}
