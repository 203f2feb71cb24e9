package org.lossless.workloads.spec;

import org.lossless.workloads.traffic.TrafficProgram;

/**
 * A workload the engine runs as a {@link TrafficProgram} built from its validated configuration (storage,
 * datacenter and collective types). Implementations are records, so that a resolved scenario reloads to an
 * equal one.
 */
public non-sealed interface ProgramWorkload extends WorkloadConfig {
    /** A fresh program for one run (programs keep per-run state). */
    TrafficProgram program();

    /** The class the job's packets travel in and its first sending host (for the QoS-mapping lint). */
    Marking marking();

    /** What is legal but worth telling about this workload ({@code check} and {@code run} print it); none by default. */
    default java.util.List<String> warnings() {
        return java.util.List.of();
    }
}
