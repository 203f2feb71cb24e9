package org.lossless.nic.cc;

import org.lossless.core.net.Packet;

/**
 * The sender side of a congestion-control algorithm for one queue pair (one direction of a connection):
 * what rate the QP's rate limiter runs at and how much it may have in flight, and how it reacts to
 * what comes back. One instance per QP, created by a {@link CcAlgorithm}; it lives as long as the QP,
 * so its state carries over from one message to the next.
 *
 * <p><b>Lazy timers.</b> There is no timer callback: every call passes the current time, and an
 * implementation first applies, in time order, whatever its own timers would have done up to that time
 * (DCQCN's rate-increase and alpha timers, a window's RTT epochs, ...). {@link #nextChangePs()} tells the
 * NIC when the rate will next change on its own, so a QP waiting on its rate limiter is looked at again
 * then; an idle QP costs nothing. Times passed in never decrease.
 *
 * <p><b>Hot path.</b> {@link #rateBps} is read before every packet and {@link #onBytesSent} called after
 * it: no allocation, no logging. {@link #onAck} and {@link #onRttSample} are called only when
 * {@link #observesAcks()} is true, {@link #windowBytes()} only when {@link #hasWindow()} is true, so an
 * algorithm that needs neither pays nothing for them.
 */
public interface CongestionControl {
    /** "No such time" for {@link #nextChangePs()}. */
    long NEVER = Long.MAX_VALUE;
    /** {@link #windowBytes()} of an algorithm without a window. */
    long NO_WINDOW = Long.MAX_VALUE;

    /** The rate limiter's rate at {@code nowPs}, bps (at least 1). */
    long rateBps(long nowPs);

    /** When the rate next changes without a packet, ACK or notification, as of the last call; {@link #NEVER}. */
    long nextChangePs();

    /** The QP put a frame of {@code wireBytes} bytes (wire time) on the wire at {@code nowPs}. */
    void onBytesSent(long nowPs, long wireBytes);

    /**
     * A congestion notification for this QP arrived at {@code nowPs}: a CNP, or an ACK whose CNP flag the
     * receiver's {@link CongestionEcho} asked for.
     */
    void onCongestionNotification(long nowPs);

    /** Whether this algorithm has a window ({@link #windowBytes()} may be other than {@link #NO_WINDOW}). */
    default boolean hasWindow() {
        return false;
    }

    /**
     * Payload bytes this QP may have unacknowledged, or {@link #NO_WINDOW}; the NIC also applies
     * {@code nic.window}, the smaller of the two holds. Read before every packet when {@link #hasWindow()};
     * a QP the window blocks is looked at again on the next ACK (a window must grow on ACKs, not on timers).
     */
    default long windowBytes() {
        return NO_WINDOW;
    }

    /** Whether the NIC should call {@link #onAck} and {@link #onRttSample}. */
    default boolean observesAcks() {
        return false;
    }

    /**
     * A cumulative ACK for this QP arrived at {@code nowPs} ({@link #observesAcks()} only).
     *
     * @param ack        the frame, read-only and only during the call (its {@code ce} is the ECN echo /
     *                   CNP flag; fields added for in-band telemetry come with it)
     * @param newlyAcked payload bytes it acknowledged for the first time (0 for a duplicate)
     */
    default void onAck(long nowPs, Packet ack, long newlyAcked) {
    }

    /**
     * The QP sent a data packet at {@code nowPs}; the next new PSN it would send is {@code nextPsn} (HPCC,
     * TIMELY and DCTCP count "one window of data" from it). Called after {@link #onBytesSent}, only when
     * {@link #observesAcks()}.
     */
    default void onSent(long nowPs, long nextPsn) {
    }

    /**
     * Whether this QP's data packets collect in-band telemetry at every switch egress
     * ({@link org.lossless.core.net.Telemetry}; HPCC). Asked once, when the QP opens.
     */
    default boolean collectsTelemetry() {
        return false;
    }

    /**
     * Bytes every data frame of this QP carries beyond RoCEv2's headers (HPCC's INT header), added to its
     * frame and wire size. Asked once, when the QP opens.
     */
    default int headerBytes() {
        return 0;
    }

    /**
     * An RTT sample ({@link #observesAcks()} only): from the moment the NIC handed the data packet that
     * triggered an ACK to its port until the ACK arrived, ps (queueing on the way there and back included).
     */
    default void onRttSample(long nowPs, long rttPs) {
    }

    /**
     * A NACK for a packet of {@code nackedBytes} payload bytes that a switch trimmed arrived at {@code nowPs}
     * (Ultra Ethernet's transport; default: nothing). Not called for RoCE's go-back-N or IRN NACKs.
     */
    default void onNack(long nowPs, long nackedBytes) {
    }
}
