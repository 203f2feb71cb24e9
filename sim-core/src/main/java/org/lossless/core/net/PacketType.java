package org.lossless.core.net;

/** Kinds of frames on the wire. */
public enum PacketType {
    /** RoCEv2 data (RDMA WRITE/SEND payload). */
    DATA,
    /** RC acknowledgement (BTH + AETH). */
    ACK,
    /** Negative acknowledgement (out-of-sequence), asks for go-back-N. */
    NACK,
    /** DCQCN congestion notification packet (BTH opcode 0x81). */
    CNP,
    /** IEEE 802.1Qbb priority flow control frame. */
    PFC,
    /**
     * Ultra Ethernet receiver credit (RCCC): the receiving NIC grants its sender {@link Packet#psn} payload bytes.
     * A control frame of the transport, switched like an ACK.
     */
    CREDIT,
    /**
     * Link-level credit update of credit-based flow control (CBFC): the receiver of a link returns {@link Packet#psn}
     * bytes of credit of class {@link Packet#priority} to the transmitter at the other end ({@link LinkCredits}). A
     * link-local control frame like PFC: 64 B, never forwarded.
     */
    LINK_CREDIT
}
