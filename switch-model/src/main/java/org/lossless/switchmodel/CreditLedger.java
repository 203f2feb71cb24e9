package org.lossless.switchmodel;

import org.lossless.core.net.PortCounters;

/**
 * Under credit-based flow control, the buffer a switch holds for credited frames per (ingress port, class), bytes of
 * frame, with its high-water mark. The switch reserves each (port, class) its grant, the credit its upstream
 * transmitter started with, and a transmitter spends credit before it sends: so the use never exceeds the grant, by
 * construction. The ledger keeps the numbers that show it ({@link #peakBytes}, {@link #overGrant}) for the results and
 * tests; two array updates per credited frame.
 */
public final class CreditLedger {
    private final long[] grant;
    private final long[] held;
    private final long[] peak;
    /** Frames whose arrival took their (port, class) over its grant: 0 unless a transmitter broke the credit rule. */
    private long overGrant;

    /** @param grantBytes the credit granted per class to the transmitter on each ingress port, bytes (by port index) */
    CreditLedger(long[] grantBytes) {
        this.grant = grantBytes.clone();
        this.held = new long[grantBytes.length * PortCounters.PRIORITIES];
        this.peak = new long[held.length];
    }

    void hold(int port, int prio, int bytes) {
        int i = port * PortCounters.PRIORITIES + prio;
        long h = held[i] + bytes;
        held[i] = h;
        if (h > peak[i]) {
            peak[i] = h;
            if (h > grant[port]) {
                overGrant++;
            }
        }
    }

    void free(int port, int prio, int bytes) {
        held[port * PortCounters.PRIORITIES + prio] -= bytes;
    }

    /** The credit granted per class to the transmitter on {@code port}, bytes. */
    public long grantBytes(int port) {
        return grant[port];
    }

    /** Bytes of credited frames of class {@code prio} from {@code port} held now. */
    public long heldBytes(int port, int prio) {
        return held[port * PortCounters.PRIORITIES + prio];
    }

    /** The most bytes of credited frames of class {@code prio} from {@code port} held at once. */
    public long peakBytes(int port, int prio) {
        return peak[port * PortCounters.PRIORITIES + prio];
    }

    /** Arrivals that took a (port, class) over its grant: 0 when every transmitter kept to its credit. */
    public long overGrant() {
        return overGrant;
    }
}
