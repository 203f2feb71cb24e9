package org.lossless.workloads.spec;

import org.lossless.topology.Topology;
import org.lossless.workloads.collective.GpuServers;

/**
 * The fabric as the workload readers see it: its hosts (numbered 0..{@link #hostCount()}-1), its type name for
 * messages, the host link rate (a collective's tuner chooses by it), the graph (an HPCC flow file names nodes,
 * not hosts) and, on a rail-optimized fabric, its GPU servers. The scenario's {@code topology} section
 * ({@code TopologyConfig} in experiments) implements it.
 */
public interface WorkloadFabric {
    /** The topology type as in the scenario file ({@code star}, {@code fat-tree}, ...). */
    String type();

    /** Hosts, numbered 0..hostCount()-1 in topology order. */
    int hostCount();

    /** Rate of a host's link to its switch, bps. */
    long hostLinkRateBps();

    /** The fabric graph. */
    Topology build();

    /** The GPU servers of a rail-optimized fabric (consecutive hosts, one per rail); null for other types. */
    GpuServers gpuServers();
}
