package org.lossless.nic.cc;

import org.lossless.core.net.Packet;

/**
 * The receiver side of a congestion-control algorithm for one QP: what the receiving NIC tells the sender
 * (DCQCN's notification point turns CE marks into CNPs; ECN echo, in-band telemetry and timestamps ride on
 * ACKs). One instance per QP, created by the QP's {@link CcAlgorithm} (an algorithm that echoes nothing
 * returns none and costs nothing at the receiver).
 */
public interface CongestionEcho {
    /** Returned by {@link #onCePacket} when no notification is due. */
    long NO_CNP = -1;

    /**
     * A CE-marked data packet of this QP arrived in order at {@code nowPs}: when to send a CNP
     * (&gt;= now), or {@link #NO_CNP}.
     */
    long onCePacket(long nowPs);

    /**
     * Whether a CNP due at once rides on the packet's ACK as a flag instead of its own frame, when the NIC
     * acknowledges every packet (DCQCN mode {@code rp}, as the HPCC simulator does).
     */
    boolean cnpOnAck();

    /**
     * Fills the echo fields of {@code ack}, the ACK the NIC sends for {@code data}; default: nothing. An echo that
     * carries a header adds its bytes to {@code ack.frameBytes}; the NIC then pads the frame and sets its line bytes
     * in its wire format.
     */
    default void echo(Packet data, Packet ack) {
    }
}
