package org.lossless.switchmodel.mmu;

/**
 * The contract between a packet-level switch node and its buffer model. All calls are O(1), allocate
 * nothing and never log. Sizes are the frame bytes the switch buffers ({@code Packet.frameBytes}).
 *
 * <h2>Calling sequence</h2>
 * <pre>
 * on arrival of a data frame (inPort, pg = tcToPg(prio), outPort, queue = tcToQueue(prio)):
 *   int r = mmu.admit(inPort, pg, outPort, queue, bytes);
 *   if (r != Mmu.ADMIT) { count drop r; recycle; return; }
 *   enqueue on outPort/queue;
 *   if (mmu.shouldXoff(inPort, pg)) { send XOFF(pg) on inPort; mmu.markXoffSent(inPort, pg); }
 * when the frame leaves outPort (dequeue; before or after serialization, but consistently):
 *   mmu.release(inPort, pg, outPort, queue, bytes);
 *   [ECN at dequeue: marker.shouldMark(mmu.egressQueueBytes(outPort, queue), u)]
 *   if (mmu.shouldXon(inPort, pg))  { send XON(pg) on inPort;  mmu.markXonSent(inPort, pg); }
 * timed PFC: while mmu.isPaused(inPort, pg), re-send XOFF every refresh interval
 *   ({@link org.lossless.switchmodel.pfc.PfcTiming#refreshPs}).
 * </pre>
 *
 * <p>What to charge: every frame the switch buffers (data, ACK/NACK, CNP) on its priority's PG and queue.
 * PFC frames the switch generates are not buffered and not charged. {@link Hpcc2019Mmu} ignores priority 0
 * entirely (HPCC's control class), so calls for it are harmless no-ops.
 *
 * <p>Release needs no token: it is by quantity, in a fixed order (see {@link #release}); the caller
 * passes back the same (inPort, pg, outPort, queue, bytes) it admitted.
 *
 * <p>The paused state of each ingress (port, PG) is kept here: {@link #shouldXoff} is false while
 * paused and {@link #shouldXon} is false while not paused, so each XOFF is matched by one XON.
 */
public interface Mmu {
    /** {@link #admit} result: the frame is buffered and charged. */
    int ADMIT = 0;
    /** Dropped: lossy PG over its ingress threshold (or its pool full). */
    int DROP_INGRESS_LOSSY = 1;
    /** Dropped: lossless PG over its threshold and its headroom (or the shared headroom pool) full. */
    int DROP_HEADROOM = 2;
    /** Dropped: lossy egress queue over its threshold (or its egress pool full). Nothing is charged. */
    int DROP_EGRESS_LOSSY = 3;
    /** Number of result codes (array size for counters indexed by result). */
    int RESULTS = 4;

    /** Name of a result code, for reports. */
    static String resultName(int result) {
        return switch (result) {
            case ADMIT -> "admit";
            case DROP_INGRESS_LOSSY -> "ingress_lossy";
            case DROP_HEADROOM -> "headroom_overflow";
            case DROP_EGRESS_LOSSY -> "egress_lossy";
            default -> throw new IllegalArgumentException("unknown MMU result " + result);
        };
    }

    /**
     * Admission of one frame: charges it to ingress (inPort, pg) and egress (outPort, queue) or to
     * neither. Thresholds use the occupancy just before this frame.
     *
     * @return {@link #ADMIT} or one of the {@code DROP_*} codes (the drop is counted here)
     */
    int admit(int inPort, int pg, int outPort, int queue, int bytes);

    /**
     * Releases a frame admitted earlier with the same arguments. Ingress order: <b>headroom first, then
     * shared, then reserved</b> (a modelling choice: the PG leaves the headroom state as early as possible,
     * so XON can follow; keeping reserved cells longest keeps the PG's guarantee charged). Egress: shared
     * first, then reserved.
     *
     * @throws IllegalStateException if more is released than the (port, PG) or (port, queue) holds
     */
    void release(int inPort, int pg, int outPort, int queue, int bytes);

    /** After an admission on (inPort, pg): whether an XOFF must be sent now (lossless, not paused, over T or in headroom). */
    boolean shouldXoff(int inPort, int pg);

    /** After a release from (inPort, pg): whether an XON must be sent now (paused, no headroom, at or below the XON level). */
    boolean shouldXon(int inPort, int pg);

    /** Records that XOFF was sent for (inPort, pg): the PG is paused until {@link #markXonSent}. */
    void markXoffSent(int inPort, int pg);

    /** Records that XON was sent for (inPort, pg). */
    void markXonSent(int inPort, int pg);

    /** Whether the switch has (inPort, pg) paused: XOFF sent and no XON since. */
    boolean isPaused(int inPort, int pg);

    /** Frame bytes queued at egress (outPort, queue): the ECN marking input. */
    long egressQueueBytes(int outPort, int queue);

    /** The PG's current shared-pool threshold T, bytes (moves with pool occupancy). */
    long thresholdBytes(int inPort, int pg);

    /** Buffer bytes (whole cells) the PG holds in its reserved, shared and headroom regions. */
    long reservedBytes(int inPort, int pg);

    long sharedBytes(int inPort, int pg);

    long headroomBytes(int inPort, int pg);

    /** Largest headroom use seen on the PG, buffer bytes: compare with its configured headroom. */
    long peakHeadroomBytes(int inPort, int pg);

    /** Total buffer bytes charged on the ingress side and on the egress side (always equal). */
    long ingressTotalBytes();

    long egressTotalBytes();

    /** Frames and frame bytes dropped for {@code result} (a {@code DROP_*} code). */
    long drops(int result);

    long dropBytes(int result);

    /** Frames dropped at ingress (inPort, pg) for headroom overflow (lossless drops). */
    long headroomDrops(int inPort, int pg);

    /** Frame bytes of {@link #headroomDrops}. */
    long headroomDropBytes(int inPort, int pg);

    /**
     * Of {@link #headroomDrops}, the frames that would have fit the PG's own headroom but found the pool's shared
     * headroom pool full (0 without one).
     */
    long headroomPoolDrops(int inPort, int pg);

    /**
     * The headroom (inPort, pg) may fill before it drops, buffer bytes: its configured xoff (with a shared headroom
     * pool, also limited by that pool); 0 for a PG that never uses headroom (lossy, or bypassing the MMU).
     */
    long headroomLimitBytes(int inPort, int pg);

    /** XOFF and XON decisions recorded for (inPort, pg) via {@link #markXoffSent}/{@link #markXonSent}. */
    long xoffCount(int inPort, int pg);

    long xonCount(int inPort, int pg);
}
