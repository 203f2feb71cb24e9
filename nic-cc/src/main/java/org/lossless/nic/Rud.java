package org.lossless.nic;

/**
 * Ultra Ethernet's reliable unordered delivery (RUD) with selective retransmission, both ends of one QP.
 *
 * <p>Receiver: every data packet is taken whatever its order (a bit in {@link #held} until the gap before it
 * fills; a message completes when its last missing packet arrives) and acknowledged at once by an ACK carrying the
 * cumulative acknowledgement, the PSN of the packet that triggered it (a one-packet selective acknowledgement), its
 * ECN mark and its timestamp ({@link #ackPsn}). A trimmed packet (a switch cut its payload) is answered at once by a
 * NACK naming it. Duplicates are acknowledged again.
 *
 * <p>Sender: a selectively acknowledged PSN is marked in {@link #sacked} and its payload no longer counts as in
 * flight ({@link #sackedBytes}); a NACK marks its PSN {@link #lost}; a timeout ({@link #rtoPs} without progress of
 * the cumulative acknowledgement) marks every packet sent, not acknowledged and not selectively acknowledged, lost.
 * Lost packets are resent before any new one, lowest PSN first, each once per marking. Reordering alone never
 * triggers a retransmission (spraying reorders all the time). Simplified against UET 1.0: ACKs are per packet
 * (no coalescing, no SACK bitmap beyond the triggering PSN), no out-of-order-count loss detection, one timeout value.
 *
 * <p>The bitmaps are rings of {@link #capacity} PSNs: the sender sends no PSN {@code capacity} or more past the
 * cumulative acknowledgement ({@link #inFlightCapPackets}), so no ring wraps onto a live bit. No allocation.
 */
final class Rud implements LossRecovery {
    /** Bias of the trigger offset in an ACK's PSN field ({@link #ackPsn}). */
    private static final long BIAS = 1L << 22;
    private static final int SHIFT = 40;
    private static final long LOW = (1L << SHIFT) - 1;
    private final long rtoPs;
    private final PsnBitmap sacked;
    private final PsnBitmap lost;
    private final PsnBitmap held;
    private final long capacity;
    private long lostCount;
    /** Lowest PSN that may be marked lost. */
    private long cursor;
    /** Payload bytes after the cumulative acknowledgement that were selectively acknowledged. */
    private long sackedBytes;
    /** Packets marked lost by a NACK, by a timeout (counts for tests and reports). */
    private long nackLosses;
    private long timeoutLosses;

    Rud(long capacityPackets, long rtoPs) {
        this.rtoPs = rtoPs;
        this.sacked = new PsnBitmap(capacityPackets);
        this.lost = new PsnBitmap(capacityPackets);
        this.held = new PsnBitmap(capacityPackets);
        this.capacity = held.capacity();
    }

    // ------------------------------------------------------------------ ACK encoding

    /**
     * The PSN field of a UET ACK: the receiver's expected PSN (cumulative acknowledgement + 1) in the low 40 bits,
     * and the offset of the PSN that triggered the ACK from the cumulative acknowledgement (biased, 23 bits) above
     * them. One field carries both, as UET's ACK carries CACK and a SACK base, without widening the frame record.
     */
    static long ackPsn(long expectedPsn, long triggerPsn) {
        long off = triggerPsn - (expectedPsn - 1);
        if (off < -BIAS + 1 || off >= BIAS) {
            off = 0;
        }
        return expectedPsn | ((off + BIAS) << SHIFT);
    }

    /** The cumulative acknowledgement of a UET ACK's PSN field (-1: nothing yet). */
    static long cumulative(long field) {
        return (field & LOW) - 1;
    }

    /** The PSN that triggered a UET ACK. */
    static long trigger(long field) {
        return cumulative(field) + ((field >>> SHIFT) - BIAS);
    }

    // ------------------------------------------------------------------ sender

