package org.lossless.workloads.collective;

/**
 * NCCL's own cost model of a collective call ({@code src/graph/tuning.cc}: {@code ncclTopoTuneModel} and
 * {@code ncclTopoGetAlgoTime}): predicted time = latency + S / algbw, microseconds. What {@code tuner: nccl}
 * picks by; the default tuner times the candidates in the simulator's own terms instead ({@link Tuner}).
 *
 * <ul>
 *   <li>bus bandwidth = the slowest rank's NIC line rate (NCCL: channels x per-channel graph bandwidth),
 *       ring LL x 0.5, ring LL128 x 0.92; tree all-reduce x 0.92, then LL / 3.8, LL128 x 120/128 (x 7/9 inside
 *       one server), and x 0.85 more when every server has one GPU (NCCL's {@code NCCL_TOPO_PATTERN_TREE});</li>
 *   <li>algbw = busbw x n / nsteps for rings (nsteps = 2(n-1), n-1, n), busbw / 2 for the tree, then for tree
 *       all-reduce x {@link TreeCorrection} by size (NCCL's {@code treeCorrectionFactor});</li>
 *   <li>latency = {@link StepLatencies} base + per step: rings 2(N-1) network steps (N servers; N-1 for the
 *       other ring collectives) and the rest over NVLink, an NVLink step costing at least NCCL's network post
 *       overhead on several servers (1 us, 3 us with Simple: x86 Intel); the tree 2 (log2 N network +
 *       (g-1) NVLink steps); ring Simple all-reduce on several servers x 1.4 once the per-rank, per-channel
 *       share reaches 64 bytes (NCCL's "plateau" factor for Ampere and later).</li>
 * </ul>
 *
 * Left out: NCCL's GPU- and CPU-specific bandwidth caps ({@code llMaxBws}, {@code perChMax*Bws}), its LL128
 * enablement rules (LL128 is always a candidate), NVLS, CollNet and PAT.
 */
public final class NcclModel {
    /** NCCL's network post overhead on x86 Intel hosts ({@code getNetOverhead}), us; x3 with Simple. */
    static final double NET_OVERHEAD_US = 1.0;

    private NcclModel() {
    }

    /** NCCL-style predicted time of one call of {@code job} with {@code a} and {@code p}, microseconds. */
    public static double predictUs(CollectiveJob job, Algorithm a, Protocol p, long linkRateBps) {
        return latencyUs(job, a, p) + job.sizeBytes() / (1000 * algbwGBps(job, a, p, linkRateBps));
    }

    /** algbw NCCL's model gives {@code job} with {@code a} and {@code p}, GB/s (1e9 B/s). */
    static double algbwGBps(CollectiveJob job, Algorithm a, Protocol p, long linkRateBps) {
        int n = job.n();
        int nodes = job.serverCount();
        double busBw = linkRateBps / 8e9;
        if (a == Algorithm.TREE) {
            busBw *= 0.92;
            if (p == Protocol.LL) {
                busBw /= 3.8;
            } else if (p == Protocol.LL128) {
                busBw *= nodes == 1 ? 7.0 / 9 : 120.0 / 128;
            }
            if (job.servers().gpusPerServer() == 1) {
                busBw *= 0.85;
            }
            return busBw * 0.5 * TreeCorrection.factor(p, job.sizeBytes());
        }
        if (p == Protocol.LL) {
            busBw *= 0.5;
        } else if (p == Protocol.LL128) {
            busBw *= 0.92;
        }
        return busBw * n / job.collective().ringSteps(n);
    }

    /** The latency term of NCCL's model, microseconds. */
    static double latencyUs(CollectiveJob job, Algorithm a, Protocol p) {
        int n = job.n();
        int nodes = job.serverCount();
        int ppn = Math.max(1, n / nodes);
        Collective coll = job.collective();
        StepLatencies lat = Tuner.latencies(job, a, p);
        double net = lat.netStepPs() / 1e6;
        double nvl = lat.nvlinkStepPs() / 1e6;
        double latency = lat.basePs() / 1e6;
        if (a == Algorithm.TREE) {
            return latency + 2 * ((ppn - 1) * nvl + log2(nodes) * net);
        }
        if (nodes > 1) {
            nvl = Math.max(nvl, p == Protocol.SIMPLE ? 3 * NET_OVERHEAD_US : NET_OVERHEAD_US);
        }
        int nsteps = coll.ringSteps(n);
        int inter = nodes == 1 ? 0 : coll == Collective.ALLREDUCE ? 2 * (nodes - 1) : nodes - 1;
        latency += (nsteps - inter) * nvl + inter * net;
        if (p == Protocol.SIMPLE && coll == Collective.ALLREDUCE && nodes > 1
                && job.sizeBytes() / ((long) job.channels() * n) >= 64) {
            latency *= 1.4;
        }
        return latency;
    }

    static int log2(long v) {
        return 63 - Long.numberOfLeadingZeros(Math.max(1, v));
    }
}
