package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.lossless.core.net.WireFormat;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Chooses the algorithm and protocol a job leaves to {@code auto}, as NCCL's tuner does: every candidate is
 * timed and the fastest wins. Candidates: all-reduce ring and tree (halving-doubling is never chosen, as in
 * NCCL), the other collectives their one algorithm; protocols LL, LL128 and Simple (all-to-all: Simple).
 *
 * <ul>
 *   <li>{@link TunerMode#SIMULATOR} (default): each candidate's call is run once alone on the fabric by a
 *       {@link DryRun} (the job's own plan, steps, slots and software latencies against fluid NIC queues and
 *       path latencies), so the choice is what the simulation itself runs fastest. Candidates are tried in
 *       order of a lower bound ({@link #lowerBoundPs}) and the search stops when the next bound is no better
 *       than the best time found, which spares the slow dry runs (a ring over many hosts for a small buffer,
 *       LL for a large one) without changing the answer.</li>
 *   <li>{@link TunerMode#NCCL}: NCCL's own cost model ({@link NcclModel}).</li>
 * </ul>
 *
 * Candidates whose plan exceeds {@link PlanSize#MAX_TRANSFERS} are not dry-run (a dry run that long would cost more
 * than the choice is worth); when no candidate is left, NCCL's cost model chooses among them all. Ties go to the
 * earlier candidate in the order ring before tree, LL before LL128 before Simple.
 */
public final class Tuner {
    private Tuner() {
    }

    /** A chosen algorithm and protocol with its predicted time (NaN when nothing was left open). */
    public record Choice(Algorithm algorithm, Protocol protocol, double predictedUs) {
    }

    /** The job's algorithm and protocol, filling what it leaves open for the fabric of {@code ctx}. */
    public static Choice choose(CollectiveJob job, TrafficContext ctx) {
        List<Choice> candidates = candidates(job);
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        long slowest = Long.MAX_VALUE;
        for (int r : job.ranks()) {
            slowest = Math.min(slowest, ctx.hostRateBps(job.servers().nicOf(r)));
        }
        if (job.tuner() == TunerMode.NCCL) {
            return byNcclModel(job, candidates, slowest);
        }
        return byDryRun(job, candidates, ctx, slowest);
    }

    /** Every algorithm and protocol {@code job} may run with, in tie-break order, predicted times NaN. */
    public static List<Choice> candidates(CollectiveJob job) {
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
        List<Choice> out = new ArrayList<>();
        for (Algorithm a : algorithms) {
            for (Protocol p : protocols) {
                out.add(new Choice(a, p, Double.NaN));
            }
        }
        return out;
    }

    private static Choice byNcclModel(CollectiveJob job, List<Choice> candidates, long rateBps) {
        Choice best = null;
        for (Choice c : candidates) {
            double t = NcclModel.predictUs(job, c.algorithm(), c.protocol(), rateBps);
            if (best == null || t < best.predictedUs()) {
                best = new Choice(c.algorithm(), c.protocol(), t);
            }
        }
        return best;
    }

    private static Choice byDryRun(CollectiveJob job, List<Choice> candidates, TrafficContext ctx, long rateBps) {
        List<Bound> bounds = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            bounds.add(new Bound(candidates.get(i), lowerBoundPs(job, candidates.get(i), rateBps), i));
        }
        bounds.sort(Comparator.comparingLong(Bound::ps).thenComparingInt(Bound::rank));
        PathLatency paths = new PathLatency(ctx.topology(), ctx.mtu(), ctx.wire());
        Bound best = null;
        long bestPs = Long.MAX_VALUE;
        for (Bound b : bounds) {
            if (b.ps() > bestPs) {
                break;
            }
            Algorithm a = b.choice().algorithm();
            Protocol p = b.choice().protocol();
            if (PlanSize.transfers(job, a, p) > PlanSize.MAX_TRANSFERS) {
                continue;
            }
            long t = DryRun.durationPs(job.oneCall(a, p), ctx, paths);
            if (t < bestPs || t == bestPs && b.rank() < best.rank()) {
                best = b;
                bestPs = t;
            }
        }
        return best == null ? byNcclModel(job, candidates, rateBps)
                : new Choice(best.choice().algorithm(), best.choice().protocol(), bestPs / 1e6);
    }

    /** A candidate, its lower bound (ps) and its place in the tie-break order. */
    private record Bound(Choice choice, long ps, int rank) {
    }

    /**
     * A time no dry run of candidate {@code c} can beat, ps: the base latency plus the larger of two bounds.
     * Bandwidth: at line rate, each NIC's average share of the bytes the call must put on the network
     * (nccl-tests' busbw factor x S on the N - 1 network edges per N servers a ring or tree crosses, spread
     * over every NIC of those servers, however many GPUs share one), in the protocol's wire bytes, headers left out. Latency: the software
     * latency of the steps one chunk must take one after another (rings: 2(N - 1) network steps per
     * all-reduce loop, N - 1 for the others, the rest of the ring over NVLink; the tree: log2 N network
     * levels and g - 1 NVLink hops, up and down). Other algorithms: the base latency alone.
     */
    static long lowerBoundPs(CollectiveJob job, Choice c, long rateBps) {
        StepLatencies lat = latencies(job, c.algorithm(), c.protocol());
        if (c.algorithm() != Algorithm.RING && c.algorithm() != Algorithm.TREE) {
            return lat.basePs();
        }
        int servers = job.serverCount();
        long bandwidth = 0;
        if (servers > 1) {
            double share = job.collective().busbwFactor(job.n()) * job.sizeBytes() * (servers - 1)
                    / ((double) servers * job.servers().nicsPerServer());
            bandwidth = WireFormat.serializationPs(c.protocol().wireBytes((long) share), rateBps);
        }
        long steps;
        long network;
        if (c.algorithm() == Algorithm.TREE) {
            steps = 2L * (NcclModel.log2(servers) + job.n() / servers - 1);
            network = 2L * NcclModel.log2(servers);
        } else {
            Collective coll = job.collective();
            steps = coll == Collective.BROADCAST ? job.n() - 1 : coll.ringSteps(job.n());
            network = servers == 1 ? 0 : coll == Collective.ALLREDUCE ? 2L * (servers - 1) : servers - 1;
        }
        long latency = network * lat.netStepPs() + (steps - network) * lat.nvlinkStepPs();
        return lat.basePs() + Math.max(bandwidth, latency);
    }

    /** The job's latencies for {@code algorithm} and {@code protocol}: NCCL's, with the job's overrides. */
    public static StepLatencies latencies(CollectiveJob job, Algorithm algorithm, Protocol protocol) {
        return StepLatencies.ncclDefaults(algorithm, protocol, job.servers().gpusPerServer() == 1 || job.serverCount() == job.n(),
                        job.servers().gpusPerServer() > 1 && !job.servers().hasNvlink())
                .override(job.baseLatencyPs(), job.stepLatencyPs(), job.nvlinkStepPs());
    }
}
