package org.lossless.workloads.spec;

import org.lossless.topology.Topology;
import org.lossless.workloads.collective.GpuServers;

/**
 * The fabric as the workload readers see it: its hosts (numbered 0..{@link #hostCount()}-1), its type name for
 * messages, the host link rate (a collective's tuner chooses by it), the graph (an HPCC flow file names nodes,
 * not hosts) and its GPU servers, when its hosts are the NICs of multi-GPU servers. The scenario's {@code topology}
 * section ({@code TopologyConfig} in experiments) implements it.
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

    /**
     * The GPU servers whose NICs the hosts are (rail-optimized, or a fabric given {@code gpus_per_server} /
     * {@code nics_per_server}); null when every host is a one-GPU server.
     */
    GpuServers gpuServers();

    /** The servers, never null: {@link GpuServers#ONE_PER_HOST} when every host is a one-GPU server. */
    default GpuServers gpuLayout() {
        GpuServers s = gpuServers();
        return s == null ? GpuServers.ONE_PER_HOST : s;
    }

    /** GPUs of the fabric, numbered 0..gpuCount()-1 server by server (= hosts with one GPU per NIC). */
    default int gpuCount() {
        return (int) gpuLayout().shape().gpuCount(hostCount());
    }

    /** Servers of the fabric (= hosts when every host is a one-GPU server). */
    default int serverCount() {
        return hostCount() / gpuLayout().nicsPerServer();
    }
}
