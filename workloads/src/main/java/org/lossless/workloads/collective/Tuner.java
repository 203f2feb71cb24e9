package org.lossless.workloads.collective;

import java.util.List;

/**
 * Chooses the algorithm and protocol a job leaves open, as NCCL's tuner does ({@code src/graph/tuning.cc}
 * {@code ncclTopoTuneModel} and {@code ncclTopoGetAlgoTime}): predicted time = latency + S / algbw, the
 * smallest wins. Simplified to what the simulator knows:
 *
 * <ul>
 *   <li>bus bandwidth = the slowest rank's NIC line rate, times 0.5 for LL and 0.92 for LL128 (NCCL's
 *       factors; NCCL's GPU-specific per-channel caps are left out); tree all-reduce x 0.92, LL / 3.8,
 *       LL128 x 120/128;</li>
 *   <li>algbw = busbw x n / nsteps for rings (nsteps = 2(n-1), n-1, n), busbw / 2 for the tree;</li>
 *   <li>latency = {@link StepLatencies} base + per step: rings 2(N-1) network steps and the rest over
 *       NVLink for all-reduce (N servers; N-1 for the others), the tree 2 (log2 N network + (g-1) NVLink
 *       steps); the whole latency of ring Simple all-reduce on several servers x 1.4 once the per-rank, per-channel share
 *       reaches 64 bytes (NCCL's "plateau" factor for Ampere and later).</li>
 * </ul>
 *
 * Only ring and tree are candidates when the algorithm is open (halving-doubling is never chosen, as in
 * NCCL); all-to-all is always direct with Simple.
 */
public final class Tuner {
    private Tuner() {
    }

    /** A chosen algorithm and protocol with its predicted time. */
    public record Choice(Algorithm algorithm, Protocol protocol, double predictedUs) {
    }

    /** The job's algorithm and protocol, filling what it leaves open; {@code linkRateBps}: the slowest rank's NIC. */
    public static Choice choose(CollectiveJob job, long linkRateBps) {
        List<Algorithm> algorithms;
        if (job.algorithm() != null) {
            algorithms = List.of(job.algorithm());
        } else {
            algorithms = switch (job.collective()) {
                case ALLREDUCE -> List.of(Algorithm.RING, Algorithm.TREE);
                case ALLTOALL -> List.of(Algorithm.DIRECT);
                default -> List.of(Algorithm.RING);
            };
        }
        List<Protocol> protocols = job.protocol() != null ? List.of(job.protocol())
                : job.collective() == Collective.ALLTOALL ? List.of(Protocol.SIMPLE)
                : List.of(Protocol.LL, Protocol.LL128, Protocol.SIMPLE);
        Choice best = null;
        for (Algorithm a : algorithms) {
            for (Protocol p : protocols) {
                double t = predictUs(job, a, p, linkRateBps);
                if (best == null || t < best.predictedUs()) {
                    best = new Choice(a, p, t);
                }
            }
        }
        return best;
    }

    /** The job's latencies for {@code algorithm} and {@code protocol}: NCCL's, with the job's overrides. */
    public static StepLatencies latencies(CollectiveJob job, Algorithm algorithm, Protocol protocol) {
        return StepLatencies.ncclDefaults(algorithm, protocol, job.servers().gpusPerServer() == 1 || job.serverCount() == job.n(),
                        job.servers().gpusPerServer() > 1 && !job.servers().hasNvlink())
                .override(job.baseLatencyPs(), job.stepLatencyPs(), job.nvlinkStepPs());
    }

    /** NCCL-style predicted time of one call, microseconds. */
    public static double predictUs(CollectiveJob job, Algorithm a, Protocol p, long linkRateBps) {
        int n = job.n();
        int nodes = job.serverCount();
        int ppn = Math.max(1, n / nodes);
        Collective coll = job.collective();
        StepLatencies lat = latencies(job, a, p);
        double net = lat.netStepPs() / 1e6;
        double nvl = lat.nvlinkStepPs() / 1e6;
        double busBw = linkRateBps / 8e9;
        double latency = lat.basePs() / 1e6;
        double algBw;
        if (a == Algorithm.TREE) {
            busBw *= 0.92;
            if (p == Protocol.LL) {
                busBw /= 3.8;
            } else if (p == Protocol.LL128) {
                busBw *= 120.0 / 128;
            }
            algBw = busBw * 0.5;
            latency += 2 * ((ppn - 1) * nvl + log2(nodes) * net);
        } else {
            if (p == Protocol.LL) {
                busBw *= 0.5;
            } else if (p == Protocol.LL128) {
                busBw *= 0.92;
            }
            int nsteps = coll.ringSteps(n);
            algBw = busBw * n / nsteps;
            int inter = nodes == 1 ? 0 : coll == Collective.ALLREDUCE ? 2 * (nodes - 1) : nodes - 1;
            latency += (nsteps - inter) * nvl + inter * net;
            if (p == Protocol.SIMPLE && coll == Collective.ALLREDUCE && nodes > 1
                    && job.sizeBytes() / ((long) job.channels() * n) >= 64) {
                latency *= 1.4;
            }
        }
        return latency + job.sizeBytes() / (1000 * algBw);
    }

    private static int log2(int v) {
        return 31 - Integer.numberOfLeadingZeros(Math.max(1, v));
    }
}
