package org.lossless.nic;

import java.util.List;

/**
 * How the NICs' queue pairs recover lost packets ({@code nic.loss_recovery}, {@code nic.irn}).
 *
 * @param mode          {@link #GO_BACK_N} (the default: today's RoCE NICs) or {@link #IRN} (selective repeat
 *                      with a bitmap, BDP-capped, SIGCOMM'18)
 * @param rtoLowPs      IRN: retransmission timeout while at most {@code rtoLowPackets} packets are in flight, ps
 * @param rtoHighPs     IRN: retransmission timeout otherwise, ps (at least {@code rtoLowPs})
 * @param rtoLowPackets IRN: the N of RTO_low, packets, >= 1
 * @param bdpCapPackets IRN: the BDP-FC cap, the most packets a QP may have in flight, or {@link #PATH_BDP_CAP}
 *                      (the default): the QP's path base RTT x line rate in MTU packets, rounded up
 */
public record LossRecoveryConfig(String mode, long rtoLowPs, long rtoHighPs, int rtoLowPackets, long bdpCapPackets) {
    public static final String GO_BACK_N = "go-back-n";
    public static final String IRN = "irn";
    public static final List<String> MODES = List.of(GO_BACK_N, IRN);
    /** IRN's RTO_low in the paper's evaluation: 100 us. */
    public static final long DEFAULT_RTO_LOW_PS = 100_000_000L;
    /** IRN's RTO_high in the paper's evaluation: 320 us. */
    public static final long DEFAULT_RTO_HIGH_PS = 320_000_000L;
    /** IRN's N in the paper's evaluation: RTO_low applies with at most 3 packets in flight. */
    public static final int DEFAULT_RTO_LOW_PACKETS = 3;
    /** {@code bdpCapPackets} value: size the cap from each QP's path (the default). */
    public static final long PATH_BDP_CAP = 0;
    /** Largest BDP cap, packets (the bitmaps are sized to it). */
    public static final long MAX_BDP_CAP = 1L << 20;

    /** Go-back-N, the default. */
    public static final LossRecoveryConfig DEFAULT = of(GO_BACK_N);

    public LossRecoveryConfig {
        if (mode == null || !MODES.contains(mode)) {
            throw new IllegalArgumentException("nic.loss_recovery must be one of " + String.join(", ", MODES)
                    + ", got " + mode);
        }
        if (rtoLowPs <= 0) {
            throw new IllegalArgumentException("nic.irn.rto_low must be > 0, got " + rtoLowPs + " ps");
        }
        if (rtoHighPs < rtoLowPs) {
            throw new IllegalArgumentException("nic.irn.rto_high (" + rtoHighPs + " ps) must be at least nic.irn.rto_low ("
                    + rtoLowPs + " ps)");
        }
        if (rtoLowPackets < 1) {
            throw new IllegalArgumentException("nic.irn.rto_low_packets must be >= 1, got " + rtoLowPackets);
        }
        if (bdpCapPackets < 0 || bdpCapPackets > MAX_BDP_CAP) {
            throw new IllegalArgumentException("nic.irn.bdp_cap must be path or 1.." + MAX_BDP_CAP + " packets, got "
                    + bdpCapPackets);
        }
    }

    /** {@code mode} with IRN's parameters at the paper's values and the path BDP cap. */
    public static LossRecoveryConfig of(String mode) {
        return new LossRecoveryConfig(mode, DEFAULT_RTO_LOW_PS, DEFAULT_RTO_HIGH_PS, DEFAULT_RTO_LOW_PACKETS,
                PATH_BDP_CAP);
    }

    public boolean irn() {
        return mode.equals(IRN);
    }

    /** Whether IRN sizes its cap from the QP's path (needs the path RTTs). */
    public boolean needsPathRtt() {
        return irn() && bdpCapPackets == PATH_BDP_CAP;
    }

    /**
     * A fresh recovery state for a QP whose path BDP is {@code pathBdpPackets} MTU packets (ignored by go-back-N);
     * {@code nackIntervalPs} is go-back-N's NACK retry interval ({@code nic.nack_interval}).
     */
    LossRecovery newQp(long pathBdpPackets, long nackIntervalPs) {
        if (!irn()) {
            return new GoBackN(nackIntervalPs);
        }
        long cap = bdpCapPackets == PATH_BDP_CAP ? pathBdpPackets : bdpCapPackets;
        return new Irn(Math.max(1, Math.min(cap, MAX_BDP_CAP)), rtoLowPs, rtoHighPs, rtoLowPackets);
    }
}
