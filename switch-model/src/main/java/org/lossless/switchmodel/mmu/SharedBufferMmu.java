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
 * <p>Not thread-safe; one instance per switch. Internal state is in cells, one record of longs per (port, PG) and
 * one per (port, queue), each holding the counters and the constants an admission or a release reads (a frame
 * reads one or two cache lines per record instead of one per array: on a large fabric every switch's MMU state is
 * cold at every frame). Pools are small arrays.
 */
public final class SharedBufferMmu extends AbstractMmu {
    // ---- a (port, PG) record in pg[]: counters, then constants (cells); META packs the small constants ----
    private static final int PG_STRIDE = 8;
    private static final int MIN = 0;
    private static final int SHARED = 1;
    private static final int HDRM = 2;
    private static final int MIN_LIMIT = 3;
    private static final int STATIC = 4;
    private static final int HDRM_LIMIT = 5;
    private static final int XON = 6;
    private static final int META = 7;
    // ---- a (port, queue) record in q[]: MIN, SHARED, then these ----
    private static final int Q_STRIDE = 6;
    private static final int Q_BYTES = 2;
    private static final int Q_MIN_LIMIT = 3;
    private static final int Q_STATIC = 4;
    private static final int Q_META = 5;
    // ---- META: pool index in bits 0-15, flags in 16-18, the dynamic threshold's exponent in the upper 32 bits ----
    private static final long LOSSLESS = 1L << 16;
    private static final long DYNAMIC = 1L << 17;
    private static final long XON_ABSOLUTE = 1L << 18;

    private final MmuConfig config;
    private final int cell;
    private final int pgs;
    private final int queues;

