package org.lossless.switchmodel.mmu;

import java.util.List;

/**
 * Shared-buffer MMU in the SONiC/SAI style (reference §1): cells, pools, per-(port, PG) ingress
 * accounting in three regions (reserved, shared, headroom) and per-(port, queue) egress accounting in
 * two (reserved, shared).
 *
 * <h2>Admission of a frame of c cells</h2>
 * <ol>
 *   <li>ingress reserved: min(c, room left in the PG's reserved size) cells;</li>
 *   <li>the rest r (if any) goes to shared when pgShared + r &le; T and the pool has r free cells;
 *       T = α·(pool size − pool shared in use) with α = 2^dynamic_th, or the static limit;</li>
 *   <li>otherwise, on a lossless PG, to headroom when pgHeadroom + r &le; the PG's headroom cap (and the
 *       shared headroom pool, if the pool has one, has r free cells); otherwise {@link #DROP_HEADROOM};
 *       on a lossy PG {@link #DROP_INGRESS_LOSSY};</li>
 *   <li>egress: reserved first, the rest to the queue's shared part. A lossy queue whose shared part would
 *       exceed its threshold (or its pool) drops the frame ({@link #DROP_EGRESS_LOSSY}) and nothing is
 *       charged anywhere. Lossless queues are never dropped at egress.</li>
 * </ol>
 * A frame's cells may be split between reserved and shared (or reserved and headroom), never between
 * shared and headroom.
 *
 * <h2>PFC</h2>
 * XOFF when the PG is lossless, not paused, and holds headroom or pgShared &ge; T with pgShared &gt; 0.
 * XON when paused, headroom empty and (pgShared = 0 or pgShared &le; XON level); XON level = T − xon_offset
 * ({@link XonMode#OFFSET}) or the absolute xon ({@link XonMode#ABSOLUTE}).
 *
 * <p>Not thread-safe; one instance per switch. Internal state is flat primitive arrays in cells.
 */
public final class SharedBufferMmu extends AbstractMmu {
    private final MmuConfig config;
    private final int cell;
    private final int pgs;
    private final int queues;

    // ---- per (port, PG): constants in cells, then state ----
    private final int[] pgPool;
    private final boolean[] pgLossless;
    private final boolean[] pgDynamic;
    private final int[] pgShift;
    private final long[] pgStatic;
    private final long[] pgMinLimit;
    private final long[] pgHdrmLimit;
    private final boolean[] pgXonAbsolute;
    private final long[] pgXon;
    private final long[] pgMin;
    private final long[] pgShared;
    private final long[] pgHdrm;
    private final long[] pgPeakHdrm;

    // ---- per (port, queue) ----
    private final int[] qPool;
    private final boolean[] qLossless;
    private final boolean[] qDynamic;
    private final int[] qShift;
    private final long[] qStatic;
    private final long[] qMinLimit;
    private final long[] qMin;
    private final long[] qShared;
    private final long[] qBytes;

    // ---- per pool ----
    private final long[] poolSize;
    private final long[] poolShared;
    private final long[] poolPeakShared;
    private final long[] shpSize;
    private final long[] shpUsed;
    private final long[] shpPeak;

    private long ingressCells;
    private long egressCells;

    public SharedBufferMmu(MmuConfig config) {
        super(config.ports(), config.pgsPerPort());
        this.config = config;
        this.cell = config.cellBytes();
        this.pgs = config.pgsPerPort();
        this.queues = config.queuesPerPort();
        List<PoolConfig> pools = config.pools();
        int np = pools.size();
        poolSize = new long[np];
        poolShared = new long[np];
        poolPeakShared = new long[np];
        shpSize = new long[np];
        shpUsed = new long[np];
        shpPeak = new long[np];
        for (int i = 0; i < np; i++) {
            poolSize[i] = cellsOf(pools.get(i).sizeBytes());
            shpSize[i] = cellsOf(pools.get(i).headroomPoolBytes());
        }
        int n = config.ports() * pgs;
        pgPool = new int[n];
        pgLossless = new boolean[n];
        pgDynamic = new boolean[n];
        pgShift = new int[n];
        pgStatic = new long[n];
        pgMinLimit = new long[n];
        pgHdrmLimit = new long[n];
        pgXonAbsolute = new boolean[n];
        pgXon = new long[n];
        pgMin = new long[n];
        pgShared = new long[n];
        pgHdrm = new long[n];
        pgPeakHdrm = new long[n];
        for (int i = 0; i < n; i++) {
            PgProfile p = config.pgProfiles().get(i);
            pgPool[i] = config.poolIndex(p.pool());
            pgLossless[i] = p.lossless();
            pgDynamic[i] = p.threshold().dynamic();
            pgShift[i] = p.threshold().dynamicTh();
            pgStatic[i] = cellsOf(p.threshold().staticBytes());
            pgMinLimit[i] = cellsOf(p.reservedBytes());
            pgHdrmLimit[i] = cellsOf(p.headroomBytes());
            pgXonAbsolute[i] = p.xonMode() == XonMode.ABSOLUTE;
            pgXon[i] = p.xonMode() == XonMode.ABSOLUTE ? p.xonBytes() / cell : cellsOf(p.xonBytes());
        }
        int m = config.ports() * queues;
        qPool = new int[m];
        qLossless = new boolean[m];
        qDynamic = new boolean[m];
        qShift = new int[m];
        qStatic = new long[m];
        qMinLimit = new long[m];
        qMin = new long[m];
        qShared = new long[m];
        qBytes = new long[m];
        for (int j = 0; j < m; j++) {
            QueueProfile q = config.queueProfiles().get(j);
            qPool[j] = config.poolIndex(q.pool());
            qLossless[j] = q.lossless();
            qDynamic[j] = q.threshold().dynamic();
            qShift[j] = q.threshold().dynamicTh();
            qStatic[j] = cellsOf(q.threshold().staticBytes());
            qMinLimit[j] = cellsOf(q.reservedBytes());
        }
    }

