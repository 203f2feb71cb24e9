package org.lossless.workloads.collective;

import org.lossless.topology.servers.Route;

/**
 * NCCL's ring reduce-scatter, all-gather and all-reduce ({@link RingPlanner#ring}) as a {@link PlanView} whose ops and
 * transfers are computed from their ids instead of stored: the same ids, ops, transfers, lanes and seq numbers as the
 * plan {@link RingPlanner#ring} builds, in O(channels x ranks) memory instead of about 120 B per slice.
 *
 * <p>Ids: a channel's ops follow each other in the planner's order, loop by loop, step by step (the sending steps,
 * then the receive-only one: {@code G = S + 1} steps per loop, {@code S} = 2(n-1) for an all-reduce, n-1 otherwise),
 * rank position by position, slice by slice: op {@code (c, g, i, k)} (step {@code g = loop * G + s}) is
 * {@code chainStart(c) + g * n * slices + i * slices + k}. Every op but a receive-only one has one output, whose
 * transfer id is the op's id; the op at step {@code s > 0} consumes the transfer of op {@code (c, g-1, i-1, k)}.
 * Lane {@code c * n + i} goes from ring position {@code i} to {@code i+1}. Channels without bytes have no ops and
 * no lanes, as in the planner. A chain is a channel, a block one step (n x slices ids).
 *
 * <p>Seq numbers: every loop but a channel's last is full (every slice has bytes), so only the last loop needs
 * counting; there a chunk's non-empty slices are a prefix of its slices, and the count of a lane's non-empty
 * transfers before step {@code s} is a sum over a cyclic run of chunk indices, read from per-channel prefix sums.
 */
final class RingView implements PlanView {
    /** Ids must stay below this: a transfer id is doubled in the program's message codes. */
    static final long MAX_IDS = 1L << 30;

    private final Protocol protocol;
    private final int n;
    private final int slices;
    private final int sendSteps;
    private final int stepsPerLoop;
    private final int block;
    private final int shift;
    private final long chunkSize;
    private final long minSlice;
    private final long loopSize;
    private final int window;
    private final int fullSlices;
    private final int[] channelOf;
    private final int[][] rings;
    private final long[] bytes;
    private final int[] loops;
    private final int[] start;
    private final int[] sourceStart;
    /** Per chain: non-empty slices of chunks 0..x-1 of its last loop. */
    private final long[][] lastPrefix;
    private final int[] laneKind;
    private final int[] laneNic;
    private final int[] laneDstNic;
    /** Non-empty transfers per lane. */
    private final int[] laneCount;
    /**
     * The chain {@link #chain} found last, tried first at the next lookup. One int, checked against {@link #start}
     * before use: any value read is a valid answer or a miss, so a view read by several threads stays correct.
     */
    private int lastChain;

    RingView(CollectiveJob job, Protocol protocol, boolean pxn) {
        if (job.collective() == Collective.BROADCAST || job.collective() == Collective.ALLTOALL) {
            throw new IllegalArgumentException("a ring view is for reduce-scatter, all-gather and all-reduce");
        }
        this.protocol = protocol;
        boolean simple = protocol == Protocol.SIMPLE;
        chunkSize = simple ? protocol.stepDataBytes() * NcclConstants.RING_CHUNK_STEPS : protocol.stepDataBytes();
        slices = simple ? NcclConstants.RING_CHUNK_STEPS / NcclConstants.RING_SLICE_STEPS : 1;
        minSlice = simple ? protocol.stepDataBytes() * NcclConstants.RING_SLICE_STEPS / 32 : 0;
        window = simple ? NcclConstants.STEPS / NcclConstants.RING_SLICE_STEPS : NcclConstants.STEPS;
        n = job.n();
        sendSteps = job.collective() == Collective.ALLREDUCE ? 2 * (n - 1) : n - 1;
        stepsPerLoop = sendSteps + 1;
        block = n * slices;
        shift = job.collective() == Collective.ALLGATHER ? 0 : 1;
        loopSize = n * chunkSize;
        fullSlices = nonEmpty(chunkSize);
        int active = 0;
        for (int c = 0; c < job.channels(); c++) {
            active += Split.share(job.sizeBytes(), job.channels(), c) > 0 ? 1 : 0;
        }
        channelOf = new int[active];
        rings = new int[active][];
        bytes = new long[active];
        loops = new int[active];
        start = new int[active + 1];
        sourceStart = new int[active + 1];
        lastPrefix = new long[active][];
        laneKind = new int[active * n];
        laneNic = new int[active * n];
        laneDstNic = new int[active * n];
        laneCount = new int[active * n];
        int[] ranks = job.rankArray();
        long ids = 0;
        long sources = 0;
        for (int c = 0, a = 0; c < job.channels(); c++) {
            long b = Split.share(job.sizeBytes(), job.channels(), c);
            if (b == 0) {
                continue;
            }
            channelOf[a] = c;
            rings[a] = job.ringOrder().ring(ranks, c, job.servers());
            bytes[a] = b;
            long l = Split.ceilDiv(b, loopSize);
            ids += l * stepsPerLoop * block;
            sources += l * block;
            if (ids >= MAX_IDS) {
                throw new IllegalArgumentException("a ring plan of more than " + MAX_IDS + " slices per iteration");
            }
            loops[a] = (int) l;
            start[a + 1] = (int) ids;
            sourceStart[a + 1] = (int) sources;
            lastPrefix[a] = prefix(b - (l - 1) * loopSize);
            for (int i = 0; i < n; i++) {
                Route r = job.servers().route(rings[a][i], rings[a][(i + 1) % n], pxn);
                laneKind[a * n + i] = switch (r.kind()) {
                    case NVLINK -> Plan.NVLINK;
                    case PCIE -> Plan.LOCAL_PCIE;
                    case NET -> Plan.NET;
                    case PXN -> Plan.PXN;
                };
                laneNic[a * n + i] = r.srcNic();
                laneDstNic[a * n + i] = r.dstNic();
                long full = (l - 1) * sendSteps * fullSlices;
                laneCount[a * n + i] = (int) (full + before(a, loops[a] - 1, i, sendSteps));
            }
            a++;
        }
    }

