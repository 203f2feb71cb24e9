package org.lossless.core.net;

/**
 * A mutable frame, recycled through a {@link PacketPool} so the hot path allocates nothing.
 * Fields are public for speed; each is documented with its unit. {@link #reset()} clears all.
 *
 * <p>Layout (memory): every frame in every buffer is one of these (a PFC-heavy 1,024-host run holds about a
 * million), so fields are as narrow as their ranges allow: 802.1p priority, DSCP and priority group are bytes;
 * frame sizes (MTU at most 9,000), the UDP source port and the telemetry hop count are 16-bit; the one-bit
 * flags (ECT, CE, last, AckReq, trimmed) share one byte; a PFC frame keeps its eight time fields in {@link #tsPs} and
 * {@link #psn} and its class-enable vector in {@link #udpSrcPort}, which a PFC frame (a MAC control frame, consumed
 * by the port that receives it) does not otherwise use; a NACK keeps its selective-acknowledgement PSN in
 * {@link #tsPs}, which a NACK does not otherwise use; the time a frame may leave a switch with a forwarding latency
 * is kept by the switch's output queue, not in the frame; the RDMA payload is not kept (no model reads it: a
 * receiver counts a message by its PSNs, a port by its frame bytes). 64 bytes per packet with compressed
 * references, one cache line's worth: a 12-byte header, the longs {@code psn} and {@code tsPs}, five 4-byte fields
 * (four ints and the {@code type} reference), the {@code intData} reference, four 16-bit and four 8-bit fields
 * (136, 88, 80, then 72 before). Writers of a narrow field cast ({@code p.priority = (byte) prio}); the values
 * are checked where they enter the model (scenario, NIC and switch configuration), so the cast never truncates.
 */
public final class Packet {
    public PacketType type = PacketType.DATA;
    /** Id of the queue pair the frame belongs to (data, ACK, NACK, CNP: the sending QP of the data), or -1 (PFC). */
    public int flowId = -1;
    /** Source and destination host numbers. */
    public int srcHost = -1;
    public int dstHost = -1;
    /**
     * Packet sequence number of a data packet; for ACK/NACK the PSN acknowledged/expected. PFC frames: holds the
     * time fields of priorities 4-7 (see {@link #pfcQuanta(int)}).
     */
    public long psn;
    /** Bytes the frame occupies in a buffer (Ethernet header to FCS), 0..65535. */
    public char frameBytes;
    /** Bytes of line time (frame + preamble, SFD, IFG), 0..65535. */
    public char wireBytes;
    /**
     * 802.1p priority, 0..7: set by the sending NIC (its QP's priority); a switch rewrites it to the egress
     * queue it puts the frame in (the priority a PAUSE for that queue names), so on every link it is the
     * transmitter's queue. Switches do not classify by it ({@link #dscp} does).
     */
    public byte priority;
    /**
     * DSCP of the IP header, 0..63: set by the sending NIC ({@link Dscp}), never changed on the way;
     * switches classify the frame by it (DSCP to traffic class to priority group and queue). -1 (the reset
     * value) = not marked (a non-IP frame, or a test harness's hand-made one): switches classify it by its
     * 802.1p {@link #priority} as traffic class.
     */
    public byte dscp = -1;
    /**
     * RoCEv2 UDP source port (per QP), 0..65535; input to ECMP hashing. PFC frames: the class-enable vector
     * ({@link #pfcClassEnable()}).
     */
    public char udpSrcPort;
    /** The one-bit flags: {@link #ECT}, {@link #CE}, {@link #LAST}, {@link #ACK_REQ}, {@link #TRIMMED}; read and set by their methods. */
    private byte flags;
    private static final int ECT = 1;
    private static final int CE = 2;
    private static final int LAST = 4;
    private static final int ACK_REQ = 8;
    private static final int TRIMMED = 16;
    /** Holds link credit at the switch buffering it ({@link #creditClass()}). */
    private static final int CREDITED = 32;
    /**
     * Ingress port at the switch currently holding the packet (for buffer accounting). While the frame is on a link
     * (from the start of its transmission), the low 32 bits of its arrival time, ps, unless that link keeps whole
     * times ({@link Link}; nothing else reads it then).
     */
    public int ingressPort = -1;
    /** Ingress priority group at the switch currently holding the packet (for buffer accounting), 0..7. */
    public byte ingressPg = -1;
    /**
     * Transport timestamp, ps: a data packet carries the time its NIC handed it to the port; an ACK or NACK
     * echoes the timestamp of the data packet that triggered it, so the sender can take an RTT sample.
     * PFC frames: holds the time fields of priorities 0-3 (see {@link #pfcQuanta(int)}). NACK frames: holds
     * {@link #sackPsn()} (a NACK's timestamp is never read: the sender takes RTT samples from ACKs only).
     */
    public long tsPs;
    /**
     * In-band telemetry ({@link Telemetry}): -1 (the default) when the frame collects none, so a switch pays
     * one comparison; otherwise the number of hops that pushed a record (may exceed {@link Telemetry#MAX_HOPS},
     * then only the first {@code MAX_HOPS} records are kept). An ACK carries the count its data packet had.
     */
    public short intHops = -1;
    /**
     * The telemetry records, {@link Telemetry#FIELDS} longs per hop; made on the first use of this pooled
     * frame and kept across reuse (never allocated for runs without telemetry). Valid up to {@link #intHops}.
     */
    public long[] intData;

