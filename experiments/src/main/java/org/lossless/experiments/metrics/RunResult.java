package org.lossless.experiments.metrics;

import java.util.List;

import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;
import org.lossless.workloads.training.TrainingResults;

/**
 * Everything one run reports. Flows are in flow-id order and ports in (node id, port, priority)
 * order, so that files written from it are byte-identical for the same scenario and seed.
 *
 * @param simTimePs   simulated time at the end of the run, ps
 * @param flows       one row per posted message, in id order; when the rows were streamed to the result files as
 *                    messages completed ({@link FlowStream}), their counts only ({@link StreamedFlows})
 * @param events      kernel events executed
 * @param wallSeconds wall-clock time of the run (not part of any deterministic file)
 * @param deadlock      a PFC deadlock: a cycle of paused, non-empty, non-moving switch queues at the end
 * @param deadlockCycle the cycle's egress queues as {@code node:port/priority}, empty without deadlock
 * @param pfcWatchdog   the PFC watchdog's storm episodes, or null when no watchdog ran
 * @param pauseGraph    the pause propagation graph ({@code pause_graph.csv}), or null when the engine kept none
 *                      (results not made by the packet engine)
 * @param jobs          the programs' job iterations ({@code jobs.csv}), program by program
 * @param operations    the storage programs' per-operation figures (IOPS, throughput, latency percentiles per
 *                      job iteration and operation type; {@code jobs.csv} storage columns, {@code summary.json}
 *                      {@code jobs[].operations}), program by program
 * @param cpuSeconds    CPU time the process used during the run (every thread: simulation, JIT, GC, but not the jobs' ideal
 *                      replay beside the run, whose thread's CPU is subtracted), s; -1 unknown
 * @param peakHeapBytes the peak heap use during the run (the sum of the heap pools' peaks since the start of the
 *                      run: an upper bound of the true peak), bytes; -1 unknown
 * @param ideals        each job alone on an uncongested fabric ({@link org.lossless.experiments.run.IdealRun}),
 *                      in job order; empty when not computed (results not made by the packet engine)
 * @param losslessDrops the switch ingress (port, priority group)s whose PFC headroom overflowed, with their drops
 *                      (also counted in {@code dropPackets}); empty when no lossless frame was dropped
 * @param training      the training jobs' iteration breakdowns and timeline ({@code jobs.csv} training columns,
 *                      {@code summary.json} {@code jobs[].training}, {@code timeline.csv})
 * @param uet           trims, trim NACKs, RCCC credits and link-level retries ({@code summary.json} {@code uet},
 *                      {@code llr}); {@link UetCounters#NONE} when the run used neither
 * @param postingLeft   the workloads that had not posted everything when the run ended (a CDF workload's later
 *                      arrivals, an incast's later rounds, flows starting after the stop time), in workload order:
 *                      empty when every workload had; a run that ended with one is cut by its stop time, even with
 *                      every posted message finished
 */