    /** Per (port, PG), {@link #PG_STRIDE} longs each at index (port × PGs + PG) × stride. */
    private final long[] pg;
    /** Peak headroom per (port, PG) (written only while headroom grows, read for reports). */
    private final long[] pgPeakHdrm;
    /** Per (port, queue), {@link #Q_STRIDE} longs each. */
    private final long[] q;

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
        pg = new long[n * PG_STRIDE];
        pgPeakHdrm = new long[n];
        for (int i = 0; i < n; i++) {
            PgProfile p = config.pgProfiles().get(i);
            int r = i * PG_STRIDE;
            pg[r + MIN_LIMIT] = cellsOf(p.reservedBytes());
            pg[r + STATIC] = cellsOf(p.threshold().staticBytes());
            pg[r + HDRM_LIMIT] = cellsOf(p.headroomBytes());
            pg[r + XON] = p.xonMode() == XonMode.ABSOLUTE ? p.xonBytes() / cell : cellsOf(p.xonBytes());
            pg[r + META] = meta(config.poolIndex(p.pool()), p.lossless(), p.threshold())
                    | (p.xonMode() == XonMode.ABSOLUTE ? XON_ABSOLUTE : 0);
        }
        int m = config.ports() * queues;
        q = new long[m * Q_STRIDE];
        for (int j = 0; j < m; j++) {
            QueueProfile qp = config.queueProfiles().get(j);
            int r = j * Q_STRIDE;
            q[r + Q_MIN_LIMIT] = cellsOf(qp.reservedBytes());
            q[r + Q_STATIC] = cellsOf(qp.threshold().staticBytes());
            q[r + Q_META] = meta(config.poolIndex(qp.pool()), qp.lossless(), qp.threshold());
        }
    }

    private static long meta(int pool, boolean lossless, Threshold t) {
        if (pool < 0 || pool > 0xFFFF) {
            throw new IllegalArgumentException("pool index out of range: " + pool);
        }
        return pool | (lossless ? LOSSLESS : 0) | (t.dynamic() ? DYNAMIC : 0) | ((long) t.dynamicTh() << 32);
    }

    private static int poolOf(long meta) {
        return (int) (meta & 0xFFFF);
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

    /** Start of the record of (port, PG) in {@link #pg}. */
    private int pgRecord(int port, int pgNumber) {
        return pgIndex(port, pgNumber) * PG_STRIDE;
    }

    /** Start of the record of (port, queue) in {@link #q}. */
    private int qRecord(int port, int queue) {
        return (port * queues + queue) * Q_STRIDE;
    }

    /** The shared-pool limit of a record whose META is {@code meta} and static limit {@code staticCells}. */
    private long threshold(long meta, long staticCells) {
        int pool = poolOf(meta);
        return Threshold.limit((meta & DYNAMIC) != 0, (int) (meta >> 32), staticCells, poolSize[pool] - poolShared[pool]);
    }

    private long pgThreshold(int r) {
        return threshold(pg[r + META], pg[r + STATIC]);
    }

    private long qThreshold(int r) {
        return threshold(q[r + Q_META], q[r + Q_STATIC]);
    }

    @Override
    public int admit(int inPort, int pgNumber, int outPort, int queue, int bytes) {
        long c = frameCells(bytes);
        int r = pgRecord(inPort, pgNumber);
        long meta = pg[r + META];
        int pool = poolOf(meta);
        long toMin = Math.min(c, pg[r + MIN_LIMIT] - pg[r + MIN]);
        long rest = c - toMin;
        long toShared = 0;
        long toHdrm = 0;
        if (rest > 0) {
            if (pg[r + SHARED] + rest <= threshold(meta, pg[r + STATIC]) && poolShared[pool] + rest <= poolSize[pool]) {
                toShared = rest;
            } else if ((meta & LOSSLESS) == 0) {
                return drop(DROP_INGRESS_LOSSY, bytes);
            } else if (pg[r + HDRM] + rest > pg[r + HDRM_LIMIT]) {
                return dropHeadroom(r / PG_STRIDE, bytes);
            } else if (shpSize[pool] == 0 || shpUsed[pool] + rest <= shpSize[pool]) {
                toHdrm = rest;
            } else {
                return dropHeadroomPool(r / PG_STRIDE, bytes);
            }
        }
        int e = qRecord(outPort, queue);
        long eMeta = q[e + Q_META];
        int epool = poolOf(eMeta);
        long eToMin = Math.min(c, q[e + Q_MIN_LIMIT] - q[e + MIN]);
        long eRest = c - eToMin;
        if (eRest > 0 && (eMeta & LOSSLESS) == 0
                && (q[e + SHARED] + eRest > threshold(eMeta, q[e + Q_STATIC])
                    || poolShared[epool] + eRest > poolSize[epool])) {
            return drop(DROP_EGRESS_LOSSY, bytes);
        }
        // commit ingress
        pg[r + MIN] += toMin;
        if (toShared > 0) {
            pg[r + SHARED] += toShared;
            long ps = poolShared[pool] += toShared;
            if (ps > poolPeakShared[pool]) {
                poolPeakShared[pool] = ps;
            }
        }
        if (toHdrm > 0) {
            long h = pg[r + HDRM] += toHdrm;
            int i = r / PG_STRIDE;
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
        q[e + MIN] += eToMin;
        if (eRest > 0) {
            q[e + SHARED] += eRest;
            long ps = poolShared[epool] += eRest;
            if (ps > poolPeakShared[epool]) {
                poolPeakShared[epool] = ps;
            }
        }
        q[e + Q_BYTES] += bytes;
        ingressCells += c;
        egressCells += c;
        return ADMIT;
    }


    @Override
    public void release(int inPort, int pgNumber, int outPort, int queue, int bytes) {
        long c = frameCells(bytes);
        int r = pgRecord(inPort, pgNumber);
        int e = qRecord(outPort, queue);
        int pool = poolOf(pg[r + META]);
        int epool = poolOf(q[e + Q_META]);
        long fromHdrm = Math.min(c, pg[r + HDRM]);
        long fromShared = Math.min(c - fromHdrm, pg[r + SHARED]);
        long fromMin = c - fromHdrm - fromShared;
        long eFromShared = Math.min(c, q[e + SHARED]);
        long eFromMin = c - eFromShared;
        if (fromMin > pg[r + MIN] || eFromMin > q[e + MIN] || bytes > q[e + Q_BYTES]) {
            throw new IllegalStateException("release of " + bytes + " B exceeds what port " + inPort + " PG " + pgNumber
                    + " / port " + outPort + " queue " + queue + " holds: a release without matching admit");
        }
        pg[r + HDRM] -= fromHdrm;
        if (shpSize[pool] > 0) {
            shpUsed[pool] -= fromHdrm;
        }
        pg[r + SHARED] -= fromShared;
        poolShared[pool] -= fromShared;
        pg[r + MIN] -= fromMin;
        q[e + SHARED] -= eFromShared;
        poolShared[epool] -= eFromShared;
        q[e + MIN] -= eFromMin;
        q[e + Q_BYTES] -= bytes;
        ingressCells -= c;
        egressCells -= c;
    }

    @Override
    public boolean shouldXoff(int inPort, int pgNumber) {
        int r = pgRecord(inPort, pgNumber);
        if ((pg[r + META] & LOSSLESS) == 0 || pausedAt(r / PG_STRIDE)) {
            return false;
        }
        long s = pg[r + SHARED];
        return pg[r + HDRM] > 0 || (s > 0 && s >= pgThreshold(r));
    }

    @Override
    public boolean shouldXon(int inPort, int pgNumber) {
        int r = pgRecord(inPort, pgNumber);
        if (!pausedAt(r / PG_STRIDE) || pg[r + HDRM] > 0) {
            return false;
        }
        long s = pg[r + SHARED];
        return s == 0 || s <= xonLevelCells(r);
    }

    private long xonLevelCells(int r) {
        return (pg[r + META] & XON_ABSOLUTE) != 0 ? pg[r + XON] : pgThreshold(r) - pg[r + XON];
    }

    /** The PG's current XON level, buffer bytes (may be negative for OFFSET when T &lt; xon_offset). */
    public long xonLevelBytes(int inPort, int pgNumber) {
        return xonLevelCells(pgRecord(inPort, pgNumber)) * cell;
    }

    /** Whether (port, PG) is lossless (PFC-enabled). */
    public boolean isLossless(int inPort, int pgNumber) {
        return (pg[pgRecord(inPort, pgNumber) + META] & LOSSLESS) != 0;
    }

    @Override
    public long egressQueueBytes(int outPort, int queue) {
        return q[qRecord(outPort, queue) + Q_BYTES];
    }

    /** Buffer bytes (whole cells) charged to egress (outPort, queue): reserved + shared. */
    public long egressQueueBufferBytes(int outPort, int queue) {
        int e = qRecord(outPort, queue);
        return (q[e + MIN] + q[e + SHARED]) * cell;
    }

    /** The egress queue's current threshold, bytes (lossy queues enforce it). */
    public long egressThresholdBytes(int outPort, int queue) {
        return qThreshold(qRecord(outPort, queue)) * cell;
    }

    @Override
    public long thresholdBytes(int inPort, int pgNumber) {
        return pgThreshold(pgRecord(inPort, pgNumber)) * cell;
    }

    @Override
    public long reservedBytes(int inPort, int pgNumber) {
        return pg[pgRecord(inPort, pgNumber) + MIN] * cell;
    }

    @Override
    public long sharedBytes(int inPort, int pgNumber) {
        return pg[pgRecord(inPort, pgNumber) + SHARED] * cell;
    }

    @Override
    public long headroomBytes(int inPort, int pgNumber) {
        return pg[pgRecord(inPort, pgNumber) + HDRM] * cell;
    }

    @Override
    public long headroomLimitBytes(int inPort, int pgNumber) {
        int r = pgRecord(inPort, pgNumber);
        return (pg[r + META] & LOSSLESS) == 0 ? 0 : pg[r + HDRM_LIMIT] * cell;
    }

    @Override
    public long peakHeadroomBytes(int inPort, int pgNumber) {
        return pgPeakHdrm[pgIndex(inPort, pgNumber)] * cell;
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
