package org.lossless.switchmodel.qos;

import java.util.Arrays;

import org.lossless.core.net.Dscp;
import org.lossless.core.net.Packet;

/**
 * A switch's classification of frames ({@code switch.qos_map} and {@code switch.pfc.priorities}), as lookup
 * tables for the datapath: DSCP → traffic class (TC, SONiC {@code DSCP_TO_TC_MAP}), TC → ingress priority
 * group (PG, {@code TC_TO_PRIORITY_GROUP_MAP}: buffer accounting and PFC generation), TC → egress queue
 * ({@code TC_TO_QUEUE_MAP}: scheduling, ECN and the priority a downstream PAUSE names). Precomputed per DSCP,
 * so classifying a frame is one array index each for PG and queue, no allocation.
 *
 * <p>PFC priorities are traffic classes (SONiC's {@code pfc_enable} lists TCs). When a PG crosses XOFF, the
 * switch pauses the PFC priorities that map to it ({@link #pfcPrioritiesOf}); a PAUSE for priority p received
 * on a port stops that port's queue p (SAI's default {@code PFC_PRIORITY_TO_QUEUE_MAP}, identity). So PFC
 * works only when a lossless TC's queue number equals the TC and the NIC sends that TC on the same priority;
 * the QoS-mapping lint ({@link QosLint}) reports configurations where it does not.
 *
 * <p>Frames without a DSCP ({@link Packet#dscp} &lt; 0, only hand-made test frames) are classified by their
 * 802.1p priority as TC.
 */
public final class QosMap {
    /** Traffic classes, priority groups and queues per port. */
    public static final int CLASSES = 8;
    /** DSCP d → TC d &gt;&gt; 3, identity TC → PG and TC → queue, no PFC priority (XOFF names the PG's number). */
    public static final QosMap DEFAULT = new QosMap(null, null, null, 0);

    private final int[] dscpToTc = new int[Dscp.VALUES];
    private final int[] tcToPg = new int[CLASSES];
    private final int[] tcToQueue = new int[CLASSES];
    private final int[] dscpToPg = new int[Dscp.VALUES];
    private final int[] dscpToQueue = new int[Dscp.VALUES];
    /**
     * PG and queue together, {@code pg << 3 | queue}, per TC and per DSCP ({@link #pgAndQueue}): the switch classifies a
     * frame with one test of its DSCP and one array read instead of two of each.
     */
    private final int[] tcToPgQueue = new int[CLASSES];
    private final int[] dscpToPgQueue = new int[Dscp.VALUES];
    /** Per PG, the PFC priorities (bit mask) an XOFF of that PG names. */
    private final int[] pfcOfPg = new int[CLASSES];
    /** Per PFC priority, the PG whose pause it stands for, or -1. */
    private final int[] pgOfPfc = new int[CLASSES];
    private final int pfcMask;