public record RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows,
                        List<PortResult> ports, long dropPackets, long dropBytes, long pauseFrames,
                        long pausedPs, boolean deadlock, long ecnMarked, long cnpSent, List<String> deadlockCycle,
                        WatchdogResult pfcWatchdog, PauseGraph pauseGraph, List<JobIteration> jobs,
                        List<OperationStats> operations, double cpuSeconds, long peakHeapBytes, List<JobIdeal> ideals,
                        List<LosslessDrop> losslessDrops, TrainingResults training, UetCounters uet,
                        List<String> postingLeft) {
    /** Why a run ended: {@code done}, {@code stop_time} or {@code deadlock} (summary.json {@code stopped_by}). */
    public enum StoppedBy {
        /** Every flow finished (or there was none) and every workload had posted everything. */
        DONE("done"),
        /** The stop time was reached with work left: flows unfinished, or workloads still to post. */
        STOP_TIME("stop_time"),
        /** The stop time was reached with work left and a PFC deadlock cycle holding it. */
        DEADLOCK("deadlock");

        private final String key;

        StoppedBy(String key) {
            this.key = key;
        }

        /** The name in summary.json. */
        public String key() {
            return key;
        }
    }

    public RunResult {
        // the engine's rows are built when read and cannot change: copying them would hold them all at once
        flows = flows instanceof FlowResultList || flows instanceof StreamedFlows ? flows : List.copyOf(flows);
        ports = List.copyOf(ports);
        deadlockCycle = List.copyOf(deadlockCycle);
        jobs = List.copyOf(jobs);
        operations = List.copyOf(operations);
        ideals = List.copyOf(ideals);
        losslessDrops = List.copyOf(losslessDrops);
        training = training == null ? TrainingResults.NONE : training;
        uet = uet == null ? UetCounters.NONE : uet;
        postingLeft = List.copyOf(postingLeft);
    }

    /** Every workload had posted everything ({@code postingLeft} empty). */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph, List<JobIteration> jobs, List<OperationStats> operations, double cpuSeconds,
                     long peakHeapBytes, List<JobIdeal> ideals, List<LosslessDrop> losslessDrops,
                     TrainingResults training, UetCounters uet) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, jobs, operations, cpuSeconds, peakHeapBytes,
                ideals, losslessDrops, training, uet, List.of());
    }

    /** Without UET or LLR counters. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph, List<JobIteration> jobs, List<OperationStats> operations,
                     double cpuSeconds, long peakHeapBytes, List<JobIdeal> ideals, List<LosslessDrop> losslessDrops,
                     TrainingResults training) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, jobs, operations, cpuSeconds, peakHeapBytes,
                ideals, losslessDrops, training, UetCounters.NONE);
    }

    /** Without training jobs. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph, List<JobIteration> jobs, List<OperationStats> operations,
                     double cpuSeconds, long peakHeapBytes, List<JobIdeal> ideals, List<LosslessDrop> losslessDrops) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, jobs, operations, cpuSeconds, peakHeapBytes,
                ideals, losslessDrops, TrainingResults.NONE);
    }

    /** Without lossless drops. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph, List<JobIteration> jobs, List<OperationStats> operations,
                     double cpuSeconds, long peakHeapBytes, List<JobIdeal> ideals) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, jobs, operations, cpuSeconds, peakHeapBytes,
                ideals, List.of());
    }

    /** Without ideals. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph, List<JobIteration> jobs, List<OperationStats> operations,
                     double cpuSeconds, long peakHeapBytes) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, jobs, operations, cpuSeconds, peakHeapBytes,
                List.of());
    }

    /** The ideal of job {@code name}, or null when none was computed. */
    public JobIdeal ideal(String name) {
        for (JobIdeal i : ideals) {
            if (i.job().equals(name)) {
                return i;
            }
        }
        return null;
    }

    /** Frames of lossless priority groups dropped for lack of headroom, and their bytes. */
    public long losslessDropPackets() {
        return losslessDrops.stream().mapToLong(LosslessDrop::packets).sum();
    }

    public long losslessDropBytes() {
        return losslessDrops.stream().mapToLong(LosslessDrop::bytes).sum();
    }

    /** Without run-cost figures (unknown: -1). */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph, List<JobIteration> jobs, List<OperationStats> operations) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, jobs, operations, -1, -1);
    }

    /** Without jobs. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, List.of());
    }

    /** Without storage or run-cost figures. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph, List<JobIteration> jobs) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, jobs, List.of());
    }

    /** Flows that had not finished when the run ended. */
    public long unfinished() {
        if (flows instanceof StreamedFlows s) {
            return s.unfinished();
        }
        return flows.stream().filter(f -> !f.finished()).count();
    }

    /**
     * Why the run ended: a deadlock, the stop time with flows unfinished or workloads still to post ({@link
     * #postingLeft}), or all work done.
     */
    public StoppedBy stoppedBy() {
        if (unfinished() == 0 && postingLeft.isEmpty()) {
            return StoppedBy.DONE;
        }
        return deadlock ? StoppedBy.DEADLOCK : StoppedBy.STOP_TIME;
    }

    /** Without a pause graph. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, null);
    }

    /** Without a watchdog. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, null);
    }

    /** Without a deadlock cycle description. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, List.of());
    }
}
