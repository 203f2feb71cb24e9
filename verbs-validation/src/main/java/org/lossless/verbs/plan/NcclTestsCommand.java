package org.lossless.verbs.plan;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;

/**
 * nccl-tests names and sizes (github NVIDIA/nccl-tests {@code src/*.cu}, {@code src/common.cu}): the binary of
 * each collective, the size it prints for a requested {@code -b} (its element counts are rounded down), and the
 * NCCL environment that pins what the scenario chose (algorithm, protocol, channels, QPs).
 */
public final class NcclTestsCommand {
    /** nccl-tests' default data type is float: 4 bytes. */
    static final int TYPE_BYTES = 4;
    /** Warm-up calls nccl-tests runs before timing ({@code -w}). */
    public static final int WARMUP = 5;

    private NcclTestsCommand() {
    }

    /** The nccl-tests binary that runs {@code c}. */
    public static String binary(Collective c) {
        return switch (c) {
            case ALLREDUCE -> "all_reduce_perf";
            case ALLGATHER -> "all_gather_perf";
            case REDUCESCATTER -> "reduce_scatter_perf";
            case ALLTOALL -> "alltoall_perf";
            case BROADCAST -> "broadcast_perf";
        };
    }

    /**
     * The size nccl-tests prints (and times) for {@code -b S} on {@code n} ranks: count = S / 4 floats;
     * all-reduce and broadcast move count x 4 bytes; all-gather, reduce-scatter and all-to-all use per-rank
     * counts of (count / n) rounded down to a multiple of 4 elements (16 bytes) and print n x that x 4.
     */
    public static long printedSize(Collective c, int n, long sizeBytes) {
        long count = sizeBytes / TYPE_BYTES;
        return switch (c) {
            case ALLREDUCE, BROADCAST -> count * TYPE_BYTES;
            case ALLGATHER, REDUCESCATTER, ALLTOALL -> ((count / n) & ~3L) * n * TYPE_BYTES;
        };
    }

    /** The printed size of a job of the scenario. */
    public static long printedSize(CollectiveJob job) {
        return printedSize(job.collective(), job.n(), job.sizeBytes());
    }

    /**
     * NCCL variables that pin the job's choices: {@code NCCL_ALGO} and {@code NCCL_PROTO} when the scenario fixes them
     * (ring, tree; simple, LL, LL128), the channel count ({@code NCCL_MIN_NCHANNELS}/{@code NCCL_MAX_NCHANNELS}; for
     * all-to-all the channels per peer, {@code NCCL_NCHANNELS_PER_NET_PEER}), {@code NCCL_IB_QPS_PER_CONNECTION}, and
     * {@code NCCL_PXN_DISABLE=1} when PXN is off on multi-GPU servers.
     */
    static Map<String, String> tuning(CollectiveJob job) {
        Map<String, String> env = new LinkedHashMap<>();
        if (job.algorithm() == Algorithm.RING || job.collective() == Collective.BROADCAST) {
            env.put("NCCL_ALGO", "Ring");
        } else if (job.algorithm() == Algorithm.TREE) {
            env.put("NCCL_ALGO", "Tree");
        }
        if (job.protocol() != null) {
            env.put("NCCL_PROTO", switch (job.protocol()) {
                case SIMPLE -> "Simple";
                case LL -> "LL";
                case LL128 -> "LL128";
            });
        }
        if (job.collective() == Collective.ALLTOALL) {
            env.put("NCCL_NCHANNELS_PER_NET_PEER", String.valueOf(job.channels()));
        } else {
            env.put("NCCL_MIN_NCHANNELS", String.valueOf(job.channels()));
            env.put("NCCL_MAX_NCHANNELS", String.valueOf(job.channels()));
        }
        env.put("NCCL_IB_QPS_PER_CONNECTION", String.valueOf(job.connection().qps()));
        if (!job.pxn() && job.servers().gpusPerServer() > 1) {
            env.put("NCCL_PXN_DISABLE", "1");
        }
        return env;
    }
}
