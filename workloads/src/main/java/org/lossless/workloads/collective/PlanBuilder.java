package org.lossless.workloads.collective;

import java.util.Arrays;

import org.lossless.topology.servers.Route;

/**
 * Grows a {@link Plan}. Planners add ops in program order per stream and create a transfer with
 * {@link #send} before the op that consumes it (naming it among that op's inputs), so a lane's transfers
 * get their seq numbers in the order the sender issues them.
 */
final class PlanBuilder {
    private final GpuServers servers;
    private final boolean pxn;
    private final Protocol protocol;

    private int ops;
    private int[] opRank = new int[256];
    private int[] opStep = new int[256];
    private int[] opChannel = new int[256];
    private int[] opNext = new int[256];
    private boolean[] opHasPred = new boolean[256];
    private final LongIntMap lastOfStream = new LongIntMap();
    private int[] inOp = new int[256];
    private int[] inTransfer = new int[256];
    private int inputs;

    private int transfers;
    private int[] tLane = new int[256];
    private int[] tSeq = new int[256];
    private int[] tFrom = new int[256];
    private int[] tTo = new int[256];
    private long[] tData = new long[256];
    private long[] tWire = new long[256];

    private int lanes;
    private int[] laneKind = new int[64];
    private int[] laneSrc = new int[64];
    private int[] laneDst = new int[64];
    private int[] laneNic = new int[64];
    private int[] laneDstNic = new int[64];
    private int[] laneProxy = new int[64];
    private int[] laneChannel = new int[64];
    private int[] laneWindow = new int[64];
    private int[] laneCount = new int[64];
    private final LongIntMap laneIds = new LongIntMap();

    PlanBuilder(GpuServers servers, boolean pxn, Protocol protocol) {
        this.servers = servers;
        this.pxn = pxn;
        this.protocol = protocol;
    }

    Protocol protocol() {
        return protocol;
    }

    /**
     * Adds an op of {@code rank} on stream {@code stream} consuming {@code in} (transfers not yet consumed).
     * Returns its id.
     */
    int op(int rank, long stream, int step, int channel, int... in) {
        if (ops == opRank.length) {
            int n = ops * 2;
            opRank = Arrays.copyOf(opRank, n);
            opStep = Arrays.copyOf(opStep, n);
            opChannel = Arrays.copyOf(opChannel, n);
            opNext = Arrays.copyOf(opNext, n);
            opHasPred = Arrays.copyOf(opHasPred, n);
        }
        int id = ops++;
        opRank[id] = rank;
        opStep[id] = step;
        opChannel[id] = channel;
        opNext[id] = -1;
        int prev = lastOfStream.get(stream, -1);
        lastOfStream.put(stream, id);
        opHasPred[id] = prev >= 0;
        if (prev >= 0) {
            opNext[prev] = id;
        }
        for (int t : in) {
            if (t < 0 || t >= transfers || tTo[t] != -1) {
                throw new IllegalStateException("transfer " + t + " is unknown or already consumed");
            }
            if (laneDst[tLane[t]] != rank) {
                throw new IllegalStateException("transfer " + t + " goes to " + laneDst[tLane[t]] + ", not to " + rank);
            }
            tTo[t] = id;
            if (inputs == inOp.length) {
                inOp = Arrays.copyOf(inOp, inputs * 2);
                inTransfer = Arrays.copyOf(inTransfer, inputs * 2);
            }
            inOp[inputs] = id;
            inTransfer[inputs++] = t;
        }
        return id;
    }

    /**
     * A transfer of {@code dataBytes} from op {@code from} to rank {@code dst} on logical channel
     * {@code channel}; {@code window} is the lane's slot count. Returns its id.
     */
    int send(int from, int dst, long dataBytes, int channel, int window) {
        int src = opRank[from];
        int lane = lane(channel, src, dst, window);
        if (transfers == tLane.length) {
            int n = transfers * 2;
            tLane = Arrays.copyOf(tLane, n);
            tSeq = Arrays.copyOf(tSeq, n);
            tFrom = Arrays.copyOf(tFrom, n);
            tTo = Arrays.copyOf(tTo, n);
            tData = Arrays.copyOf(tData, n);
            tWire = Arrays.copyOf(tWire, n);
        }
        int id = transfers++;
        tLane[id] = lane;
        tFrom[id] = from;
        tTo[id] = -1;
        tData[id] = dataBytes;
        tWire[id] = protocol.wireBytes(dataBytes);
        tSeq[id] = dataBytes > 0 ? laneCount[lane]++ : -1;
        return id;
    }

