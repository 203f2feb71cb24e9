package org.lossless.nic;

/**
 * RCCC's sender side for one UET QP: the payload bytes its receiver let it send. A QP starts speculating with
 * {@code speculative} bytes of its own (the UEC reference simulator starts at its largest window, 1.5 BDP); the first
 * ACK or grant ends speculation (what is left of it is dropped) and from then on only granted bytes may go. A packet
 * may start while any credit is left (the credit may go negative by less than a packet, as in the reference
 * simulator); unused credit is capped at {@code speculative} bytes. A message posted on a QP with nothing outstanding
 * speculates again (nothing would arrive at its receiver to start the grants otherwise), and so does a QP whose last
 * outstanding packet is acknowledged while it has data left, no credit and no place in its receiver's grant ring
 * ({@code NicSender.acknowledge}). A retransmission timeout grants one packet of
 * credit, so a QP whose packets were dropped (no trim, no grant) can still resend.
 */
final class Credits {
    private final long cap;
    private long credit;
    private boolean speculating = true;
    /** Bytes granted by the receiver so far (for tests and reports). */
    private long granted;

    Credits(long speculativeBytes) {
        if (speculativeBytes <= 0) {
            throw new IllegalArgumentException("speculative credit must be > 0 bytes, got " + speculativeBytes);
        }
        this.cap = speculativeBytes;
        this.credit = speculativeBytes;
    }

    boolean positive() {
        return credit > 0;
    }

    /**
     * A packet of {@code bytes} payload went; returns whether it spent the last credit while the QP has {@code more}
     * to send (a credit stall: the QP now waits for a grant).
     */
    boolean spend(int bytes, boolean more) {
        boolean had = credit > 0;
        credit -= bytes;
        return had && credit <= 0 && more;
    }

    /**
     * An ACK came: speculation is over; returns whether that took the last credit while the QP has {@code more} to
     * send (a credit stall).
     */
    boolean stopSpeculating(boolean more) {
        boolean had = credit > 0;
        stopSpeculating();
        return had && credit <= 0 && more;
    }

    private void stopSpeculating() {
        if (speculating) {
            speculating = false;
            credit = Math.min(credit, 0);
        }
    }

    /** The receiver granted {@code bytes}. */
    void grant(long bytes) {
        stopSpeculating();
        credit = Math.min(cap, credit + bytes);
        granted += bytes;
    }

    /** A new message on a QP with nothing outstanding: it may speculate again. */
    void restart() {
        speculating = true;
        credit = Math.max(credit, cap);
    }

    /** A timeout: one packet of {@code bytes} may go without a grant. */
    void timeout(long bytes) {
        credit = Math.max(credit, bytes);
    }

    long credit() {
        return credit;
    }

    long granted() {
        return granted;
    }
}
