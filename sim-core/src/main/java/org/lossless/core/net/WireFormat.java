package org.lossless.core.net;

/**
 * Byte counts of RoCEv2 over IPv4 without VLAN, as on the wire (reference hardware.md §2).
 *
 * <pre>
 * preamble+SFD 8 | IFG 12 | Ethernet 14 | IPv4 20 | UDP 8 | BTH 12 | [RETH 16] | payload | ICRC 4 | FCS 4
 * </pre>
 *
 * A data packet costs payload + 82 B of wire time (payload + 62 B of frame in a buffer); the first
 * packet of an RDMA WRITE message also carries a 16 B RETH, a SEND carries none. An RDMA READ is a
 * request frame from the requester (BTH + RETH, no payload: 78 B) and response packets from the
 * responder whose first and last packet (or only packet) carry a 4 B AETH. Frames shorter than the
 * 64 B Ethernet minimum are padded. A "frame" here is what a switch buffers (Ethernet header to FCS); "wire" adds
 * preamble, SFD and inter-frame gap, which take line time but no buffer.
 */
public final class WireFormat {
    public static final int PREAMBLE_SFD = 8;
    public static final int IFG = 12;
    public static final int ETHERNET = 14;
    public static final int FCS = 4;
    public static final int IPV4 = 20;
    public static final int UDP = 8;
    public static final int BTH = 12;
    public static final int RETH = 16;
    public static final int AETH = 4;
    public static final int ICRC = 4;
    /** CNP payload: 16 reserved bytes after the BTH. */
    public static final int CNP_PAYLOAD = 16;
    public static final int MIN_FRAME = 64;

    /** Line time that is not frame: preamble, SFD and inter-frame gap (20 B). */
    public static final int WIRE_EXTRA = PREAMBLE_SFD + IFG;
    /** Frame bytes around a data payload: Ethernet + IPv4 + UDP + BTH + ICRC + FCS (62 B). */
    public static final int DATA_FRAME_OVERHEAD = ETHERNET + IPV4 + UDP + BTH + ICRC + FCS;
    /** Wire bytes around a data payload (82 B). */
    public static final int DATA_WIRE_OVERHEAD = DATA_FRAME_OVERHEAD + WIRE_EXTRA;
    /** ACK/NACK frame: headers + AETH (66 B). */
    public static final int ACK_FRAME = ETHERNET + IPV4 + UDP + BTH + AETH + ICRC + FCS;
    /** CNP frame (78 B). */
    public static final int CNP_FRAME = ETHERNET + IPV4 + UDP + BTH + CNP_PAYLOAD + ICRC + FCS;
    /** RDMA READ request frame: headers + RETH, no payload (78 B). */
    public static final int READ_REQUEST_FRAME = ETHERNET + IPV4 + UDP + BTH + RETH + ICRC + FCS;
    /** PFC frame: a minimum-size MAC control frame (64 B; 84 B = 672 bit times on the wire). */
    public static final int PFC_FRAME = MIN_FRAME;

    private WireFormat() {
    }

    /** Frame bytes of a data packet with {@code payload} bytes; {@code reth} on a WRITE's first packet. */
    public static int dataFrameBytes(int payload, boolean reth) {
        return Math.max(MIN_FRAME, payload + DATA_FRAME_OVERHEAD + (reth ? RETH : 0));
    }

    /**
     * Frame bytes of an RDMA READ response packet with {@code payload} bytes; {@code aeth} on the first and
     * the last packet of the response (READ Response First, Last and Only carry an AETH, Middle none).
     */
    public static int readResponseFrameBytes(int payload, boolean aeth) {
        return Math.max(MIN_FRAME, payload + DATA_FRAME_OVERHEAD + (aeth ? AETH : 0));
    }

    /** Wire bytes of a frame of {@code frameBytes} (adds preamble, SFD and IFG). */
    public static int wireBytes(int frameBytes) {
        return Math.max(MIN_FRAME, frameBytes) + WIRE_EXTRA;
    }

    /**
     * Serialization time of {@code wireBytes} at {@code rateBps}, picoseconds, rounded up.
     * Exact for the usual rates (10/25/40/100/200/400/800 Gb/s, 1.6 Tb/s) because bytes are whole.
     */
    public static long serializationPs(long wireBytes, long rateBps) {
        return bitsToPs(wireBytes * 8L, rateBps);
    }

    /** Time to send {@code bits} at {@code rateBps}, ps, rounded up; exact for any size. */
    public static long bitsToPs(long bits, long rateBps) {
        if (bits <= 9_000_000L) {
            long bitsTimesPs = bits * 1_000_000_000_000L;
            return (bitsTimesPs + rateBps - 1) / rateBps;
        }
        java.math.BigInteger[] qr = java.math.BigInteger.valueOf(bits).multiply(java.math.BigInteger.valueOf(1_000_000_000_000L))
                .divideAndRemainder(java.math.BigInteger.valueOf(rateBps));
        return qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
    }
}
