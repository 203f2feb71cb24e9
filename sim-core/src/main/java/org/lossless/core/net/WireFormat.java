package org.lossless.core.net;

import java.util.List;

/**
 * The header sizes of a wire format ({@code nic.wire}): every frame size the simulator uses comes from one row
 * of this table, resolved once per NIC, switch or run into plain fields (nothing is looked up per packet). Two
 * rows: {@link #ROCEV2}, the default, and {@link #HPCC2019}, the HPCC ns-3 simulator's own packet format.
 *
 * <pre>
 *                          rocev2 (reference hardware.md §2)        hpcc2019 (HPCC's simulator, its source)
 * data frame headers       Eth 14, IPv4 20, UDP 8, BTH 12,          "PPP" 14, IPv4 20, UDP 8, SeqTs 6 = 48
 *                          ICRC 4, FCS 4 = 62
 * WRITE's first packet     + RETH 16                                + 0 (no RDMA headers)
 * READ response first/last + AETH 4                                 + 0
 * READ request frame       headers + RETH = 78                      headers = 48 (HPCC has no READ)
 * ACK/NACK frame           headers + AETH = 66                      "PPP" 14, IPv4 20, qbb 12 = 46, padded to 60
 * CNP frame                headers + 16 reserved = 78               as the ACK (HPCC's CNP is a flag on the ACK)
 * padding of data frames   to 64                                    none
 * padding of ACK/CNP       to 64                                    to 60 ("60 - 14 - 20 - header" in RdmaHw)
 * PFC frame                64                                       "PPP" 14, IPv4 20, PauseHeader 9 = 43
 * line time beyond frame   preamble+SFD 8, IFG 12 = 20              0 (its links serialize the packet alone)
 * </pre>
 *
 * <p>A congestion control's in-band header (HPCC's INT: 42 B on every data packet and its ACK) comes on top of
 * these, from the algorithm ({@code nic.hpcc.int_bytes}); a data frame is padded before it is added, an ACK or
 * CNP after ({@link #controlFrame}), as HPCC pads its ACK with the INT header in it. A "frame" is what a switch
 * buffers; "wire" adds the line time that is not frame ({@link #wire}).
 *
 * @param name             the {@code nic.wire} value
 * @param dataHeaders      frame bytes around a data payload
 * @param reth             extra bytes on a WRITE's first packet (RETH)
 * @param aeth             extra bytes on a READ response's first and last packet (AETH)
 * @param readRequestFrame an RDMA READ request frame (headers, no payload)
 * @param ackFrame         an ACK/NACK frame before padding
 * @param cnpFrame         a CNP frame before padding
 * @param minDataFrame     data frames shorter than this are padded to it
 * @param minControlFrame  ACK, NACK and CNP frames shorter than this are padded to it
 * @param pfcFrame         a PFC (PAUSE) frame
 * @param wireExtra        line time per frame that is not frame: preamble, SFD and inter-frame gap
 */
