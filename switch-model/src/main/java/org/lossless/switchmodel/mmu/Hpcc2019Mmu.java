package org.lossless.switchmodel.mmu;

/**
 * The HPCC ns-3 switch MMU ({@code hpcc2019} profile), reproduced with its quirks (reference §2;
 * HPCC {@code switch-mmu.cc}, {@code switch-node.cc}). Byte accounting (no cells), one pool, 8 priorities.
 *
 * <h2>Behaviour, as in HPCC</h2>
 * <ul>
 *   <li>Priority (= PG = queue) 0 carries ACK/NACK/CNP/PFC and bypasses the MMU: it is never charged,
 *       dropped, paused or resumed. Here every priority of {@link Hpcc2019Config#controlMask} does (0 and, from
 *       the scenario, every priority outside {@code switch.pfc.priorities}: our strict-priority scheduler serves
 *       the highest number first, so HPCC's queue 0 is our priority 7 for ACKs).</li>
 *   <li>T(port) = (buffer − Σ headroom − Σ reserve − shared in use) &gt;&gt; shift(port); Σ reserve =
 *       ports × 4 KiB although every (port, priority) has its own 4 KiB (quirk: over-commit).</li>
 *   <li>Headroom is configured per <b>port</b>, but each (port, priority) may fill all of it (quirk).</li>
 *   <li>Drop ("Headroom full") only when <i>both</i> bytes + headroom in use &gt; port headroom <i>and</i>
 *       bytes + shared(port, prio) &gt; T (the check ignores the reserve).</li>
 *   <li>Update: a frame fits the reserve while ingress + bytes &le; 4 KiB; else it goes <b>whole</b> to
 *       headroom when (ingress + bytes − reserve) &gt; T, else whole to ingress, the part above the
 *       reserve counting as shared.</li>
 *   <li>Release: headroom first, then ingress; shared falls by the part above the reserve.</li>
 *   <li>XOFF: not paused and (headroom &gt; 0 or shared &ge; T). XON: paused, headroom = 0 and
 *       (shared = 0 or shared + 3 KiB &le; T). No egress limit, never an egress drop.</li>
 * </ul>
 * Deviation: HPCC computes T in uint32 and would wrap if Σ headroom + Σ reserve + shared exceeded the
 * buffer; here T is clamped to 0.
 *
 * <p>State: one record of {@link #STRIDE} longs per (port, priority), its two counters next to the two per-port
 * constants an admission reads (a frame reads one record, usually one cache line, instead of one line in each of
 * four arrays: on a large fabric every switch's MMU state is cold at every frame); egress bytes in an array of
 * their own (another port).
 */
public final class Hpcc2019Mmu extends AbstractMmu {
    private static final int PRIOS = 8;
    private final Hpcc2019Config config;
    private final int controlMask;
    // ---- a (port, priority) record in rec[]: ingress bytes, headroom bytes, then the port's headroom and shift ----
    private static final int STRIDE = 4;
    private static final int ING = 0;
    private static final int HDRM = 1;
    private static final int HDRM_LIMIT = 2;
    private static final int SHIFT = 3;
    private final long reserve;
    private final long resumeOffset;
    /**
     * Buffer minus Σ headroom minus Σ reserve, bytes: what T starts from, kept here so that T reads no field of
     * {@link #config} (another object, cold in cache on a large fabric) at every admission and PFC check.
     */
    private final long poolBytes;
    private long sharedUsed;
    /** Per (port, priority), {@link #STRIDE} longs at index (port × 8 + priority) × stride. */
    private final long[] rec;
    private final long[] peakHdrm;
    private final long[] egress;
    private long ingressTotal;
    private long egressTotal;

    public Hpcc2019Mmu(Hpcc2019Config config) {
        super(config.ports(), PRIOS);
        this.config = config;
        this.controlMask = config.controlMask();
        long[] portHeadroom = config.headroomBytes();
        int[] shift = config.shift();
        this.reserve = config.reserveBytes();
        this.resumeOffset = config.resumeOffsetBytes();
        int ports = config.ports();
        long totalHdrm = 0;
        for (long h : portHeadroom) {
            totalHdrm += h;
        }
        this.poolBytes = config.bufferBytes() - (totalHdrm + ports * reserve);
        int n = ports * PRIOS;
        rec = new long[n * STRIDE];
        for (int i = 0; i < n; i++) {
            rec[i * STRIDE + HDRM_LIMIT] = portHeadroom[i / PRIOS];
            rec[i * STRIDE + SHIFT] = shift[i / PRIOS];
        }
        peakHdrm = new long[n];
        egress = new long[n];
    }