    public MmuConfig config() {
        return config;
    }

    /** Cells taken by {@code bytes}: ⌈bytes / cell⌉. */
    public long cellsOf(long bytes) {
        return (bytes + cell - 1) / cell;
    }

    /** Per-frame cell count: int arithmetic (cheaper than long division), none at all for byte accounting. */
    private int frameCells(int bytes) {
        return cell == 1 ? bytes : (bytes + cell - 1) / cell;
    }


    private int qIndex(int port, int queue) {
        return port * queues + queue;
    }

    private long pgThreshold(int i) {
        int pool = pgPool[i];
        return Threshold.limit(pgDynamic[i], pgShift[i], pgStatic[i], poolSize[pool] - poolShared[pool]);
    }

    private long qThreshold(int j) {
        int pool = qPool[j];
        return Threshold.limit(qDynamic[j], qShift[j], qStatic[j], poolSize[pool] - poolShared[pool]);
    }

    @Override
    public int admit(int inPort, int pg, int outPort, int queue, int bytes) {
        long c = frameCells(bytes);
        int i = pgIndex(inPort, pg);
        int pool = pgPool[i];
        long toMin = Math.min(c, pgMinLimit[i] - pgMin[i]);
        long rest = c - toMin;
        long toShared = 0;
        long toHdrm = 0;
        if (rest > 0) {
            if (pgShared[i] + rest <= pgThreshold(i) && poolShared[pool] + rest <= poolSize[pool]) {
                toShared = rest;
            } else if (!pgLossless[i]) {
                return drop(DROP_INGRESS_LOSSY, bytes);
            } else if (pgHdrm[i] + rest <= pgHdrmLimit[i]
                    && (shpSize[pool] == 0 || shpUsed[pool] + rest <= shpSize[pool])) {
                toHdrm = rest;
            } else {
                return dropHeadroom(i, bytes);
            }
        }
        int j = qIndex(outPort, queue);
        int epool = qPool[j];
        long eToMin = Math.min(c, qMinLimit[j] - qMin[j]);
        long eRest = c - eToMin;
        if (eRest > 0 && !qLossless[j]
                && (qShared[j] + eRest > qThreshold(j) || poolShared[epool] + eRest > poolSize[epool])) {
            return drop(DROP_EGRESS_LOSSY, bytes);
        }
        // commit ingress
        pgMin[i] += toMin;
        if (toShared > 0) {
            pgShared[i] += toShared;
            long ps = poolShared[pool] += toShared;
            if (ps > poolPeakShared[pool]) {
                poolPeakShared[pool] = ps;
            }
        }
        if (toHdrm > 0) {
            long h = pgHdrm[i] += toHdrm;
            if (h > pgPeakHdrm[i]) {
                pgPeakHdrm[i] = h;
            }
            if (shpSize[pool] > 0) {
                long s = shpUsed[pool] += toHdrm;
                if (s > shpPeak[pool]) {
                    shpPeak[pool] = s;
                }
            }
        }
        // commit egress
        qMin[j] += eToMin;
        if (eRest > 0) {
            qShared[j] += eRest;
            long ps = poolShared[epool] += eRest;
            if (ps > poolPeakShared[epool]) {
                poolPeakShared[epool] = ps;
            }
        }
        qBytes[j] += bytes;
        ingressCells += c;
        egressCells += c;
        return ADMIT;
    }


