package org.lossless.nic;

/**
 * Go-back-N, the loss recovery of RoCE NICs today (the InfiniBand RC transport): the receiver accepts only
 * the expected PSN, discards anything else and sends one NACK per sequence gap, again if the gap is still open
 * {@code nic.nack_interval} after its last NACK (an out-of-sequence packet arriving then); a NACK or a timeout makes
 * the sender resend everything from the first unacknowledged packet ({@link QueuePair#goBackTo}). A duplicate is
 * discarded and acknowledged again. No cap beyond {@code nic.window}, one timeout ({@code nic.rto}).
 */
final class GoBackN implements LossRecovery {
    /** {@code nic.nack_interval}, ps; 0: one NACK per gap. */
    private final long nackIntervalPs;
    /** Receiver: the expected PSN for which it last sent a NACK (one NACK per gap); -1 none. */
    private long nackedPsn = -1;
    /** Receiver: when it last sent that NACK, ps. */
    private long nackedAtPs;

    GoBackN(long nackIntervalPs) {
        this.nackIntervalPs = nackIntervalPs;
    }

    @Override
    public long retransmitPsn(QueuePair qp) {
        return -1;
    }

    @Override
    public void retransmitted(long psn) {
        throw new IllegalStateException("go-back-N never retransmits out of order");
    }

    @Override
    public void acked(QueuePair qp, long oldAckedPsn) {
    }

    @Override
    public void nacked(QueuePair qp, long expectedPsn, long sackPsn) {
        qp.goBackTo(expectedPsn);
    }

    @Override
    public void timedOut(QueuePair qp) {
        qp.goBackTo(qp.ackedPsn + 1);
    }

    @Override
    public long rtoPs(QueuePair qp, long nicRtoPs) {
        return nicRtoPs;
    }

    @Override
    public boolean rethInEveryWritePacket() {
        return false;
    }

    @Override
    public long inFlightCapPackets() {
        return Long.MAX_VALUE;
    }

    @Override
    public Reply outOfSequence(long expectedPsn, long psn, long nowPs) {
        if (psn > expectedPsn) {
            if (nackedPsn != expectedPsn || (nackIntervalPs > 0 && nowPs - nackedAtPs >= nackIntervalPs)) {
                // one NACK per gap, sent again if the gap is still open nack_interval after the last one
                nackedPsn = expectedPsn;
                nackedAtPs = nowPs;
                return Reply.NACK;
            }
            return Reply.DROP;
        }
        // a duplicate: acknowledged again with the receiver's cumulative acknowledgement, as an RC responder does
        // (InfiniBand C9-105; Linux's rxe acknowledges every duplicate SEND or WRITE). A sender that resends packets
        // the receiver already has (their ACKs lost, then a timeout) learns at its first duplicate where the receiver
        // is; acknowledging only some duplicates (a message's last packet, AckReq) hung a sender that never reached
        // one before its next timeout sent it back again (behind a window, or paced at a congestion control's
        // floor rate)
        return Reply.ACK;
    }

    @Override
    public boolean takeHeld(long psn) {
        return false;
    }
}