    private int lane(int channel, int src, int dst, int window) {
        long key = ((long) channel << 42) | ((long) src << 21) | dst;
        int id = laneIds.get(key, -1);
        if (id >= 0) {
            return id;
        }
        if (lanes == laneKind.length) {
            int n = lanes * 2;
            laneKind = Arrays.copyOf(laneKind, n);
            laneSrc = Arrays.copyOf(laneSrc, n);
            laneDst = Arrays.copyOf(laneDst, n);
            laneNic = Arrays.copyOf(laneNic, n);
            laneDstNic = Arrays.copyOf(laneDstNic, n);
            laneProxy = Arrays.copyOf(laneProxy, n);
            laneChannel = Arrays.copyOf(laneChannel, n);
            laneWindow = Arrays.copyOf(laneWindow, n);
            laneCount = Arrays.copyOf(laneCount, n);
        }
        int l = lanes++;
        laneSrc[l] = src;
        laneDst[l] = dst;
        laneChannel[l] = channel;
        laneWindow[l] = window;
        Route r = servers.route(src, dst, pxn);
        laneKind[l] = switch (r.kind()) {
            case NVLINK -> Plan.NVLINK;
            case PCIE -> Plan.LOCAL_PCIE;
            case NET -> Plan.NET;
            case PXN -> Plan.PXN;
        };
        laneNic[l] = r.srcNic();
        laneDstNic[l] = r.dstNic();
        laneProxy[l] = r.proxyGpu();
        laneIds.put(key, l);
        return l;
    }

    Plan build() {
        for (int t = 0; t < transfers; t++) {
            if (tTo[t] < 0) {
                throw new IllegalStateException("transfer " + t + " has no consumer");
            }
        }
        int[] inStart = new int[ops + 1];
        int[] inList = csr(inOp, inTransfer, inputs, inStart);
        int[] fromOps = Arrays.copyOf(tFrom, transfers);
        int[] ids = new int[transfers];
        for (int t = 0; t < transfers; t++) {
            ids[t] = t;
        }
        int[] outStart = new int[ops + 1];
        int[] outList = csr(fromOps, ids, transfers, outStart);
        int[] laneStart = new int[lanes + 1];
        int[] laneOf = new int[transfers];
        int[] nonEmpty = new int[transfers];
        int k = 0;
        for (int t = 0; t < transfers; t++) {
            if (tSeq[t] >= 0) {
                laneOf[k] = tLane[t];
                nonEmpty[k++] = t;
            }
        }
        int[] laneList = csrCounts(laneOf, nonEmpty, k, laneStart, lanes);
        return new Plan(Arrays.copyOf(opRank, ops), Arrays.copyOf(opStep, ops), Arrays.copyOf(opChannel, ops),
                Arrays.copyOf(opNext, ops), Arrays.copyOf(opHasPred, ops), inStart, inList, outStart, outList,
                Arrays.copyOf(tLane, transfers), Arrays.copyOf(tSeq, transfers), Arrays.copyOf(tFrom, transfers),
                Arrays.copyOf(tTo, transfers), Arrays.copyOf(tData, transfers), Arrays.copyOf(tWire, transfers),
                Arrays.copyOf(laneKind, lanes), Arrays.copyOf(laneSrc, lanes), Arrays.copyOf(laneDst, lanes),
                Arrays.copyOf(laneNic, lanes), Arrays.copyOf(laneDstNic, lanes), Arrays.copyOf(laneProxy, lanes),
                Arrays.copyOf(laneChannel, lanes), Arrays.copyOf(laneWindow, lanes), laneStart, laneList);
    }

    /** Stable counting sort of (key, value) pairs by key into CSR over {@code ops} keys. */
    private int[] csr(int[] keys, int[] values, int n, int[] start) {
        return csrCounts(keys, values, n, start, ops);
    }

    private static int[] csrCounts(int[] keys, int[] values, int n, int[] start, int keyCount) {
        for (int i = 0; i < n; i++) {
            start[keys[i] + 1]++;
        }
        for (int i = 0; i < keyCount; i++) {
            start[i + 1] += start[i];
        }
        int[] fill = Arrays.copyOf(start, keyCount);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[fill[keys[i]]++] = values[i];
        }
        return out;
    }
}