    @Override
    public void release(int inPort, int pg, int outPort, int queue, int bytes) {
        long c = frameCells(bytes);
        int i = pgIndex(inPort, pg);
        int j = qIndex(outPort, queue);
        int pool = pgPool[i];
        int epool = qPool[j];
        long fromHdrm = Math.min(c, pgHdrm[i]);
        long fromShared = Math.min(c - fromHdrm, pgShared[i]);
        long fromMin = c - fromHdrm - fromShared;
        long eFromShared = Math.min(c, qShared[j]);
        long eFromMin = c - eFromShared;
        if (fromMin > pgMin[i] || eFromMin > qMin[j] || bytes > qBytes[j]) {
            throw new IllegalStateException("release of " + bytes + " B exceeds what port " + inPort + " PG " + pg
                    + " / port " + outPort + " queue " + queue + " holds: a release without matching admit");
        }
        pgHdrm[i] -= fromHdrm;
        if (shpSize[pool] > 0) {
            shpUsed[pool] -= fromHdrm;
        }
        pgShared[i] -= fromShared;
        poolShared[pool] -= fromShared;
        pgMin[i] -= fromMin;
        qShared[j] -= eFromShared;
        poolShared[epool] -= eFromShared;
        qMin[j] -= eFromMin;
        qBytes[j] -= bytes;
        ingressCells -= c;
        egressCells -= c;
    }

    @Override
    public boolean shouldXoff(int inPort, int pg) {
        int i = pgIndex(inPort, pg);
        if (!pgLossless[i] || pausedAt(i)) {
            return false;
        }
        long s = pgShared[i];
        return pgHdrm[i] > 0 || (s > 0 && s >= pgThreshold(i));
    }

    @Override
    public boolean shouldXon(int inPort, int pg) {
        int i = pgIndex(inPort, pg);
        if (!pausedAt(i) || pgHdrm[i] > 0) {
            return false;
        }
        long s = pgShared[i];
        return s == 0 || s <= xonLevelCells(i);
    }

    private long xonLevelCells(int i) {
        return pgXonAbsolute[i] ? pgXon[i] : pgThreshold(i) - pgXon[i];
    }

    /** The PG's current XON level, buffer bytes (may be negative for OFFSET when T &lt; xon_offset). */
    public long xonLevelBytes(int inPort, int pg) {
        return xonLevelCells(pgIndex(inPort, pg)) * cell;
    }




    /** Whether (port, PG) is lossless (PFC-enabled). */
    public boolean isLossless(int inPort, int pg) {
        return pgLossless[pgIndex(inPort, pg)];
    }

    @Override
    public long egressQueueBytes(int outPort, int queue) {
        return qBytes[qIndex(outPort, queue)];
    }

    /** Buffer bytes (whole cells) charged to egress (outPort, queue): reserved + shared. */
    public long egressQueueBufferBytes(int outPort, int queue) {
        int j = qIndex(outPort, queue);
        return (qMin[j] + qShared[j]) * cell;
    }

    /** The egress queue's current threshold, bytes (lossy queues enforce it). */
    public long egressThresholdBytes(int outPort, int queue) {
        return qThreshold(qIndex(outPort, queue)) * cell;
    }

    @Override
    public long thresholdBytes(int inPort, int pg) {
        return pgThreshold(pgIndex(inPort, pg)) * cell;
    }

    @Override
    public long reservedBytes(int inPort, int pg) {
        return pgMin[pgIndex(inPort, pg)] * cell;
    }

    @Override
    public long sharedBytes(int inPort, int pg) {
        return pgShared[pgIndex(inPort, pg)] * cell;
    }

    @Override
    public long headroomBytes(int inPort, int pg) {
        return pgHdrm[pgIndex(inPort, pg)] * cell;
    }

    @Override
    public long peakHeadroomBytes(int inPort, int pg) {
        return pgPeakHdrm[pgIndex(inPort, pg)] * cell;
    }

    /** Shared bytes in use in pool {@code pool} (index into {@link MmuConfig#pools()}), and its peak. */
    public long poolSharedBytes(int pool) {
        return poolShared[pool] * cell;
    }

    public long poolPeakSharedBytes(int pool) {
        return poolPeakShared[pool] * cell;
    }

    /** Bytes in use in the pool's shared headroom pool, and its peak (0 without one). */
    public long headroomPoolBytes(int pool) {
        return shpUsed[pool] * cell;
    }

    public long headroomPoolPeakBytes(int pool) {
        return shpPeak[pool] * cell;
    }

    @Override
    public long ingressTotalBytes() {
        return ingressCells * cell;
    }

    @Override
    public long egressTotalBytes() {
        return egressCells * cell;
    }





}
