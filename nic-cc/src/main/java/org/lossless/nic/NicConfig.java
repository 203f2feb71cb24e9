package org.lossless.nic;

import org.lossless.core.net.Dscp;
import org.lossless.core.net.WireFormat;
import org.lossless.nic.dcqcn.DcqcnParams;

/**
 * NIC settings, the same for every host.
 *
 * @param mtu         RDMA payload bytes per packet (path MTU), 64..9000
 * @param ackEvery    the receiver ACKs every this many data packets, and always the last one
 * @param rtoPs       retransmission timeout, ps: a QP with packets sent but not acknowledged goes back to its first
 *                    unacknowledged packet when no ACK progress came for this long since that timer started (at
 *                    the first send with nothing outstanding, and again at each ACK progress or timeout)
 * @param ackPriority priority of ACK/NACK frames, 0..7, or {@link #SAME_AS_DATA} to use the flow's
 * @param cnpPriority priority of CNP frames, 0..7 (mlx5 default 6)
 * @param dcqcn       DCQCN parameters at this NIC's line rate (used by QPs whose congestion control is
 *                    dcqcn), or null when no QP uses DCQCN
 * @param rxBuffer    the receive buffer that drains slower than line rate and sends PFC, or null (the
 *                    default: the host takes every frame the moment it arrives and the NIC never pauses)
 * @param window      per-QP send window, payload bytes a QP may have unacknowledged ({@code nic.window}):
 *                    {@link #NO_WINDOW} (the default: only the rate limiter holds a QP), {@link #BDP_WINDOW}
 *                    (each QP's path base RTT x line rate, rounded up to whole MTUs, fixed at flow start), or
 *                    at least {@code mtu} bytes
 * @param cc          congestion control of QPs that do not choose their own ({@code nic.cc}): a name of
 *                    {@link CcAlgorithms#NAMES} ({@code none}: every QP sends at line rate, PFC alone keeps
 *                    the fabric lossless)
 * @param pfcResponsePs {@code nic.pfc_response_time}: time from a PAUSE's arrival until the NIC starts no new
 *                    frame of the paused priority, ps, or {@link #AUTO_PFC_RESPONSE} (the default): the IEEE 802.3
 *                    budget at the host link's speed (394 quanta = 2.02 us at 100 Gb/s)
 * @param ackDscp     DSCP of ACK/NACK frames ({@code nic.ack_dscp}), 0..63, or {@link #SAME_AS_DATA}: the
 *                    QP's DSCP (default when ACKs travel on the data priority; else CS of {@code ackPriority})
 * @param cnpDscp     DSCP of CNP frames ({@code nic.cnp_dscp}), 0..63; default CS of {@code cnpPriority}
 *                    (48 for priority 6, mlx5's default)
 * @param ackDelayPs  {@code nic.ack_delay}: ACK generation delay, ps, from the handling of a data packet until its ACK
 *                    or NACK joins the NIC's send queue (default 0)
 * @param nackIntervalPs {@code nic.nack_interval}: the receiver sends the NACK of a sequence gap again when an
 *                    out-of-sequence packet arrives this long or more after its last NACK for that gap, ps; 0 = one
 *                    NACK per gap (the requester's timeout recovers a lost NACK; go-back-N only)
 * @param ccSettings  the parameters of HPCC, TIMELY, DCTCP and Swift ({@code nic.hpcc}, ...), kept whatever
 *                    {@code cc} is (a workload may choose another algorithm)
 * @param lossRecovery {@code nic.loss_recovery} and {@code nic.irn}: go-back-N (the default) or IRN's selective
 *                    repeat; not null. Under IRN its two timeouts replace {@code rtoPs}
 * @param wire        {@code nic.wire}: the header sizes of every frame the NICs send (and the switches' PFC frames
 *                    and ideals derived from them); not null. {@link WireFormat#ROCEV2} by default
 * @param uet         {@code nic.transport} and {@code nic.uet}: RoCEv2 ({@link UetConfig#ROCE}, the default) or Ultra
 *                    Ethernet's transport; not null. Under UET it replaces {@code lossRecovery} and {@code rtoPs}
 */
