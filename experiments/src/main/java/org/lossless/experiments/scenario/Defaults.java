package org.lossless.experiments.scenario;

import java.util.List;

/**
 * The value of every optional scenario key (docs/scenario.md lists the same). Sizes in bytes, times in ps,
 * rates in bps.
 */
public final class Defaults {
    public static final long SEED = 1;
    /** {@code stop_time}: 100 ms. */
    public static final long STOP_TIME_PS = 100_000_000_000L;

    /** {@code topology.host_link}: 100 Gb/s, 1 us. {@code fabric_link} defaults to the host link. */
    public static final LinkConfig HOST_LINK = LinkConfig.of(100_000_000_000L, 1_000_000L);

    /** {@code switch.buffer_size}: 32 MB. */
    public static final long BUFFER_BYTES = 32_000_000L;
    public static final boolean PFC_ENABLED = true;
    public static final List<Integer> PFC_PRIORITIES = List.of(3);
    public static final int DYNAMIC_TH = -3;
    public static final long XON_OFFSET_BYTES = 2_000L;
    public static final boolean ECN_ENABLED = true;
    /** kmin / kmax / pmax: the HPCC simulator's 100 Gb/s setting (reference/dcqcn.md §4.3). */
    public static final long KMIN_BYTES = 400_000L;
    public static final long KMAX_BYTES = 1_600_000L;
    public static final double PMAX = 0.2;
    public static final EcnConfig.MarkPoint MARK_ON = EcnConfig.MarkPoint.DEQUEUE;

    /** {@code nic.mtu}: 1024 payload bytes. */
    public static final int MTU_BYTES = 1024;
    public static final NicConfig.CongestionControl CC = NicConfig.CongestionControl.DCQCN;
    public static final DcqcnConfig.Profile DCQCN_PROFILE = DcqcnConfig.Profile.MLX5;

    /** {@code flows[].start}: 0. The default priority is the first PFC priority (3 by default). */
    public static final long FLOW_START_PS = 0;

    /** {@code hpcc-flows} {@code time_origin}: 2 s, where HPCC's traffic generator starts flows. */
    public static final long HPCC_TIME_ORIGIN_PS = 2_000_000_000_000L;

    /** {@code telemetry.sample_interval}: 10 us. {@code queues}: all; {@code flow_rates}: none. */
    public static final long SAMPLE_INTERVAL_PS = 10_000_000L;

    private Defaults() {
    }
}
