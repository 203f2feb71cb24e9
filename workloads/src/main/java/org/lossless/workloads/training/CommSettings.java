package org.lossless.workloads.training;

import java.util.Objects;

import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.TunerMode;
import org.lossless.workloads.traffic.ConnectionOptions;

/**
 * How a training job's collectives and point-to-point transfers run on the collective engine: the same settings
 * as a stand-alone collective job's, applied to every call.
 *
 * @param channels      rings / tree pairs per collective, or {@link #AUTO} for two per GPU of a server (one connection
 *                      per peer pair for all-to-all and point-to-point)
 * @param algorithm     ring or tree for all-reduce, or null to let the tuner choose; other collectives use their own
 * @param protocol      or null to let the tuner choose (all-to-all and point-to-point always use Simple)
 * @param connection    priority, QPs, congestion control and DSCP of every connection
 * @param baseLatencyPs software latency per call, or -1 for NCCL's
 * @param stepLatencyPs per network step, or -1 for NCCL's
 * @param nvlinkStepPs  per NVLink step, or -1 for NCCL's
 * @param ringOrder     rail-aware or naive rings
 * @param pxn           cross-rail hops via the rail-local NIC of the sending server
 * @param servers       GPUs per server and NVLink (rank placement on servers)
 * @param tuner         how the tuner fills an algorithm or protocol left open (a call's choice is made once per
 *                      distinct call of the job: same collective, ranks, size and channels)
 * @param ctsDelayPs    time from a clear-to-send's arrival at the sender's NIC to the sender's post of the slice it
 *                      allows, or -1 for the default
 *                      ({@link org.lossless.workloads.collective.CollectiveJob#ctsDelayOrDefaultPs})
 */
public record CommSettings(int channels, Algorithm algorithm, Protocol protocol, ConnectionOptions connection,
                           long baseLatencyPs, long stepLatencyPs, long nvlinkStepPs, RingOrder ringOrder, boolean pxn,
                           GpuServers servers, TunerMode tuner, long ctsDelayPs) {
    /** {@code channels}: the collective engine's default. */
    public static final int AUTO = 0;

    public CommSettings {
        if (channels < 0 || channels > org.lossless.workloads.collective.CollectiveJob.MAX_CHANNELS) {
            throw new IllegalArgumentException("channels must be 1.." + org.lossless.workloads.collective.CollectiveJob.MAX_CHANNELS
                    + " (or auto), got " + channels);
        }
        if (algorithm != null && algorithm != Algorithm.RING && algorithm != Algorithm.TREE) {
            throw new IllegalArgumentException("a training job's all-reduce algorithm is ring, tree or auto");
        }
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(ringOrder, "ringOrder");
        Objects.requireNonNull(servers, "servers");
        Objects.requireNonNull(tuner, "tuner");
        if (baseLatencyPs < -1 || stepLatencyPs < -1 || nvlinkStepPs < -1 || ctsDelayPs < -1) {
            throw new IllegalArgumentException("latencies must be >= 0 ps (or -1 for NCCL's)");
        }
    }

    /** With the default clear-to-send delay. */
    public CommSettings(int channels, Algorithm algorithm, Protocol protocol, ConnectionOptions connection,
                        long baseLatencyPs, long stepLatencyPs, long nvlinkStepPs, RingOrder ringOrder, boolean pxn,
                        GpuServers servers, TunerMode tuner) {
        this(channels, algorithm, protocol, connection, baseLatencyPs, stepLatencyPs, nvlinkStepPs, ringOrder, pxn,
                servers, tuner, -1);
    }

    /** With the default tuner (the simulator's dry runs) and clear-to-send delay. */
    public CommSettings(int channels, Algorithm algorithm, Protocol protocol, ConnectionOptions connection,
                        long baseLatencyPs, long stepLatencyPs, long nvlinkStepPs, RingOrder ringOrder, boolean pxn,
                        GpuServers servers) {
        this(channels, algorithm, protocol, connection, baseLatencyPs, stepLatencyPs, nvlinkStepPs, ringOrder, pxn,
                servers, TunerMode.SIMULATOR);
    }

    /** NCCL's defaults on {@code servers}: automatic channels, algorithm, protocol and latencies, rail rings, PXN. */
    public static CommSettings defaults(ConnectionOptions connection, GpuServers servers) {
        return new CommSettings(AUTO, null, null, connection, -1, -1, -1, RingOrder.RAIL, true, servers);
    }
}
