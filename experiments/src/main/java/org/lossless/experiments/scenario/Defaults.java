package org.lossless.experiments.scenario;

import java.util.List;

import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.topology.servers.LocalLink;

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

    /*
     * switch: every default lives with the settings in switch-model: SwitchSettings.resolved() and the
     * MmuFactory constants (docs/switch.md section 5). The first lossless priority is the default flow priority.
     */
    /** {@code switch.buffer_size}: 32 MB (32 MiB with profile hpcc2019). */
    public static final long BUFFER_BYTES = MmuFactory.DEFAULT_BUFFER;
    /** {@code switch.pfc.priorities}: [3]. */
    public static final List<Integer> PFC_PRIORITIES = MmuFactory.DEFAULT_PRIORITIES;

    /** {@code nic.mtu}'s default, payload bytes (the schema's, {@link org.lossless.nic.NicSchema}). */
    public static final int MTU_BYTES = org.lossless.nic.NicSchema.DEFAULT_MTU;

    /**
     * {@code topology.nvlink.rate} (GPU servers): 2.4 Tb/s, one A100 GPU's NVLink 3 bandwidth per direction
     * (12 links x 25 GB/s).
     */
    public static final long NVLINK_RATE_BPS = 2_400_000_000_000L;
    /** {@code topology.nvlink.latency}: 1 us from the last byte leaving one GPU to it landing in another. */
    public static final long NVLINK_LATENCY_PS = 1_000_000L;
    /** {@code nvlink} of a GPU server: {@link #NVLINK_RATE_BPS}, {@link #NVLINK_LATENCY_PS}. */
    public static final LocalLink NVLINK = new LocalLink(NVLINK_RATE_BPS, NVLINK_LATENCY_PS);

    /** {@code flows[].start}: 0. The default priority is the first PFC priority (3 by default). */
    public static final long FLOW_START_PS = org.lossless.workloads.spec.WorkloadConfig.FlowSpec.DEFAULT_START_PS;

    /** {@code hpcc-flows} {@code time_origin}: 2 s, where HPCC's traffic generator starts flows. */
    public static final long HPCC_TIME_ORIGIN_PS = org.lossless.workloads.spec.WorkloadConfig.HpccFlows.DEFAULT_TIME_ORIGIN_PS;

    /** {@code telemetry.sample_interval}: 10 us. {@code queues}: all; {@code flow_rates}: none. */
    public static final long SAMPLE_INTERVAL_PS = 10_000_000L;

    private Defaults() {
    }
}
