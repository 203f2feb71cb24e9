package org.lossless.experiments.scenario;

import java.util.Objects;

import org.lossless.topology.Topology;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.spec.WorkloadFabric;

/**
 * The assembled fabric of one loaded scenario: its {@code topology} section's graph, built once, on first use, and
 * held by the scenario ({@link Scenario#fabric()}). Loading a scenario asks for the graph several times (the switch
 * and CBFC checks, the failures' names, an HPCC flow file), then the lints, the telemetry size bound, {@code check}'s
 * summary, {@code export} and the engine: all of them get this one instance (a {@link Topology} is immutable), so
 * the graph is built once per loaded scenario, not once per use (at k=48, 30,528 nodes, a build is some 0.35 s of
 * CPU). Instance state only: two scenarios never share a graph through a static cache, so what a run sees does not
 * depend on what ran before in the JVM (a sweep, the daemon). Thread-safe (a sweep's points may share a scenario).
 *
 * <p>Equal when the configurations are equal (a value of the scenario: the graph is a function of its keys).
 */
public final class Fabric implements WorkloadFabric {
    private final TopologyConfig config;
    /** The graph once built; null before. */
    private Topology topology;
    /** Graphs built so far: 1 after the first use, and it stays 1 (tests; a failed build is not counted). */
    private int builds;

    public Fabric(TopologyConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    /** The {@code topology} section this fabric is built from. */
    public TopologyConfig config() {
        return config;
    }

    /**
     * The graph, built on the first call ({@link TopologyConfig#build()}); the same instance afterwards. A
     * configuration that cannot be built throws its error on every call (nothing is kept).
     */
    public synchronized Topology topology() {
        if (topology == null) {
            topology = config.build();
            builds++;
        }
        return topology;
    }

    /** {@link #topology()}, or null when it cannot be built (for lints: the run reports that error itself). */
    public Topology topologyOrNull() {
        try {
            return topology();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** How many graphs this fabric has built: 0 before the first use, 1 after (never more). */
    public synchronized int builds() {
        return builds;
    }

    @Override
    public String type() {
        return config.type();
    }

    @Override
    public int hostCount() {
        return config.hostCount();
    }

    @Override
    public long hostLinkRateBps() {
        return config.hostLinkRateBps();
    }

    /** The graph ({@link #topology()}): what the workload readers build through. */
    @Override
    public Topology build() {
        return topology();
    }

    @Override
    public GpuServers gpuServers() {
        return config.gpuServers();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fabric f && f.config.equals(config);
    }

    @Override
    public int hashCode() {
        return config.hashCode();
    }

    @Override
    public String toString() {
        return "Fabric[" + config.type() + "]";
    }
}
