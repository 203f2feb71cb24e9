package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The ideal of every job of a run: what the same job alone on an uncongested fabric cannot beat. Each job's own
 * program runs again alone ({@link IdealContext}, same seed), and each iteration's ideal duration is the largest of
 * three bounds (docs/workloads.md, "Job figures and their ideal"):
 *
 * <ul>
 *   <li>the <b>chain</b> bound: the iteration's duration there, every connection sending its messages one after
 *       another at line rate, every message delivered at its {@code ideal_fct}, no port shared between
 *       connections (the job's chain of dependent messages, software step latencies and NVLink at their
 *       fastest; NVLink and PCIe are queues of the program itself, so GPUs that share them wait for each other
 *       here too);</li>
 *   <li>the <b>port</b> bound: from the iteration's start to its first message, plus the busiest host port's
 *       wire bits (egress or ingress, every message of the iteration that crosses it, control messages
 *       included) at that port's line rate, plus the smallest latency of those messages (its {@code ideal_fct}
 *       less its serialization); GPUs that share a NIC share its port;</li>
 *   <li>the <b>uplink</b> bound: the same with the busiest edge switch's uplinks in place of a host port: the bits
 *       its hosts exchange with hosts of other edge switches over the summed rate of its cables to other switches
 *       ({@link EdgeUplinks}). It binds only where edge switches are oversubscribed (a 2:1 ToR under a job that
 *       sends everything off the ToR).</li>
 * </ul>
 *
 * For one message alone this is its {@code ideal_fct}; for an incast, the senders' bytes through the receiver's
 * port plus one message's latency; for a collective, nccl-tests' "bus bandwidth = the NIC's" limit where bytes
 * dominate (every GPU's own NIC counts, NVLink is left to the program's own model) and its chain of steps where
 * latency does. The job alone can run slower than its ideal (a pipeline that leaves ports idle between steps),
 * never faster. A storage job's latency percentiles are those of the chain bound; its IOPS and throughput are
 * over the ideal duration. Plain traffic (flows, CDF traffic) has no job and no replay. Deterministic.
 *
 * <p>Cost: one message-level pass over the job's messages (no packets), small beside the packet run, then one
 * sequential pass (or a few) over its record of them for the port bounds ({@link PortBound}). Memory: the job's
 * program and its messages in flight, plus a bounded share of the heap for that record ({@link SentLog}); the rest of
 * the record is in a temporary file in the result directory being written ({@link IdealSpill}), deleted when the
 * job's replay ends.
 */
public final class IdealRun {
    /** The bound that set an iteration's ideal: its chain of dependent messages and step latencies. */
    public static final String CHAIN = "chain";
    /** ... or its busiest host port's bytes. */
    public static final String PORT = "port";
    /** ... or the busiest edge switch's uplinks: what its hosts send to (or receive from) other edge switches. */
    public static final String UPLINK = "uplink";

    private IdealRun() {
    }

    /**
     * Replays the programs of {@code in} whose names are in {@code jobs} (the workloads that reported job
     * iterations in the real run), each alone, in workload order. {@code running}: the real run's programs, in
     * the same order; a factory that hands out that very program again instead of a fresh one (a test that keeps
     * the program to look at it) cannot be replayed, and its job gets no ideal.
     */
    public static List<JobIdeal> of(EngineInput in, IdealFct ideal, Set<String> jobs, List<TrafficProgram> running) {
        return of(in, ideal, jobs, running, IdealSpill.in(null));
    }

    /** As {@link #of(EngineInput, IdealFct, Set, List)}, each job's record of its messages kept as {@code spill} says. */
    static List<JobIdeal> of(EngineInput in, IdealFct ideal, Set<String> jobs, List<TrafficProgram> running,
                             IdealSpill spill) {
        List<JobIdeal> out = new ArrayList<>();
        EdgeUplinks edges = EdgeUplinks.of(in.topology());
        forEachFresh(in, running, () -> true, p -> {
            if (jobs.contains(p.name())) {
                out.add(replay(in, ideal, p, edges, null, spill));
            }
        });
        return out;
    }