    @Override
    public long retransmitPsn(QueuePair qp) {
        if (lostCount == 0) {
            return -1;
        }
        long p = Math.max(cursor, qp.ackedPsn + 1);
        long limit = qp.nextPsn;
        while (p < limit && !lost.get(p)) {
            p++;
        }
        cursor = p;
        if (p >= limit) {
            lostCount = 0;   // every mark was below the cumulative acknowledgement or taken back
            return -1;
        }
        return p;
    }

    @Override
    public void retransmitted(long psn) {
        lost.clear(psn);
        lostCount--;
        cursor = psn + 1;
    }

    @Override
    public void acked(QueuePair qp, long oldAckedPsn) {
        for (long p = oldAckedPsn + 1; p <= qp.ackedPsn; p++) {
            if (sacked.get(p)) {
                sacked.clear(p);
                sackedBytes -= qp.payloadOf(p);
            }
            if (lost.get(p)) {
                lost.clear(p);
                lostCount--;
            }
        }
    }

    /**
     * A UET ACK triggered by packet {@code psn} arrived: returns the payload bytes it tells the sender of for the
     * first time (0 for news already had), and marks it selectively acknowledged if it lies past
     * {@code cumulative}, the ACK's cumulative acknowledgement (not yet applied to the QP).
     */
    long onAck(QueuePair qp, long psn, long cumulative) {
        if (psn <= qp.ackedPsn || psn >= qp.nextPsn || sacked.get(psn)) {
            return 0;
        }
        int bytes = qp.payloadOf(psn);
        if (lost.get(psn)) {
            // it arrived after all (a timeout marked it): do not send it again
            lost.clear(psn);
            lostCount--;
        }
        if (psn > cumulative) {
            sacked.set(psn);
            sackedBytes += bytes;
        }
        return bytes;
    }

    /** Payload bytes past the cumulative acknowledgement that were selectively acknowledged (not in flight). */
    long sackedBytes() {
        return sackedBytes;
    }

    /** A NACK names {@code sackPsn}, a trimmed packet: it is lost. */
    @Override
    public void nacked(QueuePair qp, long expectedPsn, long sackPsn) {
        if (sackPsn > qp.ackedPsn && sackPsn < qp.nextPsn && !sacked.get(sackPsn) && !lost.get(sackPsn)) {
            lost.set(sackPsn);
            lostCount++;
            nackLosses++;
            cursor = Math.min(cursor, sackPsn);
        }
    }

    @Override
    public void timedOut(QueuePair qp) {
        for (long p = qp.ackedPsn + 1; p < qp.nextPsn; p++) {
            if (!sacked.get(p) && !lost.get(p)) {
                lost.set(p);
                lostCount++;
                timeoutLosses++;
            }
        }
        cursor = qp.ackedPsn + 1;
    }

    @Override
    public long rtoPs(QueuePair qp, long nicRtoPs) {
        return rtoPs;
    }

    /** Every UET data packet carries its message offset, so it can be placed whatever its order. */
    @Override
    public boolean rethInEveryWritePacket() {
        return true;
    }

    @Override
    public long inFlightCapPackets() {
        return capacity;
    }

    /** Whether some packet is marked lost and waits to be resent. */
    boolean hasLost() {
        return lostCount > 0;
    }

    long nackLosses() {
        return nackLosses;
    }

    long timeoutLosses() {
        return timeoutLosses;
    }

    // ------------------------------------------------------------------ receiver

    /** Out of order is normal: keep it ({@code SACK}), a duplicate gets an ACK, beyond the ring is dropped. */
    @Override
    public Reply outOfSequence(long expectedPsn, long psn, long nowPs) {
        if (psn < expectedPsn || held.get(psn)) {
            return Reply.ACK;
        }
        if (psn - expectedPsn >= capacity) {
            return Reply.DROP;
        }
        held.set(psn);
        return Reply.SACK;
    }

    /** Whether the receiver, expecting {@code expectedPsn}, already has {@code psn} (delivered, or held out of order). */
    boolean has(long expectedPsn, long psn) {
        return psn < expectedPsn || (psn - expectedPsn < capacity && held.get(psn));
    }

    @Override
    public boolean takeHeld(long psn) {
        if (held.get(psn)) {
            held.clear(psn);
            return true;
        }
        return false;
    }
}
