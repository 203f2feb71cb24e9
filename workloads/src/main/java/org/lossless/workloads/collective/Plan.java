package org.lossless.workloads.collective;

/**
 * One iteration of a collective as a static dependency graph, in flat arrays (built by
 * {@link PlanBuilder}, run by {@link CollectiveProgram} once per iteration).
 *
 * <p><b>Ops</b> are what one rank's GPU does for one slice: wait for its input transfers, then post its
 * output transfers together. Ops of one <b>stream</b> (a rank's thread block for one channel and
 * direction) run in program order: an op is not issued before its stream predecessor. <b>Transfers</b>
 * go from a producing op to exactly one consuming op over a <b>lane</b>: the connection of one logical
 * channel between two ranks, whose messages are numbered in order ({@code seq}) and which holds at most
 * {@code window} of them in flight (NCCL's buffer slots). Transfers with no bytes (empty slices of tiny
 * messages) take part in the dependencies but do not use the wire or a slot.
 *
 * <p>Invariants: op and transfer ids are dense; CSR lists {@code xStart[i]..xStart[i+1]-1}; a lane's
 * transfers in {@code laneList} are in seq order.
 */
final class Plan implements PlanView {
    static final int NET = 0;
    static final int NVLINK = 1;
    /** Over NVLink to the rail-local GPU of the sending server, then over the network from its NIC. */
    static final int PXN = 2;
    /** Inside a server without NVLink: GPU to GPU over PCIe (timed like {@link #NVLINK}, at the PCIe link). */
    static final int LOCAL_PCIE = 3;

    final int ops;
    final int[] opRank;
    final int[] opStep;
    final int[] opChannel;
    final int[] opNext;
    final boolean[] opHasPred;
    final int[] inStart;
    final int[] inList;
    final int[] outStart;
    final int[] outList;

    final int transfers;
    final int[] tLane;
    final int[] tSeq;
    final int[] tFrom;
    final int[] tTo;
    final long[] tData;
    final long[] tWire;

    final int lanes;
    final int[] laneKind;
    final int[] laneSrc;
    final int[] laneDst;
    /** Host whose NIC sends a NET or PXN lane's messages (the source's NIC, or the PXN proxy's); -1 inside a server. */
    final int[] laneNic;
    /** Host of the NIC that receives a NET or PXN lane's messages (the destination GPU's); -1 inside a server. */
    final int[] laneDstNic;
    /** The GPU whose NIC sends a PXN lane's messages; -1 for other lanes. */
    final int[] laneProxy;
    final int[] laneChannel;
    final int[] laneWindow;
    final int[] laneStart;
    final int[] laneList;
    /** Ops without inputs, in id order. */
    private final int[] sources;

    Plan(int[] opRank, int[] opStep, int[] opChannel, int[] opNext, boolean[] opHasPred, int[] inStart, int[] inList,
            int[] outStart, int[] outList, int[] tLane, int[] tSeq, int[] tFrom, int[] tTo, long[] tData, long[] tWire,
            int[] laneKind, int[] laneSrc, int[] laneDst, int[] laneNic, int[] laneDstNic, int[] laneProxy,
            int[] laneChannel, int[] laneWindow, int[] laneStart, int[] laneList) {
        this.ops = opRank.length;
        this.opRank = opRank;
        this.opStep = opStep;
        this.opChannel = opChannel;
        this.opNext = opNext;
        this.opHasPred = opHasPred;
        this.inStart = inStart;
        this.inList = inList;
        this.outStart = outStart;
        this.outList = outList;
        this.transfers = tLane.length;
        this.tLane = tLane;
        this.tSeq = tSeq;
        this.tFrom = tFrom;
        this.tTo = tTo;
        this.tData = tData;
        this.tWire = tWire;
        this.lanes = laneKind.length;
        this.laneKind = laneKind;
        this.laneSrc = laneSrc;
        this.laneDst = laneDst;
        this.laneNic = laneNic;
        this.laneDstNic = laneDstNic;
        this.laneProxy = laneProxy;
        this.laneChannel = laneChannel;
        this.laneWindow = laneWindow;
        this.laneStart = laneStart;
        this.laneList = laneList;
        int n = 0;
        for (int o = 0; o < ops; o++) {
            n += inStart[o] == inStart[o + 1] ? 1 : 0;
        }
        this.sources = new int[n];
        for (int o = 0, k = 0; o < ops; o++) {
            if (inStart[o] == inStart[o + 1]) {
                sources[k++] = o;
            }
        }
    }

