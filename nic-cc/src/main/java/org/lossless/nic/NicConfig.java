package org.lossless.nic;

import org.lossless.core.net.Dscp;
import org.lossless.core.net.WireFormat;
import org.lossless.core.settings.Values;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.PacketPool;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dcqcn.DcqcnSchema;

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
 * @param ccSettings  the parameters of every algorithm with a section ({@code nic.hpcc}, ...: {@link org.lossless.nic.cc.CcSpecs}), kept whatever
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

    /** Same settings on transport settings {@code u} ({@code nic.transport}, {@code nic.uet}). */
    public NicConfig withUet(UetConfig u) {
        return toBuilder().uet(u).build();
    }

    /** Whether QPs run Ultra Ethernet's transport. */
    public boolean uetTransport() {
        return uet.uet();
    }

    /** The default {@code nic.ack_dscp}: the QP's DSCP with ACKs on the data priority, else CS of the ACK priority. */
    public static int defaultAckDscp(int ackPriority) {
        return ackPriority == SAME_AS_DATA ? SAME_AS_DATA : Dscp.ofPriority(ackPriority);
    }

    private static String defaultCc(DcqcnParams dcqcn) {
        return dcqcn == null ? org.lossless.nic.cc.NoCongestionControl.NAME : org.lossless.nic.dcqcn.Dcqcn.NAME;
    }

    /** Same settings with DCQCN {@code params} as the congestion control (null switches it off: {@code none}). */
    public NicConfig withDcqcn(DcqcnParams params) {
        return toBuilder().dcqcn(params).cc(defaultCc(params)).build();
    }

    /** Same settings with default congestion control {@code name} (parameter sets unchanged). */
    public NicConfig withCc(String name) {
        return toBuilder().cc(name).build();
    }

    /** Same settings with receive buffer {@code rx} (null switches it off). */
    public NicConfig withRxBuffer(RxBufferConfig rx) {
        return toBuilder().rxBuffer(rx).build();
    }

    /** Same settings with send window {@code bytes} ({@link #NO_WINDOW}, {@link #BDP_WINDOW} or >= mtu). */
    public NicConfig withWindow(long bytes) {
        return toBuilder().window(bytes).build();
    }

    /** Same settings with {@code nic.pfc_response_time} = {@code ps} ({@link #AUTO_PFC_RESPONSE} = the IEEE budget). */
    public NicConfig withPfcResponse(long ps) {
        return toBuilder().pfcResponsePs(ps).build();
    }

    /** Same settings with ACK/NACK DSCP {@code ack} (0..63 or {@link #SAME_AS_DATA}) and CNP DSCP {@code cnp}. */
    public NicConfig withDscp(int ack, int cnp) {
        return toBuilder().ackDscp(ack).cnpDscp(cnp).build();
    }

    /** Same settings in wire format {@code w} ({@code nic.wire}). */
    public NicConfig withWire(WireFormat w) {
        return toBuilder().wire(w).build();
    }

    /** Same settings with {@code nic.ack_delay} = {@code ps}. */
    public NicConfig withAckDelay(long ps) {
        return toBuilder().ackDelayPs(ps).build();
    }

    /** Same settings with {@code nic.nack_interval} = {@code ps} (0: one NACK per gap). */
    public NicConfig withNackInterval(long ps) {
        return toBuilder().nackIntervalPs(ps).build();
    }

    /** Same settings with loss recovery {@code lr} ({@code nic.loss_recovery}, {@code nic.irn}). */
    public NicConfig withLossRecovery(LossRecoveryConfig lr) {
        return toBuilder().lossRecovery(lr).build();
    }

    /** Same settings with retransmission timeout {@code ps}. */
    public NicConfig withRto(long ps) {
        return toBuilder().rtoPs(ps).build();
    }

    /** Same settings with the other algorithms' parameters {@code settings}. */
    public NicConfig withCcSettings(CcSettings settings) {
        return toBuilder().ccSettings(settings).build();
    }

    /**
     * A NIC with these settings: how the engine makes each host's stateful model from the scenario's settings
     * without handing them back ({@link HostNic}; the congestion controls from {@code cc}, e.g.
     * {@link CcAlgorithms#withFabricRtt}).
     */
    public HostNic newNic(int host, String name, Scheduler sim, PacketPool pool, FlowTable flows, FlowListener listener,
                          CcFactory cc) {
        return new HostNic(host, name, sim, pool, flows, this, listener, cc);
    }

    /** Same settings with every congestion control's {@code base_rtt: auto} set to {@code fabricRttPs}. */
    public NicConfig withFabricRtt(long fabricRttPs) {
        return ccSettings.needsFabricRtt() ? withCcSettings(ccSettings.resolve(fabricRttPs)) : this;
    }

    /** Whether QPs are held by a send window. */
    public boolean hasWindow() {
        return window != NO_WINDOW;
    }

    /**
     * A builder at the scenario's defaults: MTU 4096, an ACK per packet, the default timeout, ACKs on the data
     * priority, CNPs on 6, no DCQCN (so {@code cc} none unless set), no receive buffer, no window, PFC response
     * {@code auto}, DSCPs derived from the priorities unless set, default ACK delay and NACK interval, every
     * other algorithm at its defaults, go-back-N, RoCEv2 wire format and transport.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding every value of this record. */
    public Builder toBuilder() {
        return new Builder().mtu(mtu).ackEvery(ackEvery).rtoPs(rtoPs).ackPriority(ackPriority).cnpPriority(cnpPriority)
                .dcqcn(dcqcn).rxBuffer(rxBuffer).window(window).cc(cc).pfcResponsePs(pfcResponsePs).ackDscp(ackDscp)
                .cnpDscp(cnpDscp).ackDelayPs(ackDelayPs).nackIntervalPs(nackIntervalPs).ccSettings(ccSettings)
                .lossRecovery(lossRecovery).wire(wire).uet(uet);
    }

    /** Builds a {@link NicConfig}; the record's constructor validates. Each setter takes the record field's unit. */
    public static final class Builder {
        private int mtu = 4096;
        private int ackEvery = 1;
        private long rtoPs = DEFAULT_RTO_PS;
        private int ackPriority = SAME_AS_DATA;
        private int cnpPriority = DEFAULT_CNP_PRIORITY;
        private DcqcnParams dcqcn;
        private RxBufferConfig rxBuffer;
        private long window = NO_WINDOW;
        /** null: dcqcn when DCQCN parameters are given, else none. */
        private String cc;
        private long pfcResponsePs = AUTO_PFC_RESPONSE;
        /** null: derived from the priority ({@link #defaultAckDscp}, {@link Dscp#ofPriority}). */
        private Integer ackDscp;
        private Integer cnpDscp;
        private long ackDelayPs = DEFAULT_ACK_DELAY_PS;
        private long nackIntervalPs = DEFAULT_NACK_INTERVAL_PS;
        private CcSettings ccSettings = CcSettings.DEFAULTS;
        /** {@code nic.uet.nscc} as read, until {@link #uet(String, Values, double, int)}. */
        private org.lossless.nic.nscc.NsccParams uetNscc = org.lossless.nic.nscc.NsccParams.DEFAULTS;
        private LossRecoveryConfig lossRecovery = LossRecoveryConfig.DEFAULT;
        private WireFormat wire = WireFormat.ROCEV2;
        private UetConfig uet = UetConfig.ROCE;

        private Builder() {
        }

        public Builder mtu(int v) {
            mtu = v;
            return this;
        }

        public Builder ackEvery(int v) {
            ackEvery = v;
            return this;
        }

        public Builder rtoPs(long v) {
            rtoPs = v;
            return this;
        }

        public Builder ackPriority(int v) {
            ackPriority = v;
            return this;
        }

        public Builder cnpPriority(int v) {
            cnpPriority = v;
            return this;
        }

        public Builder dcqcn(DcqcnParams v) {
            dcqcn = v;
            return this;
        }

        /**
         * {@code nic.dcqcn} as the scenario reader read it (null: not written) at the host line rate: the schema
         * ({@link DcqcnSchema#params}) resolves every default (by {@code profile}) and the record checks the set,
         * here and now, so the reader can report a refusal at the key it names.
         *
         * @throws IllegalArgumentException naming {@code nic.dcqcn.<key>} when the set is inconsistent
         */
        public Builder dcqcn(Values written, long hostRateBps) {
            dcqcn = DcqcnSchema.params(written, hostRateBps);
            return this;
        }

        public Builder rxBuffer(RxBufferConfig v) {
            rxBuffer = v;
            return this;
        }

        /**
         * {@code nic.rx_buffer} as the scenario reader read it, with its custom rows ({@link RxBufferSchema#config}).
         *
         * @throws IllegalArgumentException naming the key when the record refuses the set
         */
        public Builder rxBuffer(Values written, long xoffBytes, long xonBytes, int priorities,
                                java.util.List<Integer> hosts, long stormTimeoutPs) {
            rxBuffer = RxBufferSchema.config(written, xoffBytes, xonBytes, priorities, hosts, stormTimeoutPs);
            return this;
        }

        /**
         * Checks the receive buffer (if any) leaves room for its thresholds on the hosts' link
         * ({@link RxBufferConfig#thresholds}); no setting passes here, only the fabric's numbers.
         *
         * @throws IllegalArgumentException naming {@code nic.rx_buffer.size} or {@code nic.rx_buffer.xon}
         */
        public Builder checkRxBuffer(long linkRateBps, long linkDelayPs, int maxFrameBytes) {
            if (rxBuffer != null) {
                rxBuffer.thresholds(linkRateBps, linkDelayPs, maxFrameBytes);
            }
            return this;
        }

        public Builder window(long v) {
            window = v;
            return this;
        }

        public Builder cc(String v) {
            cc = v;
            return this;
        }

        public Builder pfcResponsePs(long v) {
            pfcResponsePs = v;
            return this;
        }

        public Builder ackDscp(int v) {
            ackDscp = v;
            return this;
        }

        public Builder cnpDscp(int v) {
            cnpDscp = v;
            return this;
        }

        public Builder ackDelayPs(long v) {
            ackDelayPs = v;
            return this;
        }

        public Builder nackIntervalPs(long v) {
            nackIntervalPs = v;
            return this;
        }

        public Builder ccSettings(CcSettings v) {
            ccSettings = v;
            return this;
        }

        /**
         * {@code nic.<name>}, the section of an algorithm of {@link org.lossless.nic.cc.CcSpecs#ALL}, as the scenario
         * reader read it through its section (null: not written): its {@code CcSpec} reads it here, defaults filled
         * in and the record checked now, so the reader can report a refusal at the key it names
         * ({@link CcSettings#read}).
         *
         * @throws IllegalArgumentException naming {@code nic.<name>.<key>} when a value or the set is refused
         */
        public Builder ccSection(String name, Values written) {
            ccSettings = ccSettings.read(name, written);
            return this;
        }

        public Builder lossRecovery(LossRecoveryConfig v) {
            lossRecovery = v;
            return this;
        }

        /**
         * {@code nic.loss_recovery} ({@code mode}) with {@code nic.irn} as the scenario reader read it (null: not
         * written) and its {@code bdp_cap} ({@link IrnSchema#config}).
         *
         * @throws IllegalArgumentException naming {@code nic.irn.<key>} when the record refuses the set
         */
        public Builder lossRecovery(String mode, Values irn, long bdpCap) {
            lossRecovery = IrnSchema.config(mode, irn, bdpCap);
            return this;
        }

        public Builder wire(WireFormat v) {
            wire = v;
            return this;
        }

        public Builder uet(UetConfig v) {
            uet = v;
            return this;
        }

        /**
         * {@code nic.uet.nscc} as the scenario reader read it through {@link org.lossless.nic.nscc.NsccParams#SECTION}
         * (null: not written), kept for {@link #uet(String, Values, double, int)}, which must follow.
         *
         * @throws IllegalArgumentException naming {@code nic.uet.nscc.<key>} when the record refuses the set
         */
        public Builder uetNscc(Values written) {
            uetNscc = org.lossless.nic.nscc.NsccParams.of(org.lossless.nic.cc.CcValues.texts(written == null
                    ? Values.empty(org.lossless.nic.nscc.NsccParams.SECTION) : written));
            return this;
        }

        /**
         * {@code nic.transport} with {@code nic.uet} as the scenario reader read it (null: not written), NSCC's
         * parameters from {@link #uetNscc} (its defaults if not called) and RCCC's ({@link UetSchema#config}).
         *
         * @throws IllegalArgumentException naming the key when the record refuses the set
         */
        public Builder uet(String transport, Values written, double speculativeBdp, int grantPackets) {
            uet = UetSchema.config(transport, written, uetNscc, speculativeBdp, grantPackets);
            return this;
        }

        public NicConfig build() {
            return new NicConfig(mtu, ackEvery, rtoPs, ackPriority, cnpPriority, dcqcn, rxBuffer, window,
                    cc != null ? cc : defaultCc(dcqcn), pfcResponsePs,
                    ackDscp != null ? ackDscp : defaultAckDscp(ackPriority),
                    cnpDscp != null ? cnpDscp : Dscp.ofPriority(cnpPriority), ackDelayPs, nackIntervalPs, ccSettings,
                    lossRecovery, wire, uet);
        }
    }
}
