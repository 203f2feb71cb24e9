package org.lossless.nic;

/**
 * A queue pair's loss recovery, both ends (the model keeps sender and receiver of a QP in one object):
 * {@link GoBackN} (today's RoCE NICs) or {@link Irn} (selective repeat). One instance per QP, made when the QP
 * opens ({@link LossRecoveryConfig}); the QP and the NIC call it through this interface only.
 *
 * <p>Sender side: what to (re)send next, how a NACK, ACK progress or a timeout changes that, the timeout in
 * force and the cap on packets in flight. Receiver side: what to do with a data packet that is not the
 * expected one, and whether the next expected one is already held. No method allocates.
 */
interface LossRecovery {
    /** What the receiver does with an out-of-sequence data packet ({@link #outOfSequence}). */
    enum Reply {
        /** Discard it, send nothing. */
        DROP,
        /** Discard it (a duplicate) and acknowledge the expected PSN - 1 again. */
        ACK,
        /** Discard it and send a NACK for the expected PSN. */
        NACK,
        /** Keep it (out of order) and send a NACK for the expected PSN that selectively acknowledges it. */
        SACK
    }

    // ------------------------------------------------------------------ sender

    /**
     * The PSN to send again before any new packet, or -1: send {@link QueuePair#nextPsn} (new data, or what
     * go-back-N rewound to). Asking does not commit: {@link #retransmitted} does.
     */
    long retransmitPsn(QueuePair qp);

    /** Packet {@code psn}, returned by {@link #retransmitPsn}, went out. */
    void retransmitted(long psn);

    /** The cumulative acknowledgement moved from {@code oldAckedPsn} to {@link QueuePair#ackedPsn} (ACK or NACK). */
    void acked(QueuePair qp, long oldAckedPsn);

    /**
     * A NACK: the receiver expects {@code expectedPsn} (everything before it is acknowledged, already applied)
     * and, under selective repeat, holds {@code sackPsn} (-1 when the NACK carries none).
     */
    void nacked(QueuePair qp, long expectedPsn, long sackPsn);

    /** The QP's retransmission timer expired with packets outstanding. */
    void timedOut(QueuePair qp);

    /** The retransmission timeout in force for {@code qp} now, ps; {@code nicRtoPs} is {@code nic.rto}. */
    long rtoPs(QueuePair qp, long nicRtoPs);

    /**
     * Whether every packet of an RDMA WRITE carries a RETH (the remote address), so the receiver can place a
     * packet that arrives out of order; RoCE puts it only in the first.
     */
    boolean rethInEveryWritePacket();

    /** Most packets a QP may have in flight ({@code nextPsn - ackedPsn - 1}) after sending a new one; {@link Long#MAX_VALUE}: no cap. */
    long inFlightCapPackets();

    // ------------------------------------------------------------------ receiver

    /**
     * Data packet {@code psn} arrived at {@code nowPs} at a receiver that expects {@code expectedPsn} (its {@link
     * QpReceiver#expectedPsn}, not {@code psn}). A duplicate ({@code psn < expectedPsn}) is acknowledged again by
     * every recovery, as an RC responder does.
     */
    Reply outOfSequence(long expectedPsn, long psn, long nowPs);

    /**
     * Whether the receiver already holds {@code psn} (= the expected PSN, after an in-order packet advanced
     * it); if so, forgets it, since the caller now delivers it in order.
     */
    boolean takeHeld(long psn);
}