    /** Whether lane {@code l} stays inside a server (NVLink or PCIe, no NIC). */
    @Override
    public boolean local(int l) {
        return laneKind[l] == NVLINK || laneKind[l] == LOCAL_PCIE;
    }

    @Override
    public int ops() {
        return ops;
    }

    @Override
    public int transferIds() {
        return transfers;
    }

    @Override
    public long transferCount() {
        return transfers;
    }

    @Override
    public int rank(int op) {
        return opRank[op];
    }

    @Override
    public int step(int op) {
        return opStep[op];
    }

    @Override
    public int channel(int op) {
        return opChannel[op];
    }

    @Override
    public int next(int op) {
        return opNext[op];
    }

    @Override
    public boolean hasPred(int op) {
        return opHasPred[op];
    }

    @Override
    public int inCount(int op) {
        return inStart[op + 1] - inStart[op];
    }

    @Override
    public int in(int op, int j) {
        return inList[inStart[op] + j];
    }

    @Override
    public int outCount(int op) {
        return outStart[op + 1] - outStart[op];
    }

    @Override
    public int out(int op, int j) {
        return outList[outStart[op] + j];
    }

    @Override
    public int lane(int t) {
        return tLane[t];
    }

    @Override
    public int seq(int t) {
        return tSeq[t];
    }

    @Override
    public int from(int t) {
        return tFrom[t];
    }

    @Override
    public int to(int t) {
        return tTo[t];
    }

    @Override
    public long data(int t) {
        return tData[t];
    }

    @Override
    public long wire(int t) {
        return tWire[t];
    }

    @Override
    public int lanes() {
        return lanes;
    }

    @Override
    public int laneKind(int l) {
        return laneKind[l];
    }

    @Override
    public int laneNic(int l) {
        return laneNic[l];
    }

    @Override
    public int laneDstNic(int l) {
        return laneDstNic[l];
    }

    @Override
    public int laneWindow(int l) {
        return laneWindow[l];
    }

    @Override
    public int laneCount(int l) {
        return laneStart[l + 1] - laneStart[l];
    }

    @Override
    public int laneTransfer(int l, int seq) {
        return laneList[laneStart[l] + seq];
    }

    @Override
    public int sources() {
        return sources.length;
    }

    @Override
    public int source(int j) {
        return sources[j];
    }

    /** One chain of one block: a stored plan's state is kept whole. */
    @Override
    public int chains() {
        return 1;
    }

    @Override
    public int chainOf(int id) {
        return 0;
    }

    @Override
    public int chainStart(int chain) {
        return 0;
    }

    @Override
    public int blockSize(int chain) {
        return Math.max(1, Math.max(ops, transfers));
    }

    @Override
    public boolean feedsNext(int chain, int block) {
        return false;
    }

    @Override
    public boolean isOp(int id) {
        return id < ops;
    }

    @Override
    public boolean isTransfer(int id) {
        return id < transfers;
    }

    /** Data bytes leaving {@code rank} over the network (NET and PXN lanes, counted at the sending GPU). */
    long networkDataBytesFrom(int rank) {
        long sum = 0;
        for (int t = 0; t < transfers; t++) {
            if (!local(tLane[t]) && laneSrc[tLane[t]] == rank) {
                sum += tData[t];
            }
        }
        return sum;
    }

    /** Total data bytes over lanes from {@code src} to {@code dst}, whatever the path. */
    long dataBytes(int src, int dst) {
        long sum = 0;
        for (int t = 0; t < transfers; t++) {
            if (laneSrc[tLane[t]] == src && laneDst[tLane[t]] == dst) {
                sum += tData[t];
            }
        }
        return sum;
    }
}