    /** Prefix sums of the non-empty slices of the chunks of a loop with {@code rem} bytes left. */
    private long[] prefix(long rem) {
        long[] f = new long[n + 1];
        for (int x = 0; x < n; x++) {
            f[x + 1] = f[x] + nonEmpty(chunkBytes(rem, x));
        }
        return f;
    }

    /** Chunk size of a loop with {@code rem} bytes left (the planner's rule). */
    private long chunkOf(long rem) {
        return rem < loopSize ? Split.alignUp(Split.ceilDiv(rem, n), NcclConstants.ALIGN) : chunkSize;
    }

    /** Bytes of chunk {@code x} of a loop with {@code rem} bytes left. */
    private long chunkBytes(long rem, int x) {
        long chunk = chunkOf(rem);
        return Split.clamp(rem - x * chunk, chunk);
    }

    private long sliceBytes(long nelem, int k) {
        long slice = Math.max(Split.alignUp(Split.ceilDiv(nelem, slices), NcclConstants.ALIGN), minSlice);
        return Split.clamp(nelem - k * slice, slice);
    }

    /** Slices with bytes of a chunk of {@code nelem} bytes (they come first). */
    private int nonEmpty(long nelem) {
        int count = 0;
        for (int k = 0; k < slices; k++) {
            count += sliceBytes(nelem, k) > 0 ? 1 : 0;
        }
        return count;
    }

    /**
     * The chain of op or transfer {@code id}: the last chain whose first id is at most {@code id} (a binary search of
     * {@link #start}; a linear scan of the channels was 13 % of the serial step between windows of the k=8 all-reduce
     * on 2 threads, benchmarks/README.md "Step 12"). For ids of the plan, the one chain holding it. The chain found
     * last is tried first: the program asks about one op's or one block's ids many times in a row (the search was still
     * 15 % of that step's samples, "Step 16").
     */
    private int chain(int id) {
        int last = lastChain;
        if (last + 1 < start.length && start[last] <= id && id < start[last + 1]) {
            return last;
        }
        int lo = 0;
        int hi = start.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (start[mid] <= id) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lastChain = lo;
        return lo;
    }

    /** Chunk rank position {@code i} sends at step {@code s}. */
    private int chunkIndex(int i, int s) {
        return Math.floorMod(i - s - shift, n);
    }

    /**
     * Non-empty transfers of lane {@code (a, i)} in loop {@code loop} before step {@code s}: chunk indices
     * {@code i-shift, i-shift-1, ...} (mod n) over {@code s} steps.
     */
    private long before(int a, int loop, int i, int s) {
        if (loop < loops[a] - 1) {
            return (long) s * fullSlices;
        }
        long[] f = lastPrefix[a];
        int x0 = Math.floorMod(i - shift, n);
        int r = s % n;
        long sum = (long) (s / n) * f[n];
        if (r <= x0 + 1) {
            sum += f[x0 + 1] - f[x0 + 1 - r];
        } else {
            sum += f[x0 + 1] + f[n] - f[n - (r - x0 - 1)];
        }
        return sum;
    }

    @Override
    public int ops() {
        return start[start.length - 1];
    }

    @Override
    public int transferIds() {
        return ops();
    }

    @Override
    public long transferCount() {
        long t = 0;
        for (int a = 0; a < loops.length; a++) {
            t += (long) loops[a] * sendSteps * block;
        }
        return t;
    }

    @Override
    public int rank(int op) {
        int a = chain(op);
        int pos = (op - start[a]) % block;
        return rings[a][pos / slices];
    }

    @Override
    public int step(int op) {
        int a = chain(op);
        return (op - start[a]) / block;
    }

    @Override
    public int channel(int op) {
        return channelOf[chain(op)];
    }