    /**
     * @param dscpToTc  64 entries 0..7, or null for the default (class selector, d &gt;&gt; 3)
     * @param tcToPg    8 entries 0..7, or null for identity
     * @param tcToQueue 8 entries 0..7, or null for identity
     * @param pfcMask   PFC-enabled priorities (= traffic classes), bit p for priority p
     */
    public QosMap(int[] dscpToTc, int[] tcToPg, int[] tcToQueue, int pfcMask) {
        if ((pfcMask & ~0xFF) != 0) {
            throw new IllegalArgumentException("PFC priority mask must fit 8 bits, got 0x" + Integer.toHexString(pfcMask));
        }
        for (int d = 0; d < Dscp.VALUES; d++) {
            this.dscpToTc[d] = dscpToTc == null ? Dscp.defaultTrafficClass(d) : check(dscpToTc, d, Dscp.VALUES, "DSCP");
        }
        for (int tc = 0; tc < CLASSES; tc++) {
            this.tcToPg[tc] = tcToPg == null ? tc : check(tcToPg, tc, CLASSES, "TC -> PG");
            this.tcToQueue[tc] = tcToQueue == null ? tc : check(tcToQueue, tc, CLASSES, "TC -> queue");
        }
        for (int d = 0; d < Dscp.VALUES; d++) {
            dscpToPg[d] = this.tcToPg[this.dscpToTc[d]];
            dscpToQueue[d] = this.tcToQueue[this.dscpToTc[d]];
            dscpToPgQueue[d] = dscpToPg[d] << 3 | dscpToQueue[d];
        }
        for (int tc = 0; tc < CLASSES; tc++) {
            tcToPgQueue[tc] = this.tcToPg[tc] << 3 | this.tcToQueue[tc];
        }
        this.pfcMask = pfcMask;
        Arrays.fill(pgOfPfc, -1);
        for (int p = 0; p < CLASSES; p++) {
            if ((pfcMask & (1 << p)) != 0) {
                pfcOfPg[this.tcToPg[p]] |= 1 << p;
                pgOfPfc[p] = this.tcToPg[p];
            }
        }
        // a PG no PFC priority maps to is never lossless (MmuFactory), so this only matters without any PFC
        // priority (DEFAULT, hand-built switches): its XOFF names its own number, as before DSCPs existed
        for (int g = 0; g < CLASSES; g++) {
            if (pfcOfPg[g] == 0 && pgOfPfc[g] < 0) {
                pfcOfPg[g] = 1 << g;
                pgOfPfc[g] = g;
            }
        }
    }

    private static int check(int[] table, int index, int size, String what) {
        if (table.length != size) {
            throw new IllegalArgumentException(what + " table needs " + size + " entries, got " + table.length);
        }
        int v = table[index];
        if (v < 0 || v >= CLASSES) {
            throw new IllegalArgumentException(what + " table: entry " + index + " = " + v + ", expected 0..7");
        }
        return v;
    }

    /** The traffic class of frame {@code p}. */
    public int trafficClass(Packet p) {
        return p.dscp < 0 ? p.priority : dscpToTc[p.dscp];
    }

    /** The ingress priority group of frame {@code p}. */
    public int pg(Packet p) {
        return p.dscp < 0 ? tcToPg[p.priority] : dscpToPg[p.dscp];
    }

    /** The egress queue of frame {@code p}. */
    public int queue(Packet p) {
        return p.dscp < 0 ? tcToQueue[p.priority] : dscpToQueue[p.dscp];
    }

    /**
     * The ingress priority group and egress queue of frame {@code p} in one int: {@code pg << 3 | queue} (so
     * {@code >>> 3} is {@link #pg} and {@code & 7} is {@link #queue}).
     */
    public int pgAndQueue(Packet p) {
        return p.dscp < 0 ? tcToPgQueue[p.priority] : dscpToPgQueue[p.dscp];
    }

    /** Traffic class of DSCP {@code d} (0..63). */
    public int trafficClassOfDscp(int d) {
        return dscpToTc[d];
    }

    /** Priority group of traffic class {@code tc}. */
    public int pgOfTc(int tc) {
        return tcToPg[tc];
    }

    /** Egress queue of traffic class {@code tc}. */
    public int queueOfTc(int tc) {
        return tcToQueue[tc];
    }

    /** Whether PFC is enabled on priority (= traffic class) {@code p}. */
    public boolean pfcEnabled(int p) {
        return (pfcMask & (1 << p)) != 0;
    }

    /** PFC-enabled priorities, bit p for priority p. */
    public int pfcMask() {
        return pfcMask;
    }

    /**
     * The PFC priorities (bit mask) an XOFF or XON of priority group {@code pg} names; 0 only for a PG that a
     * PFC priority of another number maps away from and no PFC priority maps to (such a PG is never lossless).
     */
    public int pfcPrioritiesOf(int pg) {
        return pfcOfPg[pg];
    }

    /** The priority group a PAUSE for PFC priority {@code p} stands for, or -1 (never paused). */
    public int pgOfPfcPriority(int p) {
        return pgOfPfc[p];
    }
}
