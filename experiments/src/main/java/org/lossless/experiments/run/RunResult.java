package org.lossless.experiments.run;

import java.util.List;

import org.lossless.workloads.traffic.JobIteration;

/**
 * Everything one run reports. Flows are in flow-id order and ports in (node id, port, priority)
 * order, so that files written from it are byte-identical for the same scenario and seed.
 *
 * @param simTimePs   simulated time at the end of the run, ps
 * @param events      kernel events executed
 * @param wallSeconds wall-clock time of the run (not part of any deterministic file)
 * @param deadlock      a PFC deadlock: a cycle of paused, non-empty, non-moving switch queues at the end
 * @param deadlockCycle the cycle's egress queues as {@code node:port/priority}, empty without deadlock
 * @param pfcWatchdog   the PFC watchdog's storm episodes, or null when no watchdog ran
 * @param pauseGraph    the pause propagation graph ({@code pause_graph.csv}), or null when the engine kept none
 *                      (results not made by the packet engine)
 * @param jobs          the programs' job iterations ({@code jobs.csv}), program by program
 */
public record RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows,
                        List<PortResult> ports, long dropPackets, long dropBytes, long pauseFrames,
                        long pausedPs, boolean deadlock, long ecnMarked, long cnpSent, List<String> deadlockCycle,
                        WatchdogResult pfcWatchdog, PauseGraph pauseGraph, List<JobIteration> jobs) {
    public RunResult {
        flows = List.copyOf(flows);
        ports = List.copyOf(ports);
        deadlockCycle = List.copyOf(deadlockCycle);
        jobs = List.copyOf(jobs);
    }

    /** Without jobs. */
    public RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows, List<PortResult> ports,
                     long dropPackets, long dropBytes, long pauseFrames, long pausedPs, boolean deadlock,
                     long ecnMarked, long cnpSent, List<String> deadlockCycle, WatchdogResult pfcWatchdog,
                     PauseGraph pauseGraph) {
        this(simTimePs, events, wallSeconds, flows, ports, dropPackets, dropBytes, pauseFrames, pausedPs, deadlock,
                ecnMarked, cnpSent, deadlockCycle, pfcWatchdog, pauseGraph, List.of());
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