public record NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                        RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs, int ackDscp, int cnpDscp,
                        long ackDelayPs, long nackIntervalPs, CcSettings ccSettings,
                        LossRecoveryConfig lossRecovery, WireFormat wire, UetConfig uet) {
    /** IB local ACK timeout exponent of the default timeout: 4.096 us x 2^14 (perftest's default {@code -u 14}). */
    public static final int DEFAULT_ACK_TIMEOUT_EXPONENT = 14;
    /** Default retransmission timeout: 4.096 us x 2^14 = 67.108864 ms. */
    public static final long DEFAULT_RTO_PS = ibAckTimeoutPs(DEFAULT_ACK_TIMEOUT_EXPONENT);
    /** Default ACK generation delay: 0 (docs/model.md, "NIC processing delays"). */
    public static final long DEFAULT_ACK_DELAY_PS = 0;
    /** Default NACK retry interval: 500 us (the HPCC simulator's "NACK Generation Interval"). */
    public static final long DEFAULT_NACK_INTERVAL_PS = 500_000_000L;
    /** {@code ackPriority} value meaning "the data packet's priority". */
    public static final int SAME_AS_DATA = -1;
    /** Default CNP priority (mlx5 {@code cnp_802p_prio}). */
    public static final int DEFAULT_CNP_PRIORITY = 6;
    /** {@code window} value meaning "no window" ({@code nic.window: none}). */
    public static final long NO_WINDOW = 0;
    /** {@code window} value meaning "one bandwidth-delay product of the QP's path" ({@code nic.window: bdp}). */
    public static final long BDP_WINDOW = -1;
    /** {@code pfcResponsePs} value meaning "the IEEE 802.3 budget at the link's speed" ({@code auto}). */
    public static final long AUTO_PFC_RESPONSE = -1; // = switch-model SwitchPorts.AUTO_RESPONSE

    /** The IB local ACK timeout for exponent {@code n} (1..31): 4.096 us x 2^n, ps. */
    public static long ibAckTimeoutPs(int n) {
        if (n < 1 || n > 31) {
            throw new IllegalArgumentException("the IB ACK timeout exponent must be 1..31, got " + n);
        }
        return 4_096_000L << n;
    }

    public NicConfig {
        java.util.Objects.requireNonNull(ccSettings, "ccSettings");
        java.util.Objects.requireNonNull(wire, "wire");
        java.util.Objects.requireNonNull(uet, "uet");
        if (lossRecovery == null) {
            throw new IllegalArgumentException("nic.loss_recovery must be set (go-back-n or irn)");
        }
        if (ackDelayPs < 0) {
            throw new IllegalArgumentException("nic.ack_delay must be >= 0, got " + ackDelayPs + " ps");
        }
        if (nackIntervalPs < 0) {
            throw new IllegalArgumentException("nic.nack_interval must be >= 0, got " + nackIntervalPs + " ps");
        }
        if (pfcResponsePs < AUTO_PFC_RESPONSE) {
            throw new IllegalArgumentException("nic.pfc_response_time must be auto or >= 0, got " + pfcResponsePs + " ps");
        }
        if (mtu < 64 || mtu > 9000) {
            throw new IllegalArgumentException("nic.mtu must be 64..9000 bytes, got " + mtu);
        }
        if (ackEvery < 1) {
            throw new IllegalArgumentException("nic.ack_interval must be >= 1 packet, got " + ackEvery);
        }
        if (rtoPs <= 0) {
            throw new IllegalArgumentException("nic.rto must be > 0, got " + rtoPs + " ps");
        }
        if (ackPriority < SAME_AS_DATA || ackPriority > 7) {
            throw new IllegalArgumentException("nic.ack_priority must be 0..7 or data, got " + ackPriority);
        }
        if (cnpPriority < 0 || cnpPriority > 7) {
            throw new IllegalArgumentException("nic.cnp_priority must be 0..7, got " + cnpPriority);
        }
        if (ackDscp < SAME_AS_DATA || ackDscp > Dscp.MAX) {
            throw new IllegalArgumentException("nic.ack_dscp must be 0..63 or data, got " + ackDscp);
        }
        if (cnpDscp < 0 || cnpDscp > Dscp.MAX) {
            throw new IllegalArgumentException("nic.cnp_dscp must be 0..63, got " + cnpDscp);
        }
        if (window != NO_WINDOW && window != BDP_WINDOW && window < mtu) {
            throw new IllegalArgumentException("nic.window must be none, bdp or at least one MTU (" + mtu
                    + " bytes), got " + window + " bytes");
        }
        if (cc == null || !CcAlgorithms.implemented(cc)) {
            throw new IllegalArgumentException("nic.cc must be one of " + String.join(", ", CcAlgorithms.NAMES)
                    + ", got " + cc);
        }
        if (cc.equals(org.lossless.nic.dcqcn.Dcqcn.NAME) && dcqcn == null) {
            throw new IllegalArgumentException("nic.cc is dcqcn but there are no DCQCN parameters");
        }
    }

    /** On the RoCEv2 transport (the default {@code nic.transport}). */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs, int ackDscp, int cnpDscp,
                     long ackDelayPs, long nackIntervalPs, CcSettings ccSettings,
                     LossRecoveryConfig lossRecovery, WireFormat wire) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs, ackDscp, cnpDscp,
                ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, UetConfig.ROCE);
    }

    /** Same settings on transport settings {@code u} ({@code nic.transport}, {@code nic.uet}). */
    public NicConfig withUet(UetConfig u) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, u);
    }

    /** Whether QPs run Ultra Ethernet's transport. */
    public boolean uetTransport() {
        return uet.uet();
    }

    /** In the RoCEv2 wire format (the default {@code nic.wire}). */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs, int ackDscp, int cnpDscp,
                     long ackDelayPs, long nackIntervalPs, CcSettings ccSettings, LossRecoveryConfig lossRecovery) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs, ackDscp, cnpDscp,
                ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, WireFormat.ROCEV2);
    }

    /** With every other algorithm's parameters at their defaults and go-back-N loss recovery. */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs, int ackDscp, int cnpDscp,
                     long ackDelayPs, long nackIntervalPs) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs, ackDscp, cnpDscp,
                ackDelayPs, nackIntervalPs, CcSettings.DEFAULTS, LossRecoveryConfig.DEFAULT);
    }

    /** With go-back-N loss recovery (the default). */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs, int ackDscp, int cnpDscp,
                     long ackDelayPs, long nackIntervalPs, CcSettings ccSettings) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs, ackDscp, cnpDscp,
                ackDelayPs, nackIntervalPs, ccSettings, LossRecoveryConfig.DEFAULT);
    }

    /** With every other algorithm's parameters at their defaults. */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs, int ackDscp, int cnpDscp,
                     long ackDelayPs, long nackIntervalPs, LossRecoveryConfig lossRecovery) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs, ackDscp, cnpDscp,
                ackDelayPs, nackIntervalPs, CcSettings.DEFAULTS, lossRecovery);
    }

    /** DSCPs of ACKs and CNPs derived from their priorities ({@link #defaultAckDscp}, {@link Dscp#ofPriority}), the
     * default ACK delay and NACK retry interval. */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                defaultAckDscp(ackPriority), Dscp.ofPriority(cnpPriority), DEFAULT_ACK_DELAY_PS,
                DEFAULT_NACK_INTERVAL_PS);
    }

    /** With DSCPs {@code ackDscp} and {@code cnpDscp}, the default ACK delay and NACK retry interval. */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc, long pfcResponsePs, int ackDscp, int cnpDscp) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs, ackDscp,
                cnpDscp, DEFAULT_ACK_DELAY_PS, DEFAULT_NACK_INTERVAL_PS);
    }

    /** The default {@code nic.ack_dscp}: the QP's DSCP with ACKs on the data priority, else CS of the ACK priority. */
    public static int defaultAckDscp(int ackPriority) {
        return ackPriority == SAME_AS_DATA ? SAME_AS_DATA : Dscp.ofPriority(ackPriority);
    }

    /** With the default PFC response time (auto). */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, String cc) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, AUTO_PFC_RESPONSE);
    }

    /** Congestion control dcqcn when {@code dcqcn} is given, else none; PFC response time {@code pfcResponsePs}. */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window, long pfcResponsePs) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, defaultCc(dcqcn), pfcResponsePs);
    }

    /** Congestion control dcqcn when {@code dcqcn} is given, else none. */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer, long window) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, defaultCc(dcqcn));
    }

    private static String defaultCc(DcqcnParams dcqcn) {
        return dcqcn == null ? org.lossless.nic.cc.NoCongestionControl.NAME : org.lossless.nic.dcqcn.Dcqcn.NAME;
    }

    /** Without a window ({@code nic.window: none}). */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn,
                     RxBufferConfig rxBuffer) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, NO_WINDOW);
    }

    /** Without a receive buffer. */
    public NicConfig(int mtu, int ackEvery, long rtoPs, int ackPriority, int cnpPriority, DcqcnParams dcqcn) {
        this(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, null);
    }

    /** No congestion control, ACK per packet, default timeout, ACKs on the data priority. */
    public NicConfig(int mtu, int ackEvery) {
        this(mtu, ackEvery, DEFAULT_RTO_PS, SAME_AS_DATA, DEFAULT_CNP_PRIORITY, null);
    }

    /** Same settings with DCQCN {@code params} as the congestion control (null switches it off: {@code none}). */
    public NicConfig withDcqcn(DcqcnParams params) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, params, rxBuffer, window,
                defaultCc(params), pfcResponsePs, ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with default congestion control {@code name} (parameter sets unchanged). */
    public NicConfig withCc(String name) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, name, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with receive buffer {@code rx} (null switches it off). */
    public NicConfig withRxBuffer(RxBufferConfig rx) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rx, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with send window {@code bytes} ({@link #NO_WINDOW}, {@link #BDP_WINDOW} or >= mtu). */
    public NicConfig withWindow(long bytes) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, bytes, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with {@code nic.pfc_response_time} = {@code ps} ({@link #AUTO_PFC_RESPONSE} = the IEEE budget). */
    public NicConfig withPfcResponse(long ps) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, ps,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with ACK/NACK DSCP {@code ack} (0..63 or {@link #SAME_AS_DATA}) and CNP DSCP {@code cnp}. */
    public NicConfig withDscp(int ack, int cnp) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ack, cnp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings in wire format {@code w} ({@code nic.wire}). */
    public NicConfig withWire(WireFormat w) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, w, uet);
    }

    /** Same settings with {@code nic.ack_delay} = {@code ps}. */
    public NicConfig withAckDelay(long ps) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ps, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with {@code nic.nack_interval} = {@code ps} (0: one NACK per gap). */
    public NicConfig withNackInterval(long ps) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, ps, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with loss recovery {@code lr} ({@code nic.loss_recovery}, {@code nic.irn}). */
    public NicConfig withLossRecovery(LossRecoveryConfig lr) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lr, wire, uet);
    }

    /** Same settings with retransmission timeout {@code ps}. */
    public NicConfig withRto(long ps) {
        return new NicConfig(mtu, ackEvery, ps, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, ccSettings, lossRecovery, wire, uet);
    }

    /** Same settings with the other algorithms' parameters {@code settings}. */
    public NicConfig withCcSettings(CcSettings settings) {
        return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window, cc, pfcResponsePs,
                ackDscp, cnpDscp, ackDelayPs, nackIntervalPs, settings, lossRecovery, wire, uet);
    }

    /** Same settings with every congestion control's {@code base_rtt: auto} set to {@code fabricRttPs}. */
    public NicConfig withFabricRtt(long fabricRttPs) {
        return ccSettings.needsFabricRtt() ? withCcSettings(ccSettings.resolve(fabricRttPs)) : this;
    }

    /** Whether QPs are held by a send window. */
    public boolean hasWindow() {
        return window != NO_WINDOW;
    }
}