    @Override
    public int next(int op) {
        int a = chain(op);
        int r = op - start[a];
        int g = r / block;
        int pos = r - g * block;
        if (pos % slices < slices - 1) {
            return op + 1;
        }
        return g + 1 < loops[a] * stepsPerLoop ? start[a] + (g + 1) * block + (pos / slices) * slices : -1;
    }

    @Override
    public boolean hasPred(int op) {
        int a = chain(op);
        return op - start[a] >= block || (op - start[a]) % slices > 0;
    }

    @Override
    public int inCount(int op) {
        int a = chain(op);
        return (op - start[a]) / block % stepsPerLoop > 0 ? 1 : 0;
    }

    @Override
    public int in(int op, int j) {
        int a = chain(op);
        int r = op - start[a];
        int g = r / block;
        int pos = r - g * block;
        int i = pos / slices;
        return start[a] + (g - 1) * block + Math.floorMod(i - 1, n) * slices + pos % slices;
    }

    @Override
    public int outCount(int op) {
        int a = chain(op);
        return (op - start[a]) / block % stepsPerLoop < sendSteps ? 1 : 0;
    }

    @Override
    public int out(int op, int j) {
        return op;
    }

    @Override
    public int lane(int t) {
        int a = chain(t);
        return a * n + (t - start[a]) % block / slices;
    }

    @Override
    public int seq(int t) {
        int a = chain(t);
        int r = t - start[a];
        int g = r / block;
        int pos = r - g * block;
        int loop = g / stepsPerLoop;
        int s = g - loop * stepsPerLoop;
        int i = pos / slices;
        int k = pos - i * slices;
        long rem = bytes[a] - loop * loopSize;
        if (sliceBytes(chunkBytes(rem, chunkIndex(i, s)), k) == 0) {
            return -1;
        }
        return (int) ((long) loop * sendSteps * fullSlices + before(a, loop, i, s) + k);
    }

    @Override
    public int from(int t) {
        return t;
    }

    @Override
    public int to(int t) {
        int a = chain(t);
        int r = t - start[a];
        int g = r / block;
        int pos = r - g * block;
        int i = pos / slices;
        return start[a] + (g + 1) * block + ((i + 1) % n) * slices + pos % slices;
    }

    @Override
    public long data(int t) {
        int a = chain(t);
        int r = t - start[a];
        int g = r / block;
        int pos = r - g * block;
        int loop = g / stepsPerLoop;
        int i = pos / slices;
        long rem = bytes[a] - loop * loopSize;
        return sliceBytes(chunkBytes(rem, chunkIndex(i, g - loop * stepsPerLoop)), pos - i * slices);
    }

    /**
     * True by construction: an op at a step {@code s > 0} of its loop has the one input from the previous rank's
     * op, the loop's first step none ({@link #inCount}); and a non-empty transfer has at least one data byte, so at
     * least one of its protocol's lines on the wire. So a 1,024-GPU ring's 8.4 M transfers (an 8,192-GPU one's 537 M)
     * need no scan at a run's start.
     */
    @Override
    public boolean singleInputsWithBytes() {
        return true;
    }

    @Override
    public long wire(int t) {
        return protocol.wireBytes(data(t));
    }

    @Override
    public int lanes() {
        return laneKind.length;
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
        return window;
    }

    @Override
    public int laneCount(int l) {
        return laneCount[l];
    }

    @Override
    public int laneTransfer(int l, int seq) {
        int a = l / n;
        int i = l % n;
        long perLoop = (long) sendSteps * fullSlices;
        long full = (loops[a] - 1) * perLoop;
        int loop;
        int s;
        long k;
        if (seq < full) {
            loop = (int) (seq / perLoop);
            long w = seq % perLoop;
            s = (int) (w / fullSlices);
            k = w % fullSlices;
        } else {
            loop = loops[a] - 1;
            long w = seq - full;
            int lo = 0;
            int hi = sendSteps - 1;
            while (lo < hi) { // the last step whose count before it is at most w
                int mid = (lo + hi + 1) >>> 1;
                if (before(a, loop, i, mid) <= w) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            s = lo;
            k = w - before(a, loop, i, s);
        }
        return start[a] + (loop * stepsPerLoop + s) * block + i * slices + (int) k;
    }

    @Override
    public int sources() {
        return sourceStart[sourceStart.length - 1];
    }

    @Override
    public int source(int j) {
        int a = 0;
        while (j >= sourceStart[a + 1]) {
            a++;
        }
        int r = j - sourceStart[a];
        return start[a] + (r / block) * stepsPerLoop * block + r % block;
    }

    @Override
    public int chains() {
        return loops.length;
    }

    @Override
    public int chainOf(int id) {
        return chain(id);
    }

    @Override
    public int chainStart(int chain) {
        return start[chain];
    }

    @Override
    public int blockSize(int chain) {
        return block;
    }

    @Override
    public boolean feedsNext(int chain, int b) {
        return b % stepsPerLoop != sendSteps;
    }

    @Override
    public boolean isOp(int id) {
        return true;
    }

    @Override
    public boolean isTransfer(int id) {
        int a = chain(id);
        return (id - start[a]) / block % stepsPerLoop < sendSteps;
    }
}
