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
 */
public final class Hpcc2019Mmu extends AbstractMmu {
    private static final int PRIOS = 8;
    private final Hpcc2019Config config;
    private final int controlMask;
    private final long[] portHeadroom;
    private final int[] shift;
    private final long reserve;
    private final long resumeOffset;
    private final long fixedPart;
    private long sharedUsed;
    private final long[] ingress;
    private final long[] hdrm;
    private final long[] peakHdrm;
    private final long[] egress;
    private long ingressTotal;
    private long egressTotal;

    public Hpcc2019Mmu(Hpcc2019Config config) {
        super(config.ports(), PRIOS);
        this.config = config;
        this.controlMask = config.controlMask();
        this.portHeadroom = config.headroomBytes();
        this.shift = config.shift();
        this.reserve = config.reserveBytes();
        this.resumeOffset = config.resumeOffsetBytes();
        int ports = config.ports();
        long totalHdrm = 0;
        for (long h : portHeadroom) {
            totalHdrm += h;
        }
        this.fixedPart = totalHdrm + ports * reserve;
        int n = ports * PRIOS;
        ingress = new long[n];
        hdrm = new long[n];
        peakHdrm = new long[n];
        egress = new long[n];
    }

    public Hpcc2019Config config() {
        return config;
    }


    private long threshold(int port) {
        long free = config.bufferBytes() - fixedPart - sharedUsed;
        return free <= 0 ? 0 : free >> shift[port];
    }

    private long shared(int i) {
        long used = ingress[i];
        return used > reserve ? used - reserve : 0;
    }

    @Override
    public int admit(int inPort, int pg, int outPort, int queue, int bytes) {
        if ((controlMask >> pg & 1) != 0) {
            return ADMIT;
        }
        int i = pgIndex(inPort, pg);
        long t = threshold(inPort);
        if (bytes + hdrm[i] > portHeadroom[inPort] && bytes + shared(i) > t) {
            return dropHeadroom(i, bytes);
        }
        long newBytes = ingress[i] + bytes;
        if (newBytes <= reserve) {
            ingress[i] = newBytes;
        } else if (newBytes - reserve > t) {
            long h = hdrm[i] += bytes;
            if (h > peakHdrm[i]) {
                peakHdrm[i] = h;
            }
        } else {
            ingress[i] = newBytes;
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
        int i = pgIndex(inPort, pg);
        int j = pgIndex(outPort, queue);
        long fromHdrm = Math.min(hdrm[i], bytes);
        long fromIngress = bytes - fromHdrm;
        if (fromIngress > ingress[i] || bytes > egress[j]) {
            throw new IllegalStateException("release of " + bytes + " B exceeds what port " + inPort + " priority " + pg
                    + " / port " + outPort + " queue " + queue + " holds: a release without matching admit");
        }
        long fromShared = Math.min(fromIngress, shared(i));
        hdrm[i] -= fromHdrm;
        ingress[i] -= fromIngress;
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
        int i = pgIndex(inPort, pg);
        return !pausedAt(i) && (hdrm[i] > 0 || shared(i) >= threshold(inPort));
    }

    @Override
    public boolean shouldXon(int inPort, int pg) {
        if ((controlMask >> pg & 1) != 0) {
            return false;
        }
        int i = pgIndex(inPort, pg);
        if (!pausedAt(i) || hdrm[i] != 0) {
            return false;
        }
        long s = shared(i);
        return s == 0 || s + resumeOffset <= threshold(inPort);
    }




    @Override
    public long egressQueueBytes(int outPort, int queue) {
        return egress[pgIndex(outPort, queue)];
    }

    @Override
    public long thresholdBytes(int inPort, int pg) {
        return threshold(inPort);
    }

    @Override
    public long reservedBytes(int inPort, int pg) {
        return Math.min(ingress[pgIndex(inPort, pg)], reserve);
    }

    @Override
    public long sharedBytes(int inPort, int pg) {
        return shared(pgIndex(inPort, pg));
    }

    @Override
    public long headroomBytes(int inPort, int pg) {
        return hdrm[pgIndex(inPort, pg)];
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