    /**
     * Hands {@code action} a fresh program of each of {@code in}'s workloads that a replay can run, in workload order,
     * while {@code more} says so: not plain listed flows (no job), and not a factory that hands out the running program
     * ({@code running}, in the same order) again instead of a fresh one. One program at a time: each can be dropped
     * once replayed.
     */
    static void forEachFresh(EngineInput in, List<TrafficProgram> running, java.util.function.BooleanSupplier more,
                             java.util.function.Consumer<TrafficProgram> action) {
        List<ProgramFactory> factories = in.traffic().programs();
        for (int k = 0; k < factories.size() && more.getAsBoolean(); k++) {
            ProgramFactory f = factories.get(k);
            if (!f.listedFlows().isEmpty()) {
                continue;
            }
            TrafficProgram p = f.newProgram();
            if (k < running.size() && running.get(k) == p) {
                continue;
            }
            action.accept(p);
        }
    }

    /**
     * The ideal of one job: its fresh program {@code p} replayed alone. {@code stop} (may be null) is asked now and then
     * and ends the replay with a {@link java.util.concurrent.CancellationException} when true (a replay beside a run
     * that failed or was stopped: {@link IdealReplay}). The record of its messages ({@link SentLog}) is kept as
     * {@code spill} says and its file, if any, deleted before this returns or throws.
     */
    static JobIdeal replay(EngineInput in, IdealFct ideal, TrafficProgram p, EdgeUplinks edges,
                           java.util.function.BooleanSupplier stop, IdealSpill spill) {
        try (SentLog sent = spill.newLog(in.topology().hostCount())) {
            IdealContext ctx = new IdealContext(p, in.topology(), ideal, in.nic().mtu(), in.nic().ackDelayPs(),
                    in.seed(), sent);
            ctx.run(in.stopTimePs(), stop);
            return bound(p.name(), p.jobIterations(), p.operationStats(), sent, ctx.hostRates(), edges, stop);
        }
    }

    /** {@link #of(EngineInput, IdealFct, Set, List)} when no program of {@code in} has run yet. */
    public static List<JobIdeal> of(EngineInput in, IdealFct ideal, Set<String> jobs) {
        return of(in, ideal, jobs, List.of());
    }

    /** The job's ideal from its replayed iterations and what their messages put on the ports ({@link PortBound}). */
    static JobIdeal bound(String job, List<JobIteration> replayed, List<OperationStats> ops, SentLog sent, long[] rates,
                          EdgeUplinks edges, java.util.function.BooleanSupplier stop) {
        List<JobIteration> finished = replayed.stream().filter(JobIteration::finished)
                .sorted(java.util.Comparator.comparingLong(JobIteration::startPs)).toList();
        long[][] ports = PortBound.of(finished, sent, rates, edges, PortBound.PASS_BYTES, stop);
        java.util.Map<JobIteration, Integer> windowOf = new java.util.IdentityHashMap<>();
        for (int w = 0; w < finished.size(); w++) {
            windowOf.put(finished.get(w), w);
        }
        List<JobIteration> iterations = new ArrayList<>();
        List<String> limits = new ArrayList<>();
        for (JobIteration it : replayed) {
            if (!it.finished()) {
                iterations.add(it);
                limits.add("");
                continue;
            }
            long port = ports[0][windowOf.get(it)];
            long uplink = ports[1][windowOf.get(it)];
            long chain = it.durationPs();
            iterations.add(new JobIteration(it.job(), it.iteration(), it.type(), it.hosts(), it.sizeBytes(), it.startPs(),
                    it.startPs() + Math.max(Math.max(port, uplink), chain), it.busbwFactor()));
            limits.add(uplink > Math.max(port, chain) ? UPLINK : port > chain ? PORT : CHAIN);
        }
        List<OperationStats> stats = new ArrayList<>();
        for (OperationStats s : ops) {
            long window = s.windowPs();
            for (JobIteration it : iterations) {
                if (it.iteration() == s.iteration() && it.finished()) {
                    window = Math.max(window, it.durationPs());
                }
            }
            stats.add(new OperationStats(s.job(), s.iteration(), s.operation(), s.issued(), s.completed(), s.bytes(),
                    window, s.p50Ps(), s.p99Ps(), s.p999Ps(), s.maxPs(), s.meanPs()));
        }
        return new JobIdeal(job, iterations, stats, limits);
    }
}
