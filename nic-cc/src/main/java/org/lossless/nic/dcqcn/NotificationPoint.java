package org.lossless.nic.dcqcn;

import org.lossless.nic.cc.CongestionEcho;

/**
 * The DCQCN notification point of one receiving QP: turns CE-marked data packets into CNPs
 * (reference dcqcn.md §2). O(1) per packet, no allocation, no timers.
 *
 * <ul>
 *   <li>{@link CnpMode#NP}: a CE packet yields a CNP at once if none was sent for this QP (scope
 *       {@link CnpScope#QP}) or by this NIC port for any QP (scope {@link CnpScope#PORT}) in the last
 *       {@code cnp_interval} (hold-off test {@code now - last >= interval}); otherwise nothing.</li>
 *   <li>{@link CnpMode#NP_SAMPLED}: windows of {@code cnp_interval} aligned to the QP's first CE
 *       packet; a window that saw a CE packet yields one CNP at its end.</li>
 *   <li>{@link CnpMode#RP}: every CE packet is reported; the NIC sends a CNP or sets the CNP flag of
 *       the packet's ACK, and the RP coalesces (order TIMER_DRIVEN with a decrease window).</li>
 * </ul>
 * A fixed {@code cnp_delay} is added to every CNP time. As a {@link CongestionEcho} it is the receiver
 * side of {@link Dcqcn}; in mode rp a CNP due at once may ride on the packet's ACK ({@link #cnpOnAck}).
 */
public final class NotificationPoint implements CongestionEcho {
    private final CnpMode mode;
    private final long interval;
    private final long delay;
    /** The hold-off clock of mode NP: this QP's own, or the NIC port's shared one. */
    private final CnpClock clock;
    private boolean sentAny;
    private long windowOriginPs;
    private long lastWindowEndPs = Long.MIN_VALUE;
    private long cnps;

    /** A notification point with a hold-off clock of its own (scope {@link CnpScope#QP}). */
    public NotificationPoint(DcqcnParams params) {
        this(params, new CnpClock());
    }

    /** A notification point whose mode-NP hold-off uses {@code clock} (shared by a port's QPs in scope PORT). */
    NotificationPoint(DcqcnParams params, CnpClock clock) {
        this.mode = params.cnpMode();
        this.interval = params.cnpIntervalPs();
        this.delay = params.cnpDelayPs();
        this.clock = clock;
    }

    /**
     * A CE-marked data packet of this QP arrived at {@code nowPs}. Returns the time at which the
     * NP sends the CNP (&ge; now; now + cnp_delay in modes np and rp, the window end in np_sampled),
     * or {@link #NO_CNP}. In mode rp the answer is never NO_CNP, so a NIC that acknowledges every
     * packet can set the ACK's CNP flag instead of sending a CNP.
     */
    @Override
    public long onCePacket(long nowPs) {
        switch (mode) {
            case RP -> {
                cnps++;
                return nowPs + delay;
            }
            case NP -> {
                if (!clock.trySend(nowPs, interval)) {
                    return NO_CNP;
                }
                cnps++;
                return nowPs + delay;
            }
            default -> {
                if (!sentAny) {
                    sentAny = true;
                    windowOriginPs = nowPs;
                }
                long end = windowOriginPs + (Math.floorDiv(nowPs - windowOriginPs, interval) + 1) * interval;
                if (end == lastWindowEndPs) {
                    return NO_CNP;
                }
                lastWindowEndPs = end;
                cnps++;
                return end + delay;
            }
        }
    }

    /** CNPs generated so far (CNP flags in mode rp). */
    public long cnps() {
        return cnps;
    }

    public CnpMode mode() {
        return mode;
    }

    /** Mode rp reports every mark, so a NIC that ACKs every packet sets the ACK's CNP flag instead of a CNP. */
    @Override
    public boolean cnpOnAck() {
        return mode == CnpMode.RP;
    }
}
