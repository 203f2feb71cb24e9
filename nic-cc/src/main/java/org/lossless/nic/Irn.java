package org.lossless.nic;

/**
 * IRN's loss recovery (Mittal et al., "Revisiting Network Support for RDMA", SIGCOMM 2018): selective repeat
 * with bitmaps, a BDP cap on packets in flight (BDP-FC) and two timeouts.
 *
 * <p>Receiver: keeps an out-of-order packet (a bit in {@link #held}) and answers it with a NACK carrying the
 * cumulative acknowledgement (the expected PSN) and the PSN it holds; a duplicate gets an ACK. When the
 * expected packet arrives, every held packet after it is delivered in order at once.
 *
 * <p>Sender: a NACK enters loss recovery; its SACK marks {@link #sacked}. In recovery the QP resends, before any
 * new packet, each packet below the highest selectively acknowledged PSN that is neither acknowledged nor
 * SACKed, each once per recovery episode, in PSN order: the first is the cumulative acknowledgement's. Recovery
 * ends when the cumulative acknowledgement passes the last PSN sent before it began. A timeout starts an
 * episode in which every unacknowledged, un-SACKed packet sent counts as lost (a lost retransmission is found
 * only this way, as in the paper). New packets go only while at most the cap ({@link #cap} packets) is in flight
 * ({@code nextPsn - ackedPsn - 1}); retransmissions do not count against it. The timeout is
 * {@link #rtoLowPs} while at most {@link #rtoLowPackets} packets are in flight, {@link #rtoHighPs} otherwise.
 *
 * <p>Every WRITE packet carries a RETH (16 B) so that the receiver can place it out of order.
 *
 * <p>Both bitmaps are rings of {@link #cap} bits (rounded up to 64): with the cap in force, every PSN sent lies
 * within {@code cap} of the cumulative acknowledgement, so neither ring can wrap onto a live bit.
 */
final class Irn implements LossRecovery {
    private final long cap;
    private final long rtoLowPs;
    private final long rtoHighPs;
    private final int rtoLowPackets;
    /** Sender: PSNs after {@code ackedPsn} the receiver reported holding. */
    private final PsnBitmap sacked;
    /** Receiver: PSNs after {@code expectedPsn} it holds. */
    private final PsnBitmap held;
    private boolean inRecovery;
    /** The last PSN sent before the episode began; recovery ends when the cumulative ACK passes it. */
    private long recoverySeq;
    /** The next PSN to consider for retransmission in this episode. */
    private long cursor;
    /** Exclusive bound of the PSNs counted lost: the highest SACKed PSN, or {@code nextPsn} after a timeout. */
    private long lossLimit;

    Irn(long capPackets, long rtoLowPs, long rtoHighPs, int rtoLowPackets) {
        this.cap = capPackets;
        this.rtoLowPs = rtoLowPs;
        this.rtoHighPs = rtoHighPs;
        this.rtoLowPackets = rtoLowPackets;
        this.sacked = new PsnBitmap(capPackets);
        this.held = new PsnBitmap(capPackets);
    }

    /** Whether the sender is in a loss-recovery episode. */
    boolean inRecovery() {
        return inRecovery;
    }

    @Override
    public long retransmitPsn(QueuePair qp) {
        if (!inRecovery) {
            return -1;
        }
        long p = Math.max(cursor, qp.ackedPsn + 1);
        long limit = Math.min(lossLimit, qp.nextPsn);
        while (p < limit && sacked.get(p)) {
            p++;
        }
        cursor = p;
        return p < limit ? p : -1;
    }

    @Override
    public void retransmitted(long psn) {
        cursor = psn + 1;
    }

    @Override
    public void acked(QueuePair qp, long oldAckedPsn) {
        sacked.clearRange(oldAckedPsn + 1, qp.ackedPsn);
        if (inRecovery && qp.ackedPsn >= recoverySeq) {
            inRecovery = false;
        }
    }

    @Override
    public void nacked(QueuePair qp, long expectedPsn, long sackPsn) {
        if (sackPsn > qp.ackedPsn && sackPsn < qp.nextPsn) {
            sacked.set(sackPsn);
        }
        if (!inRecovery) {
            inRecovery = true;
            recoverySeq = qp.nextPsn - 1;
            cursor = qp.ackedPsn + 1;
            lossLimit = 0;
        }
        // packets below the highest SACKed PSN are lost; a NACK without a SACK reports the expected one lost
        lossLimit = Math.max(lossLimit, Math.max(sackPsn, expectedPsn + 1));
    }

    @Override
    public void timedOut(QueuePair qp) {
        inRecovery = true;
        recoverySeq = qp.nextPsn - 1;
        cursor = qp.ackedPsn + 1;
        lossLimit = qp.nextPsn;
    }

    @Override
    public long rtoPs(QueuePair qp, long nicRtoPs) {
        return qp.nextPsn - qp.ackedPsn - 1 <= rtoLowPackets ? rtoLowPs : rtoHighPs;
    }

    /** IRN places out-of-order WRITE packets directly in memory: each carries the RETH (the paper's section 5). */
    @Override
    public boolean rethInEveryWritePacket() {
        return true;
    }

    @Override
    public long inFlightCapPackets() {
        return cap;
    }

    @Override
    public Reply outOfSequence(long expectedPsn, long psn, long nowPs) {
        if (psn < expectedPsn) {
            return Reply.ACK;
        }
        if (psn - expectedPsn >= held.capacity()) {
            // beyond the bitmap: impossible while the sender keeps the cap; the sender's timeout recovers it
            return Reply.DROP;
        }
        held.set(psn);
        return Reply.SACK;
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