public record WireFormat(String name, int dataHeaders, int reth, int aeth, int readRequestFrame, int ackFrame,
                         int cnpFrame, int minDataFrame, int minControlFrame, int pfcFrame, int wireExtra) {
    // RoCEv2 over IPv4 without VLAN, as on the wire (bytes)
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
    /** The Ethernet minimum frame. */
    public static final int MIN_FRAME = 64;

    // the HPCC simulator's headers (its PppHeader, SeqTsHeader without INT, qbbHeader without INT, PauseHeader)
    private static final int HPCC_L2 = 14;
    private static final int HPCC_SEQ_TS = 6;
    private static final int HPCC_QBB = 12;
    private static final int HPCC_PAUSE = 9;
    /** HPCC's RdmaHw pads an ACK's payload so that L2 + IPv4 + payload is 60 B. */
    private static final int HPCC_MIN_ACK = 60;

    /** RoCEv2 over IPv4 without VLAN: 82 B of line time around a data payload. The default. */
    public static final WireFormat ROCEV2 = new WireFormat("rocev2", ETHERNET + IPV4 + UDP + BTH + ICRC + FCS, RETH,
            AETH, ETHERNET + IPV4 + UDP + BTH + RETH + ICRC + FCS, ETHERNET + IPV4 + UDP + BTH + AETH + ICRC + FCS,
            ETHERNET + IPV4 + UDP + BTH + CNP_PAYLOAD + ICRC + FCS, MIN_FRAME, MIN_FRAME, MIN_FRAME,
            PREAMBLE_SFD + IFG);
    /** The HPCC simulator's packets (SIGCOMM 2019 code): 48 B around a data payload, 60 B ACKs, no preamble or gap. */
    public static final WireFormat HPCC2019 = new WireFormat("hpcc2019", HPCC_L2 + IPV4 + UDP + HPCC_SEQ_TS, 0, 0,
            HPCC_L2 + IPV4 + UDP + HPCC_SEQ_TS, HPCC_L2 + IPV4 + HPCC_QBB, HPCC_L2 + IPV4 + HPCC_QBB, 0, HPCC_MIN_ACK,
            HPCC_L2 + IPV4 + HPCC_PAUSE, 0);
    /** The {@code nic.wire} values, the default first. */
    public static final List<String> NAMES = List.of(ROCEV2.name, HPCC2019.name);

    public WireFormat {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a wire format needs a name");
        }
        for (int v : new int[] {dataHeaders, reth, aeth, readRequestFrame, ackFrame, cnpFrame, minDataFrame,
            minControlFrame, pfcFrame, wireExtra}) {
            if (v < 0 || v > 1_000) {
                throw new IllegalArgumentException("wire format " + name + ": header sizes must be 0..1000 bytes, got "
                        + v);
            }
        }
        if (dataHeaders < 1 || ackFrame < 1 || pfcFrame < 1) {
            throw new IllegalArgumentException("wire format " + name + ": data headers, ACK and PFC frames need bytes");
        }
    }

    /** The row named {@code name} ({@link #NAMES}). */
    public static WireFormat of(String name) {
        if (ROCEV2.name.equals(name)) {
            return ROCEV2;
        }
        if (HPCC2019.name.equals(name)) {
            return HPCC2019;
        }
        throw new IllegalArgumentException("unknown wire format '" + name + "'; expected one of "
                + String.join(", ", NAMES));
    }

    /** Frame bytes of a data packet with {@code payload} bytes; {@code withReth} on a WRITE's first packet. */
    public int dataFrame(int payload, boolean withReth) {
        return Math.max(minDataFrame, payload + dataHeaders + (withReth ? reth : 0));
    }

    /**
     * Frame bytes of an RDMA READ response packet with {@code payload} bytes; {@code withAeth} on the first and
     * the last packet of the response (READ Response First, Last and Only carry an AETH, Middle none).
     */
    public int readResponseFrame(int payload, boolean withAeth) {
        return Math.max(minDataFrame, payload + dataHeaders + (withAeth ? aeth : 0));
    }

    /** An ACK, NACK or CNP frame of {@code bytes} (headers and any congestion-control header) after padding. */
    public int controlFrame(int bytes) {
        return Math.max(minControlFrame, bytes);
    }

    /** Line bytes of a frame of {@code frameBytes} (padding of a data frame, preamble, SFD and gap added). */
    public int wire(int frameBytes) {
        return Math.max(minDataFrame, frameBytes) + wireExtra;
    }

    /** Line bytes around a data payload (82 for RoCEv2, 48 for HPCC's format). */
    public int dataWireOverhead() {
        return dataHeaders + wireExtra;
    }

    /** Line bytes of a full packet of {@code mtu} payload without RETH (what a steady stream is made of). */
    public int fullPacketWire(int mtu) {
        return wire(dataFrame(mtu, false));
    }

    /** The largest data frame at payload {@code mtu}: a WRITE's first packet (headroom, scheduler quanta). */
    public int largestFrame(int mtu) {
        return dataFrame(mtu, true);
    }

    /**
     * Line bytes of the smallest frame this format puts on a link: the least of a PFC frame, a padded ACK, NACK or
     * CNP, and a data frame of one payload byte (84 for RoCEv2: 64-byte minimum + preamble, SFD and gap; 43 for HPCC's
     * format: its PAUSE frame). What a link's lookahead may count on (a congestion control's in-band header only adds).
     */
    public int smallestWire() {
        int control = controlFrame(Math.min(ackFrame, cnpFrame));
        return wire(Math.min(Math.min(pfcFrame, control), dataFrame(1, false)));
    }

    /** Line bytes of a plain ACK (no congestion-control header). */
    public int ackWire() {
        return wire(controlFrame(ackFrame));
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
