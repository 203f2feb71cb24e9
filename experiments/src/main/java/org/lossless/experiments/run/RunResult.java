package org.lossless.experiments.run;

import java.util.List;

/**
 * Everything one run reports. Flows are in flow-id order and ports in (node id, port, priority)
 * order, so that files written from it are byte-identical for the same scenario and seed.
 *
 * @param simTimePs   simulated time at the end of the run, ps
 * @param events      kernel events executed
 * @param wallSeconds wall-clock time of the run (not part of any deterministic file)
 */
public record RunResult(long simTimePs, long events, double wallSeconds, List<FlowResult> flows,
                        List<PortResult> ports, long dropPackets, long dropBytes, long pauseFrames,
                        long pausedPs, boolean deadlock, long ecnMarked, long cnpSent) {
    public RunResult {
        flows = List.copyOf(flows);
        ports = List.copyOf(ports);
    }
}