    /** ECN-capable transport: the IP header's ECN field is ECT. */
    public boolean ecnCapable() {
        return (flags & ECT) != 0;
    }

    public void ecnCapable(boolean on) {
        flag(ECT, on);
    }

    /** Congestion experienced: a switch marked the frame (the IP header's ECN field is CE). */
    public boolean ce() {
        return (flags & CE) != 0;
    }

    public void ce(boolean on) {
        flag(CE, on);
    }

    /** Last packet of its message. */
    public boolean last() {
        return (flags & LAST) != 0;
    }

    public void last(boolean on) {
        flag(LAST, on);
    }

    /**
     * Data packets: the BTH AckReq bit. The sender sets it on the packet that fills its send window
     * ({@code nic.window}), so a receiver that coalesces ACKs still acknowledges it at once.
     */
    public boolean ackRequest() {
        return (flags & ACK_REQ) != 0;
    }

    public void ackRequest(boolean on) {
        flag(ACK_REQ, on);
    }

    /**
     * Data packets: a switch trimmed the frame (packet trimming, Ultra Ethernet): its payload was cut on a full
     * queue and only its headers travel on, so the receiver can ask for the packet again at once. Its
     * {@link #frameBytes} are then the headers' size.
     */
    public boolean trimmed() {
        return (flags & TRIMMED) != 0;
    }

    public void trimmed(boolean on) {
        flag(TRIMMED, on);
    }

    private void flag(int bit, boolean on) {
        flags = (byte) (on ? flags | bit : flags & ~bit);
    }

    /**
     * PFC frames: the 16-bit class-enable vector as on the wire, bit p set = time[p] valid (bits 8-15 reserved),
     * 0..65535. Kept in {@link #udpSrcPort} (a PFC frame is not an IP packet).
     */
    public int pfcClassEnable() {
        return udpSrcPort;
    }

    /** PFC frames: sets the class-enable vector (0..65535); overwrites {@link #udpSrcPort}. */
    public void pfcClassEnable(int vector) {
        udpSrcPort = (char) vector;
    }

    /**
     * NACK frames: under selective repeat ({@code nic.loss_recovery: irn}) the PSN of the out-of-sequence data
     * packet that triggered the NACK, which the receiver holds (a selective acknowledgement); -1 when the NACK
     * carries none. Kept in {@link #tsPs} (8 bytes less for every buffered frame); meaningless for other types.
     */
    public long sackPsn() {
        return tsPs;
    }

    /** NACK frames: sets {@link #sackPsn()} ({@code -1} = none); overwrites {@link #tsPs}. */
    public void sackPsn(long psn) {
        tsPs = psn;
    }

    /**
     * PFC frames: the time field of {@code priority} (0..7), in quanta of 512 bit times (0 = resume). 16 bits
     * each as on the wire: priorities 0-3 in {@link #tsPs}, 4-7 in {@link #psn}, priority p at bit
     * 16 * (p % 4) (a PFC frame has no transport timestamp and no sequence number).
     */
    public int pfcQuanta(int priority) {
        long word = priority < 4 ? tsPs : psn;
        return (int) (word >>> (16 * (priority & 3))) & 0xFFFF;
    }

    /** PFC frames: sets the time field of {@code priority} (0..7) to {@code quanta} (0..65535, 16 bits on the wire). */
    public void pfcQuanta(int priority, int quanta) {
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("PFC priority must be in 0..7, got " + priority);
        }
        if (quanta < 0 || quanta > 0xFFFF) {
            throw new IllegalArgumentException("PFC quanta must be in 0..65535, got " + quanta);
        }
        int shift = 16 * (priority & 3);
        long mask = ~(0xFFFFL << shift);
        if (priority < 4) {
            tsPs = (tsPs & mask) | ((long) quanta << shift);
        } else {
            psn = (psn & mask) | ((long) quanta << shift);
        }
    }

    /**
     * Credit-based flow control: the class (0..7) whose link credit this frame holds at the switch buffering it, -1
     * when none (it did not arrive on a class under CBFC): the switch returns that much credit upstream when the frame
     * leaves its buffer ({@link LinkCredits}). Kept in {@link #ingressPg} and a flag (a credited frame bypasses the
     * MMU, so it has no priority group to remember; the packet stays 64 bytes).
     */
    public int creditClass() {
        return (flags & CREDITED) != 0 ? ingressPg : -1;
    }

    /** Sets {@link #creditClass()} (-1: none; 0..7 overwrites {@link #ingressPg}). */
    public void creditClass(int c) {
        if (c < 0) {
            flag(CREDITED, false);
        } else {
            flag(CREDITED, true);
            ingressPg = (byte) c;
        }
    }

    /** Clears every field to its initial value. */
    public void reset() {
        type = PacketType.DATA;
        flowId = -1;
        srcHost = -1;
        dstHost = -1;
        psn = 0;
        frameBytes = 0;
        wireBytes = 0;
        priority = 0;
        dscp = -1;
        flags = 0;
        udpSrcPort = 0;
        ingressPort = -1;
        ingressPg = -1;
        tsPs = 0;
        intHops = -1;
    }

    @Override
    public String toString() {
        return type + "[flow=" + flowId + " " + srcHost + "->" + dstHost + " psn=" + psn + " prio=" + priority
                + " frame=" + (int) frameBytes + "B" + (ce() ? " CE" : "") + "]";
    }
}