    /** Start of the record of (port, priority). */
    private int record(int port, int prio) {
        return pgIndex(port, prio) * STRIDE;
    }

    public Hpcc2019Config config() {
        return config;
    }


    /** T of the port whose record (any of its priorities) starts at {@code r}. */
    private long threshold(int r) {
        long free = poolBytes - sharedUsed;
        return free <= 0 ? 0 : free >> rec[r + SHIFT];
    }

    /** Shared bytes of the record at {@code r}: its ingress bytes above the reserve. */
    private long shared(int r) {
        long used = rec[r + ING];
        return used > reserve ? used - reserve : 0;
    }

    @Override
    public int admit(int inPort, int pg, int outPort, int queue, int bytes) {
        if ((controlMask >> pg & 1) != 0) {
            return ADMIT;
        }
        int r = record(inPort, pg);
        long t = threshold(r);
        if (bytes + rec[r + HDRM] > rec[r + HDRM_LIMIT] && bytes + shared(r) > t) {
            return dropHeadroom(r / STRIDE, bytes);
        }
        long newBytes = rec[r + ING] + bytes;
        if (newBytes <= reserve) {
            rec[r + ING] = newBytes;
        } else if (newBytes - reserve > t) {
            long h = rec[r + HDRM] += bytes;
            int i = r / STRIDE;
            if (h > peakHdrm[i]) {
                peakHdrm[i] = h;
            }
        } else {
            rec[r + ING] = newBytes;
            sharedUsed += Math.min(bytes, newBytes - reserve);
        }
        egress[pgIndex(outPort, queue)] += bytes; // queues use the same stride (8 per port) as PGs
        ingressTotal += bytes;
        egressTotal += bytes;
        return ADMIT;
    }

    @Override
    public void release(int inPort, int pg, int outPort, int queue, int bytes) {
        if ((controlMask >> pg & 1) != 0) {
            return;
        }
        int r = record(inPort, pg);
        int j = pgIndex(outPort, queue);
        long fromHdrm = Math.min(rec[r + HDRM], bytes);
        long fromIngress = bytes - fromHdrm;
        if (fromIngress > rec[r + ING] || bytes > egress[j]) {
            throw new IllegalStateException("release of " + bytes + " B exceeds what port " + inPort + " priority " + pg
                    + " / port " + outPort + " queue " + queue + " holds: a release without matching admit");
        }
        long fromShared = Math.min(fromIngress, shared(r));
        rec[r + HDRM] -= fromHdrm;
        rec[r + ING] -= fromIngress;
        sharedUsed -= fromShared;
        egress[j] -= bytes;
        ingressTotal -= bytes;
        egressTotal -= bytes;
    }

    @Override
    public boolean shouldXoff(int inPort, int pg) {
        if ((controlMask >> pg & 1) != 0) {
            return false;
        }
        int r = record(inPort, pg);
        return !pausedAt(r / STRIDE) && (rec[r + HDRM] > 0 || shared(r) >= threshold(r));
    }

    @Override
    public boolean shouldXon(int inPort, int pg) {
        if ((controlMask >> pg & 1) != 0) {
            return false;
        }
        int r = record(inPort, pg);
        if (!pausedAt(r / STRIDE) || rec[r + HDRM] != 0) {
            return false;
        }
        long s = shared(r);
        return s == 0 || s + resumeOffset <= threshold(r);
    }




    @Override
    public long egressQueueBytes(int outPort, int queue) {
        return egress[pgIndex(outPort, queue)];
    }

    @Override
    public long thresholdBytes(int inPort, int pg) {
        return threshold(record(inPort, pg));
    }

    @Override
    public long reservedBytes(int inPort, int pg) {
        return Math.min(rec[record(inPort, pg) + ING], reserve);
    }

    @Override
    public long sharedBytes(int inPort, int pg) {
        return shared(record(inPort, pg));
    }

    @Override
    public long headroomBytes(int inPort, int pg) {
        return rec[record(inPort, pg) + HDRM];
    }

    @Override
    public long headroomLimitBytes(int inPort, int pg) {
        return (controlMask >> pg & 1) != 0 ? 0 : rec[record(inPort, pg) + HDRM_LIMIT];
    }

    @Override
    public long peakHeadroomBytes(int inPort, int pg) {
        return peakHdrm[pgIndex(inPort, pg)];
    }

    /** Shared bytes in use in the single pool (HPCC {@code shared_used_bytes}). */
    public long sharedUsedBytes() {
        return sharedUsed;
    }

    @Override
    public long ingressTotalBytes() {
        return ingressTotal;
    }

    @Override
    public long egressTotalBytes() {
        return egressTotal;
    }





}
